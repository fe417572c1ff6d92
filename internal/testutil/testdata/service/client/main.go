// Command client sends n requests to the server and fails if one fails.
package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
)

func main() {
	addr := flag.String("addr", "", "server address")
	n := flag.Int("n", 1, "requests")
	flag.Parse()
	for range *n {
		resp, err := http.Get("http://" + *addr + "/")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

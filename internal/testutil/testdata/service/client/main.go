// Command client sends n requests to the server, one connection each,
// reads each answer to the end and fails if one fails.
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"os"
)

func main() {
	addr := flag.String("addr", "", "server address")
	n := flag.Int("n", 1, "requests")
	flag.Parse()
	for range *n {
		c, err := net.Dial("tcp", *addr)
		if err == nil {
			_, err = fmt.Fprintln(c, "sum")
		}
		var answer []byte
		if err == nil {
			answer, err = io.ReadAll(c)
		}
		if err == nil && len(answer) == 0 {
			err = fmt.Errorf("no answer")
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		c.Close()
	}
}

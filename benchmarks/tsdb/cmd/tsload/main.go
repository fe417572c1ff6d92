// Command tsload writes points to a running tsdb and queries them back.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:7580", "server `address`")
	series := flag.Int("series", 100, "series")
	points := flag.Int("points", 1000, "points per series")
	queries := flag.Int("queries", 500, "queries after the writes")
	conc := flag.Int("c", 4, "concurrent clients")
	flag.Parse()
	start := time.Now()
	var wg sync.WaitGroup
	fail := make(chan error, *conc)
	for c := range *conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := c; s < *series; s += *conc {
				var b bytes.Buffer
				for p := range *points {
					fmt.Fprintf(&b, "cpu.host%03d %d %d\n", s, int64(p)*1000, p%97)
				}
				resp, err := http.Post("http://"+*addr+"/write", "text/plain", &b)
				if err != nil {
					fail <- err
					return
				}
				resp.Body.Close()
			}
			for q := c; q < *queries; q += *conc {
				resp, err := http.Get(fmt.Sprintf("http://%s/query?series=cpu.host%03d&from=%d&to=%d", *addr, q%*series, 100000, 200000))
				if err != nil {
					fail <- err
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}()
	}
	wg.Wait()
	close(fail)
	if err := <-fail; err != nil {
		fmt.Fprintln(os.Stderr, "tsload:", err)
		os.Exit(1)
	}
	fmt.Printf("%d points, %d queries in %v\n", *series**points, *queries, time.Since(start).Round(time.Millisecond))
}

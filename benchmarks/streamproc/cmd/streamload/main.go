// Command streamload posts generated JSON records to a running
// streamproc: -n records in requests of -batch lines from -c clients.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"sync"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:7380", "server `address`")
	n := flag.Int("n", 100000, "records")
	batch := flag.Int("batch", 500, "records per request")
	conc := flag.Int("c", 4, "concurrent clients")
	dupRate := flag.Float64("dup", 0.05, "share of repeated ids")
	flag.Parse()
	start := time.Now()
	var wg sync.WaitGroup
	per := *n / *conc
	errs := make(chan error, *conc)
	for c := range *conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(c), 7))
			for sent := 0; sent < per; sent += *batch {
				var b bytes.Buffer
				for i := 0; i < *batch && sent+i < per; i++ {
					id := fmt.Sprintf("c%d-%d", c, sent+i)
					if rng.Float64() < *dupRate {
						id = fmt.Sprintf("c%d-%d", c, rng.IntN(sent+i+1))
					}
					msg := "event"
					if rng.IntN(10) == 0 {
						msg = "debug: noisy"
					}
					fmt.Fprintf(&b, `{"id":%q,"key":"k%03d","msg":%q,"value":%d}`+"\n", id, rng.IntN(500), msg, rng.IntN(1000))
				}
				resp, err := http.Post("http://"+*addr+"/ingest", "application/x-ndjson", &b)
				if err != nil {
					errs <- err
					return
				}
				resp.Body.Close()
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		fmt.Fprintln(os.Stderr, "streamload:", err)
		os.Exit(1)
	}
	fmt.Printf("%d records in %v\n", per**conc, time.Since(start).Round(time.Millisecond))
}

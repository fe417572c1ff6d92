// Command kvload drives a running kvstored with a mixed workload of puts,
// gets, batches and scans, and prints throughput.
//
//	kvload -addr 127.0.0.1:7070 -n 20000 -c 8 -value 512
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:7070", "server `address`")
	n := flag.Int("n", 20000, "number of requests")
	conc := flag.Int("c", 8, "concurrent clients")
	valueSize := flag.Int("value", 512, "value size in bytes")
	keys := flag.Int("keys", 5000, "distinct keys")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if err := drive(*addr, *n, *conc, *valueSize, *keys, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "kvload:", err)
		os.Exit(1)
	}
}

func drive(addr string, n, conc, valueSize, keys int, seed uint64) error {
	base := "http://" + addr
	client := &http.Client{Timeout: 10 * time.Second}
	var next, failed atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for c := range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, uint64(c)))
			value := bytes.Repeat([]byte("abcdefgh"), valueSize/8+1)[:valueSize]
			for next.Add(1) <= int64(n) {
				key := fmt.Sprintf("k%06d", rng.IntN(keys))
				var req *http.Request
				switch r := rng.IntN(100); {
				case r < 40:
					req, _ = http.NewRequest(http.MethodPut, base+"/kv/"+key, bytes.NewReader(value))
				case r < 90:
					req, _ = http.NewRequest(http.MethodGet, base+"/kv/"+key, nil)
				case r < 98:
					var b strings.Builder
					for i := range 50 {
						fmt.Fprintf(&b, "PUT %s-%d %s\n", key, i, value[:64])
					}
					req, _ = http.NewRequest(http.MethodPost, base+"/batch", strings.NewReader(b.String()))
				default:
					req, _ = http.NewRequest(http.MethodGet, base+"/scan?prefix=k00&limit=100", nil)
				}
				resp, err := client.Do(req)
				if err != nil {
					failed.Add(1)
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode >= 500 {
					failed.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	took := time.Since(start)
	fmt.Printf("%d requests in %v (%.0f/s), %d failed\n", n, took.Round(time.Millisecond), float64(n)/took.Seconds(), failed.Load())
	if failed.Load() > 0 {
		return fmt.Errorf("%d requests failed", failed.Load())
	}
	return nil
}

// Command apiload sends searches and item reads to a running apigw.
package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"sync"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:7480", "gateway `address`")
	n := flag.Int("n", 5000, "requests")
	conc := flag.Int("c", 8, "concurrent clients")
	token := flag.String("token", "secret", "bearer token")
	flag.Parse()
	words := []string{"red", "blue", "steel", "wood", "item 1", "large"}
	var wg sync.WaitGroup
	var mu sync.Mutex
	failed := 0
	start := time.Now()
	for c := range *conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(c), 3))
			for i := c; i < *n; i += *conc {
				url := fmt.Sprintf("http://%s/search?q=%s&page=%d", *addr, words[rng.IntN(len(words))], rng.IntN(5))
				if rng.IntN(4) == 0 {
					url = fmt.Sprintf("http://%s/item/%d", *addr, rng.IntN(1000))
				}
				req, _ := http.NewRequest(http.MethodGet, url, nil)
				req.Header.Set("Authorization", "Bearer "+*token)
				req.Header.Set("Accept-Encoding", "gzip")
				resp, err := http.DefaultClient.Do(req)
				if err != nil || resp.StatusCode >= 500 {
					mu.Lock()
					failed++
					mu.Unlock()
				}
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			}
		}()
	}
	wg.Wait()
	fmt.Printf("%d requests in %v, %d failed\n", *n, time.Since(start).Round(time.Millisecond), failed)
	if failed > 0 {
		os.Exit(1)
	}
}

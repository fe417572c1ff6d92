// Command server answers each line it reads on a loopback port with a
// sum, and returns from main on SIGINT or SIGTERM, so that its coverage
// counters are written. It speaks plain TCP, not HTTP: net/http would
// more than double what every test that loads or builds it compiles.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

var addr = flag.String("addr", "127.0.0.1:0", "listen address")

// handle answers one request.
func handle(w io.Writer) {
	n := 0
	for i := 0; i < 100; i++ {
		n += i
	}
	fmt.Fprintln(w, n)
}

// serve answers the request on c, if any: a readiness check connects
// and closes without one.
func serve(c net.Conn) {
	defer c.Close()
	if _, err := bufio.NewReader(c).ReadString('\n'); err != nil {
		return
	}
	handle(c)
}

func main() {
	flag.Parse()
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var wg sync.WaitGroup
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			wg.Go(func() { serve(c) })
		}
	}()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	l.Close()
	wg.Wait()
}

// Command server answers on a loopback port and returns from main on
// SIGINT or SIGTERM, so that its coverage counters are written.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
)

var addr = flag.String("addr", "127.0.0.1:0", "listen address")

func handle(w http.ResponseWriter, r *http.Request) {
	n := 0
	for i := 0; i < 100; i++ {
		n += i
	}
	fmt.Fprintln(w, n)
}

func main() {
	flag.Parse()
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	srv := &http.Server{Handler: http.HandlerFunc(handle)}
	go srv.Serve(l)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	srv.Shutdown(context.Background())
}

// Command stubborn ignores SIGINT and SIGTERM; it accepts connections on
// -addr once it does, so that a test knows when it is ready.
package main

import (
	"flag"
	"net"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	flag.Parse()
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM)
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		panic(err)
	}
	defer l.Close()
	time.Sleep(time.Hour)
}

// Command stubborn ignores SIGINT and SIGTERM.
package main

import (
	"os/signal"
	"syscall"
	"time"
)

func main() {
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM)
	time.Sleep(time.Hour)
}

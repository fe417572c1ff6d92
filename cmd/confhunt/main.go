package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/confhunt/confhunt/internal/leftovers"
)

func main() {
	// Every signal reaches signals; the first also cancels the run, which
	// stops what it runs and removes what it made. A second one, for a
	// cleanup or a phase that does not stop at once, kills what the runs
	// started and removes their files without waiting, and ends the
	// process; a third one, should that hang, kills it.
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	left := new(leftovers.Set)
	// The go commands that loading runs (go list, the builds it asks for)
	// put their work directories in one of confhunt's, which goes when
	// confhunt does, also when they are killed before removing theirs.
	tmp, err := os.MkdirTemp(os.Getenv("GOTMPDIR"), "confhunt-go-")
	if err == nil && os.Setenv("GOTMPDIR", tmp) == nil {
		left.Add(tmp, nil)
	}
	go func() {
		<-signals
		<-signals
		signal.Reset(os.Interrupt, syscall.SIGTERM)
		left.Abort()
		fmt.Fprintln(os.Stderr, "confhunt: interrupted")
		os.Exit(130)
	}()
	code := run(ctx, left, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err == nil {
		os.RemoveAll(tmp) // what is left in it is the go commands' to lose
	}
	os.Exit(code)
}

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/confhunt/confhunt/internal/leftovers"
	"github.com/confhunt/confhunt/internal/runner"
)

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	// Every signal reaches signals; the first also cancels the run, which
	// stops what it runs and removes what it made.
	signals := make(chan os.Signal, 2)
	stops := stopSignals()
	signal.Notify(signals, stops...)
	ctx, stop := signal.NotifyContext(context.Background(), stops...)
	// A write to a closed standard output (confhunt rank | head) fails
	// with EPIPE instead of killing confhunt before it removes what it
	// made: a SIGPIPE that Notify takes is not fatal, and this one is
	// dropped.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	left := new(leftovers.Set)
	removeTmp := goTmpDir(left)
	go abortOnSecond(signals, func() { signal.Reset(stops...) }, left, os.Stderr, os.Exit)
	code := run(ctx, left, os.Args[1:], os.Stdin, &output{w: os.Stdout}, os.Stderr)
	interrupted := ctx.Err() != nil
	stop()
	removeTmp(interrupted)
	os.Exit(code)
}

// gcPercent is the garbage collector's target (GOGC) unless the
// environment sets one: confhunt keeps a whole program's syntax, types,
// SSA and call graph live until it ranks, so most collections at the
// default 100 find little to free. At 400, rank on minio's whole module
// (benchmarks/SCALE.md) took 18% less time and 28% more memory, on
// gRPC's 27% less and 26% more. GOMEMLIMIT, when set, still bounds the
// heap.
const gcPercent = 400

// stopSignals are the signals that stop a run: an interrupt, a
// termination, and a hangup (the terminal confhunt runs in closes)
// unless it was started with hangups ignored, as nohup starts it.
func stopSignals() []os.Signal {
	sigs := []os.Signal{os.Interrupt, syscall.SIGTERM}
	if !signal.Ignored(syscall.SIGHUP) {
		sigs = append(sigs, syscall.SIGHUP)
	}
	return sigs
}

// abortOnSecond waits for a second signal, for a cleanup or a phase that
// does not stop at once after the first: it gives later signals their
// default action (reset: a third one kills confhunt should this hang),
// kills what left holds running and removes its files without waiting,
// says so on stderr and exits with exitInterrupted.
func abortOnSecond(signals <-chan os.Signal, reset func(), left *leftovers.Set, stderr io.Writer, exit func(int)) {
	<-signals
	<-signals
	reset()
	left.Abort()
	fmt.Fprintln(stderr, "confhunt: interrupted")
	exit(exitInterrupted)
}

// goTmpDir makes the go commands that loading runs (go list, the builds
// it asks for) put their work directories in a directory of confhunt's,
// inside $GOTMPDIR if set, and marks them and what they start with it
// (runner.Mark): an interrupted go list leaves its compiles running,
// re-parented to init. left holds the directory, and its Abort kills the
// marked processes at once. The returned func removes the directory,
// having ended the marked processes (SIGTERM, then SIGKILL) if confhunt
// was interrupted; a go list that ends by itself has waited for its
// compiles, and what else loading started (a GOPACKAGESDRIVER's server)
// is not confhunt's to end. The commands of a run keep the GOTMPDIR and
// the mark of their own run.
func goTmpDir(left *leftovers.Set) (remove func(interrupted bool)) {
	tmp, err := os.MkdirTemp(os.Getenv("GOTMPDIR"), "confhunt-go-")
	if err != nil {
		return func(bool) {}
	}
	key, value := runner.Mark(tmp)
	if os.Setenv("GOTMPDIR", tmp) != nil || os.Setenv(key, value) != nil {
		os.Remove(tmp)
		return func(bool) {}
	}
	forget := left.Add(tmp, func() { runner.KillMarked(tmp) })
	return func(interrupted bool) {
		if interrupted {
			runner.EndMarked(tmp)
		}
		os.RemoveAll(tmp) // what is left in it is the go commands' to lose
		forget()
	}
}

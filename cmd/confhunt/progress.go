package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// deps is the label of the first loading phase, which lists the import
// graph and reads the dependencies' export data: on a machine that never
// built them, the go command compiles them then, which can take minutes.
const deps = "reading the dependencies (a first run compiles them)"

// phaseLabels name, for each command, its phases in the order they end
// (timer.phase): what confhunt is doing while one runs. An empty label
// shows nothing: the user's workload prints its own output then.
var phaseLabels = map[string][]string{
	"sources": {deps, "loading packages", "building SSA", "finding options"},
	"slice":   {deps, "loading packages", "building SSA", "finding options", "building the call graph", "slicing"},
	"rank":    {deps, "loading packages", "building SSA", "finding options", "building the call graph", "slicing and scoring"},
	"counts":  {deps, "loading packages", "building SSA", ""},
	"hunt":    {deps, "loading packages", "building SSA", "finding options", "building the call graph", "slicing, scoring and planning probes", ""},
	"mutate":  {deps, "loading packages", "building SSA", "finding options", "building the call graph", "slicing and scoring", "making mutants", ""},
	"compare": {"copying the base", deps, "loading the base", "building the base's SSA", "copying the head", deps, "loading the head", "building the head's SSA", "comparing functions", "building the call graph", "selecting benchmarks", "slicing the options", ""},
}

// progress shows on a terminal the phase under way once it has taken a
// second, with its time so far, on one line that it clears when the phase
// ends.
type progress struct {
	w      io.Writer
	labels []string
	ticks  func() (<-chan time.Time, func()) // one a second; tests send their own

	mu    sync.Mutex
	shown bool
	n     int           // phases ended
	stop  chan struct{} // closes to end the phase's goroutine
	done  chan struct{} // closed when it has ended
}

// newProgress returns the progress of command on w, or nil when w is no
// terminal or the -v timings are on.
func newProgress(w io.Writer, command string, v bool) *progress {
	f, ok := w.(*os.File)
	if v || !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return &progress{w: w, labels: phaseLabels[command], ticks: everySecond}
}

func everySecond() (<-chan time.Time, func()) {
	t := time.NewTicker(time.Second)
	return t.C, t.Stop
}

// begin starts showing the next phase.
func (p *progress) begin() {
	if p == nil || p.n >= len(p.labels) || p.labels[p.n] == "" {
		return
	}
	label, start := p.labels[p.n], time.Now()
	ticks, stopTicks := p.ticks()
	p.stop, p.done = make(chan struct{}), make(chan struct{})
	go func(stop, done chan struct{}) {
		defer close(done)
		defer stopTicks()
		for {
			select {
			case <-stop:
				return
			case <-ticks:
				p.mu.Lock()
				fmt.Fprintf(p.w, "\rconfhunt: %s (%.0fs)\x1b[K", label, time.Since(start).Seconds())
				p.shown = true
				p.mu.Unlock()
			}
		}
	}(p.stop, p.done)
}

// end clears the phase's line; next starts the next phase.
func (p *progress) end() {
	if p == nil || p.stop == nil {
		return
	}
	close(p.stop)
	<-p.done
	p.stop, p.done = nil, nil
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

func (p *progress) next() {
	if p == nil {
		return
	}
	p.end()
	p.n++
	p.begin()
}

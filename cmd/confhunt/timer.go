package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"time"
)

// timer prints the wall time and the process's peak memory at the end of
// each phase, when -v is set, and otherwise shows the phase under way on
// a terminal (progress).
type timer struct {
	w        io.Writer
	on       bool
	start    time.Time
	last     time.Time
	progress *progress
}

func newTimer(w io.Writer, on bool, progress *progress) *timer {
	now := time.Now()
	progress.begin()
	if on {
		fmt.Fprintf(w, "confhunt: GOGC=%d\n", gcPercentNow())
	}
	return &timer{w: w, on: on, start: now, last: now, progress: progress}
}

func (t *timer) phase(name string) {
	if t == nil {
		return
	}
	t.progress.next()
	if !t.on {
		return
	}
	now := time.Now()
	fmt.Fprintf(t.w, "confhunt: %-10s %7.2fs  (total %6.2fs, peak memory %s)\n",
		name, now.Sub(t.last).Seconds(), now.Sub(t.start).Seconds(), peakMemory())
	t.last = now
}

// peakMemory is the process's peak resident set size (getrusage's
// maxrss on Unix systems, the peak working set on Windows), or the memory
// the Go runtime obtained from the system where neither is known.
func peakMemory() string {
	if b, ok := peakRSS(); ok {
		return fmt.Sprintf("%d MB", b>>20)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return fmt.Sprintf("%d MB (Go runtime)", ms.Sys>>20)
}

// close clears the progress line of a phase that did not end.
func (t *timer) close() {
	if t != nil {
		t.progress.end()
	}
}

// gcPercentNow is the garbage collector's target in use (GOGC; -1 when
// off), read without changing it.
func gcPercentNow() int64 {
	sample := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(sample[0].Value.Uint64())
}

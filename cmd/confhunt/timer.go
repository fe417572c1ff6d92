package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// timer prints the wall time and the process's peak memory at the end of
// each phase, when -v is set.
type timer struct {
	w     io.Writer
	on    bool
	start time.Time
	last  time.Time
}

func newTimer(w io.Writer, on bool) *timer {
	now := time.Now()
	return &timer{w: w, on: on, start: now, last: now}
}

func (t *timer) phase(name string) {
	if t == nil || !t.on {
		return
	}
	now := time.Now()
	fmt.Fprintf(t.w, "confhunt: %-10s %7.2fs  (total %6.2fs, peak memory %s)\n",
		name, now.Sub(t.last).Seconds(), now.Sub(t.start).Seconds(), peakMemory())
	t.last = now
}

// peakMemory is the peak resident set size from /proc, or the Go heap
// obtained from the system where /proc is not available.
func peakMemory() string {
	if f, err := os.Open("/proc/self/status"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
				kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
				if err == nil {
					return fmt.Sprintf("%d MB", kb/1024)
				}
			}
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return fmt.Sprintf("%d MB (Go runtime)", ms.Sys>>20)
}

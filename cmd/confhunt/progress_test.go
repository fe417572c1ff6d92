package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestProgressSilent: no progress unless stderr is a terminal, and none
// with -v, which prints the timings instead.
func TestProgressSilent(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	for _, p := range []*progress{newProgress(f, "rank", false), newProgress(&b, "rank", false), newProgress(os.Stderr, "rank", true)} {
		if p != nil {
			t.Errorf("progress shown on a file, a buffer or with -v")
		}
	}
}

// TestProgress: a phase's label shows on a tick (one a second) with its
// time, and its line is cleared when it ends; the workload's phase shows
// nothing.
func TestProgress(t *testing.T) {
	var b strings.Builder
	ticks := make(chan time.Time)
	p := &progress{w: &b, labels: phaseLabels["counts"], ticks: func() (<-chan time.Time, func()) { return ticks, func() {} }}
	tm := newTimer(&b, false, p)
	ticks <- time.Now()
	tm.phase("deps") // clears the line
	tm.phase("load") // no tick: nothing shown
	tm.phase("ssa")
	select {
	case ticks <- time.Now():
		t.Errorf("the workload's phase shows progress")
	default:
	}
	tm.close()
	want := regexp.MustCompile(`^\rconfhunt: reading the dependencies \(a first run compiles them\) \([0-9]+s\)\x1b\[K\r\x1b\[K$`)
	if !want.MatchString(b.String()) {
		t.Errorf("progress wrote %q, want %s", b.String(), want)
	}

	// A phase that does not end (an error) is cleared by close.
	b.Reset()
	p = &progress{w: &b, labels: phaseLabels["rank"], ticks: func() (<-chan time.Time, func()) { return ticks, func() {} }}
	tm = newTimer(&b, false, p)
	tm.phase("deps")
	tm.phase("load")
	ticks <- time.Now()
	tm.close()
	want = regexp.MustCompile(`^\rconfhunt: building SSA \([0-9]+s\)\x1b\[K\r\x1b\[K$`)
	if !want.MatchString(b.String()) {
		t.Errorf("progress wrote %q, want %s", b.String(), want)
	}
}

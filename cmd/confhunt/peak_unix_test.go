//go:build unix

package main

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestPeakRSS: getrusage's maxrss is bytes on macOS and kilobytes
// elsewhere; everywhere peakRSS gives some figure, and on Linux it lies
// between /proc's VmHWM read before and after it (the peak only grows;
// getrusage would also count the go command that started this test).
func TestPeakRSS(t *testing.T) {
	if got := maxrssBytes(3<<20, "darwin"); got != 3<<20 {
		t.Errorf("darwin: %d bytes, want %d", got, 3<<20)
	}
	if got := maxrssBytes(3<<10, "linux"); got != 3<<20 {
		t.Errorf("linux: %d bytes, want %d", got, 3<<20)
	}
	if got, ok := peakRSS(); !ok || got <= 0 {
		t.Errorf("peakRSS = %d, %v", got, ok)
	}
	if runtime.GOOS != "linux" {
		return
	}
	hwm := func() int64 {
		data, err := os.ReadFile("/proc/self/status")
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(string(data)) {
			if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
				if err != nil {
					t.Fatal(err)
				}
				return kb << 10
			}
		}
		t.Fatal("no VmHWM in /proc/self/status")
		return 0
	}
	before := hwm()
	got, ok := peakRSS()
	after := hwm()
	if !ok || got < before || got > after {
		t.Errorf("peakRSS = %d, %v; want between VmHWM %d and %d", got, ok, before, after)
	}
}

package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// peakRSS is the process's peak resident set size in bytes: VmHWM from
// /proc, or getrusage's figure where /proc is not mounted.
func peakRSS() (int64, bool) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return rusagePeak()
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err == nil {
				return kb << 10, true
			}
		}
	}
	return rusagePeak()
}

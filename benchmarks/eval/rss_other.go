//go:build !linux && !darwin

package main

import "os"

// peakMB is 0 here: only Linux and macOS are known to report it.
func peakMB(ps *os.ProcessState) int64 { return 0 }

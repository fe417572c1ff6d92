package main

import (
	"os"
	"syscall"
)

// peakMB is the peak resident memory of a process that ended, in MB.
func peakMB(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss >> 20 // bytes on macOS
	}
	return 0
}

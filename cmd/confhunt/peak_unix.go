//go:build unix

package main

import (
	"runtime"
	"syscall"
)

// rusagePeak is the process's peak resident set size in bytes, from
// getrusage. On Linux it also counts the parent's before exec (the
// go command's, under go run or go test), so Linux reads /proc instead.
func rusagePeak() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil || ru.Maxrss <= 0 {
		return 0, false
	}
	return maxrssBytes(int64(ru.Maxrss), runtime.GOOS), true
}

// maxrssBytes converts getrusage's ru_maxrss to bytes: macOS (and iOS)
// count bytes, Linux and the BSDs kilobytes.
func maxrssBytes(maxrss int64, goos string) int64 {
	if goos == "darwin" || goos == "ios" {
		return maxrss
	}
	return maxrss * 1024
}

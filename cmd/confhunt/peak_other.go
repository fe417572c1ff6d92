//go:build !unix && !windows

package main

// peakRSS is not known here: the caller falls back to the Go runtime's
// figure.
func peakRSS() (int64, bool) { return 0, false }

//go:build unix && !linux

package main

// peakRSS is the process's peak resident set size in bytes.
func peakRSS() (int64, bool) { return rusagePeak() }

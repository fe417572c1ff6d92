//go:build !linux

package runner

// subreaper does nothing here: only Linux has child subreapers.
func subreaper() error { return nil }

// endTree does nothing here: without /proc a run's processes are only
// found through their process groups, which endGroup ends.
func endTree(mark string) {}

// killTreeNow does nothing here, as endTree.
func killTreeNow(mark string) {}

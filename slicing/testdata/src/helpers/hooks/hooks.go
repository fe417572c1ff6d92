// Package hooks is part of the program: it imports testing only for a
// test hook, and the library imports it.
package hooks

import (
	"testing"
	"time"
)

// PollOptions is the program's settings.
type PollOptions struct {
	Interval time.Duration
}

// Poll waits one interval.
func Poll(o PollOptions) { time.Sleep(o.Interval) }

var now = time.Now

// SetClockForTesting replaces the clock during a test.
func SetClockForTesting(t *testing.T, f func() time.Time) {
	old := now
	now = f
	t.Cleanup(func() { now = old })
}

// Package testutil is a test helper: it imports testing.
package testutil

import (
	"flag"
	"testing"
)

var rounds = flag.Int("rounds", 3, "rounds per test")

// Repeat runs f the given number of rounds.
func Repeat(t *testing.T, f func()) {
	t.Helper()
	for range *rounds {
		f()
	}
}

// Tick counts one request.
func Tick() { ticks++ }

var ticks int

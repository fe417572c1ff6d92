package golden

import (
	"strings"
	"testing"
)

// Verbose prints the whole of both sides on a mismatch.
var Verbose = false

// Check fails t when got differs from want.
func Check(t testing.TB, got, want string) {
	t.Helper()
	if got != want {
		t.Error(diff(got, want))
	}
}

func diff(got, want string) string {
	if Verbose {
		return got + "\n" + want
	}
	return strings.Repeat("-", len(want))
}

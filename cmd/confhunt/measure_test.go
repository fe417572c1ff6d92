package main

import (
	"testing"

	"github.com/confhunt/confhunt/internal/runner"
)

// TestBenchmarks: rank -measure compares a slow value on the benchmarks
// of the test binaries it changes only when the workload runs
// benchmarks; a workload of tests, or a service's, is compared on the
// wall time of all of it.
func TestBenchmarks(t *testing.T) {
	for _, tc := range []struct {
		w    runner.Workload
		want bool
	}{
		{runner.Workload{Command: []string{"go", "test", "-run", "^$", "-bench", ".", "./..."}}, true},
		{runner.Workload{Command: []string{"go", "test", "-bench=Put", "./..."}}, true},
		{runner.Workload{Command: []string{"go", "test", "./..."}}, false},
		{runner.Workload{Command: []string{"go", "test", "-bench=", "./..."}}, false},
		{runner.Workload{Command: []string{"curl", "localhost:8080"}, Build: "./cmd/server"}, false},
	} {
		if got := benchmarks(tc.w); got != tc.want {
			t.Errorf("benchmarks(%q, build %q) = %v, want %v", tc.w.Command, tc.w.Build, got, tc.want)
		}
	}
}

package bench

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// TestPlan reads a run at -test.cpu 1,4 with a sub-benchmark whose name
// needs quoting: each benchmark and GOMAXPROCS is a series at the
// iterations it made, the same benchmark printed twice is one series,
// and a count is kept as given.
func TestPlan(t *testing.T) {
	out := []byte(`goos: linux
BenchmarkGet         	  200000	      5000 ns/op
BenchmarkGet-4       	  100000	      9000 ns/op	     512 B/op
BenchmarkPut/size=64 	    1000	   1000000 ns/op
BenchmarkPut/size=64-4	     800	   1200000 ns/op
BenchmarkGet         	  210000	      4900 ns/op
PASS
`)
	got := Plan(out, "1s", true)
	var args []string
	for _, s := range got {
		args = append(args, strings.Join(s.Args(), " "))
	}
	want := []string{
		"-test.bench=^BenchmarkGet$ -test.benchtime=200000x -test.cpu=1",
		"-test.bench=^BenchmarkGet$ -test.benchtime=100000x -test.cpu=4",
		`-test.bench=^BenchmarkPut$/^size=64$ -test.benchtime=1000x -test.cpu=1`,
		`-test.bench=^BenchmarkPut$/^size=64$ -test.benchtime=800x -test.cpu=4`,
	}
	if !slices.Equal(args, want) {
		t.Errorf("series\n%s\nwant\n%s", strings.Join(args, "\n"), strings.Join(want, "\n"))
	}
	if got[2].Name != "BenchmarkPut/size=64" || got[2].Took != time.Second {
		t.Errorf("third series %+v, want BenchmarkPut/size=64 taking 1s (1000 × 1 ms)", got[2])
	}
	// Without a -test.cpu list, the suffix is the run's GOMAXPROCS and
	// no series gives one; a count stays.
	for _, s := range Plan(out, "50x", false) {
		if s.CPU != 0 || s.Benchtime != "50x" {
			t.Errorf("series %+v at 50x without -test.cpu, want 50x and no cpu", s)
		}
	}
	if len(Plan(out, "50x", false)) != 2 {
		t.Errorf("want one series per benchmark without -test.cpu")
	}
	if !Printed(got, "BenchmarkPut") || Printed(got, "BenchmarkPu") || Printed(got, "BenchmarkDel") {
		t.Errorf("Printed: want BenchmarkPut through its sub-benchmark, not a prefix of its name nor BenchmarkDel")
	}
}

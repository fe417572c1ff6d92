package bench

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// TestPlan reads a run at -test.cpu 1,4 whose sub-benchmarks' own names
// end as GOMAXPROCS suffixes do (workers-1, workers-4): each benchmark
// and sub-benchmark is one series, at the iterations of its first
// result, taking the time of all of them; the same benchmark printed
// twice is one series.
func TestPlan(t *testing.T) {
	out := []byte(`goos: linux
BenchmarkGet         	  200000	      5000 ns/op
BenchmarkGet-4       	  100000	      9000 ns/op	     512 B/op
BenchmarkPool/workers-1 	    1000	   1000000 ns/op
BenchmarkPool/workers-4 	     900	   1100000 ns/op
BenchmarkPool/workers-1-4	     800	   1200000 ns/op
BenchmarkPool/workers-4-4	     700	   1300000 ns/op
BenchmarkGet         	  210000	      4900 ns/op
PASS
`)
	got := Plan(out, "1s", []int{1, 4})
	var args []string
	for _, s := range got {
		args = append(args, s.Name+": "+strings.Join(s.Args(), " "))
	}
	want := []string{
		"BenchmarkGet: -test.bench=^BenchmarkGet$ -test.benchtime=200000x",
		"BenchmarkPool/workers-1: -test.bench=^BenchmarkPool$/^workers-1$ -test.benchtime=1000x",
		"BenchmarkPool/workers-4: -test.bench=^BenchmarkPool$/^workers-4$ -test.benchtime=900x",
	}
	if !slices.Equal(args, want) {
		t.Errorf("series\n%s\nwant\n%s", strings.Join(args, "\n"), strings.Join(want, "\n"))
	}
	if len(got) == 3 && got[1].Took != time.Second+960*time.Millisecond {
		t.Errorf("workers-1 took %v, want 1.96s (1000 × 1 ms at 1 CPU, 800 × 1.2 ms at 4)", got[1].Took)
	}
	// Without a list every name ends in the run's GOMAXPROCS; a count
	// stays as given.
	noList := []byte("BenchmarkPool/workers-1-2 100 10 ns/op\nBenchmarkPool/workers-4-2 100 10 ns/op\nBenchmarkGet-2 5 10 ns/op\n")
	var names []string
	for _, s := range Plan(noList, "50x", nil) {
		names = append(names, s.Name+" "+s.Benchtime)
	}
	if want := []string{"BenchmarkPool/workers-1 50x", "BenchmarkPool/workers-4 50x", "BenchmarkGet 50x"}; !slices.Equal(names, want) {
		t.Errorf("without a -test.cpu list: %q, want %q", names, want)
	}
	// At GOMAXPROCS 1 nothing is a suffix.
	names = nil
	for _, s := range Plan([]byte("BenchmarkPool/workers-1 100 10 ns/op\nBenchmarkPool/workers-4 100 10 ns/op\nBenchmarkGet 5 10 ns/op\n"), "1s", nil) {
		names = append(names, s.Name)
	}
	if want := []string{"BenchmarkPool/workers-1", "BenchmarkPool/workers-4", "BenchmarkGet"}; !slices.Equal(names, want) {
		t.Errorf("at GOMAXPROCS 1: %q, want %q", names, want)
	}
	if !Printed(got, "BenchmarkPool") || Printed(got, "BenchmarkPoo") || Printed(got, "BenchmarkDel") {
		t.Errorf("Printed: want BenchmarkPool through its sub-benchmarks, not a prefix of its name nor BenchmarkDel")
	}
}

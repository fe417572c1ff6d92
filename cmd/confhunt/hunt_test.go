package main

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/confhunt/confhunt/internal/bench"
)

// TestOverheadView measures three fake variants as hunt -overhead does and
// checks the view: the geometric mean of the benchmarks both variants
// printed, the selective plan not significantly slower, every function
// 30% slower.
func TestOverheadView(t *testing.T) {
	variant := func(name string, factor float64) bench.Variant {
		n := 0
		return bench.Variant{Name: name, Run: func(context.Context) ([]byte, time.Duration, error) {
			n++
			jitter := []float64{1, 1.01, 0.99, 1.005, 0.995, 1.02}[n%6]
			out := fmt.Sprintf("pkg: example.com/kv\nBenchmarkGet-2 100 %g ns/op 16 B/op\nBenchmarkPut-2 100 %g ns/op\n", 1000*factor*jitter, 4000*factor*jitter)
			if name == "none" {
				out += "BenchmarkOnlyHere-2 100 5 ns/op\n"
			}
			return []byte(out), time.Second, nil
		}}
	}
	proto := bench.Protocol{Runs: 3, MaxRuns: 10, Width: 0.05}
	measured, err := bench.Measure(context.Background(), []bench.Variant{variant("none", 1), variant("selective", 1), variant("all functions", 1.3)}, proto)
	if err != nil {
		t.Fatal(err)
	}
	v := overheadView(measured, proto, 4, 20)
	if v.Runs != 6 || v.MinRuns != 3 || v.MaxRuns != 10 {
		t.Errorf("runs %d (%d to %d), want 6 (3 to 10)", v.Runs, v.MinRuns, v.MaxRuns)
	}
	if len(v.Benchmarks) != 2 || v.Benchmarks[0] != "example.com/kv.Get-2" || v.Benchmarks[1] != "example.com/kv.Put-2" {
		t.Errorf("benchmarks %q, want the two every variant printed", v.Benchmarks)
	}
	if want := 2000.0; v.None.Median < want*0.98 || v.None.Median > want*1.02 {
		t.Errorf("median time without probes %g ns, want about %g (geometric mean of 1000 and 4000)", v.None.Median, want)
	}
	sel, all := v.Plans[0], v.Plans[1]
	if sel.Name != "selective" || sel.Probes != 4 || sel.Verdict != bench.Same {
		t.Errorf("selective: %s %d probes %v, want ~", sel.Name, sel.Probes, sel.Verdict)
	}
	if all.Name != "all functions" || all.Probes != 20 || all.Verdict != bench.Slower || all.Ratio < 1.29 || all.Ratio > 1.31 || all.PSlower >= 0.05 {
		t.Errorf("all functions: %d probes %v ratio %g p %g, want slower by 30%%", all.Probes, all.Verdict, all.Ratio, all.PSlower)
	}
}

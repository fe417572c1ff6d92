package report_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/report"
)

// TestOverheadGolden renders hunt -overhead's view of fixed times: a plan
// clearly slower, one not significantly so, and a wall-time measurement
// with too few runs for intervals.
func TestOverheadGolden(t *testing.T) {
	crit := bench.Criteria{Alpha: 0.05, Confidence: 0.95}
	none := []float64{1000, 1020, 990, 1010, 1005, 995, 1015, 985}
	sel := []float64{1010, 990, 1025, 1000, 1018, 992, 1003, 1012}
	all := []float64{1300, 1320, 1290, 1310, 1305, 1295, 1315, 1285}
	view := report.Overhead{
		Benchmarks: []string{"example.com/kv/store.Get-2", "example.com/kv/store.Put-2"},
		Runs:       8, MinRuns: 3, MaxRuns: 10, Width: 0.05, Criteria: crit,
		None: bench.Median(none, crit.Confidence),
		Plans: []report.OverheadPlan{
			{Name: "selective", Probes: 12, Comparison: bench.Compare(none, sel, crit)},
			{Name: "all functions", Probes: 40, Comparison: bench.Compare(none, all, crit)},
		},
	}
	short := []float64{2e9, 2.1e9, 1.9e9}
	wall := report.Overhead{
		Runs: 3, MinRuns: 3, MaxRuns: 3, Width: 0.05, Criteria: crit,
		None:  bench.Median(short, crit.Confidence),
		Plans: []report.OverheadPlan{{Name: "selective", Probes: 3, Comparison: bench.Compare(short, []float64{2.2e9, 2.3e9, 2.25e9}, crit)}},
	}
	goldens(t, []golden{
		{"overhead.txt", view, report.Text},
		{"overhead.json", view, report.JSON},
		{"overhead.md", view, report.Markdown},
		{"overhead-wall.txt", wall, report.Text},
		{"overhead-wall.json", wall, report.JSON},
	})

	// What make eval reads.
	var f report.OverheadFile
	if err := json.Unmarshal(render(t, view, report.JSON), &f); err != nil {
		t.Fatal(err)
	}
	if f.Version != report.Version || f.Metric != "benchmarks" || len(f.Plans) != 2 {
		t.Fatalf("JSON: version %d metric %q %d plans", f.Version, f.Metric, len(f.Plans))
	}
	if p := f.Plans[0]; p.Verdict != "~" || p.P < 0.05 {
		t.Errorf("selective: verdict %q p %g, want ~ and p ≥ 0.05", p.Verdict, p.P)
	}
	if p := f.Plans[1]; p.Verdict != "slower" || p.Slowdown == nil || *p.Slowdown < 0.25 || *p.Slowdown > 0.35 || p.P >= 0.05 {
		t.Errorf("all functions: verdict %q slowdown %v p %g, want slower by about 30%%", p.Verdict, p.Slowdown, p.P)
	}
}

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
	v := report.OverheadView(measured, proto, 4, 20)
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

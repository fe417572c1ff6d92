package report_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/testutil"
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
	for _, tc := range []struct {
		name   string
		render func(*bytes.Buffer) error
	}{
		{"overhead.txt", func(b *bytes.Buffer) error { return report.OverheadText(b, view) }},
		{"overhead.json", func(b *bytes.Buffer) error { return report.OverheadJSON(b, view) }},
		{"overhead-wall.txt", func(b *bytes.Buffer) error { return report.OverheadText(b, wall) }},
		{"overhead-wall.json", func(b *bytes.Buffer) error { return report.OverheadJSON(b, wall) }},
	} {
		var b bytes.Buffer
		if err := tc.render(&b); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		testutil.Golden(t, filepath.Join("testdata", tc.name+".golden"), b.Bytes())
	}

	// What make eval reads.
	var b bytes.Buffer
	if err := report.OverheadJSON(&b, view); err != nil {
		t.Fatal(err)
	}
	var f report.OverheadFile
	if err := json.Unmarshal(b.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	if f.Version != report.OverheadVersion || f.Metric != "benchmarks" || len(f.Plans) != 2 {
		t.Fatalf("JSON: version %d metric %q %d plans", f.Version, f.Metric, len(f.Plans))
	}
	if p := f.Plans[0]; p.Verdict != "~" || p.P < 0.05 {
		t.Errorf("selective: verdict %q p %g, want ~ and p ≥ 0.05", p.Verdict, p.P)
	}
	if p := f.Plans[1]; p.Verdict != "slower" || p.Slowdown == nil || *p.Slowdown < 0.25 || *p.Slowdown > 0.35 || p.P >= 0.05 {
		t.Errorf("all functions: verdict %q slowdown %v p %g, want slower by about 30%%", p.Verdict, p.Slowdown, p.P)
	}
}

package report_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/confhunt/confhunt/compare"
	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/report"
)

// compareView is compare's view of fixed figures: a benchmark 20× slower
// at -cpu 1 and 2, one unchanged, a new one, an option touched, a
// regression check at 50%, and a local → end-to-end estimate.
func compareView() report.Compare {
	crit := bench.Criteria{Alpha: 0.05, Confidence: 0.95}
	base := []float64{1000, 1010, 990, 1005, 995, 1002}
	slow := []float64{20000, 20100, 19900, 20050, 19950, 20020}
	same := []float64{1001, 1008, 993, 1003, 997, 1000}
	res := func(name string, a, b []float64) compare.Result {
		return compare.Result{Pkg: "example.com/m/a", Name: name, Benchmark: "BenchmarkWork", Values: [2][]float64{a, b}, Comparison: bench.Compare(a, b, crit)}
	}
	m := &compare.Measurement{
		Results:    []compare.Result{res("Work", base, slow), res("Work-2", base, slow), res("Other", base, same)},
		New:        []string{"example.com/m/a.BenchmarkNew"},
		Cut:        []string{"example.com/m/a"},
		Shortened:  map[string]string{"example.com/m/a": "50ms"},
		Unfit:      map[string]time.Duration{"example.com/m/a": 14 * time.Minute},
		Wall:       3 * time.Second,
		Benchmarks: 2,
	}
	work := compare.Bench{Pkg: "example.com/m/a", Name: "BenchmarkWork", Reaches: []string{"example.com/m/a.Work"}, Sync: true}
	other := compare.Bench{Pkg: "example.com/m/a", Name: "BenchmarkOther", Reaches: []string{"example.com/m/a.helper"}}
	v := report.Compare{
		Module: "example.com/m",
		Base:   &compare.Tree{Spec: "HEAD~1", ID: "0123456789abcdef0123456789abcdef01234567"},
		Head:   &compare.Tree{Spec: "", ID: "working tree"},
		Changes: []compare.Change{
			{Name: "example.com/m/a.Work", Kind: compare.Changed, Pos: "a/a.go:21:6", Sync: true},
			{Name: "example.com/m/a.helper", Kind: compare.Added, Pos: "a/a.go:40:6"},
			{Name: "example.com/m/a.old", Kind: compare.Removed, Pos: "a/a.go:30:6"},
		},
		Touches: []compare.Touch{{Option: "Config.Verify", Funcs: []string{"example.com/m/a.Work"}, Benchmarks: []string{"example.com/m/a.BenchmarkWork"}}},
		Selection: compare.Selection{Benchmarks: []compare.Bench{other, work}, TotalBenchmarks: 8,
			Failed: []compare.Bench{{Pkg: "example.com/m/b", Name: "BenchmarkCorpus", Failed: "example.com/m/b.BenchmarkCorpus failed in the coverage run: exit status 1\n    b_test.go:12: open testdata/corpus.zst: no such file or directory"}}},
		Measured: m,
		Protocol: compare.Protocol{Protocol: bench.Protocol{Runs: 6, MaxRuns: 12, Width: 0.05, Budget: 10 * time.Minute}, Criteria: crit, Benchtime: "200ms"},
		Fail:     0.5,
		EndToEnd: &compare.EndToEnd{
			Funcs:     []compare.Local{{Func: "example.com/m/a.Work", Calls: [2]float64{200, 200}, PerCall: [2]float64{1000, 20000}, Delta: 3.8e6, Counted: 1000, CountedDelta: 1.9e7}},
			Predicted: 0.38,
			Actual:    bench.Compare([]float64{1e7, 1.01e7, 0.99e7, 1e7, 1.02e7, 0.98e7}, []float64{1.4e7, 1.41e7, 1.39e7, 1.4e7, 1.42e7, 1.38e7}, crit),
		},
	}
	v.Regressions = m.Regressions(crit, v.Fail)
	return v
}

// TestCompareGolden renders compare's view as text, Markdown and JSON.
func TestCompareGolden(t *testing.T) {
	v := compareView()
	if len(v.Regressions) != 2 {
		t.Errorf("regressions at 50%%: %d, want Work and Work-2", len(v.Regressions))
	}
	for _, tc := range []struct {
		name   string
		render func(*bytes.Buffer) error
	}{
		{"compare.txt", func(b *bytes.Buffer) error { return report.CompareText(b, v) }},
		{"compare.md", func(b *bytes.Buffer) error { return report.CompareMarkdown(b, v) }},
		{"compare.json", func(b *bytes.Buffer) error { return report.CompareJSON(b, v) }},
	} {
		var b bytes.Buffer
		if err := tc.render(&b); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		testutil.Golden(t, filepath.Join("testdata", tc.name+".golden"), b.Bytes())
	}
	var b bytes.Buffer
	if err := report.CompareJSON(&b, v); err != nil {
		t.Fatal(err)
	}
	var f report.CompareFile
	if err := json.Unmarshal(b.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Benchmarks.Failed) != 1 || f.Benchmarks.Failed[0].Name != "BenchmarkCorpus" || !strings.Contains(f.Benchmarks.Failed[0].Error, "corpus.zst") {
		t.Errorf("JSON: failed benchmarks %+v, want b.BenchmarkCorpus with its error", f.Benchmarks.Failed)
	}
	if f.Version != report.CompareVersion || len(f.Results) != 3 || f.Results[0].Verdict != "slower" || f.Results[2].Verdict != "~" || f.SavedS != 9 || len(f.Regressed) != 2 {
		t.Errorf("JSON: version %d, %d results, verdicts %q %q, saved %gs, regressed %v", f.Version, len(f.Results), f.Results[0].Verdict, f.Results[2].Verdict, f.SavedS, f.Regressed)
	}
}

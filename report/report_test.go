package report_test

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/report"
	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// TestGolden renders the sources, rank, explain and slice output of the
// forward testdata package and compares them with golden files
// (go test -update rewrites them).
func TestGolden(t *testing.T) {
	ctx := context.Background()
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := slicing.Load(ctx, slicing.Config{Dir: filepath.Join("..", "slicing", "testdata", "src"), Patterns: []string{"./forward"}})
	if err != nil {
		t.Fatal(err)
	}
	opts, err := slicing.Discover(ctx, prog, s.Sources)
	if err != nil {
		t.Fatal(err)
	}
	a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s.Catalogue())
	scores, err := scoring.Rank(ctx, a, prog, slicing.Forward(ctx, a, opts), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	stats := report.RankStats{Options: len(scores), TopPct: s.Top, Suspects: 2}
	trips := func(fn *ssa.Function) []scoring.LoopTrip {
		return scoring.Trips(a, fn, scoring.Estimate(a, fn, s.Estimates))
	}
	limit, _ := slicing.Lookup(opts, "Config.Limit")

	for _, tc := range []struct {
		name   string
		render func(*bytes.Buffer) error
	}{
		{"sources.txt", func(b *bytes.Buffer) error { return report.SourcesText(b, opts) }},
		{"sources.json", func(b *bytes.Buffer) error { return report.SourcesJSON(b, opts) }},
		{"rank.txt", func(b *bytes.Buffer) error { return report.RankText(b, scores, stats) }},
		{"rank.json", func(b *bytes.Buffer) error { return report.RankJSON(b, scores, stats, 3) }},
		{"explain.txt", func(b *bytes.Buffer) error { return report.Explain(b, scores[0], len(scores), 5) }},
		{"slice.txt", func(b *bytes.Buffer) error { return report.SliceText(b, report.SliceView(prog, a.Slice(limit), trips)) }},
	} {
		var b bytes.Buffer
		if err := tc.render(&b); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		testutil.Golden(t, filepath.Join("testdata", tc.name+".golden"), b.Bytes())
	}
}

package report_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
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
	a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s)
	scores, err := scoring.Rank(ctx, a, prog, slicing.Forward(ctx, a, opts), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	stats := report.RankStats{Options: len(scores), TopPct: s.Top, Suspects: 2}
	trips := func(fn *ssa.Function) []scoring.LoopTrip {
		return scoring.Trips(a, fn, scoring.Estimate(a, fn, s.Estimates))
	}
	limit, _ := slicing.Lookup(opts, "Config.Limit")

	var sarif []byte
	for _, tc := range []struct {
		name   string
		render func(*bytes.Buffer) error
	}{
		{"sources.txt", func(b *bytes.Buffer) error { return report.SourcesText(b, opts) }},
		{"sources.json", func(b *bytes.Buffer) error { return report.SourcesJSON(b, opts) }},
		{"rank.txt", func(b *bytes.Buffer) error { return report.RankText(b, scores, stats) }},
		{"rank.json", func(b *bytes.Buffer) error { return report.RankJSON(b, scores, stats, 3) }},
		{"rank.sarif", func(b *bytes.Buffer) error { return report.RankSARIF(b, scores, stats, 3) }},
		{"explain.txt", func(b *bytes.Buffer) error { return report.Explain(b, scores[0], len(scores), 5) }},
		{"explain-top1.txt", func(b *bytes.Buffer) error { return report.Explain(b, scores[0], len(scores), 1) }},
		{"slice.txt", func(b *bytes.Buffer) error { return report.SliceText(b, report.SliceView(prog, a.Slice(limit), trips)) }},
	} {
		var b bytes.Buffer
		if err := tc.render(&b); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		testutil.Golden(t, filepath.Join("testdata", tc.name+".golden"), b.Bytes())
		if tc.name == "rank.sarif" {
			sarif = b.Bytes()
		}
	}
	if err := validSARIF(t, sarif); err != nil {
		t.Errorf("rank.sarif is not valid SARIF 2.1.0: %v", err)
	}
	// The validator does reject a log that breaks the schema.
	broken := bytes.Replace(sarif, []byte(`"startLine": `), []byte(`"startLine": -`), 1)
	if validSARIF(t, broken) == nil {
		t.Errorf("a SARIF log with a negative startLine passes the schema check")
	}
}

// validSARIF checks log against the published SARIF 2.1.0 JSON schema
// (OASIS, errata 01), kept in testdata.
func validSARIF(t *testing.T, log []byte) error {
	t.Helper()
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		return err
	}
	return schema.Validate(inst)
}

// TestRankLegend: the legend under the rank table names every influence
// word the slicer gives.
func TestRankLegend(t *testing.T) {
	for _, kind := range slicing.Influence(^uint8(0)).Kinds() {
		if !strings.Contains(report.RankLegend, " "+kind+" (") {
			t.Errorf("the rank legend does not explain the influence %q", kind)
		}
	}
	for _, unit := range []string{"CPU", "MEM", "IO", "LAT", "TOTAL", "INFLUENCE", "0 to 4"} {
		if !strings.Contains(report.RankLegend, unit) {
			t.Errorf("the rank legend does not explain %s", unit)
		}
	}
}

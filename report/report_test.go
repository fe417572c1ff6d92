package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/mutate"
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
	trips := func(fn *ssa.Function) []scoring.LoopTrip {
		return scoring.Trips(a, fn, scoring.Estimate(a, fn, s.Estimates))
	}
	limit, _ := slicing.Lookup(opts, "Config.Limit")

	sources := report.SourcesView(opts)
	rank := report.RankView(scores, s.Top, false, 3)
	if rank.Stats.Suspects != 2 || rank.Stats.Options != 20 {
		t.Errorf("rank view: %d options, %d suspects; want 20 and 2", rank.Stats.Options, rank.Stats.Suspects)
	}
	// Config.Limit's slice has five lines: the explain view shows some of
	// them and sums the rest.
	i := slices.IndexFunc(scores, func(sc *scoring.Score) bool { return sc.Option == limit })
	if i < 0 {
		t.Fatal("Config.Limit not ranked")
	}
	explain := report.ExplainView(scores[i], len(scores), 5)
	if top1 := report.ExplainView(scores[i], len(scores), 1); top1.Others == nil || top1.Others.Lines != 4 ||
		math.Abs(top1.Option.Top[0].Share+top1.Others.Share-1) > 1e-5 {
		t.Errorf("explain of 1 line: others %+v, want the other 4 lines with the rest of the share", top1.Others)
	}
	// The lines left out are summed once per resource.
	synced := *scores[i]
	synced.Lines = slices.Clone(synced.Lines)
	for j := range synced.Lines {
		synced.Lines[j].Cost.SYNC = 1
	}
	if o := report.ExplainView(&synced, len(scores), 1).Others; o == nil || o.Score.SYNC != float64(len(synced.Lines)-1) {
		t.Errorf("explain of 1 line with SYNC 1 on each: others %+v, want SYNC %d", o, len(synced.Lines)-1)
	}
	slice := report.SliceView(prog, a.Slice(limit), trips)
	measured := measuredView(t, scores, s.Top)
	goldens(t, []golden{
		{"sources.txt", sources, report.Text},
		{"sources.json", sources, report.JSON},
		{"sources.md", sources, report.Markdown},
		{"rank.txt", rank, report.Text},
		{"rank.json", rank, report.JSON},
		{"rank.sarif", rank, report.SARIF},
		{"rank.md", rank, report.Markdown},
		{"explain.txt", explain, report.Text},
		{"explain.json", explain, report.JSON},
		{"explain.md", explain, report.Markdown},
		{"explain-top1.txt", report.ExplainView(scores[0], len(scores), 1), report.Text},
		{"slice.txt", slice, report.Text},
		{"slice.json", slice, report.JSON},
		{"slice.md", slice, report.Markdown},
		{"rank-measure.txt", measured, report.Text},
		{"rank-measure.json", measured, report.JSON},
		{"rank-measure.md", measured, report.Markdown},
		{"rank-measure.sarif", measured, report.SARIF},
	})
}

// measuredView is a ranking with the slowdowns rank -measure would put
// beside its two suspects: the first's slow value slows a benchmark by
// half, its second does not build; the second's changes nothing.
func measuredView(t *testing.T, scores []*scoring.Score, top float64) report.Rank {
	v := report.RankView(scores, top, false, 1)
	first, second := v.Options[0].Name, v.Options[1].Name
	key := bench.Key{Pkg: "example.com/forward", Name: "Get/size=64-2", Unit: "ns/op"}
	base := []float64{100, 101, 102, 99, 100}
	slower := bench.Compare(base, []float64{150, 152, 149, 151, 150}, bench.Criteria{Alpha: 0.0125})
	same := bench.Compare(base, []float64{101, 100, 99, 102, 100}, bench.Criteria{Alpha: 0.0125})
	v.AddSlowdowns(report.WorkloadJSON{Command: "go test -bench . ./...", Runs: 5, MaxRuns: 10, Alpha: 0.05}, []mutate.Slowdown{
		{Mutant: &mutate.Mutant{ID: "value@forward.go:10:5", Option: first, Description: first + " ×10 at all its 2 read sites"}, Key: key, C: slower, Level: 0.0125, Keys: 2},
		{Mutant: &mutate.Mutant{ID: "value@forward.go:10:5#2", Option: first, Description: first + " → 0"}, Failed: "does not build: building the tests of example.com/forward: forward.go:10:5: invalid operation: division by zero"},
		{Mutant: &mutate.Mutant{ID: "value@forward.go:20:9", Option: second, Description: second + " → true"}, Key: key, C: same, Level: 0.0125, Keys: 2},
	})
	if got := v.Options[0].Settings; len(got) != 2 || !got[0].Slower || got[1].Failed == "" {
		t.Errorf("first suspect's settings %+v, want a slower one and a failed one", got)
	}
	return v
}

// golden is a view rendered in a format, and the golden file (in
// testdata, with .golden added) that holds what it gives.
type golden struct {
	name string
	view report.View
	f    report.Format
}

// goldens renders each view, compares it with its golden file and checks
// what its format requires.
func goldens(t *testing.T, gs []golden) {
	t.Helper()
	for _, g := range gs {
		out := render(t, g.view, g.f)
		testutil.Golden(t, filepath.Join("testdata", g.name+".golden"), out)
		checkFormat(t, g.name, g.f, out)
	}
}

// render writes view in format f, twice, and fails unless both give the
// same bytes.
func render(t *testing.T, view report.View, f report.Format) []byte {
	t.Helper()
	var b1, b2 bytes.Buffer
	if err := report.Write(&b1, view, f); err != nil {
		t.Fatalf("%T as %s: %v", view, f, err)
	}
	if err := report.Write(&b2, view, f); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
		t.Fatalf("%T as %s: two renderings differ", view, f)
	}
	return b1.Bytes()
}

// checkFormat checks what every output in format f must be: JSON with
// the version, a valid SARIF 2.1.0 log, Markdown with a table.
func checkFormat(t *testing.T, name string, f report.Format, out []byte) {
	t.Helper()
	switch f {
	case report.JSON:
		var doc struct{ Version *int }
		if err := json.Unmarshal(out, &doc); err != nil || doc.Version == nil || *doc.Version != report.Version {
			t.Errorf("%s: not JSON with \"version\": %d (%v)", name, report.Version, err)
		}
	case report.SARIF:
		if err := validSARIF(t, out); err != nil {
			t.Errorf("%s is not valid SARIF 2.1.0: %v", name, err)
		}
		// The validator does reject a log that breaks the schema.
		broken := bytes.Replace(out, []byte(`"startLine": `), []byte(`"startLine": -`), 1)
		if validSARIF(t, broken) == nil {
			t.Errorf("%s: a SARIF log with a negative startLine passes the schema check", name)
		}
	case report.Markdown:
		if !regexp.MustCompile(`(?m)^\| .* \|\n\|( ---:? \|)+\n\| `).Match(out) {
			t.Errorf("%s: no Markdown table with a header, a rule and a row:\n%s", name, out)
		}
	case report.Text:
		if bytes.Contains(out, []byte("| ---")) || json.Valid(out) {
			t.Errorf("%s: text output is Markdown or JSON", name)
		}
	}
}

// TestFormats: each view renders in the formats its command offers, and
// Write refuses the others.
func TestFormats(t *testing.T) {
	for _, tc := range []struct {
		view report.View
		want string
	}{
		{report.Sources{}, "text, json, markdown"},
		{report.Slice{}, "text, json, markdown"},
		{report.Rank{}, "text, json, sarif, markdown"},
		{report.Explain{}, "text, json, markdown"},
		{report.Counts{}, "text, json, markdown"},
		{report.Hunt{}, "text, json, sarif, markdown"},
		{report.Overhead{}, "text, json, markdown"},
	} {
		if got := report.FormatList(report.Formats(tc.view)); got != tc.want {
			t.Errorf("%T: formats %s, want %s", tc.view, got, tc.want)
		}
	}
	if err := report.Write(io.Discard, report.Counts{}, report.SARIF); err == nil {
		t.Errorf("counts rendered as SARIF")
	}
	for _, name := range []string{"text", "json", "sarif", "markdown"} {
		if f, ok := report.ParseFormat(name); !ok || f.String() != name {
			t.Errorf("ParseFormat(%q) = %v, %v", name, f, ok)
		}
	}
	if _, ok := report.ParseFormat("html"); ok {
		t.Errorf("ParseFormat(html) succeeded")
	}
}

// sarifSchema is the published SARIF 2.1.0 JSON schema (OASIS, errata
// 01), kept in testdata, compiled once.
var sarifSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
})

// validSARIF checks log against the SARIF 2.1.0 schema.
func validSARIF(t *testing.T, log []byte) error {
	t.Helper()
	schema, err := sarifSchema()
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
	for _, unit := range []string{"CPU", "MEM", "IO", "LAT", "SYNC", "RET", "TOTAL", "INFLUENCE", "0 to 1.06", "significant digits", "k, M, G"} {
		if !strings.Contains(report.RankLegend, unit) {
			t.Errorf("the rank legend does not explain %s", unit)
		}
	}
}

// TestExplainInert: -explain says why an option with no influence kind
// ranks last (inert) or does not (an implementation, a value handed to a
// library), and says nothing of it for an option that decides work.
func TestExplainInert(t *testing.T) {
	for _, tc := range []struct {
		opt       report.RankOption
		want      string
		influence string // the INFLUENCE word -explain's summary gives
	}{
		{report.RankOption{Name: "Config.Port", Inert: true}, "inert: its value decides no work", "-"},
		{report.RankOption{Name: "Config.Server.ReadBufferSize"}, "not inert: no influence kind arises", "passed on"},
		{report.RankOption{Name: "Config.Size", Influence: []string{"size"}}, "", "size"},
	} {
		for _, f := range []report.Format{report.Text, report.Markdown} {
			var b strings.Builder
			if err := report.Write(&b, report.Explain{Ranked: 3, Option: tc.opt}, f); err != nil {
				t.Fatal(err)
			}
			got := strings.ToLower(b.String())
			if !strings.Contains(got, "influence: "+tc.influence+";") && !strings.Contains(got, "influence: "+tc.influence+".") {
				t.Errorf("%s, %s: -explain does not give influence %q:\n%s", tc.opt.Name, f, tc.influence, got)
			}
			switch {
			case tc.want != "" && !strings.Contains(got, "\n"+tc.want):
				t.Errorf("%s, %s: -explain lacks %q:\n%s", tc.opt.Name, f, tc.want, got)
			case tc.want == "" && strings.Contains(got, "inert"):
				t.Errorf("%s, %s, deciding work: -explain speaks of inertness:\n%s", tc.opt.Name, f, got)
			}
		}
	}
}

// TestExplainSmaller: -explain says why smaller values cost more, kind by
// kind: a period's rate, a divisor's count.
func TestExplainSmaller(t *testing.T) {
	var b strings.Builder
	v := report.Explain{Ranked: 2, Option: report.RankOption{Name: "Config.Window", Influence: []string{"size", "time"}}, Costly: &report.Costly{Smaller: []string{"rate", "slots", "size"}}}
	if err := report.Write(&b, v, report.Text); err != nil {
		t.Fatal(err)
	}
	want := "costly: smaller values (rate: a period, its work runs more often; slots: a channel's capacity sends wait on, fewer make them wait more; size: a divisor, a smaller one makes more)"
	if !strings.Contains(b.String(), want) {
		t.Errorf("-explain lacks %q:\n%s", want, b.String())
	}
}

// TestExplainBranches: -explain gives the costlier side of each branch
// with both sides' figures, saying once what they count (not the
// table's columns).
func TestExplainBranches(t *testing.T) {
	var b strings.Builder
	v := report.Explain{Ranked: 2, Option: report.RankOption{Name: "Config.Fast", Influence: []string{"path"}}, Costly: &report.Costly{Branches: []report.CostlyBranch{
		{Pos: "a.go:3", When: "false", Costlier: 44300000, Cheaper: 0},
		{Pos: "a.go:9", When: "then", Costlier: 1200, Cheaper: 30},
	}}}
	if err := report.Write(&b, v, report.Text); err != nil {
		t.Fatal(err)
	}
	want := "costly: false at a.go:3 (44.3M against 0, all resources, all it calls); its then side at a.go:9 (1.2k against 30)"
	if !strings.Contains(b.String(), want) {
		t.Errorf("-explain lacks %q:\n%s", want, b.String())
	}
}

// TestExplainInto: -explain names the libraries' parameters and fields
// an option's value is handed to, in text, Markdown and JSON, and says
// nothing of them for an option that goes into none.
func TestExplainInto(t *testing.T) {
	into := []string{"example.com/q.(*Pool).Resize(n)", "example.com/q.New(syncEvery)"}
	for _, tc := range []struct {
		f    report.Format
		want string
	}{
		{report.Text, "\ninto: example.com/q.(*Pool).Resize(n), example.com/q.New(syncEvery) (another module's code"},
		{report.Markdown, "\nInto: `example.com/q.(*Pool).Resize(n)`, `example.com/q.New(syncEvery)` (another module's code"},
		{report.JSON, `"into": [`},
	} {
		var with, without strings.Builder
		opt := report.RankOption{Name: "Config.SyncEvery", Influence: []string{"io"}}
		if err := report.Write(&with, report.Explain{Ranked: 2, Option: opt, Into: into}, tc.f); err != nil {
			t.Fatal(err)
		}
		if err := report.Write(&without, report.Explain{Ranked: 2, Option: opt}, tc.f); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(with.String(), tc.want) {
			t.Errorf("%s: -explain lacks %q:\n%s", tc.f, tc.want, with.String())
		}
		if strings.Contains(strings.ToLower(without.String()), "into") {
			t.Errorf("%s: -explain of an option handed to no library speaks of it:\n%s", tc.f, without.String())
		}
	}
}

package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/hunt"
	"github.com/confhunt/confhunt/report"
	"github.com/confhunt/confhunt/slicing"
)

// TestHuntText checks the hunt table: rows numbered 1, 2, … with the
// sites that never ran left out, and "-" as the time of an IO call that
// was counted but not timed.
func TestHuntText(t *testing.T) {
	prog, fn := fanIn(t)
	ms := []hunt.Measurement{
		{Probe: &hunt.Probe{Kind: hunt.IOProbe, Func: fn, Pos: fn.Pos(), Callee: "os.(*File).Write", Timed: true}, Calls: 3, Nanos: 3000, Bytes: 30},
		{Probe: &hunt.Probe{Kind: hunt.AllocProbe, Func: fn, Pos: fn.Pos() + 1}, Calls: 0},
		{Probe: &hunt.Probe{Kind: hunt.IOProbe, Func: fn, Pos: fn.Pos() + 2, Callee: "os.(*File).Stat"}, Calls: 4, Bytes: 0},
	}
	plan := &hunt.Plan{Probes: []*hunt.Probe{ms[0].Probe, ms[1].Probe, ms[2].Probe}}
	var b bytes.Buffer
	if err := report.Write(&b, report.HuntView(prog, hunt.Bottlenecks(nil, ms, hunt.ByScore), plan, nil, 10), report.Text); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !regexp.MustCompile(`(?m)^1 +io .*os\.\(\*File\)\.Write +3 +3µs `).MatchString(out) {
		t.Errorf("the timed IO call is not row 1 with its time:\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^2 +io .*os\.\(\*File\)\.Stat +4 +- `).MatchString(out) {
		t.Errorf("the untimed IO call is not row 2 with time -:\n%s", out)
	}
	if regexp.MustCompile(`(?m)^3 +(io|alloc|func) `).MatchString(out) {
		t.Errorf("a site that never ran has a row:\n%s", out)
	}
}

var fanInOnce = sync.OnceValues(func() (*slicing.Program, error) {
	return slicing.Load(context.Background(), slicing.Config{Dir: filepath.Join("..", "slicing", "testdata", "src"), Patterns: []string{"./fanin"}})
})

// fanIn loads the fanin testdata package, once, and returns its fanIn
// function, a place for probes.
func fanIn(t *testing.T) (*slicing.Program, *ssa.Function) {
	t.Helper()
	prog, err := fanInOnce()
	if err != nil {
		t.Fatal(err)
	}
	var fn *ssa.Function
	for pkg := range prog.Scanned {
		fn, _ = pkg.Members["fanIn"].(*ssa.Function)
	}
	if fn == nil {
		t.Fatal("fanin.fanIn not found")
	}
	return prog, fn
}

// TestHuntGolden renders a hunt view, a function, an allocation site, a
// timed and an untimed IO call and a site that never ran, in every format
// hunt offers; the SARIF log is valid, with a result per site that ran,
// at its line, naming its options.
func TestHuntGolden(t *testing.T) {
	prog, fn := fanIn(t)
	probe := func(kind hunt.ProbeKind, line int, callee string, timed bool, opts ...string) *hunt.Probe {
		f := prog.Fset.File(fn.Pos())
		return &hunt.Probe{Kind: kind, Func: fn, Pos: f.LineStart(line), Callee: callee, Timed: timed, Options: opts}
	}
	bs := []hunt.Bottleneck{
		{Measurement: hunt.Measurement{Probe: probe(hunt.FuncProbe, 12, "", false, "Fan.Size"), Calls: 1500, Nanos: 2_345_678}, Exclusive: 1_234_567, Score: 1.5, Rank: 1},
		{Measurement: hunt.Measurement{Probe: probe(hunt.AllocProbe, 14, "", false, "Fan.Size", "Fan.Other"), Calls: 30000, Bytes: 3 << 20}, Score: 1, Rank: 2},
		{Measurement: hunt.Measurement{Probe: probe(hunt.IOProbe, 15, "os.(*File).Write", true, "Fan.Size"), Calls: 7, Nanos: 3000, Bytes: 1500}, Score: 0.7, Rank: 3},
		{Measurement: hunt.Measurement{Probe: probe(hunt.IOProbe, 16, "os.(*File).Stat", false), Calls: 4}, Score: 0, Rank: 4},
		{Measurement: hunt.Measurement{Probe: probe(hunt.AllocProbe, 17, "", false, "Fan.Size")}},
	}
	plan := &hunt.Plan{}
	for _, b := range bs {
		plan.Probes = append(plan.Probes, b.Probe)
	}
	view := report.HuntView(prog, bs, plan, []string{"a warning"}, 10)
	goldens(t, []golden{
		{"hunt.txt", view, report.Text},
		{"hunt.json", view, report.JSON},
		{"hunt.sarif", view, report.SARIF},
		{"hunt.md", view, report.Markdown},
	})

	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct{ StartLine int }
					}
				}
				Properties struct {
					Rank    int
					Options []string
				}
			}
		}
	}
	if err := json.Unmarshal(render(t, view, report.SARIF), &log); err != nil {
		t.Fatal(err)
	}
	rs := log.Runs[0].Results
	if len(rs) != 4 {
		t.Fatalf("%d SARIF results, want one per site that ran (4)", len(rs))
	}
	for i, want := range []struct {
		line    int
		options []string
	}{{12, []string{"Fan.Size"}}, {14, []string{"Fan.Size", "Fan.Other"}}, {15, []string{"Fan.Size"}}, {16, []string{}}} {
		r := rs[i]
		loc := r.Locations[0].PhysicalLocation
		if r.RuleID != report.BottleneckRule || loc.ArtifactLocation.URI != "fanin/fanin.go" || loc.Region.StartLine != want.line ||
			r.Properties.Rank != i+1 || !slices.Equal(r.Properties.Options, want.options) {
			t.Errorf("result %d: %s at %s:%d rank %d options %q; want %s at fanin/fanin.go:%d rank %d options %q",
				i, r.RuleID, loc.ArtifactLocation.URI, loc.Region.StartLine, r.Properties.Rank, r.Properties.Options, report.BottleneckRule, want.line, i+1, want.options)
		}
		for _, o := range want.options {
			if !strings.Contains(r.Message.Text, o) {
				t.Errorf("result %d: message %q does not name option %s", i, r.Message.Text, o)
			}
		}
	}
}

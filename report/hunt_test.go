package report_test

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
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
	prog, err := slicing.Load(context.Background(), slicing.Config{Dir: filepath.Join("..", "slicing", "testdata", "src"), Patterns: []string{"./fanin"}})
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
	ms := []hunt.Measurement{
		{Probe: &hunt.Probe{Kind: hunt.IOProbe, Func: fn, Pos: fn.Pos(), Callee: "os.(*File).Write", Timed: true}, Calls: 3, Nanos: 3000, Bytes: 30},
		{Probe: &hunt.Probe{Kind: hunt.AllocProbe, Func: fn, Pos: fn.Pos() + 1}, Calls: 0},
		{Probe: &hunt.Probe{Kind: hunt.IOProbe, Func: fn, Pos: fn.Pos() + 2, Callee: "os.(*File).Stat"}, Calls: 4, Bytes: 0},
	}
	var b bytes.Buffer
	if err := report.HuntText(&b, prog, hunt.Bottlenecks(nil, ms, hunt.ByScore), report.PlanJSON{IOs: 2, Allocs: 1}, 10); err != nil {
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

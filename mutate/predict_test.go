package mutate_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/mutate"
	"github.com/confhunt/confhunt/scoring"
)

// runCounts is a calibration run that entered one function once, ran
// every block of it but those skip leaves out.
type runCounts struct {
	fn   *ssa.Function
	skip func(*ssa.BasicBlock) bool
}

func (c runCounts) Frequencies(fn *ssa.Function) (counts.Frequencies, bool) {
	if fn != c.fn {
		return counts.Frequencies{}, false
	}
	f := counts.Frequencies{Block: make([]float64, len(fn.Blocks)), Measured: make([]bool, len(fn.Blocks))}
	for _, b := range fn.Blocks {
		f.Measured[b.Index] = true
		if !c.skip(b) {
			f.Block[b.Index] = 1
		}
	}
	return f, true
}

func (c runCounts) Calls(fn *ssa.Function) (int64, bool) { return 1, fn == c.fn }

// storesSink says whether b stores to the global sink: the then body of
// app.Log's if !c.Quiet.
func storesSink(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		if st, ok := instr.(*ssa.Store); ok {
			if g, ok := st.Addr.(*ssa.Global); ok && g.Name() == "sink" {
				return true
			}
		}
	}
	return false
}

// TestSidePrediction checks the slowdown predicted for a mutant that
// sends a branch to its costlier side: a share of the run's work when the
// run took the other side, none when it took that side already. app.Log
// tests !c.Quiet, which go/ssa compiles to a branch on c.Quiet with its
// sides swapped: the fast-path mutant forcing the then body must still be
// charged with the body.
func TestSidePrediction(t *testing.T) {
	l := loadApp(t)
	ms := mutate.Generate(l.prog, l.a, l.slices, mutate.Config{Costly: l.costly, Costs: scoring.NewCosts(l.a, l.s)})
	fast := find(t, ms, "fastpath@app.go:61:5")
	if len(mutate.Forced(fast)) != 1 {
		t.Fatalf("%s forces %d branches, want 1", fast.ID, len(mutate.Forced(fast)))
	}
	log := mutate.Forced(fast)[0].Parent()
	quiet := runCounts{fn: log, skip: storesSink} // Quiet: the body never ran
	talky := runCounts{fn: log, skip: func(*ssa.BasicBlock) bool { return false }}
	if p := mutate.SideShare(fast, quiet, 100); p <= 0 {
		t.Errorf("%s: predicted %g when the run never took the then body; want a slowdown", fast.ID, p)
	}
	if p := mutate.SideShare(fast, talky, 100); p != 0 {
		t.Errorf("%s: predicted %g when the run always took the then body; want none", fast.ID, p)
	}
	if a, b := mutate.SideShare(fast, quiet, 100), mutate.SideShare(fast, quiet, 200); a != 2*b {
		t.Errorf("%s: predicted %g of work 100 and %g of work 200; want the share to halve", fast.ID, a, b)
	}

	// app.Work returns early when Fast: the value mutant setting it to
	// false sends every run to the loop after the if.
	var slow *mutate.Mutant
	for _, m := range ms {
		if m.Operator == mutate.Value && m.Option == "Config.Fast" && m.Replacement == "false" && m.Func == "app.Work" {
			slow = m
		}
	}
	if slow == nil {
		t.Fatal("no value mutant setting Config.Fast to false in app.Work")
	}
	if len(mutate.Forced(slow)) != 1 {
		t.Fatalf("%s forces %d branches, want 1 (the if on c.Fast)", slow.ID, len(mutate.Forced(slow)))
	}
	onFast := mutate.Forced(slow)[0]
	work := onFast.Parent()
	loop := onFast.Block().Succs[1] // Fast false: the loop after the if
	fastRun := runCounts{fn: work, skip: loop.Dominates}
	slowRun := runCounts{fn: work, skip: onFast.Block().Succs[0].Dominates}
	if p := mutate.SideShare(slow, fastRun, 100); p <= 0 {
		t.Errorf("%s: predicted %g for a run that returned early; want a slowdown", slow.ID, p)
	}
	if p := mutate.SideShare(slow, slowRun, 100); p != 0 {
		t.Errorf("%s: predicted %g for a run that ran the loop already; want none", slow.ID, p)
	}
}

// TestExplainBasis checks that a survivor is explained by what its
// prediction rests on: a site the calibration run never executed, a
// forced side the run takes already, a prediction below the benchmark's
// resolution, one above it; and without a prediction, by the measurement.
func TestExplainBasis(t *testing.T) {
	for _, c := range []struct {
		b    mutate.Bench
		want string
	}{
		{mutate.Bench{Name: "w.Work", Basis: "not run", MDE: 0.05}, "never executed it"},
		{mutate.Bench{Name: "w.Work", Basis: "branch sides", MDE: 0.05}, "takes the forced side already"},
		{mutate.Bench{Name: "w.Work", Basis: "branch sides", Predicted: 0.01, MDE: 0.05}, "predicted +1.0%, below this benchmark's minimum detectable effect"},
		{mutate.Bench{Name: "w.Work", Basis: "injected cost", Predicted: 0.3, Ratio: 1.01, MDE: 0.05}, "predicted +30.0%, not detected"},
		{mutate.Bench{Name: "w.Work", Ratio: 1.02, P: 0.3, MDE: 0.05}, "measured +2.0%"},
	} {
		m := mutate.Mutant{Status: mutate.Survived, Benches: []mutate.Bench{c.b}}
		if got := mutate.Explain(&m); !strings.Contains(got, c.want) {
			t.Errorf("basis %q, predicted %g: Explain = %q, want %q in it", c.b.Basis, c.b.Predicted, got, c.want)
		}
	}
}

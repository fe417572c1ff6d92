package mutate_test

import (
	"math"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/mutate"
	"github.com/confhunt/confhunt/scoring"
)

// runCounts is a calibration run that entered one function once and ran
// every block of it once but those skip leaves out.
func runCounts(fn *ssa.Function, skip func(*ssa.BasicBlock) bool) timedCounts {
	return timedCounts{fn: fn, times: func(b *ssa.BasicBlock) float64 {
		if skip(b) {
			return 0
		}
		return 1
	}}
}

// timedCounts is a calibration run that entered one function once and
// ran each block of it times(block) times.
type timedCounts struct {
	fn    *ssa.Function
	times func(*ssa.BasicBlock) float64
}

func (c timedCounts) Frequencies(fn *ssa.Function) (counts.Frequencies, bool) {
	if fn != c.fn {
		return counts.Frequencies{}, false
	}
	f := counts.Frequencies{Block: make([]float64, len(fn.Blocks)), Measured: make([]bool, len(fn.Blocks))}
	for _, b := range fn.Blocks {
		f.Measured[b.Index] = true
		f.Block[b.Index] = c.times(b)
	}
	return f, true
}

func (c timedCounts) Calls(fn *ssa.Function) (int64, bool) { return 1, fn == c.fn }

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
	quiet := runCounts(log, storesSink) // Quiet: the body never ran
	talky := runCounts(log, func(*ssa.BasicBlock) bool { return false })
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
	fastRun := runCounts(work, loop.Dominates)
	slowRun := runCounts(work, onFast.Block().Succs[0].Dominates)
	if p := mutate.SideShare(slow, fastRun, 100); p <= 0 {
		t.Errorf("%s: predicted %g for a run that returned early; want a slowdown", slow.ID, p)
	}
	if p := mutate.SideShare(slow, slowRun, 100); p != 0 {
		t.Errorf("%s: predicted %g for a run that ran the loop already; want none", slow.ID, p)
	}
}

// TestTripPrediction checks the slowdown predicted for a number mutant
// that scales the bound of a counted loop: app.Walk's for i < c.Depth
// runs ten times the trips under Depth×10, so the run's work in the loop
// comes nine times more. app.Find's loop on c.Limit has other exits (a
// second test, a break), which may end it first: no prediction.
func TestTripPrediction(t *testing.T) {
	l := loadApp(t)
	ms := mutate.Generate(l.prog, l.a, l.slices, mutate.Config{Costly: l.costly, Costs: scoring.NewCosts(l.a, l.s)})
	var deeper, limit *mutate.Mutant
	for _, m := range ms {
		if m.Operator != mutate.Value || !strings.HasSuffix(m.Replacement, "*10") {
			continue
		}
		switch {
		case m.Option == "LimitConfig.Depth" && m.Func == "app.Walk":
			deeper = m
		case m.Option == "Config.Limit" && m.Func == "app.Find":
			limit = m
		}
	}
	if deeper == nil || limit == nil {
		t.Fatalf("no ×10 value mutant of LimitConfig.Depth in app.Walk (%v) or of Config.Limit in app.Find (%v)", deeper, limit)
	}
	heads := mutate.Trips(deeper)
	if len(heads) != 1 {
		t.Fatalf("%s scales %d loops, want 1 (the for on c.Depth)", deeper.ID, len(heads))
	}
	walk := heads[0].Parent()
	if walk.Name() != "Walk" {
		t.Fatalf("%s scales a loop of %s, want Walk's", deeper.ID, walk)
	}
	head := heads[0]
	body := head.Succs[0] // i < c.Depth: the body
	trips := func(n float64) timedCounts {
		return timedCounts{fn: walk, times: func(b *ssa.BasicBlock) float64 {
			switch {
			case b == head:
				return n + 1
			case body.Dominates(b):
				return n
			}
			return 1
		}}
	}
	three := mutate.TripShare(deeper, trips(3), 100)
	if three <= 0 || three != 2*mutate.TripShare(deeper, trips(3), 200) {
		t.Errorf("%s: predicted %g of work 100 and %g of work 200; want a slowdown that halves", deeper.ID, three, mutate.TripShare(deeper, trips(3), 200))
	}
	// Ten times the bound is nine times the trips more: twice the trips
	// measured, twice the trips added.
	if six := mutate.TripShare(deeper, trips(6), 100); math.Abs(six-2*three) > 1e-9*six {
		t.Errorf("%s: predicted %g for 6 trips an entry, %g for 3; want twice", deeper.ID, six, three)
	}
	// A bound of 0 (no trip from 0) stays 0 times ten.
	if p := mutate.TripShare(deeper, trips(0), 100); p != 0 {
		t.Errorf("%s: predicted %g for a run that made no trip; want none", deeper.ID, p)
	}
	// app.Hash hands Depth to mix, whose counter starts at 1: a run with
	// Depth 1 makes no trip, and Depth×10 makes nine, each at the static
	// cost of a trip.
	var hash *mutate.Mutant
	for _, m := range ms {
		if m.Operator == mutate.Value && m.Option == "LimitConfig.Depth" && m.Func == "app.Hash" && strings.HasSuffix(m.Replacement, "*10") {
			hash = m
		}
	}
	if hash == nil || len(mutate.Trips(hash)) != 1 || mutate.Trips(hash)[0].Parent().Name() != "mix" {
		t.Fatalf("want the ×10 value mutant of LimitConfig.Depth in app.Hash to scale mix's loop, got %v", hash)
	}
	mix := mutate.Trips(hash)[0].Parent()
	once := timedCounts{fn: mix, times: func(b *ssa.BasicBlock) float64 {
		if b == mutate.Trips(hash)[0].Succs[0] || mutate.Trips(hash)[0].Succs[0].Dominates(b) {
			return 0
		}
		return 1
	}}
	if p := mutate.TripShare(hash, once, 100); p <= 0 {
		t.Errorf("%s: predicted %g for a bound of 1 from 1 made 10; want nine trips more", hash.ID, p)
	}

	// Depth×10 at all its read sites scales both loops, each once, and
	// is predicted from them whichever site comes first.
	var all *mutate.Mutant
	for _, m := range ms {
		if m.Operator == mutate.Value && m.Option == "LimitConfig.Depth" && strings.Contains(m.Description, "×10 at all its") {
			all = m
		}
	}
	if all == nil {
		t.Fatal("no ×10 value mutant of LimitConfig.Depth at all its read sites")
	}
	if n := len(mutate.Trips(all)); n != 2 {
		t.Errorf("%s scales %d loops, want 2 (Walk's and mix's)", all.ID, n)
	}
	if a, b := mutate.TripShare(all, trips(3), 100), three; a != b {
		t.Errorf("%s: predicted %g from a run of Walk alone, want %g as the mutant at Walk's site", all.ID, a, b)
	}

	// Rest's bound is total − Depth: Depth×10 shortens it, so it is no
	// loop that Depth×10 lengthens.
	for _, m := range ms {
		if m.Operator == mutate.Value && m.Option == "LimitConfig.Depth" && m.Func == "app.Rest" && len(mutate.Trips(m)) != 0 {
			t.Errorf("%s scales Rest's loop, whose bound falls as Depth grows", m.ID)
		}
	}

	if n := len(mutate.Trips(limit)); n != 0 {
		t.Errorf("%s scales %d loops; want none: Find's loop ends at its data's end or at a match too", limit.ID, n)
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
		{mutate.Bench{Name: "w.Work", Basis: "loop trips", Predicted: -0.45, MDE: 0.05}, "predicted -45.0%: the value shortens the loops it bounds"},
		{mutate.Bench{Name: "w.Work", Basis: "loop trips", Predicted: 0.3, Ratio: 1.01, MDE: 0.05}, "predicted +30.0%, not detected"},
		{mutate.Bench{Name: "w.Work", Ratio: 1.02, P: 0.3, MDE: 0.05}, "measured +2.0%"},
		{mutate.Bench{Name: "w.Work", Ratio: 1.02, Lo: 0.97, Hi: 1.08, P: 0.3, MDE: 0.05}, "measured +2.0%"},
		{mutate.Bench{Name: "w.Work", Ratio: 0.52, Lo: 0.4, Hi: 0.57, P: 1, MDE: 0.13}, "measured faster, -48.0% (-60.0% to -43.0%)"},
		{mutate.Bench{Name: "w.Work", Basis: "loop trips", Predicted: 0.3, Ratio: 0.5, Lo: 0.45, Hi: 0.6, MDE: 0.05}, "measured faster"},
	} {
		m := mutate.Mutant{Status: mutate.Survived, Benches: []mutate.Bench{c.b}}
		if got := mutate.Explain(&m); !strings.Contains(got, c.want) {
			t.Errorf("basis %q, predicted %g: Explain = %q, want %q in it", c.b.Basis, c.b.Predicted, got, c.want)
		}
	}
	// A benchmark that measured the mutant faster is named first.
	m := mutate.Mutant{Status: mutate.Survived, Benches: []mutate.Bench{
		{Name: "w.Pipeline", Ratio: 0.98, Lo: 0.95, Hi: 1.02, P: 0.8, MDE: 0.05},
		{Name: "w.Write", Ratio: 0.52, Lo: 0.4, Hi: 0.57, P: 1, MDE: 0.13},
	}}
	if got := mutate.Explain(&m); !strings.HasPrefix(got, "w.Write reached, measured faster") {
		t.Errorf("Explain = %q, want the faster benchmark first", got)
	}
	// Two that measured lower keep the benchmarks' order; memory held
	// lower is not a speed-up.
	m.Benches = append(m.Benches, mutate.Bench{Name: "w.Write", Unit: "live-B", Ratio: 0.8, Lo: 0.7, Hi: 0.9, P: 1})
	if got := mutate.Explain(&m); !strings.HasPrefix(got, "w.Write reached, measured faster, -48.0% (-60.0% to -43.0%): under this benchmark the value is a speed-up, not a slowdown; w.Write live-B reached, measured lower, -20.0%") {
		t.Errorf("Explain = %q, want both lower measurements first, in order, the live-B one not called faster", got)
	}
}

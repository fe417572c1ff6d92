package scoring

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/slicing"
)

// Frequencies returns the frequencies of fn's blocks: measured where c
// (which may be nil) has counts for them, Estimate's elsewhere. It is the
// one place where measured and estimated frequencies meet.
func Frequencies(a *slicing.Analysis, fn *ssa.Function, est configs.Estimates, c Counts) counts.Frequencies {
	if c == nil {
		return Estimate(a, fn, est)
	}
	f, ok := c.Frequencies(fn)
	if !ok {
		return Estimate(a, fn, est)
	}
	if slices.Contains(f.Measured, false) {
		e := Estimate(a, fn, est)
		f.Block = slices.Clone(f.Block)
		for i, m := range f.Measured {
			if !m {
				f.Block[i] = e.Block[i]
			}
		}
	}
	return f
}

// Estimate computes static block frequencies of fn: one execution of the
// entry block; est.LoopTrips iterations per entry of every loop (the
// header runs once more than the body), or fewer when the body's own
// exits make leaving likelier; a check of err against nil finds an error
// with probability est.ErrorBranch; another branch leaving a loop is taken
// once per entry of the loop; any other branch goes to its then side with
// probability est.Branch. A goroutine's service loop (see serviceLoop)
// runs est.Operations times per start instead: it serves the program's
// whole run, as an operation of a long-lived object does; a service loop
// inside another runs once per turn of it (both serve the same
// operations). A goroutine's periodic loop (see timedOnly) runs
// est.Ticks times per start: as often as its timer fires, which is
// seldom against the operations served.
func Estimate(a *slicing.Analysis, fn *ssa.Function, est configs.Estimates) counts.Frequencies {
	n := len(fn.Blocks)
	f := counts.Frequencies{Block: make([]float64, n), Measured: make([]bool, n)}
	if n == 0 {
		return f
	}
	loops := a.Loops(fn)
	trips := make(map[*slicing.Loop]float64, len(loops))
	serving := make(map[*slicing.Loop]bool)
	goroutine := len(loops) > 0 && spawned(a, fn)
	for _, l := range loops {
		trips[l] = est.LoopTrips
		if !goroutine {
			continue
		}
		switch waits := loopWaits(fn, l); {
		case timedOnly(a, waits):
			trips[l] = est.Ticks // periodic: as often as its timer fires
		case serviceLoop(fn, l, waits) && est.Operations > est.LoopTrips:
			trips[l], serving[l] = est.Operations, true
		}
	}
	// A service loop inside another serves the same operations (a
	// pipeline's writer waits for a first request, then for more to
	// batch with it): together they run est.Operations times, so the
	// inner one runs once per turn of the outer.
	for _, l := range loops {
		if !serving[l] {
			continue
		}
		for _, outer := range loops {
			if outer != l && serving[outer] && outer.Contains(l.Header) {
				trips[l] = 1
				break
			}
		}
	}
	estimate(fn, loops, trips, est, f.Block)
	// A loop left early from its body (a retry loop that returns on
	// success, a read loop that stops at an error) runs about as many
	// times as it takes to leave it: 1/P(leaving per iteration).
	again := false
	for _, l := range loops {
		h := f.Block[l.Header.Index]
		if h == 0 || serving[l] {
			continue
		}
		leave := 0.0
		for _, b := range fn.Blocks {
			if b == l.Header || !l.Exits(b) {
				continue
			}
			for _, s := range b.Succs {
				if !l.Contains(s) {
					leave += f.Block[b.Index] / h * branchProb(b, s, loops, trips, est)
				}
			}
		}
		if leave > 0 && 1/leave < trips[l] {
			trips[l], again = max(1/leave, 1), true
		}
	}
	if again {
		estimate(fn, loops, trips, est, f.Block)
	}
	return f
}

// spawned reports whether fn runs as a goroutine: a go statement starts
// it, or calls it from a goroutine body that has no loop of its own
// (go func() { defer wg.Done(); s.loop() }()), directly or through a
// method value (wg.Run(s.loop), whose goroutine calls the func value).
func spawned(a *slicing.Analysis, fn *ssa.Function) bool {
	callers := slices.Concat(a.Callers(fn), a.BoundCallers(fn))
	for _, c := range callers {
		if _, ok := c.(*ssa.Go); ok {
			return true
		}
	}
	for _, c := range callers {
		if g := c.Parent(); g != fn && len(a.Loops(g)) == 0 {
			for _, gc := range a.Callers(g) {
				if _, ok := gc.(*ssa.Go); ok {
					return true
				}
			}
		}
	}
	return false
}

// serviceLoop reports whether l, whose waits are waits (see loopWaits),
// is a goroutine's service loop: one that waits on a channel (a receive,
// a select, a range over a channel) or that its own test never leaves
// (for { ... }, left only by a return or break in its body: a
// connection's read loop). A loop waiting only for timers is periodic
// (see timedOnly), tested first.
func serviceLoop(fn *ssa.Function, l *slicing.Loop, waits [][]ssa.Value) bool {
	// go/ssa heads a loop with no condition (for { ... }) with its body.
	return !l.Exits(l.Header) || l.Header.Comment == "for.body" || len(waits) > 0
}

// loopWaits returns what the loop l waits on, one entry per wait: the
// cases of its blocking selects (the channel received from, nil for a
// send) and the channels it receives from.
func loopWaits(fn *ssa.Function, l *slicing.Loop) [][]ssa.Value {
	var waits [][]ssa.Value
	for _, b := range fn.Blocks {
		if !l.Contains(b) {
			continue
		}
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Select:
				if !x.Blocking {
					continue
				}
				var chans []ssa.Value
				for _, st := range x.States {
					if st.Dir == types.RecvOnly {
						chans = append(chans, st.Chan)
					} else {
						chans = append(chans, nil)
					}
				}
				waits = append(waits, chans)
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					waits = append(waits, []ssa.Value{x.X})
				}
			}
		}
	}
	return waits
}

// estimate fills block frequencies in reverse postorder, each loop's
// header running trips+1 times per entry.
func estimate(fn *ssa.Function, loops []*slicing.Loop, trips map[*slicing.Loop]float64, est configs.Estimates, freq []float64) {
	header := make(map[*ssa.BasicBlock]*slicing.Loop)
	for _, l := range loops {
		header[l.Header] = l
	}
	for _, b := range reversePostorder(fn) {
		if b.Index == 0 {
			freq[0] = 1
		} else {
			sum := 0.0
			for _, p := range b.Preds {
				if b.Dominates(p) {
					continue // a back edge
				}
				sum += freq[p.Index] * branchProb(p, b, loops, trips, est)
			}
			freq[b.Index] = sum
		}
		if l := header[b]; l != nil {
			freq[b.Index] *= trips[l] + 1
		}
	}
}

// branchProb is the probability of the edge p→s: a loop's own test stays
// in the loop trips/(trips+1) of the time; a check of err against nil
// finds an error with est.ErrorBranch; another exit from a loop body is
// taken once per entry of the loop; any other two-way branch goes to its
// then side with est.Branch.
func branchProb(p, s *ssa.BasicBlock, loops []*slicing.Loop, trips map[*slicing.Loop]float64, est configs.Estimates) float64 {
	if len(p.Succs) != 2 {
		return 1 / float64(max(len(p.Succs), 1))
	}
	for _, l := range loops {
		if l.Header == p && l.Exits(p) {
			t := trips[l]
			if l.Contains(s) {
				return t / (t + 1)
			}
			return 1 / (t + 1)
		}
	}
	then := est.Branch
	if c, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If).Cond.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool {
		// if false { ... }: a side that never runs (code kept for a
		// build that sets the constant otherwise).
		then = 0
		if constant.BoolVal(c.Value) {
			then = 1
		}
	} else if errSide, ok := errorCheck(p); ok {
		then = 1 - est.ErrorBranch
		if errSide == 0 {
			then = est.ErrorBranch
		}
	} else {
		for _, l := range loops {
			if l.Exits(p) {
				t := trips[l]
				stay := t / (t + 1)
				if l.Contains(p.Succs[0]) {
					then = stay
				} else {
					then = 1 - stay
				}
				break
			}
		}
	}
	if s == p.Succs[0] {
		return then
	}
	return 1 - then
}

// errorCheck reports whether b ends in a branch on err != nil (or
// err == nil), and which successor the error takes.
func errorCheck(b *ssa.BasicBlock) (errSucc int, ok bool) {
	br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return 0, false
	}
	cmp, ok := br.Cond.(*ssa.BinOp)
	if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) {
		return 0, false
	}
	x, y := cmp.X, cmp.Y
	if isNilConst(x) {
		x, y = y, x
	}
	if !isNilConst(y) || !types.Identical(x.Type(), types.Universe.Lookup("error").Type()) {
		return 0, false
	}
	if cmp.Op == token.NEQ {
		return 0, true
	}
	return 1, true
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// reversePostorder orders fn's reachable blocks so that every block comes
// after its predecessors along forward (non-back) edges.
func reversePostorder(fn *ssa.Function) []*ssa.BasicBlock {
	seen := make([]bool, len(fn.Blocks))
	var post []*ssa.BasicBlock
	var visit func(b *ssa.BasicBlock)
	visit = func(b *ssa.BasicBlock) {
		seen[b.Index] = true
		for _, s := range b.Succs {
			if !seen[s.Index] {
				visit(s)
			}
		}
		post = append(post, b)
	}
	visit(fn.Blocks[0])
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post
}

// LoopTrip is a loop with its iterations per entry.
type LoopTrip struct {
	Loop     *slicing.Loop
	Trips    float64
	Measured bool
}

// Trips returns the trip count of each loop of fn under f: the header's
// executions per entry, less the final test.
func Trips(a *slicing.Analysis, fn *ssa.Function, f counts.Frequencies) []LoopTrip {
	var out []LoopTrip
	for _, l := range a.Loops(fn) {
		h := l.Header
		entry := 0.0
		for _, p := range h.Preds {
			if !l.Contains(p) {
				entry += f.Block[p.Index]
			}
		}
		t := 0.0
		if entry > 0 {
			t = max(f.Block[h.Index]/entry-1, 0)
		}
		out = append(out, LoopTrip{Loop: l, Trips: t, Measured: f.Measured[h.Index]})
	}
	return out
}

// timedOnly reports whether every one of a loop's waits (see loopWaits)
// is for a timer or a signal (a ticker's tick, a backoff, a done
// channel), one at least for a timer: the loop runs as often as its
// timer fires, not as often as work arrives.
func timedOnly(a *slicing.Analysis, waits [][]ssa.Value) bool {
	timed := false
	for _, chans := range waits {
		for _, ch := range chans {
			if ch == nil {
				return false // a send: it hands work on
			}
			c, ok := ch.Type().Underlying().(*types.Chan)
			if !ok {
				return false
			}
			if n, ok := types.Unalias(c.Elem()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time" {
				timed = true
				continue
			}
			if !a.Signal(ch) {
				return false // data: a request to serve
			}
		}
	}
	return len(waits) > 0 && timed
}

package scoring

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/slicing"
)

// Frequencies are the executions of each block of a function per entry
// to it, and whether they were measured.
type Frequencies struct {
	Block    []float64 // by block index
	Measured []bool    // by block index
}

// Estimate computes static block frequencies of fn: one execution of the
// entry block; est.LoopTrips iterations per entry of every loop (the
// header runs once more than the body); a two-way branch that leaves a
// loop is taken once per entry of the loop; a check of err against nil
// finds an error with probability est.ErrorBranch; any other branch goes
// to its then side with probability est.Branch.
func Estimate(a *slicing.Analysis, fn *ssa.Function, est configs.Estimates) Frequencies {
	n := len(fn.Blocks)
	f := Frequencies{Block: make([]float64, n), Measured: make([]bool, n)}
	if n == 0 {
		return f
	}
	loops := a.Loops(fn)
	header := make(map[*ssa.BasicBlock]bool)
	for _, l := range loops {
		header[l.Header] = true
	}
	trips := est.LoopTrips
	prob := func(p, s *ssa.BasicBlock) float64 {
		if len(p.Succs) != 2 {
			return 1 / float64(max(len(p.Succs), 1))
		}
		for _, l := range loops {
			if l.Exits(p) {
				if l.Contains(s) {
					return trips / (trips + 1)
				}
				return 1 / (trips + 1)
			}
		}
		then := est.Branch
		if errSide, ok := errorCheck(p); ok {
			then = 1 - est.ErrorBranch
			if errSide == 0 {
				then = est.ErrorBranch
			}
		}
		if s == p.Succs[0] {
			return then
		}
		return 1 - then
	}
	for _, b := range reversePostorder(fn) {
		if b.Index == 0 {
			f.Block[0] = 1
		} else {
			sum := 0.0
			for _, p := range b.Preds {
				if b.Dominates(p) {
					continue // a back edge
				}
				sum += f.Block[p.Index] * prob(p, b)
			}
			f.Block[b.Index] = sum
		}
		if header[b] {
			f.Block[b.Index] *= trips + 1
		}
	}
	return f
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
func Trips(a *slicing.Analysis, fn *ssa.Function, f Frequencies) []LoopTrip {
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

package scoring

import (
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/slicing"
)

// Costs weighs pieces of a program in the ranking's units (the weights
// and the resource catalogue, all columns summed), for predictions of
// how much slower a change makes a measured run: the static cost of a
// branch's side against the work a run was measured to do. Not safe for
// concurrent use.
type Costs struct {
	a       *slicing.Analysis
	w       *weigher
	est     configs.Estimates
	perCall *underBranch
	static  map[*ssa.Function]counts.Frequencies
}

// NewCosts returns the Costs of a's program under the settings s.
func NewCosts(a *slicing.Analysis, s *configs.Settings) *Costs {
	c := &Costs{a: a, w: newWeigher(a, s), est: s.Estimates, static: make(map[*ssa.Function]counts.Frequencies)}
	c.perCall = newUnderBranch(c.w, c.estimate, unlimited)
	return c
}

func (c *Costs) estimate(fn *ssa.Function) counts.Frequencies {
	f, ok := c.static[fn]
	if !ok {
		f = Estimate(c.a, fn, c.est)
		c.static[fn] = f
	}
	return f
}

// Side is the static cost of one run of a side of br (0 its then side, 1
// its else side): the blocks the side's first block dominates, each with
// what its analysed callees do per call, at their estimated frequencies
// per run of the branch. A side that joins other paths at once (an if
// without an else) costs nothing of its own.
func (c *Costs) Side(br *ssa.If, side int) float64 {
	b := br.Block()
	first := b.Succs[side]
	if len(first.Preds) != 1 {
		return 0
	}
	fn := br.Parent()
	f := c.estimate(fn)
	at := f.Block[b.Index]
	if at == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range fn.Blocks {
		if first.Dominates(x) {
			sum += c.perCall.block(x, 0).sum() * f.Block[x.Index]
		}
	}
	return sum / at
}

// Block is the static cost of one run of b: its instructions, with what
// its analysed callees do per call.
func (c *Costs) Block(b *ssa.BasicBlock) float64 {
	return c.perCall.block(b, 0).sum()
}

// Trip is the static cost of one trip of the loop l of fn: its blocks at
// their estimated frequencies, less the header's final test, over the
// estimated trips.
func (c *Costs) Trip(fn *ssa.Function, l *slicing.Loop) float64 {
	f := c.estimate(fn)
	h := l.Header
	entries := 0.0
	for _, p := range h.Preds {
		if !l.Contains(p) {
			entries += f.Block[p.Index]
		}
	}
	trips := f.Block[h.Index] - entries
	if entries == 0 || trips <= 0 {
		return 0
	}
	sum := 0.0
	for _, b := range fn.Blocks {
		if l.Contains(b) {
			sum += c.Block(b) * f.Block[b.Index]
		}
	}
	return (sum - c.Block(h)*entries) / trips
}

// Work is the weighted work of the run m measured: each measured analysed
// function's own instructions at its measured calls and block
// frequencies (the callees count at their own). The code m did not
// measure (another package, the standard library but for the catalogue's
// calls) is not in it.
func (c *Costs) Work(m Counts) float64 {
	sum := 0.0
	for _, fn := range c.a.Functions() {
		n, ok := m.Calls(fn)
		if !ok || n == 0 {
			continue
		}
		f, _ := m.Frequencies(fn)
		own := 0.0
		for _, b := range fn.Blocks {
			if f.Block[b.Index] == 0 {
				continue
			}
			w := 0.0
			for _, instr := range b.Instrs {
				w += c.w.cost(instr).sum()
			}
			own += w * f.Block[b.Index]
		}
		sum += float64(n) * own
	}
	return sum
}

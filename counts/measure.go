package counts

import (
	"fmt"
	"go/token"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/slicing"
)

// Frequencies are the executions of each block of a function per entry
// to it, and whether they were measured. Measured and estimated
// frequencies (scoring.Estimate) have this one shape.
type Frequencies struct {
	Block    []float64 // by block index
	Measured []bool    // by block index
}

// Counts are measured execution counts mapped onto a program's SSA blocks.
type Counts struct {
	prog   *slicing.Program
	files  map[string][]cover // absolute file name -> blocks sorted by start
	memo   map[*ssa.Function]*measured
	sparse bool
}

type cover struct {
	start, end pos
	count      int64
}

type pos struct{ line, col int }

func (p pos) less(q pos) bool { return p.line < q.line || (p.line == q.line && p.col < q.col) }

type measured struct {
	freq  Frequencies
	calls int64
	ok    bool
}

// Measure checks a counts file against prog and maps it onto prog's SSA.
// A file of another module is an error; a source file that changed since
// the counts were taken is left out, with a warning naming it; a run that
// executed under a tenth of the statements it counted is sparse (Sparse)
// and gets a warning too.
func Measure(prog *slicing.Program, f *File) (*Counts, []string, error) {
	if f.Module != prog.Module {
		return nil, nil, fmt.Errorf("the counts were taken on module %s, not %s", f.Module, prog.Module)
	}
	c := &Counts{prog: prog, files: make(map[string][]cover), memo: make(map[*ssa.Function]*measured)}
	var warnings []string
	stmts, ran := 0, 0
	for _, fc := range f.Files {
		abs := filepath.Join(prog.Root, filepath.FromSlash(fc.Path))
		sum, err := hashFile(abs)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: %v; its counts are not used", fc.Path, err))
			continue
		}
		if sum != fc.SHA256 {
			warnings = append(warnings, fmt.Sprintf("%s changed since the counts were taken; its counts are not used", fc.Path))
			continue
		}
		var cs []cover
		for _, b := range fc.blocks {
			cs = append(cs, cover{pos{b.StartLine, b.StartCol}, pos{b.EndLine, b.EndCol}, b.Count})
			stmts += b.NumStmts
			if b.Count > 0 {
				ran += b.NumStmts
			}
		}
		sort.Slice(cs, func(i, j int) bool { return cs[i].start.less(cs[j].start) })
		c.files[abs] = cs
	}
	if stmts > 0 && float64(ran) < sparse*float64(stmts) {
		// Tests that skip without a server, a workload that never reached
		// the code: what did not run says nothing of how often it runs.
		c.sparse = true
		warnings = append(warnings, fmt.Sprintf("the run executed %d of the %d statements it counted (%.1f%%), too few to rank by: ranks are estimated, as without counts; counts from a run that exercises the options (benchmarks, a load test) rank them", ran, stmts, 100*float64(ran)/float64(stmts)))
	}
	return c, warnings, nil
}

// sparse is the share of the counted statements under which a run says
// too little about the program to rank by (Measure warns).
const sparse = 0.1

// Sparse reports whether the run executed under a tenth of the
// statements it counted (tests that skip without a server): ranked by
// it, the options whose code it never reached would all score 0 below
// the few it did, however little those do.
func (c *Counts) Sparse() bool { return c.sparse }

// Frequencies returns the measured executions of fn's blocks per entry to
// fn, and whether fn has counts at all. Blocks of a function that never
// ran are measured zero; blocks the counters leave undetermined are not
// measured (Measured false, Block zero) and are the caller's to estimate.
func (c *Counts) Frequencies(fn *ssa.Function) (Frequencies, bool) {
	m := c.measure(fn)
	return m.freq, m.ok
}

// Calls returns how many times fn was entered in the runs.
func (c *Counts) Calls(fn *ssa.Function) (int64, bool) {
	m := c.measure(fn)
	return m.calls, m.ok
}

func (c *Counts) measure(fn *ssa.Function) *measured {
	if m, ok := c.memo[fn]; ok {
		return m
	}
	m := &measured{}
	c.memo[fn] = m
	if len(fn.Blocks) == 0 || !fn.Pos().IsValid() {
		return m
	}
	file := c.prog.Fset.Position(fn.Pos()).Filename
	covers, ok := c.files[file]
	if !ok {
		return m
	}
	counts, known := c.blockCounts(fn, covers)
	if !known[0] {
		return m
	}
	conserve(fn, counts, known)
	n := len(fn.Blocks)
	m.freq = Frequencies{Block: make([]float64, n), Measured: make([]bool, n)}
	m.calls = counts[0]
	m.ok = true
	for i := range fn.Blocks {
		switch {
		case counts[0] == 0:
			m.freq.Block[i], m.freq.Measured[i] = 0, true // never ran
		case known[i]:
			m.freq.Block[i], m.freq.Measured[i] = float64(counts[i])/float64(counts[0]), true
		}
	}
	return m
}

// blockCounts assigns coverage counts to the SSA blocks that start a
// coverage block: the entry block, and for every coverage block the body
// block whose leading instruction lies in it first.
func (c *Counts) blockCounts(fn *ssa.Function, covers []cover) ([]int64, []bool) {
	n := len(fn.Blocks)
	counts := make([]int64, n)
	known := make([]bool, n)
	taken := make(map[int]bool) // coverage blocks already given to an SSA block
	if body := slicing.BodyStart(fn); body.IsValid() {
		p := c.prog.Fset.Position(body)
		if i := firstAtOrAfter(covers, pos{p.Line, p.Column}); i >= 0 {
			counts[0], known[0] = covers[i].count, true
			taken[i] = true
		}
	}
	// Each coverage block goes to the candidate SSA block that leads to
	// it earliest in the source: a case body before the next case's test.
	type cand struct {
		block int
		at    token.Pos
	}
	best := make(map[int]cand)
	for _, b := range fn.Blocks {
		if b.Index == 0 || !startsCover(b) {
			continue
		}
		p := leadPos(b)
		if !p.IsValid() {
			continue
		}
		position := c.prog.Fset.Position(p)
		i := containing(covers, pos{position.Line, position.Column})
		if i < 0 || taken[i] {
			continue
		}
		if cur, ok := best[i]; !ok || p < cur.at {
			best[i] = cand{b.Index, p}
		}
	}
	for i, cd := range best {
		counts[cd.block], known[cd.block] = covers[i].count, true
	}
	return counts, known
}

// startsCover reports whether b can start a coverage block: the body of a
// statement or what follows it. Loop headers, for post statements, case
// tests and the operands of && and || never do.
func startsCover(b *ssa.BasicBlock) bool {
	c := b.Comment
	// A default case is a ".next" block; its tests are too, but they lie
	// after the body of the previous case in its coverage block.
	for _, suffix := range []string{".body", ".then", ".else", ".done", ".next"} {
		if strings.HasSuffix(c, suffix) {
			return true
		}
	}
	return false
}

// leadPos is the position of b's first positioned instruction, or, for a
// block with none (a loop body starting with another loop), that of the
// first one along its chain of single successors.
func leadPos(b *ssa.BasicBlock) token.Pos {
	for i := 0; b != nil && i < 8; i++ {
		if p := firstPos(b); p.IsValid() {
			return p
		}
		if len(b.Succs) != 1 {
			break
		}
		b = b.Succs[0]
	}
	return token.NoPos
}

// firstPos is the position of b's first positioned non-phi instruction.
func firstPos(b *ssa.BasicBlock) token.Pos {
	for _, instr := range b.Instrs {
		if _, ok := instr.(*ssa.Phi); ok {
			continue
		}
		if p := slicing.Pos(instr); p.IsValid() {
			return p
		}
	}
	return token.NoPos
}

// containing returns the index of the coverage block holding p, or -1.
func containing(covers []cover, p pos) int {
	// Coverage blocks do not overlap: only the last one starting at or
	// before p can hold it.
	i := sort.Search(len(covers), func(i int) bool { return p.less(covers[i].start) }) - 1
	if i >= 0 && p.less(covers[i].end) {
		return i
	}
	return -1
}

// firstAtOrAfter returns the first coverage block starting at or after p.
func firstAtOrAfter(covers []cover, p pos) int {
	i := sort.Search(len(covers), func(i int) bool { return !covers[i].start.less(p) })
	if i == len(covers) {
		return -1
	}
	return i
}

// conserve fills in the counts the counters leave open, by flow
// conservation: what enters a block (the function's calls, for the entry)
// leaves it, over edges whose counts are solved one unknown at a time.
func conserve(fn *ssa.Function, counts []int64, known []bool) {
	type edge struct{ from, to int }
	edges := make(map[edge]int64)
	ekn := make(map[edge]bool)
	set := func(e edge, v int64) bool {
		if ekn[e] {
			return false
		}
		edges[e], ekn[e] = max(v, 0), true
		return true
	}
	for changed := true; changed; {
		changed = false
		for _, b := range fn.Blocks {
			i := b.Index
			var in, out []edge
			for _, p := range b.Preds {
				in = append(in, edge{p.Index, i})
			}
			for _, s := range b.Succs {
				out = append(out, edge{i, s.Index})
			}
			if i == 0 {
				in = append(in, edge{-1, 0}) // the calls
			}
			for _, side := range [][]edge{in, out} {
				if len(side) == 0 {
					continue
				}
				sum, unknown, last := int64(0), 0, edge{}
				for _, e := range side {
					if ekn[e] {
						sum = add(sum, edges[e])
					} else {
						unknown++
						last = e
					}
				}
				switch {
				case known[i] && unknown == 1:
					changed = set(last, counts[i]-sum) || changed
				case !known[i] && unknown == 0:
					counts[i], known[i], changed = max(sum, 0), true, true
				}
			}
		}
	}
}

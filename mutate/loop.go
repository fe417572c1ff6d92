package mutate

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/slicing"
)

// point is a place where code can be injected: the start of a block.
type point struct {
	pos   token.Pos // just after the block's opening brace
	block *ssa.BasicBlock
	what  string
}

// inject makes the loop- and sleep-injection mutants of a slice at its
// injection points: the entry of each function of the slice, and the
// body of each loop the option bounds (its header holds an instruction
// of the slice).
func (g *generator) inject(sl *slicing.Slice) {
	d := g.cfg.inject()
	for _, ff := range g.funcsOf(sl) {
		for _, p := range points(ff) {
			if g.cfg.wants(Loop) {
				text := fmt.Sprintf("confhuntMutantSpin(%d);", d.Nanoseconds())
				if m := g.add(ff.f, ff.fs.Func, Loop, sl.Option.Name, p.pos, p.pos, text, fmt.Sprintf("busy loop of %v at %s", d, p.what)); m != nil {
					m.helper, m.Cost, m.block = ff.f.pkg, float64(d.Nanoseconds()), p.block
				}
			}
			if g.cfg.wants(Sleep) {
				g.sleep(sl, ff, p, d)
			}
		}
	}
}

// points returns the injection points of a function of a slice.
func points(ff funcFile) []point {
	fn := ff.fs.Func
	body := funcBody(fn)
	if body == nil || len(fn.Blocks) == 0 {
		return nil
	}
	out := []point{{pos: body.Lbrace + 1, block: fn.Blocks[0], what: "the entry of " + slicing.ShortName(origin(fn))}}
	for _, lp := range bounded(ff) {
		b := loopBody(lp)
		out = append(out, point{pos: b.Lbrace + 1, block: firstBlock(fn, b), what: "a loop's body"})
	}
	return out
}

// funcBody returns the body of fn's syntax, or nil.
func funcBody(fn *ssa.Function) *ast.BlockStmt {
	switch s := fn.Syntax().(type) {
	case *ast.FuncDecl:
		return s.Body
	case *ast.FuncLit:
		return s.Body
	}
	return nil
}

// loops returns the for and range statements of a function body, not
// those of function literals in it.
func loops(body *ast.BlockStmt) []ast.Stmt {
	var out []ast.Stmt
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // a function of its own
		case *ast.ForStmt:
			out = append(out, n)
		case *ast.RangeStmt:
			out = append(out, n)
		}
		return true
	})
	return out
}

func loopBody(s ast.Stmt) *ast.BlockStmt {
	switch s := s.(type) {
	case *ast.ForStmt:
		return s.Body
	case *ast.RangeStmt:
		return s.Body
	}
	return nil
}

// bounded returns the loops of a function of a slice whose header (init,
// condition, post statement, range expression) holds an instruction of
// the slice: the loops the option bounds.
func bounded(ff funcFile) []ast.Stmt {
	body := funcBody(ff.fs.Func)
	if body == nil {
		return nil
	}
	var sliced []token.Pos
	for _, instr := range ff.instrs {
		if p := slicing.Pos(instr); p.IsValid() {
			sliced = append(sliced, p)
		}
	}
	slices.Sort(sliced)
	var out []ast.Stmt
	for _, lp := range loops(body) {
		i, _ := slices.BinarySearch(sliced, lp.Pos())
		if i < len(sliced) && sliced[i] < loopBody(lp).Lbrace {
			out = append(out, lp)
		}
	}
	return out
}

// firstBlock returns the block of fn whose first positioned instruction
// comes first inside body: where the body starts running.
func firstBlock(fn *ssa.Function, body *ast.BlockStmt) *ssa.BasicBlock {
	var best *ssa.BasicBlock
	bestPos := token.NoPos
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Phi); ok {
				continue
			}
			p := slicing.Pos(instr)
			if !p.IsValid() {
				continue
			}
			if p > body.Lbrace && p < body.Rbrace && (best == nil || p < bestPos) {
				best, bestPos = b, p
			}
			break
		}
	}
	return best
}

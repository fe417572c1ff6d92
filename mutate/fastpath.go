package mutate

import (
	"go/ast"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/slicing"
)

// fastPath makes the fast-path-off mutants of a slice: each if statement
// whose condition the option decides, its condition forced to the side
// whose code costs more (by the syntax of the two sides; what follows an
// if whose body leaves the block is its else side). The condition is
// still evaluated, for its effects: (C) || true, (C) && false.
func (g *generator) fastPath(sl *slicing.Slice) {
	done := make(map[*ast.IfStmt]bool)
	for _, ff := range g.funcsOf(sl) {
		for _, b := range ff.fs.Func.Blocks {
			iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok || !ff.fs.Contains(iff) {
				continue
			}
			is := ff.f.ifStmt(slicing.Pos(iff))
			if is == nil || done[is] || failureTest(is.Cond) {
				continue
			}
			done[is] = true
			then, els := ff.f.sides(is)
			orig := ff.f.text(is.Cond)
			var text, desc string
			side := thenSucc(iff, is)
			switch {
			case then > els && failing(is.Body), els > then && is.Else != nil && failing(is.Else):
				continue // the costlier side is a failure
			case then > els:
				text, desc = "("+orig+") || true", "branch forced to its costlier then side"
			case els > then:
				text, desc, side = "("+orig+") && false", "branch forced to its costlier else side", 1-side
			default:
				continue
			}
			if m := g.add(ff.f, ff.fs.Func, FastPath, sl.Option.Name, is.Cond.Pos(), is.Cond.End(), text, desc); m != nil {
				m.block = b
				g.force(m, iff, side)
			}
		}
	}
}

// thenSucc is the successor of br that leads to is's then body: the one
// whose blocks hold an instruction of the body (go/ssa turns if !c into
// a branch on c with its successors swapped).
func thenSucc(br *ssa.If, is *ast.IfStmt) int {
	for i, s := range br.Block().Succs {
		for _, b := range br.Parent().Blocks {
			if !s.Dominates(b) {
				continue
			}
			for _, instr := range b.Instrs {
				if p := instr.Pos(); p.IsValid() && is.Body.Pos() <= p && p < is.Body.End() {
					return i
				}
			}
		}
	}
	return 0
}

// force records that m sends br to side, with the sides' static costs,
// when Config.Costs can weigh them.
func (g *generator) force(m *Mutant, br *ssa.If, side int) {
	if g.cfg.Costs == nil {
		return
	}
	m.costs = g.cfg.Costs
	m.forced = append(m.forced, forced{br: br, side: side, cost: [2]float64{g.cfg.Costs.Side(br, 0), g.cfg.Costs.Side(br, 1)}})
}

// failureTest reports whether a condition tests for a failure: it
// compares something with nil or looks at an error. Forcing it would run
// error handling, not slow code.
func failureTest(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			found = n.Name == "nil" || errName(n.Name)
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && x.Name == "errors" {
				found = true
			}
		}
		return !found
	})
	return found
}

// failing reports whether a branch fails: it makes an error, returns
// one, or panics.
func failing(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			switch fun := n.Fun.(type) {
			case *ast.Ident:
				found = fun.Name == "panic"
			case *ast.SelectorExpr:
				if x, ok := fun.X.(*ast.Ident); ok {
					found = (x.Name == "errors" && fun.Sel.Name == "New") || (x.Name == "fmt" && fun.Sel.Name == "Errorf") ||
						(x.Name == "log" && strings.HasPrefix(fun.Sel.Name, "Fatal")) || (x.Name == "http" && fun.Sel.Name == "Error")
				}
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if id, ok := r.(*ast.Ident); ok && errName(id.Name) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// errName reports whether a name is an error's: err, errFoo, ErrFoo,
// fooErr.
func errName(name string) bool {
	return strings.HasPrefix(name, "err") || strings.HasPrefix(name, "Err") || strings.HasSuffix(name, "Err")
}

package mutate

import (
	"go/ast"
	"go/token"

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
			switch {
			case then > els:
				text, desc = "("+orig+") || true", "branch forced to its costlier then side"
			case els > then:
				text, desc = "("+orig+") && false", "branch forced to its costlier else side"
			default:
				continue
			}
			g.add(ff.f, ff.fs.Func, FastPath, sl.Option.Name, is.Cond.Pos(), is.Cond.End(), text, desc)
		}
	}
}

// failureTest reports whether a condition compares something with nil:
// forcing it would run error handling, not slow code.
func failureTest(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
			for _, x := range []ast.Expr{b.X, b.Y} {
				if id, ok := x.(*ast.Ident); ok && (id.Name == "nil" || id.Name == "err") {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

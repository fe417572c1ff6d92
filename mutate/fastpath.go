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
			switch {
			case then > els && failing(is.Body), els > then && is.Else != nil && failing(is.Else):
				continue // the costlier side is a failure
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

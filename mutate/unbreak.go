package mutate

import (
	"go/ast"
	"go/token"

	"github.com/confhunt/confhunt/slicing"
)

// unbreak makes the loop-unbreaker mutants of a slice: in a loop the
// option bounds (see points) that has its own exit (a condition, or a
// range), each break that leaves it early, from an if statement in its
// body, is removed, so the loop runs to its end.
func (g *generator) unbreak(sl *slicing.Slice) {
	for _, ff := range g.funcsOf(sl) {
		for _, lp := range bounded(ff) {
			var body *ast.BlockStmt
			switch s := lp.(type) {
			case *ast.ForStmt:
				if s.Cond == nil {
					continue // its breaks are its only exits
				}
				body = s.Body
			case *ast.RangeStmt:
				body = s.Body
			}
			for _, br := range earlyBreaks(body) {
				g.add(ff.f, ff.fs.Func, Unbreak, sl.Option.Name, br.Pos(), br.End(), "", "early break removed: the loop runs to its own end")
			}
		}
	}
}

// earlyBreaks returns the unlabelled breaks in if statements of body
// that leave the loop body belongs to: not those of nested loops,
// switches and selects, nor of function literals.
func earlyBreaks(body *ast.BlockStmt) []*ast.BranchStmt {
	var out []*ast.BranchStmt
	var walk func(n ast.Node, inIf bool)
	walk = func(n ast.Node, inIf bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				return m == n
			case *ast.IfStmt:
				if m != n {
					walk(m, true)
					return false
				}
			case *ast.BranchStmt:
				if m.Tok == token.BREAK && m.Label == nil && inIf {
					out = append(out, m)
				}
			}
			return true
		})
	}
	walk(body, false)
	return out
}

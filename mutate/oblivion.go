package mutate

import (
	"go/ast"
	"go/types"

	"github.com/confhunt/confhunt/slicing"
)

// oblivion makes the oblivion mutants of a slice's functions: a
// remembered value recomputed. A cache lookup is forced to miss (an if
// on the ok of v, ok := m[k], or of a Get, Load, Lookup or Peek method
// returning a value and a bool: ok becomes (ok) && false, !ok becomes
// (!ok) || true), and a sync.Once runs its function every time
// (once.Do(f) becomes (func(f func()) { f() })(f)).
func (g *generator) oblivion(sl *slicing.Slice) {
	for _, ff := range g.funcsOf(sl) {
		body := funcBody(ff.fs.Func)
		info := ff.f.infos[ff.fs.Func.Pkg.Pkg]
		if body == nil || info == nil {
			continue
		}
		oks := lookupOKs(body, info)
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				cond, neg := n.Cond, false
				if u, ok := cond.(*ast.UnaryExpr); ok && u.Op.String() == "!" {
					cond, neg = u.X, true
				}
				id, ok := cond.(*ast.Ident)
				if !ok || !oks[info.Uses[id]] {
					return true
				}
				text := "(" + ff.f.text(n.Cond) + ") && false"
				if neg {
					text = "(" + ff.f.text(n.Cond) + ") || true"
				}
				g.add(ff.f, ff.fs.Func, Oblivion, sl.Option.Name, n.Cond.Pos(), n.Cond.End(), text, "cache lookup forced to miss")
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Do" || !isOnce(info.TypeOf(sel.X)) {
					return true
				}
				g.add(ff.f, ff.fs.Func, Oblivion, sl.Option.Name, n.Fun.Pos(), n.Fun.End(), "(func(f func()) { f() })", "sync.Once run every time")
			}
			return true
		})
	}
}

// lookupOKs returns the variables holding the ok of a lookup in body: a
// map index or a Get, Load, Lookup or Peek call returning (value, bool).
func lookupOKs(body *ast.BlockStmt, info *types.Info) map[types.Object]bool {
	out := make(map[types.Object]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
			return true
		}
		lookup := false
		switch rhs := as.Rhs[0].(type) {
		case *ast.IndexExpr:
			_, lookup = under(info.TypeOf(rhs.X)).(*types.Map)
		case *ast.CallExpr:
			if sel, ok := rhs.Fun.(*ast.SelectorExpr); ok {
				switch sel.Sel.Name {
				case "Get", "Load", "Lookup", "Peek":
					if t, ok := info.TypeOf(rhs).(*types.Tuple); ok && t.Len() == 2 {
						b, ok := t.At(1).Type().(*types.Basic)
						lookup = ok && b.Kind() == types.Bool
					}
				}
			}
		}
		if id, ok := as.Lhs[1].(*ast.Ident); ok && lookup {
			if obj := info.ObjectOf(id); obj != nil {
				out[obj] = true
			}
		}
		return true
	})
	return out
}

func under(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// isOnce reports whether t is sync.Once or a pointer to it.
func isOnce(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Once"
}

package overlay

import (
	"go/ast"
	"go/token"
)

// Pure reports whether evaluating e twice is harmless, so that a rewrite
// may repeat it: names, selectors, literals, operators, slices and
// indexes over them, len and cap, and conversions to integer types.
func Pure(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		return Pure(e.X)
	case *ast.ParenExpr:
		return Pure(e.X)
	case *ast.BinaryExpr:
		return Pure(e.X) && Pure(e.Y)
	case *ast.UnaryExpr:
		return e.Op != token.ARROW && Pure(e.X)
	case *ast.SliceExpr:
		return Pure(e.X) && (e.Low == nil || Pure(e.Low)) && (e.High == nil || Pure(e.High)) && (e.Max == nil || Pure(e.Max))
	case *ast.IndexExpr:
		return Pure(e.X) && Pure(e.Index)
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok && len(e.Args) == 1 {
			switch id.Name {
			case "len", "cap", "int", "int64", "uint", "uint64", "int32", "uint32":
				return Pure(e.Args[0])
			}
		}
	}
	return false
}

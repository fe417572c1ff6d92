package mutate

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/internal/overlay"
	"github.com/confhunt/confhunt/slicing"
)

// alloc makes the allocation-injection mutants of a slice: each make
// whose size the option decides is made twice, the extra one kept alive
// in a package variable: make(T, n) becomes
// func() T { confhuntMutantKeep(make(T, n)); return make(T, n) }(). Its
// size arguments must be free of effects, being evaluated twice.
func (g *generator) alloc(sl *slicing.Slice) {
	for _, ff := range g.funcsOf(sl) {
		for _, instr := range ff.instrs {
			switch instr.(type) {
			case *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan:
			default:
				continue
			}
			if ff.fs.Influence[instr]&slicing.Size == 0 {
				continue
			}
			call := ff.f.calls[instr.Pos()]
			if call == nil || len(call.Args) < 2 || !pureArgs(call.Args[1:]) {
				continue
			}
			typ := ff.f.text(call.Args[0])
			made := ff.f.text(call)
			text := "func() " + typ + " { confhuntMutantKeep(" + made + "); return " + made + " }()"
			if m := g.add(ff.f, ff.fs.Func, Alloc, sl.Option.Name, call.Pos(), call.End(), text, "allocation made twice, the extra one kept"); m != nil {
				m.helper, m.block = ff.f.pkg, instr.Block()
			}
		}
	}
}

func pureArgs(args []ast.Expr) bool {
	for _, a := range args {
		if !overlay.Pure(a) {
			return false
		}
	}
	return true
}

package slicing

import (
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
)

// FieldReads returns, for a program of libraries (Libraries.Load), an
// option per exported field of a number or a bool of the exported struct
// types its packages declare, read wherever the libraries load it and
// named as LibraryField names it: its slice is what the libraries do
// with a value their user stores there (a pool's MaxSize, a server's
// Concurrency).
func (p *Program) FieldReads() []*Option {
	ix := newLoadIndex()
	funcs := allFunctions(p, true)
	for _, fn := range slices.SortedFunc(maps.Keys(funcs), compareFuncs) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				addLoad(ix, instr)
			}
		}
	}
	var out []*Option
	for pkg := range p.Scanned {
		scope := pkg.Pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() || tn.IsAlias() {
				continue
			}
			nt, ok := tn.Type().(*types.Named)
			if !ok {
				continue
			}
			s, ok := nt.Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i := range s.NumFields() {
				f := s.Field(i)
				b, ok := f.Type().Underlying().(*types.Basic)
				if !f.Exported() || !ok || b.Info()&(types.IsNumeric|types.IsBoolean) == 0 {
					continue
				}
				loads := ix.fields[field{s, i}]
				if len(loads) == 0 {
					continue
				}
				o := &Option{Name: fieldKey(nt, f), Style: "struct", Type: typeString(f.Type()), Package: pkg.Pkg.Path()}
				for _, l := range loads {
					instr, ok := l.(ssa.Instruction)
					if !ok {
						continue
					}
					pos := l.Pos()
					if !pos.IsValid() {
						pos = instr.Parent().Pos()
					}
					o.Sites = append(o.Sites, Site{Pos: p.Position(pos), Func: origin(instr.Parent()), Value: l, pos: p.Fset.Position(pos)})
				}
				out = append(out, o)
			}
		}
	}
	slices.SortFunc(out, func(a, b *Option) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// fieldKey names a library's field in the summaries: "field", its
// type's import path and name, and the field's name.
func fieldKey(nt *types.Named, f *types.Var) string {
	return "field " + nt.Obj().Pkg().Path() + "." + nt.Obj().Name() + "." + f.Name()
}

// LibraryField returns what the libraries do with the value st stores
// into a field of one of their struct types (a pool's Config.MaxSize, a
// server's Concurrency), from the summaries SetLibraries was given: the
// option's value, kept there, goes on in the library's code.
func (a *Analysis) LibraryField(st *ssa.Store) (configs.Resource, bool) {
	if len(a.libraries) == 0 {
		return configs.Resource{}, false
	}
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return configs.Resource{}, false
	}
	t := types.Unalias(fa.X.Type())
	if ptr, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(ptr.Elem())
	}
	nt, ok := t.(*types.Named)
	if !ok || nt.Obj().Pkg() == nil {
		return configs.Resource{}, false
	}
	nt = nt.Origin()
	s, ok := nt.Underlying().(*types.Struct)
	if !ok || fa.Field >= s.NumFields() {
		return configs.Resource{}, false
	}
	r, ok := a.libraries[fieldKey(nt, s.Field(fa.Field))]
	return r, ok
}

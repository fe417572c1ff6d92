package slicing

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// The standard library is loaded without the bodies of its non-generic
// functions unless Config.StdBodies is set: the analysis never enters
// them (a call into the standard library is charged from the resource
// catalogue), and type-checking and building them is most of the work
// of loading a small program. What the bodies still gave, library code
// calling back into the program's (a handler, a comparison, a closure
// run by sync.Once), markCallbacks approximates from the calls into
// functions without a body.

// stdParser returns a go/packages ParseFile that drops the bodies of the
// non-generic functions of files under goroot's src (an init keeps an
// empty one), and parses every other file whole.
func stdParser(goroot string) func(*token.FileSet, string, []byte) (*ast.File, error) {
	src := filepath.Join(goroot, "src") + string(filepath.Separator)
	return func(fset *token.FileSet, name string, data []byte) (*ast.File, error) {
		f, err := parser.ParseFile(fset, name, data, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
		if f == nil || goroot == "" || !strings.HasPrefix(name, src) {
			return f, err
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && !generic(fd) {
				if fd.Name.Name == "init" && fd.Recv == nil {
					fd.Body.List = nil
					continue
				}
				fd.Body = nil
			}
		}
		return f, err
	}
}

// generic says whether fd is a generic function or a method of a
// generic type: SSA needs its body to instantiate it.
func generic(fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil {
		return true
	}
	if fd.Recv == nil || len(fd.Recv.List) != 1 {
		return false
	}
	t := fd.Recv.List[0].Type
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// keepStdPackages drops the errors that removing bodies causes in the
// standard library (imports only the bodies used) and recomputes which
// packages are ill-typed, so that the program's packages are built.
func keepStdPackages(pkgs []*packages.Package, goroot string) {
	src := filepath.Join(goroot, "src") + string(filepath.Separator)
	ill := make(map[*packages.Package]bool)
	var visit func(p *packages.Package) bool
	visit = func(p *packages.Package) bool {
		if v, ok := ill[p]; ok {
			return v
		}
		ill[p] = false // an import cycle is not possible; this ends one anyway
		errs := p.Errors[:0]
		for _, e := range p.Errors {
			if !(strings.HasPrefix(e.Pos, src) && strings.HasSuffix(e.Msg, " not used")) {
				errs = append(errs, e)
			}
		}
		p.Errors = errs
		if len(p.Errors) == 0 {
			p.TypeErrors = nil
		}
		v := len(p.Errors) > 0
		for _, d := range p.Imports {
			if visit(d) {
				v = true
			}
		}
		p.IllTyped, ill[p] = v, v
		return v
	}
	for _, p := range pkgs {
		visit(p)
	}
}

// goroot is the GOROOT the go command in dir uses.
func goroot(ctx context.Context, dir string) (string, error) {
	out, err := goCmd(ctx, dir, "env", "GOROOT")
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// markCallbacks marks as called back the analysed functions that a
// call passes to a function without a body, or stores into a field of a
// type the analysed packages do not declare: func values and closures,
// and the methods of the interface a value is passed as (any passes
// none). With the standard library's bodies the call graph shows these
// calls; without them this is what stands for it.
func (a *Analysis) markCallbacks() {
	for _, fn := range a.userFuncs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case ssa.CallInstruction:
					if a.opaque(instr) {
						for _, arg := range instr.Common().Args {
							a.markPassed(arg)
						}
					}
				case *ssa.Store:
					if fa, ok := instr.Addr.(*ssa.FieldAddr); ok && !a.declares(fa.X.Type()) {
						a.markPassed(instr.Val)
					}
				}
			}
		}
	}
}

// opaque says whether every function c may call has no body.
func (a *Analysis) opaque(c ssa.CallInstruction) bool {
	callees := a.Callees(c)
	for _, fn := range callees {
		if fn.Blocks != nil {
			return false
		}
	}
	return len(callees) > 0
}

// declares says whether t (a pointer to a struct) is a type of the
// analysed packages.
func (a *Analysis) declares(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return true // an unnamed struct: the program's own
	}
	for pkg := range a.prog.Scanned {
		if pkg.Pkg == n.Obj().Pkg() {
			return true
		}
	}
	return false
}

// markPassed marks what library code may call of v.
func (a *Analysis) markPassed(v ssa.Value) {
	switch v := v.(type) {
	case *ssa.Function:
		a.markCalled(v)
	case *ssa.MakeClosure:
		a.markCalled(v.Fn.(*ssa.Function))
	case *ssa.MakeInterface:
		iface, ok := v.Type().Underlying().(*types.Interface)
		if !ok {
			return
		}
		mset := a.prog.SSA.MethodSets.MethodSet(v.X.Type())
		for i := range iface.NumMethods() {
			m := iface.Method(i)
			if sel := mset.Lookup(m.Pkg(), m.Name()); sel != nil {
				if fn := a.prog.SSA.MethodValue(sel); fn != nil {
					a.markCalled(fn)
				}
			}
		}
	}
}

// markCalled marks fn called back; a wrapper (a bound method, a
// promoted one) passes the mark on to the analysed functions it calls.
func (a *Analysis) markCalled(fn *ssa.Function) {
	if a.user[fn] {
		a.external[fn] = true
		return
	}
	if fn.Synthetic == "" {
		return
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if callee := c.Common().StaticCallee(); callee != nil && a.user[callee] {
					a.external[callee] = true
				}
			}
		}
	}
}

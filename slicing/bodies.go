package slicing

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// Dependencies, other modules' packages and the standard library, are
// loaded without the bodies of their non-generic functions
// unless Config.AllBodies is set: the analysis never enters them (a call
// into a library is charged from the resource catalogue), and
// type-checking them and building their SSA and call graph is most of
// the time and memory of a load. What the bodies still gave, library
// code calling back into the program's (a handler, a comparison, a
// closure run by sync.Once), markCallbacks approximates from the calls
// into functions without a body.

// unmatched returns whether a file is a dependency's: of a package the
// patterns do not match, outside the main modules (or in their vendor
// directories), and not a file the go command generated for cgo (in its
// build cache), which may be a matched package's. The main modules keep
// their bodies: a registry one of their packages keeps is how calls
// reach the implementations another package registers.
func unmatched(ctx context.Context, dir string, flags, patterns []string) (func(string) bool, error) {
	args := append([]string{"list", "-e", "-f", "{{.Dir}}"}, flags...)
	out, err := goCmd(ctx, dir, append(append(args, "--"), patterns...)...)
	if err != nil {
		return nil, err
	}
	matched := make(map[string]bool)
	for _, d := range strings.Split(string(out), "\n") {
		if d != "" {
			matched[d] = true
		}
	}
	var own []string // the main modules' directories
	if out, err := goCmd(ctx, dir, "list", "-m", "-e", "-f", "{{.Dir}}"); err == nil {
		for _, d := range strings.Split(string(out), "\n") {
			if d != "" {
				own = append(own, d+string(filepath.Separator))
			}
		}
	}
	env, err := goCmd(ctx, dir, "env", "GOCACHE")
	if err != nil {
		return nil, err
	}
	gocache := strings.TrimSpace(string(env)) + string(filepath.Separator)
	sep := string(filepath.Separator)
	return func(file string) bool {
		d := filepath.Dir(file)
		if matched[d] || strings.HasPrefix(d, gocache) {
			return false
		}
		for _, m := range own {
			if strings.HasPrefix(d+sep, m) && !strings.HasPrefix(d+sep, m+"vendor"+sep) {
				return false
			}
		}
		return true
	}, nil
}

// bodyParser returns a go/packages ParseFile that drops the bodies of
// the non-generic functions but init of the files strip says, and parses
// every other file whole.
func bodyParser(strip func(string) bool) func(*token.FileSet, string, []byte) (*ast.File, error) {
	return func(fset *token.FileSet, name string, data []byte) (*ast.File, error) {
		mode := parser.AllErrors | parser.SkipObjectResolution
		if !strip(name) {
			return parser.ParseFile(fset, name, data, mode|parser.ParseComments)
		}
		// A dependency's comments are read by nothing after type-checking.
		f, err := parser.ParseFile(fset, name, data, mode)
		if f == nil {
			return f, err
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				// An init keeps its body: what it registers (a codec, a
				// driver) is how the program's calls reach implementations.
				if d.Body != nil && !generic(d) && !(d.Name.Name == "init" && d.Recv == nil) {
					d.Body = nil
				}
			case *ast.GenDecl:
				if d.Tok == token.VAR {
					emptyTables(d)
				}
			}
		}
		return f, err
	}
}

// emptyTables empties the composite literals of a dependency's variable
// declarations that hold only literal data (Unicode and curve tables,
// generated descriptors): their elements are most of the instructions of
// the packages' initialisers, and carry no function or type a call could
// reach. The literal's type stays: an array of [...] length gets its
// length written out.
func emptyTables(d *ast.GenDecl) {
	for _, spec := range d.Specs {
		for _, v := range spec.(*ast.ValueSpec).Values {
			ast.Inspect(v, func(n ast.Node) bool {
				cl, ok := n.(*ast.CompositeLit)
				if !ok || len(cl.Elts) == 0 || !literalData(cl) {
					return true
				}
				if at, ok := cl.Type.(*ast.ArrayType); ok {
					if _, dots := at.Len.(*ast.Ellipsis); dots {
						for _, e := range cl.Elts {
							if _, keyed := e.(*ast.KeyValueExpr); keyed {
								return false // its length needs the keys' values
							}
						}
						cl.Type = &ast.ArrayType{Lbrack: at.Lbrack, Elt: at.Elt,
							Len: &ast.BasicLit{ValuePos: at.Lbrack, Kind: token.INT, Value: strconv.Itoa(len(cl.Elts))}}
					}
				}
				cl.Elts = nil
				return false
			})
		}
	}
}

// literalData says whether the composite literal cl has a type and
// only literal elements: basic literals, their negations, and literals
// of elided type made of the same, keyed by literals or field names.
func literalData(cl *ast.CompositeLit) bool {
	if cl.Type == nil {
		return false
	}
	var data func(e ast.Expr) bool
	data = func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.BasicLit:
			return true
		case *ast.UnaryExpr:
			return data(e.X)
		case *ast.KeyValueExpr:
			_, field := e.Key.(*ast.Ident)
			return (field || data(e.Key)) && data(e.Value)
		case *ast.CompositeLit:
			if e.Type != nil {
				return false
			}
			for _, el := range e.Elts {
				if !data(el) {
					return false
				}
			}
			return true
		}
		return false
	}
	for _, e := range cl.Elts {
		if !data(e) {
			return false
		}
	}
	return true
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

// keepStripped drops the errors that removing bodies causes in the
// files strip says (imports only the bodies used) and recomputes which
// packages are ill-typed, so that the program's packages are built.
func keepStripped(pkgs []*packages.Package, strip func(string) bool) {
	ill := make(map[*packages.Package]bool)
	var visit func(p *packages.Package) bool
	visit = func(p *packages.Package) bool {
		if v, ok := ill[p]; ok {
			return v
		}
		ill[p] = false // an import cycle is not possible; this ends one anyway
		errs := p.Errors[:0]
		for _, e := range p.Errors {
			if !(strings.HasSuffix(e.Msg, " not used") && strip(posFile(e.Pos))) {
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

// dropDependencies lets go the syntax and type information of the
// dependencies once SSA is built: nothing reads them after (their
// types stay, in their packages' Types).
func dropDependencies(pkgs []*packages.Package, strip func(string) bool) {
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if len(p.CompiledGoFiles) > 0 && strip(p.CompiledGoFiles[0]) {
			p.Syntax, p.TypesInfo = nil, nil
		}
	})
}

// posFile is the file of a file:line:col position.
func posFile(pos string) string {
	for range 2 {
		i := strings.LastIndexByte(pos, ':')
		if i < 0 {
			break
		}
		if _, err := strconv.Atoi(pos[i+1:]); err != nil {
			break
		}
		pos = pos[:i]
	}
	return pos
}

// markCallbacks marks as called back the analysed functions that a
// call passes to a function without a body, or stores into a field of a
// type the analysed packages do not declare: func values and closures,
// and the methods of the interface a value is passed as (any passes
// none). With the libraries' bodies the call graph shows these calls;
// without them this is what stands for it.
func (a *Analysis) markCallbacks() {
	own := make(map[*types.Package]bool)
	for pkg := range a.prog.Scanned {
		own[pkg.Pkg] = true
	}
	for pkg := range a.prog.Helper {
		own[pkg.Pkg] = true
	}
	for _, fn := range a.funcs {
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
					if fa, ok := instr.Addr.(*ssa.FieldAddr); ok && !declares(own, fa.X.Type()) {
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
// packages in own.
func declares(own map[*types.Package]bool, t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return true // an unnamed struct: the program's own
	}
	return own[n.Obj().Pkg()]
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

package slicing

import (
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// globals creates an option per exported package variable of a basic
// type (a number, a bool, a duration) that a library's user sets before
// using it, as sarama.MaxRequestSize or grpc.EnableTracing: declared in a
// scanned package that is not a command, set by the module only to a
// constant where it is declared (the package's init), its address handed
// to no call (a flag bound to it is the flag's option), and read by the
// scanned code, not only by the getters of types generated from a schema
// (see schemaDefault). The option is named package.Var, read where it is loaded.
func (d *discoverer) globals() {
	var gs []*ssa.Global
	for pkg := range d.prog.Scanned {
		if pkg.Pkg.Name() == "main" || internal(pkg.Pkg.Path()) {
			continue // no user of the module sets a command's or an internal package's variables
		}
		for _, m := range pkg.Members {
			if g, ok := m.(*ssa.Global); ok && g.Object() != nil && g.Object().Exported() {
				gs = append(gs, g)
			}
		}
	}
	reads := make(map[ssa.Value]*Option) // the other options' read sites
	for _, name := range slices.Sorted(maps.Keys(d.opts)) {
		for _, site := range d.opts[name].Sites {
			if site.Value != nil && reads[site.Value] == nil {
				reads[site.Value] = d.opts[name]
			}
		}
	}
	slices.SortFunc(gs, func(a, b *ssa.Global) int {
		return strings.Compare(a.Pkg.Pkg.Path()+"."+a.Name(), b.Pkg.Pkg.Path()+"."+b.Name())
	})
	// The exported variables of each type, for enumValue.
	var ofType typeutil.Map
	for _, g := range gs {
		n, _ := ofType.At(g.Type()).(int)
		ofType.Set(g.Type(), n+1)
	}
	for _, g := range gs {
		t := g.Type().(*types.Pointer).Elem()
		b, ok := t.Underlying().(*types.Basic)
		if !ok || b.Info()&(types.IsNumeric|types.IsBoolean) == 0 {
			continue
		}
		name := g.Pkg.Pkg.Name() + "." + g.Name()
		if iface := errorType.Underlying().(*types.Interface); types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface) {
			d.notes.add([]string{name, g.Name()}, "%s: not an option: an error value (its type %s implements error), which the module returns or compares with, not a setting", name, typeString(t))
			continue
		}
		if !d.setOnlyInInit(g) {
			d.notes.add([]string{name, g.Name()}, "%s: not an option: the module sets it other than to a constant where it is declared, or hands its address on", name)
			continue
		}
		loads := d.loaded.globals[g]
		if len(loads) == 0 {
			continue
		}
		if d.schemaDefault(g, loads) {
			d.notes.add([]string{name, g.Name()}, "%s: not an option: a schema's default for a field, which generated code declares and only the getters of the schema's generated types read", name)
			continue
		}
		if enumValue(g, &ofType, loads) {
			d.notes.add([]string{name, g.Name()}, "%s: not an option: a value of the package's own type that it declares beside others of that type and only compares with (an enumeration's value, declared as a variable)", name)
			continue
		}
		if b.Kind() == types.Uint8 && matched(loads) {
			d.notes.add([]string{name, g.Name()}, "%s: not an option: a byte the code matches data against (compares with or masks a value it reads): a format's code, not a setting", name)
			continue
		}
		if o := d.defaultOf(loads, reads); o != nil {
			// opt.DefaultBlockSize, returned when Options.BlockSize is
			// unset: the same knob, set for every Options at once.
			d.addAlias(o, name)
			d.notes.add([]string{name, g.Name()}, "%s: the default of %s (its value where that is unset): merged into it", name, o.Name)
			for _, l := range loads {
				if instr, ok := l.(ssa.Instruction); ok {
					d.addSite(o, instr.Parent(), l, l.Pos(), "default")
				}
			}
			continue
		}
		o := d.option(name, "global", typeString(t))
		d.notes.add([]string{name, g.Name()}, "%s: an option: an exported package variable its user sets, which the module only reads", name)
		for _, l := range loads {
			if instr, ok := l.(ssa.Instruction); ok {
				d.addSite(o, instr.Parent(), l, l.Pos(), "")
			}
		}
	}
}

// enumValue reports whether g is a value of an enumeration declared as
// variables (var SyncAlways = SyncPolicy(2)): its type is a
// named type of g's own package, another exported variable has that type
// too (ofType counts them by type), and each of loads is only compared
// for equality with a value read, not a constant: what the code matches
// a setting against (o.Sync == SyncAlways), not a setting (a default it
// tests, DefaultCompression == CompressSnappy).
func enumValue(g *ssa.Global, ofType *typeutil.Map, loads []ssa.Value) bool {
	t := g.Type().(*types.Pointer).Elem()
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != g.Pkg.Pkg {
		return false
	}
	if k, _ := ofType.At(g.Type()).(int); k < 2 {
		return false
	}
	for _, l := range loads {
		for _, r := range *l.Referrers() {
			bin, ok := r.(*ssa.BinOp)
			if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
				return false
			}
			other := bin.X
			if other == l {
				other = bin.Y
			}
			if _, isConst := other.(*ssa.Const); isConst {
				return false
			}
		}
	}
	return true
}

// schemaDefault reports whether g, declared in generated code, is read
// only in methods of types generated from a schema (see generatedDecl):
// the default a schema gives a field (Thrift's
// SchemaElement_TypeLength_DEFAULT, returned by GetTypeLength when the
// field is unset). A generated parser's ExprDebug, read by the parser's
// functions, stays a setting.
func (d *discoverer) schemaDefault(g *ssa.Global, loads []ssa.Value) bool {
	if !d.generatedAt(g.Pos()) {
		return false
	}
	for _, l := range loads {
		fn := l.Parent()
		for fn != nil && fn.Parent() != nil {
			fn = fn.Parent()
		}
		if fn == nil || fn.Signature.Recv() == nil {
			return false
		}
		t := fn.Signature.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		nt, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return false
		}
		if _, isStruct := nt.Underlying().(*types.Struct); !isStruct || !d.generatedDecl(nt) {
			return false
		}
	}
	return len(loads) > 0
}

// matched reports whether one of loads is compared with, or masks, a
// value that is not a constant: a byte of input matched against a code
// (c == msgpcode.Nil, c&FixedStrMask).
func matched(loads []ssa.Value) bool {
	for _, l := range loads {
		for _, v := range append([]ssa.Value{l}, conversions(l)...) {
			for _, r := range *v.Referrers() {
				bin, ok := r.(*ssa.BinOp)
				if !ok {
					continue
				}
				other := bin.X
				if other == v {
					other = bin.Y
				}
				if _, isConst := other.(*ssa.Const); isConst {
					continue
				}
				switch bin.Op {
				case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.AND, token.OR, token.XOR, token.AND_NOT:
					return true
				}
			}
		}
	}
	return false
}

// conversions returns the values v is converted into, directly.
func conversions(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Convert:
			out = append(out, r)
		case *ssa.ChangeType:
			out = append(out, r)
		}
	}
	return out
}

// defaultOf returns the option whose default one of loads is: merged
// with a read of it by a phi (v := o.N; if v == 0 { v = DefaultN }), or
// returned where another return of the function gives a read of it (if
// o.N == 0 { return DefaultN }; return o.N).
func (d *discoverer) defaultOf(loads []ssa.Value, reads map[ssa.Value]*Option) *Option {
	for _, l := range loads {
		for _, r := range *l.Referrers() {
			switch r := r.(type) {
			case *ssa.Phi:
				for _, e := range r.Edges {
					if o := reads[Unconvert(e)]; o != nil && e != l {
						return o
					}
				}
			case *ssa.Return:
				i := slices.Index(r.Results, l)
				for _, b := range r.Parent().Blocks {
					if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && ret != r && i < len(ret.Results) {
						if o := reads[Unconvert(ret.Results[i])]; o != nil {
							return o
						}
					}
				}
			}
		}
	}
	return nil
}

// setOnlyInInit reports whether the scanned code stores into g only
// constants, in its package's init (the variable's initializer), and
// passes its address to no call.
func (d *discoverer) setOnlyInInit(g *ssa.Global) bool {
	for _, st := range d.globalStore[g] {
		if _, ok := st.Val.(*ssa.Const); !ok || st.Parent().Name() != "init" || st.Parent().Pkg != g.Pkg {
			return false
		}
	}
	return !d.addressed[g] // &g handed on: a flag bound to it, an atomic update
}

// internal reports whether path is an internal package's, which only its
// own module imports.
func internal(path string) bool {
	_, ok := internalRoot(path)
	return ok
}

// internalRoot returns the directory holding path's last internal
// directory (example.com/m for example.com/m/internal/retry): the
// packages that may import it are under it.
func internalRoot(path string) (string, bool) {
	if path == "internal" || strings.HasPrefix(path, "internal/") {
		return "", true
	}
	i := strings.LastIndex(path+"/", "/internal/")
	if i < 0 {
		return "", false
	}
	return path[:i], true
}

// packageSetters creates the options a package takes through a setter
// function rather than a variable (runtime/debug's SetGCPercent(percent),
// a worker package's SetCacheSize(size)): an exported package-level
// function of a package its users import, taking numbers or bools and
// answering nothing, an error or a number, that stores each as given
// into a package variable (see setterGlobal), or hands it unchanged to a
// function of the module that does (an internal package's setter). The
// option is named after the function and its parameter (debug.SetGCPercent(percent))
// and read at the parameter; one the module's own code passes computed
// values is its plumbing.
func (d *discoverer) packageSetters() {
	for _, fn := range d.funcs {
		if !publicFunc(fn) || !imported(fn) || len(fn.Params) == 0 || !setterShape(fn, fn.Params) {
			continue
		}
		for i, p := range fn.Params {
			name := fn.Pkg.Pkg.Name() + "." + fn.Name() + "(" + p.Name() + ")"
			if d.setterGlobal(fn, p) == nil && !d.forwardsToGlobal(p) {
				if storedGlobals(fn, p) != nil {
					d.notes.add([]string{name, fn.Name()}, "%s: not an option: the package variable it stores its argument into is state (the code steps it, sets it to what it computes, or takes its address)", name)
				}
				continue
			}
			if d.fedByModule(fn, i, publicFunc) {
				d.notes.add([]string{name, fn.Name()}, "%s: not an option: the module's own code calls it with values it computes (its plumbing, whose setting is upstream)", name)
				continue
			}
			o := d.option(name, "setter", typeString(p.Type()))
			d.notes.add([]string{name, fn.Name()}, "%s: an option: a package's setter, storing its argument in a package variable (or handing it to a function that does)", name)
			d.addSite(o, fn, p, p.Pos(), "")
		}
	}
}

// forwardsToGlobal reports whether the parameter p is handed, unchanged,
// to a package-level function that stores it into a setting's package
// variable (see setterGlobal).
func (d *discoverer) forwardsToGlobal(p *ssa.Parameter) bool {
	for _, r := range *p.Referrers() {
		call, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		callee := call.Common().StaticCallee()
		if callee == nil || callee.Signature.Recv() != nil || len(callee.Params) != len(call.Common().Args) {
			continue
		}
		for j, a := range call.Common().Args {
			if fromArg(a, p, 0) && d.setterGlobal(callee, callee.Params[j]) != nil {
				return true
			}
		}
	}
	return false
}

// setterGlobal returns the package variable the package-level function
// fn stores its parameter p into as given, when the variable keeps a
// setting: the program reads it, takes no address of it, and stores into
// it only constants or the machine's defaults (runtime.NumCPU()), in its
// package's init, or the parameters of package-level functions as given
// (a counter's n = n+1 is state).
func (d *discoverer) setterGlobal(fn *ssa.Function, p *ssa.Parameter) *ssa.Global {
	if fn.Signature.Recv() != nil {
		return nil
	}
	for _, g := range storedGlobals(fn, p) {
		if d.addressed[g] || len(d.loaded.globals[g]) == 0 {
			continue
		}
		setting := true
		for _, other := range d.globalStore[g] {
			at := other.Parent()
			if isConstant(other.Val) || machineDefault(other.Val) {
				setting = setting && at.Name() == "init" && at.Pkg == g.Pkg
				continue
			}
			setting = setting && at.Signature.Recv() == nil && at.Parent() == nil &&
				slices.ContainsFunc(at.Params, func(q *ssa.Parameter) bool { return fromArg(other.Val, q, 0) })
		}
		if setting {
			return g
		}
	}
	return nil
}

// storedGlobals returns the package variables fn stores its parameter p
// into, as given.
func storedGlobals(fn *ssa.Function, p *ssa.Parameter) []*ssa.Global {
	var gs []*ssa.Global
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && fromArg(st.Val, p, 0) {
				if g, ok := st.Addr.(*ssa.Global); ok {
					gs = append(gs, g)
				}
			}
		}
	}
	return gs
}

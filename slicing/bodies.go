package slicing

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Dependencies, other modules' packages and the standard library, are
// loaded from the go command's export data, without bodies, unless
// Config.AllBodies is set: the analysis never enters them (a call into a
// library is charged from the resource catalogue), and type-checking
// them from source and building their SSA and call graph was most of the
// time and memory of a load. The export data is what go build compiles
// into the build cache, so a program built before loads its
// dependencies at once. What the bodies still gave, library code
// calling back into the program's (a handler, a comparison, a closure
// run by sync.Once), markCallbacks approximates from the calls into
// functions without a body.

// markCallbacks marks as called back the analysed functions that a
// call passes to a function without a body, or stores into a field of a
// type the analysed packages do not declare: func values and closures,
// and the methods of the interface a value is passed as (any passes
// none) and of the other interfaces of that interface's package the
// value implements (the optional ones a library asks for); and the same
// of the interface values the functions it calls back return. With the
// libraries' bodies the call graph shows these calls; without them this
// is what stands for it.
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
						once := runsOnce(instr)
						for _, arg := range instr.Common().Args {
							a.markPassed(arg, once)
						}
					}
				case *ssa.Store:
					if fa, ok := instr.Addr.(*ssa.FieldAddr); ok && !declares(own, fa.X.Type()) {
						a.markPassed(instr.Val, false)
					}
				}
			}
		}
	}
	// What a function called back returns goes back to the library code
	// that called it: an interface value there (the connection a
	// driver's Connect returns, the writer a codec's Compress returns) is
	// called back in turn, and what its methods return, to a fixed point.
	done := make(map[*ssa.Function]bool)
	for {
		var next []*ssa.Function
		for _, fn := range a.funcs {
			if a.external[fn] && !a.once[fn] && !done[fn] {
				next = append(next, fn)
			}
		}
		if len(next) == 0 {
			return
		}
		for _, fn := range next {
			done[fn] = true
			for _, b := range fn.Blocks {
				if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
					for _, v := range ret.Results {
						for _, mi := range a.madeInterfaces(v, nil) {
							a.markPassed(mi, false)
						}
					}
				}
			}
		}
	}
}

// madeInterfaces returns the interface values v is made of: through
// phis, and through the results of the analysed functions it is a
// result of (Open returning what Connect returns).
func (a *Analysis) madeInterfaces(v ssa.Value, seen map[ssa.Value]bool) []*ssa.MakeInterface {
	if seen[v] {
		return nil
	}
	if seen == nil {
		seen = make(map[ssa.Value]bool)
	}
	seen[v] = true
	var out []*ssa.MakeInterface
	switch v := v.(type) {
	case *ssa.MakeInterface:
		out = append(out, v)
	case *ssa.Phi:
		for _, e := range v.Edges {
			out = append(out, a.madeInterfaces(e, seen)...)
		}
	case *ssa.UnOp:
		// a result variable a deferred function may set: what is stored in it
		if alloc, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			for _, r := range *alloc.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
					out = append(out, a.madeInterfaces(st.Val, seen)...)
				}
			}
		}
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			out = append(out, a.resultInterfaces(c, v.Index, seen)...)
		}
	case *ssa.Call:
		out = append(out, a.resultInterfaces(v, 0, seen)...)
	}
	return out
}

// resultInterfaces returns the interface values the i-th result of the
// analysed function c calls is made of.
func (a *Analysis) resultInterfaces(c *ssa.Call, i int, seen map[ssa.Value]bool) []*ssa.MakeInterface {
	callee := c.Call.StaticCallee()
	if callee == nil || !a.user[callee] {
		return nil
	}
	var out []*ssa.MakeInterface
	for _, b := range callee.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			out = append(out, a.madeInterfaces(ret.Results[i], seen)...)
		}
	}
	return out
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

// runsOnce says whether c runs the function it is given at most once:
// sync.Once's Do, sync.OnceFunc, OnceValue and OnceValues.
func runsOnce(c ssa.CallInstruction) bool {
	fn := c.Common().StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "sync" {
		return false
	}
	fn = origin(fn)
	switch fn.Name() {
	case "OnceFunc", "OnceValue", "OnceValues":
		return fn.Signature.Recv() == nil
	case "Do":
		recv := fn.Signature.Recv()
		return recv != nil && strings.HasSuffix(types.TypeString(recv.Type(), nil), "sync.Once")
	}
	return false
}

// markPassed marks what library code may call of v; once says the call
// runs it at most once (sync.Once.Do).
func (a *Analysis) markPassed(v ssa.Value, once bool) {
	switch v := v.(type) {
	case *ssa.Function:
		a.markCalled(v, once)
	case *ssa.MakeClosure:
		a.markCalled(v.Fn.(*ssa.Function), once)
	case *ssa.MakeInterface:
		iface, ok := v.Type().Underlying().(*types.Interface)
		if !ok {
			return
		}
		mset := a.prog.SSA.MethodSets.MethodSet(v.X.Type())
		mark := func(iface *types.Interface) {
			for i := range iface.NumMethods() {
				m := iface.Method(i)
				if sel := mset.Lookup(m.Pkg(), m.Name()); sel != nil {
					if fn := a.prog.SSA.MethodValue(sel); fn != nil {
						a.markCalled(fn, once)
					}
				}
			}
		}
		mark(iface)
		// The library may ask the value for the optional interfaces its
		// package declares beside this one (a driver.Conn for
		// driver.SessionResetter, an io.Reader for io.WriterTo): the
		// methods of those the value implements are called back too.
		named, ok := types.Unalias(v.Type()).(*types.Named)
		if !ok || named.Obj().Pkg() == nil || iface.NumMethods() == 0 {
			return
		}
		scope := named.Obj().Pkg().Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() || tn == named.Obj() {
				continue
			}
			other, ok := tn.Type().Underlying().(*types.Interface)
			if ok && other.NumMethods() > 0 && types.Implements(v.X.Type(), other) {
				mark(other)
			}
		}
	}
}

// markCalled marks fn called back; a wrapper (a bound method, a
// promoted one) passes the mark on to the analysed functions it calls.
func (a *Analysis) markCalled(fn *ssa.Function, once bool) {
	if a.user[fn] {
		a.external[fn] = true
		if once {
			a.once[fn] = true
		} else {
			a.often[fn] = true
		}
		return
	}
	if fn.Synthetic == "" {
		return
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if callee := c.Common().StaticCallee(); callee != nil && a.user[callee] {
					a.markCalled(callee, once)
				}
			}
		}
	}
}

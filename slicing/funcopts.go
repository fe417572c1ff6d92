package slicing

import (
	"go/token"
	"go/types"
	"iter"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// setter is a function that sets fields of an options struct for its
// caller: a functional option's closure (func(o *options) { o.n = n }), an
// option type's apply method (func (w window) apply(o *options)), or a
// builder method returning a modified copy (func (o Options) WithN(n int) Options).
type setter struct {
	fn   *ssa.Function
	name string // the name a user calls: WithN, or the option type's name
	made bool   // a constructor of a struct builders set (see builtBy)
}

// funcOptions finds the fields that functional options, option types'
// apply methods and builder methods set, by the shape of the code alone:
// a function whose only parameter points to a struct of the module and
// that stores into the struct's fields, made by another function (a
// closure) or being a method; or a method of a struct that returns the
// struct with a field changed (and that struct's constructors, see
// builtBy). The structs become configuration structs and the fields
// options, named after the function that sets them too.
func (d *discoverer) funcOptions(inModule map[*types.Struct]*types.Named) map[field][]setter {
	out := make(map[field][]setter)
	for _, fn := range d.funcs {
		bases, name := optionTargets(fn)
		for _, base := range bases {
			d.optionStores(fn, base, name, inModule, out)
		}
	}
	d.builtBy(out)
	return out
}

// builtBy records in out, as setters, the constructors of structs that
// builder methods set: a function returning such a struct it makes,
// with one of its number or bool parameters stored into a field (New(size
// int) *Builder { return &Builder{size: size} }, then New(n).LRU().Build())
// sets that field for its caller as the builders set the others. What
// else it is handed (the bytes a buffer wraps, a reader) is data.
func (d *discoverer) builtBy(out map[field][]setter) {
	built := make(map[*types.Struct]bool)
	for f, ss := range out {
		for _, st := range ss {
			if builder(st.fn) {
				built[f.s] = true
			}
		}
	}
	for _, fn := range d.funcs {
		if fn.Signature.Recv() != nil || fn.Parent() != nil || fn.Object() == nil || !fn.Object().Exported() || len(fn.Params) == 0 {
			continue
		}
		for st, fa := range fieldStores(fn) {
			a, ok := fa.X.(*ssa.Alloc)
			p, param := st.Val.(*ssa.Parameter)
			if !ok || !param || !(isNumber(p.Type()) || isBool(p.Type())) || !built[structOf(a.Type())] || !returns(fn, a) {
				continue
			}
			f := field{structOf(a.Type()), fa.Field}
			if !slices.ContainsFunc(out[f], func(x setter) bool { return x.fn == fn }) {
				out[f] = append(out[f], setter{fn, qualifiedName(fn) + "(" + p.Name() + ")", true})
			}
		}
	}
}

// returns reports whether every return of fn returns v first.
func returns(fn *ssa.Function, v ssa.Value) bool {
	n := 0
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if len(ret.Results) == 0 || ret.Results[0] != v {
				return false
			}
			n++
		}
	}
	return n > 0
}

// optionStores records in out the fields of base that fn, a functional
// option, an option type's apply method or a builder (see
// optionTarget), sets.
func (d *discoverer) optionStores(fn *ssa.Function, base ssa.Value, name string, inModule map[*types.Struct]*types.Named, out map[field][]setter) {
	s := structOf(base.Type())
	if s == nil || inModule[s] == nil {
		return
	}
	if builder(fn) && !(onlySets(base) && setsArguments(fn, base)) {
		return // a method computing the record it returns: data, not settings
	}
	if applier(fn) && (!setsReceiver(fn, base) || locks(fn)) {
		return // a method of a wrapper filling a record from the state it reaches: no option type
	}
	for _, fa := range fieldStores(fn) {
		if !rootedAt(fa, base) {
			continue
		}
		if d.running[s] && fa.X != base {
			// A live object's own fields are what an option applied
			// to it sets; the state it keeps in them (a message it
			// sends, a table) is not settings.
			continue
		}
		fs := structOf(fa.X.Type())
		if fs == nil || inModule[fs] == nil {
			continue
		}
		f := field{fs, fa.Field}
		if !slices.ContainsFunc(out[f], func(x setter) bool { return x.fn == fn }) {
			out[f] = append(out[f], setter{fn: fn, name: name})
		}
	}
}

// optionTargets returns optionTarget's value, or, for a functional
// option taking an interface that the objects it configures implement
// (func(a applier) error, switching on a's type: case *Writer: w.num =
// n), each pointer to a struct it asserts that value to.
func optionTargets(fn *ssa.Function) ([]ssa.Value, string) {
	if base, name := optionTarget(fn); base != nil {
		return []ssa.Value{base}, name
	}
	sig := fn.Signature
	if len(fn.Params) != 1 || sig.Params().Len() != 1 || fn.Parent() == nil || fn.Parent().Object() == nil || !returned(fn) ||
		!(sig.Results().Len() == 0 || sig.Results().Len() == 1 && isError(sig.Results().At(0).Type())) {
		return nil, ""
	}
	p := fn.Params[0]
	if !types.IsInterface(p.Type()) || p.Referrers() == nil {
		return nil, ""
	}
	var bases []ssa.Value
	for _, r := range *p.Referrers() {
		ta, ok := r.(*ssa.TypeAssert)
		if !ok {
			continue
		}
		if _, ptr := ta.AssertedType.Underlying().(*types.Pointer); !ptr || structOf(ta.AssertedType) == nil {
			continue
		}
		if !ta.CommaOk {
			bases = append(bases, ta)
			continue
		}
		for _, rr := range *ta.Referrers() {
			if ex, ok := rr.(*ssa.Extract); ok && ex.Index == 0 {
				bases = append(bases, ex)
			}
		}
	}
	return bases, qualifiedName(fn.Parent())
}

// fieldStores yields fn's stores into fields, with the field's address.
func fieldStores(fn *ssa.Function) iter.Seq2[*ssa.Store, *ssa.FieldAddr] {
	return func(yield func(*ssa.Store, *ssa.FieldAddr) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if fa, ok := st.Addr.(*ssa.FieldAddr); ok && !yield(st, fa) {
						return
					}
				}
			}
		}
	}
}

// optionTarget returns the value whose fields fn sets as an option, and
// the name a user knows the option by; nil if fn has no option's shape.
func optionTarget(fn *ssa.Function) (ssa.Value, string) {
	sig := fn.Signature
	// A closure or method taking only a pointer to the options, returning
	// nothing or an error.
	if len(fn.Params) >= 1 && sig.Params().Len() == 1 && (sig.Results().Len() == 0 || sig.Results().Len() == 1 && isError(sig.Results().At(0).Type())) {
		p := fn.Params[len(fn.Params)-1]
		if _, ok := p.Type().Underlying().(*types.Pointer); ok && structOf(p.Type()) != nil {
			switch {
			case fn.Parent() != nil && fn.Parent().Object() != nil && returned(fn):
				return p, qualifiedName(fn.Parent())
			case sig.Recv() != nil && smallValue(sig.Recv().Type()) && structOf(sig.Recv().Type()) != structOf(p.Type()) && !container(sig.Recv().Type(), structOf(p.Type())):
				return p, recvName(sig.Recv().Type())
			}
		}
	}
	// A builder method: its result is its receiver's type, with a field set.
	if recv := sig.Recv(); recv != nil && sig.Results().Len() == 1 && fn.Object() != nil && fn.Object().Exported() {
		rs := structOf(recv.Type())
		if rs == nil || structOf(sig.Results().At(0).Type()) != rs || !types.Identical(types.Unalias(recv.Type()), types.Unalias(sig.Results().At(0).Type())) {
			return nil, ""
		}
		if _, ptr := recv.Type().Underlying().(*types.Pointer); ptr {
			return fn.Params[0], recvName(recv.Type()) + "." + fn.Name()
		}
		// A value receiver is copied into a local whose fields are set.
		for _, instr := range fn.Blocks[0].Instrs {
			if st, ok := instr.(*ssa.Store); ok && st.Val == fn.Params[0] {
				return st.Addr, recvName(recv.Type()) + "." + fn.Name()
			}
		}
	}
	return nil, ""
}

// builder reports whether fn is a method returning its receiver's type
// (the shape optionTarget takes for a builder method).
func builder(fn *ssa.Function) bool {
	sig := fn.Signature
	return sig.Recv() != nil && sig.Results().Len() == 1 && types.Identical(types.Unalias(sig.Recv().Type()), types.Unalias(sig.Results().At(0).Type()))
}

// onlySets reports whether a builder's receiver (base; for a value
// receiver, the local copy of it) is only set and handed back: its fields
// stored into and the whole returned, never read, nor passed to a call. A
// method that reads the record's own state to decide what to store
// (extending bounds it holds) maintains data.
func onlySets(base ssa.Value) bool {
	var ok func(v ssa.Value, depth int) bool
	ok = func(v ssa.Value, depth int) bool {
		if depth > 4 || v.Referrers() == nil {
			return depth > 0
		}
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				if !ok(r, depth+1) {
					return false
				}
			case *ssa.Store:
				if r.Addr != v {
					return false // the value itself stored elsewhere
				}
			case *ssa.Return, *ssa.DebugRef:
			case *ssa.UnOp:
				// A value receiver's copy, loaded to be returned, or a
				// pointer field loaded to set through it (o.sub.n = n).
				_, local := v.(*ssa.Alloc)
				_, field := v.(*ssa.FieldAddr)
				switch {
				case r.Op != token.MUL:
					return false
				case local && onlyReturned(r):
				case field && ok(r, depth+1):
				default:
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	return ok(base, 0)
}

// onlyReturned reports whether v's only uses are returns.
func onlyReturned(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		if _, ok := r.(*ssa.Return); !ok {
			return false
		}
	}
	return true
}

// applier reports whether fn has an option type's apply method's shape
// (see optionTarget): a method taking one pointer to a struct.
func applier(fn *ssa.Function) bool {
	sig := fn.Signature
	if sig.Recv() == nil || sig.Params().Len() != 1 || fn.Parent() != nil {
		return false
	}
	_, ptr := sig.Params().At(0).Type().Underlying().(*types.Pointer)
	return ptr && structOf(sig.Params().At(0).Type()) != nil
}

// locks reports whether fn takes a lock: the method of an object that
// guards state, not an option applying itself.
func locks(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if callee := c.Common().StaticCallee(); callee != nil && isLockCall(callee) {
					return true
				}
			}
		}
	}
	return false
}

// isLockCall says whether fn is a sync mutex's Lock or RLock.
func isLockCall(fn *ssa.Function) bool {
	recv := fn.Signature.Recv()
	return recv != nil && isMutex(recv.Type()) && (fn.Name() == "Lock" || fn.Name() == "RLock")
}

// setsReceiver reports whether every value an apply method stores into
// base's fields comes from the option it is: its receiver, the
// receiver's fields, constants, or what operators and calls make of
// them (o.window = int(w)). A method that fills the struct from the
// state the receiver reaches (a snapshot of a server's channels)
// computes a record.
func setsReceiver(fn *ssa.Function, base ssa.Value) bool {
	recv := fn.Params[0]
	// ownField: a field of the receiver, or of the local copy of it.
	ownField := func(fa *ssa.FieldAddr) bool {
		x := rootAlloc(fa)
		if x == recv {
			return true
		}
		if a, ok := x.(*ssa.Alloc); ok {
			for _, r := range *a.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == a && st.Val == recv {
					return true
				}
			}
		}
		return false
	}
	fromRecv := func(v ssa.Value) bool {
		return derived(v, func(v ssa.Value) (bool, bool) {
			switch v := v.(type) {
			case *ssa.Parameter:
				return v == recv, true
			case *ssa.UnOp:
				if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
					return ownField(fa), true // the option's own field
				}
			case *ssa.FieldAddr:
				return ownField(v), true // the option's own field, by address
			}
			return false, false
		})
	}
	return storesOnly(fn, base, fromRecv)
}

// setsArguments reports whether every value the method fn stores into
// base's fields comes from its arguments: a parameter, a constant, or
// what operators and calls make of them (o.timeout = time.Duration(s) *
// time.Second), a parameter's address, or a closure over them. A
// builder sets what its caller passes; a method that reads the
// receiver's own state to store it back (h.Count *= f), or stores what a
// call makes of nothing (m.Id = newID()), computes a record.
func setsArguments(fn *ssa.Function, base ssa.Value) bool {
	params := make(map[ssa.Value]bool)
	for _, p := range fn.Params[1:] {
		params[p] = true
	}
	var fromArgs func(v ssa.Value) bool
	fromArgs = func(v ssa.Value) bool {
		return derived(v, func(v ssa.Value) (bool, bool) {
			switch v := v.(type) {
			case *ssa.Parameter:
				return params[v], true
			case *ssa.Alloc:
				// An argument whose address is kept (b.ttl = &d), or
				// that a closure captures: the parameter itself, not a
				// value the method makes of it (v := boost(b); q.boost
				// = &v keeps a value of the record's own making).
				stored := false
				for _, r := range *v.Referrers() {
					if st, ok := r.(*ssa.Store); ok && st.Addr == v {
						if p, ok := st.Val.(*ssa.Parameter); !ok || !params[p] {
							return false, true
						}
						stored = true
					}
				}
				return stored, true
			case *ssa.MakeClosure:
				// A wrapper of what the caller passes (b.load =
				// func(k string) (V, error) { return f(k) }).
				for _, x := range v.Bindings {
					if !fromArgs(x) {
						return false, true
					}
				}
				return true, true
			}
			return false, false
		})
	}
	return storesOnly(fn, base, fromArgs)
}

// storesOnly reports whether every value fn stores into base's fields
// is one ok accepts.
func storesOnly(fn *ssa.Function, base ssa.Value, ok func(ssa.Value) bool) bool {
	for st, fa := range fieldStores(fn) {
		if rootedAt(fa, base) && !ok(st.Val) {
			return false
		}
	}
	return true
}

// derived reports whether v is made of nothing but what leaf accepts
// (leaf decides the values it knows), constants, and what operators,
// conversions and direct calls make of them; a load reads state, which
// only leaf may accept.
func derived(v ssa.Value, leaf func(ssa.Value) (ok, decided bool)) bool {
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if depth > 8 {
			return false
		}
		if ok, decided := leaf(v); decided {
			return ok
		}
		switch v := v.(type) {
		case *ssa.Const:
			return true
		case *ssa.UnOp:
			return v.Op != token.MUL && walk(v.X, depth+1)
		case *ssa.BinOp:
			return walk(v.X, depth+1) && walk(v.Y, depth+1)
		case *ssa.Convert:
			return walk(v.X, depth+1)
		case *ssa.ChangeType:
			return walk(v.X, depth+1)
		case *ssa.MakeInterface:
			return walk(v.X, depth+1)
		case *ssa.Field:
			return walk(v.X, depth+1)
		case *ssa.Extract:
			return walk(v.Tuple, depth+1)
		case *ssa.Phi:
			for _, e := range v.Edges {
				if !walk(e, depth+1) {
					return false
				}
			}
			return true
		case *ssa.Call:
			if len(v.Call.Args) == 0 || v.Call.IsInvoke() {
				return false
			}
			for _, a := range v.Call.Args {
				if !walk(a, depth+1) {
					return false
				}
			}
			return true
		}
		return false
	}
	return walk(v, 0)
}

// returned reports whether the closure fn leaves its parent as (part of)
// a result: returned as it is, wrapped in a call (newFuncOption(f)), an
// interface or a struct literal. A closure passed to a visitor is no option.
func returned(fn *ssa.Function) bool {
	var work []ssa.Value
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				work = append(work, mc)
				continue
			}
			// A closure with no free variables is the function itself.
			for _, op := range instr.Operands(nil) {
				if *op != ssa.Value(fn) {
					continue
				}
				switch instr := instr.(type) {
				case *ssa.Return:
					return true
				case *ssa.Store: // into a struct literal: producerOpt{func(c *cfg) { c.x = true }}
					if instr.Val == ssa.Value(fn) {
						work = append(work, loadsOf(rootAlloc(instr.Addr))...)
					}
				case ssa.Value:
					work = append(work, instr)
				}
			}
		}
	}
	seen := make(map[ssa.Value]bool)
	for hops := 0; hops < 6 && len(work) > 0; hops++ {
		var next []ssa.Value
		for _, v := range work {
			if seen[v] || v.Referrers() == nil {
				continue
			}
			seen[v] = true
			for _, r := range *v.Referrers() {
				switch r := r.(type) {
				case *ssa.Return:
					return true
				case *ssa.Store:
					next = append(next, rootAlloc(r.Addr))
				case *ssa.FieldAddr, *ssa.IndexAddr:
					// the closure's address itself: nothing to follow
				case *ssa.Call:
					// Wrapped (newFuncOption(f)) carries it on; called
					// (err := slurp(batch)), what it returns is not it.
					if r.Call.Value != v {
						next = append(next, r)
					}
				case ssa.Value:
					next = append(next, r)
				}
			}
		}
		// Loads of an alloc the closure was stored into carry it on.
		for _, v := range next {
			if _, ok := v.(*ssa.Alloc); ok {
				next = append(next, loadsOf(v)[1:]...)
			}
		}
		work = next
	}
	return false
}

// loadsOf returns v and, when v is an alloc, the loads of it.
func loadsOf(v ssa.Value) []ssa.Value {
	out := []ssa.Value{v}
	if a, ok := v.(*ssa.Alloc); ok && a.Referrers() != nil {
		for _, r := range *a.Referrers() {
			if u, ok := r.(*ssa.UnOp); ok {
				out = append(out, u)
			}
		}
	}
	return out
}

// rootAlloc walks a field or element address down to its base.
func rootAlloc(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		default:
			return v
		}
	}
}

// smallValue reports whether t is an option type's shape: a named basic,
// slice or func value, or a struct of at most two fields.
func smallValue(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok {
		return s.NumFields() <= 2
	}
	return true
}

// container reports whether a field of recv's struct holds values of s
// (directly, through pointers, or as elements): recv is then a container
// of them (a list's push(*Item)), not an option applied to one.
func container(recv types.Type, s *types.Struct) bool {
	rs := structOf(recv)
	if rs == nil || s == nil {
		return false
	}
	for f := range rs.Fields() {
		if n, _ := nestedStruct(f.Type()); n == s {
			return true
		}
	}
	return false
}

// qualifiedName is pkg.Func for a package-level function, pkg.Type.Method
// for a method.
func qualifiedName(fn *ssa.Function) string {
	if recv := fn.Signature.Recv(); recv != nil {
		return fn.Pkg.Pkg.Name() + "." + recvName(recv.Type()) + "." + fn.Name()
	}
	return fn.Pkg.Pkg.Name() + "." + fn.Name()
}

func recvName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return types.TypeString(t, func(*types.Package) string { return "" })
}

// rootedAt reports whether the field address fa is base's field, or a
// field of a struct nested in base (o.transport.writeBuf).
func rootedAt(fa *ssa.FieldAddr, base ssa.Value) bool {
	for {
		switch x := fa.X.(type) {
		case *ssa.FieldAddr:
			fa = x
			continue
		case *ssa.UnOp: // o.sub is a pointer: o.sub.n
			if inner, ok := x.X.(*ssa.FieldAddr); ok {
				fa = inner
				continue
			}
		}
		return fa.X == base
	}
}

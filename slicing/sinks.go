package slicing

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// dropSinks removes the options that only observe: an interface value (or
// a slice, array or map of them) that the program only hands events to — a
// logger, a tracer, a stats handler, an event listener. Such a value is
// plumbing, not a knob; it is recognised by what the code does with it,
// never by its name: every use of every read is a call of one of its
// methods whose results say nothing back (no results, or only an error or
// a context.Context), a comparison with nil, a length, a range over it, or
// a copy into a field, a variable, a parameter, a closure (as a captured
// variable or a method value) or an appended slice whose own uses are
// such.
// An option with no read sites is kept: nothing shows what it is.
func (d *discoverer) dropSinks() {
	for name, o := range d.opts {
		if len(o.Sites) == 0 || o.Style == "declared" {
			continue
		}
		t := o.Sites[0].Value.Type()
		if !observerType(t) {
			continue
		}
		sink := true
		w := &sinkWalk{seen: make(map[sinkKey]bool), root: new(sinkFrame)}
		w.cur = w.root
		for _, s := range o.Sites {
			if !d.observed(s.Value, w, 0) {
				sink = false
				break
			}
		}
		if sink {
			d.notes.add(append([]string{o.Name}, o.Aliases...), "%s: not an option: an observer (%s) the code only calls to observe, as a logger, tracer, metrics sink or event callback is", o.Name, o.Type)
			delete(d.opts, name)
		}
	}
}

// observerType reports whether t is an interface with methods, or a
// slice, array or map of such interfaces.
func observerType(t types.Type) bool {
	for {
		switch u := types.Unalias(t).Underlying().(type) {
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		case *types.Interface:
			return u.NumMethods() > 0
		default:
			return false
		}
	}
}

// maxSinkDepth bounds the steps (copies, conversions, element reads)
// followed when deciding that a value is only observed.
const maxSinkDepth = 12

// observed reports whether every use of v only hands it events (see
// dropSinks).
func (d *discoverer) observed(v ssa.Value, w *sinkWalk, depth int) bool {
	k := sinkKey{v, w.cur}
	if w.seen[k] {
		return true
	}
	w.seen[k] = true
	if depth > maxSinkDepth {
		return false
	}
	refs := v.Referrers()
	if refs == nil {
		return true
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case ssa.CallInstruction:
			if !d.observedCall(r, v, w, depth) {
				return false
			}
		case *ssa.BinOp:
			if (r.Op != token.EQL && r.Op != token.NEQ) || !(isNil(r.X) || isNil(r.Y)) {
				return false
			}
		case *ssa.Range: // ranging over the observers: each element is one
			if !d.observedRange(r, w, depth) {
				return false
			}
		case *ssa.Index:
			if r.X != v || !d.observed(r, w, depth+1) {
				return false
			}
		case *ssa.IndexAddr:
			if r.X != v || !d.observedLoads(r, w, depth+1) {
				return false
			}
		case *ssa.Lookup:
			if r.X != v || r.CommaOk || !d.observed(r, w, depth+1) {
				return false
			}
		case *ssa.Extract: // of a comma-ok type assertion: the value, or ok
			if b, ok := r.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
				continue
			}
			if !d.observed(r, w, depth+1) {
				return false
			}
		case *ssa.Phi, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.MakeInterface, *ssa.TypeAssert, *ssa.Slice:
			if !d.observed(r.(ssa.Value), w, depth+1) {
				return false
			}
		case *ssa.Store:
			if r.Val != v || !d.observedStore(r.Addr, w, depth) {
				return false
			}
		case *ssa.Return: // handed back to the caller: to what it does
			if !d.observedReturn(r, v, w, depth) {
				return false
			}
		case *ssa.MakeClosure: // captured by a closure: to what its body does
			fn := r.Fn.(*ssa.Function)
			for i, b := range r.Bindings {
				if b == v && !d.observed(fn.FreeVars[i], w, depth+1) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// sinkWalk is the state of one dropSinks walk: the values already
// followed, each with the calls it was reached through, and those calls
// (entered, innermost last), whose results a return hands the value to.
// Frames are interned, so that a value is followed once per stack of
// calls: what a return leads to depends on every call below it.
type sinkWalk struct {
	seen      map[sinkKey]bool
	root, cur *sinkFrame
}

// sinkFrame is a call entered, under its parent's.
type sinkFrame struct {
	call   ssa.CallInstruction // nil at the root
	parent *sinkFrame
	next   map[ssa.CallInstruction]*sinkFrame
}

type sinkKey struct {
	v     ssa.Value
	frame *sinkFrame
}

// enter makes c the innermost call; the returned func leaves it.
func (w *sinkWalk) enter(c ssa.CallInstruction) func() {
	from := w.cur
	f := from.next[c]
	if f == nil {
		f = &sinkFrame{call: c, parent: from}
		if from.next == nil {
			from.next = make(map[ssa.CallInstruction]*sinkFrame)
		}
		from.next[c] = f
	}
	w.cur = f
	return func() { w.cur = from }
}

// observedReturn follows a value that r returns to the results of the
// innermost call entered into r's function (a helper that picks a
// default when the value is nil, a constructor that wraps it), with the
// calls below that one: the value is observed when what the caller does
// with the result only observes. A return from a function the walk did
// not enter through a call (the option read in a getter) is followed to
// every call of it, when they are all known: a named, unexported
// function that nothing uses as a value.
func (d *discoverer) observedReturn(r *ssa.Return, v ssa.Value, w *sinkWalk, depth int) bool {
	for f := w.cur; f.call != nil; f = f.parent {
		if f.call.Common().StaticCallee() == r.Parent() {
			in := w.cur
			w.cur = f.parent
			ok := d.observedResult(f.call, r, v, w, depth)
			w.cur = in
			return ok
		}
	}
	fn := r.Parent()
	calls := d.calls[origin(fn)]
	if len(calls) == 0 || token.IsExported(fn.Name()) || fn.Parent() != nil || d.usedAsValue(fn) {
		return false
	}
	in := w.cur
	defer func() { w.cur = in }()
	for _, call := range calls {
		w.cur = w.root
		if !d.observedResult(call, r, v, w, depth) {
			return false
		}
	}
	return true
}

// usedAsValue says whether fn may be called otherwise than by the static
// calls the discoverer indexed: the scanned code uses it (or, for a
// method, a method value or expression of it) as a value, or calls a
// method of its name through an interface.
// The functions so used are gathered once per discovery.
func (d *discoverer) usedAsValue(fn *ssa.Function) bool {
	obj, ok := origin(fn).Object().(*types.Func)
	if !ok {
		return true
	}
	if d.valueFuncs == nil {
		d.valueFuncs = make(map[*types.Func]bool)
		mark := func(v ssa.Value) {
			if f, ok := v.(*ssa.Function); ok {
				if o, ok := origin(f).Object().(*types.Func); ok {
					d.valueFuncs[o] = true
				}
			}
		}
		var ops []*ssa.Value
		for _, g := range d.funcs {
			for _, b := range g.Blocks {
				for _, instr := range b.Instrs {
					if c, ok := instr.(ssa.CallInstruction); ok {
						common := c.Common()
						if common.IsInvoke() {
							d.valueFuncs[common.Method] = true // by name: see below
						}
						for _, a := range common.Args {
							mark(a)
						}
						continue
					}
					if mc, ok := instr.(*ssa.MakeClosure); ok {
						mark(mc.Fn)
					}
					ops = instr.Operands(ops[:0])
					for _, op := range ops {
						if op != nil {
							mark(*op)
						}
					}
				}
			}
		}
	}
	if d.valueFuncs[obj] {
		return true
	}
	if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil {
		for m := range d.valueFuncs {
			if m.Name() == obj.Name() {
				if _, iface := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface); iface {
					return true
				}
			}
		}
	}
	return false
}

// observedResult says whether what the caller of c does with the result
// that r returns v as only observes.
func (d *discoverer) observedResult(c ssa.CallInstruction, r *ssa.Return, v ssa.Value, w *sinkWalk, depth int) bool {
	call, ok := c.(*ssa.Call)
	if !ok {
		return true // go or defer: the results are dropped
	}
	if len(r.Results) == 1 {
		return d.observed(call, w, depth+1)
	}
	for _, ref := range *call.Referrers() {
		ex, ok := ref.(*ssa.Extract)
		if !ok {
			return false
		}
		if r.Results[ex.Index] == v && !d.observed(ex, w, depth+1) {
			return false
		}
	}
	return true
}

// observedCall reports whether the call c only hands events to v: a method
// of v called with results that say nothing back, or len(v), or v passed
// to a function of the program whose parameter is only observed.
func (d *discoverer) observedCall(c ssa.CallInstruction, v ssa.Value, w *sinkWalk, depth int) bool {
	common := c.Common()
	if common.IsInvoke() && common.Value == v {
		return quietResults(common.Signature())
	}
	if b, ok := common.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "len":
			return true
		case "append": // the observers gathered into another slice
			call, ok := c.(*ssa.Call)
			return ok && d.observed(call, w, depth+1)
		}
		return false
	}
	callee := common.StaticCallee()
	if callee == nil || callee.Blocks == nil || !d.prog.Scanned[callee.Pkg] {
		return false
	}
	off := 0
	if common.IsInvoke() {
		off = 1
	}
	defer w.enter(c)()
	for i, arg := range common.Args {
		if arg == v && (i+off >= len(callee.Params) || !d.observed(callee.Params[i+off], w, depth+1)) {
			return false
		}
	}
	return true
}

// quietResults reports whether a method's results say nothing back to its
// caller but failure or a context to carry on with.
func quietResults(sig *types.Signature) bool {
	for i := range sig.Results().Len() {
		t := sig.Results().At(i).Type()
		if isError(t) || isContext(t) {
			continue
		}
		return false
	}
	return true
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// observedRange follows the values a range over the observers yields.
func (d *discoverer) observedRange(r *ssa.Range, w *sinkWalk, depth int) bool {
	for _, ref := range *r.Referrers() {
		next, ok := ref.(*ssa.Next)
		if !ok {
			return false
		}
		for _, nr := range *next.Referrers() {
			ex, ok := nr.(*ssa.Extract)
			if !ok {
				return false
			}
			if ex.Index == 2 && !d.observed(ex, w, depth+1) {
				return false
			}
		}
	}
	return true
}

// observedLoads follows the loads through an element's address.
func (d *discoverer) observedLoads(addr ssa.Value, w *sinkWalk, depth int) bool {
	for _, ref := range *addr.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == addr {
			continue // a write into the location, not a use of what it holds
		}
		if mc, ok := ref.(*ssa.MakeClosure); ok { // a closure shares the variable
			fn := mc.Fn.(*ssa.Function)
			for i, b := range mc.Bindings {
				if b == addr && !d.observedLoads(fn.FreeVars[i], w, depth+1) {
					return false
				}
			}
			continue
		}
		u, ok := ref.(*ssa.UnOp)
		if !ok || u.Op != token.MUL || !d.observed(u, w, depth) {
			return false
		}
	}
	return true
}

// observedStore follows a copy of the value into a field, a global or a
// local variable to the loads of that location.
func (d *discoverer) observedStore(addr ssa.Value, w *sinkWalk, depth int) bool {
	var loads []ssa.Value
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		s := structOf(a.X.Type())
		if s == nil {
			return false
		}
		loads = d.loaded.fields[field{s, a.Field}]
	case *ssa.Global:
		loads = d.loaded.globals[a]
	case *ssa.Alloc:
		return d.observedLoads(a, w, depth+1)
	case *ssa.IndexAddr: // an element of a local array: append's variadic arguments
		arr, ok := a.X.(*ssa.Alloc)
		return ok && d.observed(arr, w, depth+1)
	default:
		return false
	}
	for _, l := range loads {
		if !d.observed(l, w, depth+1) {
			return false
		}
	}
	return true
}

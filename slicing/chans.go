package slicing

import (
	"cmp"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Signal reports whether a receive from ch waits for a signal rather
// than for data: ch is a chan struct{}, or a channel that no analysed
// code sends on and that goes to no other code (a done channel of
// another element type, only ever closed: exitChan chan int). The
// channels a send uses are traced back to where they were made or kept
// (a field, a global, a make) through copies, parameters and captured
// variables; a send on a channel traced to nothing known counts against
// every channel of its type.
func (a *Analysis) Signal(ch ssa.Value) bool {
	c, ok := ch.Type().Underlying().(*types.Chan)
	if !ok {
		return false
	}
	if s, ok := c.Elem().Underlying().(*types.Struct); ok && s.NumFields() == 0 {
		return true
	}
	if a.sentUnknown.At(c.Elem()) != nil {
		return false
	}
	origins, ok := a.allOrigins(ch)
	if !ok {
		return false
	}
	for _, o := range origins {
		if a.sent[o] {
			return false
		}
	}
	return true
}

// allOrigins returns chanOrigins of ch and, for each field or global
// among them, the origins of the channels stored into it, to a fixed
// point: every place the channel may have been made or kept.
func (a *Analysis) allOrigins(ch ssa.Value) ([]any, bool) {
	origins, ok := a.chanOrigins(ch, make(map[ssa.Value]bool), 0)
	if !ok {
		return nil, false
	}
	seen := make(map[any]bool)
	var out []any
	for len(origins) > 0 {
		o := origins[len(origins)-1]
		origins = origins[:len(origins)-1]
		if seen[o] {
			continue
		}
		seen[o] = true
		out = append(out, o)
		var stores []*ssa.Store
		switch o := o.(type) {
		case *ssa.Global:
			stores = a.stores.globals[o]
		case field:
			stores = a.stores.fields[o]
		}
		for _, st := range stores {
			more, ok := a.chanOrigins(st.Val, make(map[ssa.Value]bool), 0)
			if !ok {
				return nil, false
			}
			origins = append(origins, more...)
		}
	}
	return out, true
}

// noteSend records ch, a channel analysed code sends on or hands to
// code that is not analysed, for Signal: by its origins, or by its
// element type when they are unknown. It runs once the call graph is
// built.
func (a *Analysis) noteSend(ch ssa.Value, by *ssa.Function) {
	origins, ok := a.allOrigins(ch)
	if !ok {
		a.sentUnknown.Set(chanElem(ch.Type()), true)
		return
	}
	for _, o := range origins {
		a.sent[o] = true
		if by != nil {
			a.answers(o, by)
		}
	}
}

// answers records that fn sends on or closes the channels of origin o.
func (a *Analysis) answers(o any, fn *ssa.Function) {
	if !slices.Contains(a.senders[o], fn) {
		a.senders[o] = append(a.senders[o], fn)
	}
}

// noteClose records fn as answering on ch, which it closes (a worker
// closing a request's done channel when the work is done), for
// Repliers; a closed channel carries no value, so Signal does not count
// it as sent on.
func (a *Analysis) noteClose(ch ssa.Value, fn *ssa.Function) {
	origins, ok := a.allOrigins(ch)
	if !ok {
		return
	}
	for _, o := range origins {
		a.answers(o, fn)
	}
}

// Repliers returns the analysed functions that answer a receive from ch
// in fn when ch is a reply channel: every channel it may be was made in
// fn itself, afresh on each call, and other functions send on it or
// close it (a request carrying its reply channel to a worker's loop,
// which answers when it has done the work). Nil for any other channel.
func (a *Analysis) Repliers(ch ssa.Value, fn *ssa.Function) []*ssa.Function {
	origins, ok := a.chanOrigins(ch, make(map[ssa.Value]bool), 0)
	if !ok || len(origins) == 0 {
		return nil
	}
	var out []*ssa.Function
	for _, o := range origins {
		m, ok := o.(*ssa.MakeChan)
		if !ok || m.Parent() != fn {
			return nil
		}
		for _, s := range a.senders[o] {
			if s != fn && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	slices.SortFunc(out, func(x, y *ssa.Function) int { return cmp.Compare(x.String(), y.String()) })
	return out
}

// noteSends records, for Signal, the channels fn sends on and those it
// passes to functions that are not analysed (signal.Notify(c), a
// library's worker); and, for Repliers, fn as answering on the channels
// it sends on or closes.
func (a *Analysis) noteSends(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Send:
				a.noteSend(x.Chan, fn)
			case *ssa.Select:
				for _, st := range x.States {
					if st.Dir == types.SendOnly {
						a.noteSend(st.Chan, fn)
					}
				}
			case ssa.CallInstruction:
				common := x.Common()
				if callee := common.StaticCallee(); callee != nil && a.user[callee] {
					continue // a parameter, traced back from the sends in it
				}
				if b, ok := common.Value.(*ssa.Builtin); ok {
					if b.Name() == "close" {
						a.noteClose(common.Args[0], fn)
					}
					continue // close answers but sends nothing (Signal); len, cap
				}
				for _, arg := range common.Args {
					if _, ok := arg.Type().Underlying().(*types.Chan); ok {
						a.noteSend(arg, nil)
					}
				}
			}
		}
	}
}

// maxChanDepth bounds how many parameters and captured variables
// chanOrigins follows back.
const maxChanDepth = 4

// chanOrigins returns where the channel v comes from: the fields and
// globals it was loaded from and the makes that made it, following
// copies, phis, parameters (to the arguments of every analysed call) and
// captured variables. ok is false when some origin is unknown (a call's
// result, a received channel, a parameter of a function called from
// code that is not analysed).
func (a *Analysis) chanOrigins(v ssa.Value, seen map[ssa.Value]bool, depth int) (origins []any, ok bool) {
	if seen[v] {
		return nil, true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.MakeChan:
		return []any{x}, true
	case *ssa.Const:
		return nil, true // nil: a send on it blocks forever
	case *ssa.ChangeType:
		return a.chanOrigins(x.X, seen, depth)
	case *ssa.Convert:
		return a.chanOrigins(x.X, seen, depth)
	case *ssa.Field:
		if s := structOf(x.X.Type()); s != nil {
			return []any{field{s, x.Field}}, true
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil, false
		}
		switch addr := x.X.(type) {
		case *ssa.Global:
			return []any{addr}, true
		case *ssa.FieldAddr:
			if s := structOf(addr.X.Type()); s != nil {
				return []any{field{s, addr.Field}}, true
			}
		case *ssa.Alloc, *ssa.FreeVar:
			// A variable a closure shares: what was stored into it.
			return a.cellOrigins(addr, seen, depth)
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			o, ok := a.chanOrigins(e, seen, depth)
			if !ok {
				return nil, false
			}
			origins = append(origins, o...)
		}
		return origins, true
	case *ssa.Parameter:
		fn := x.Parent()
		callers := a.callers[fn]
		if depth >= maxChanDepth || len(callers) == 0 || a.external[fn] {
			return nil, false
		}
		i := paramIndex(fn, x)
		if i < 0 {
			return nil, false
		}
		for _, c := range callers {
			common := c.Common()
			var arg ssa.Value
			switch {
			case common.IsInvoke() && i == 0:
				arg = common.Value
			case common.IsInvoke():
				arg = common.Args[i-1]
			case i < len(common.Args):
				arg = common.Args[i]
			default:
				return nil, false
			}
			o, ok := a.chanOrigins(arg, seen, depth+1)
			if !ok {
				return nil, false
			}
			origins = append(origins, o...)
		}
		return origins, true
	case *ssa.FreeVar:
		if b, ok := a.binding(x); ok && depth < maxChanDepth {
			return a.chanOrigins(b, seen, depth+1)
		}
	}
	return nil, false
}

// cellOrigins returns the origins of the channels stored into cell, a
// variable (an Alloc, or a captured one's FreeVar).
func (a *Analysis) cellOrigins(cell ssa.Value, seen map[ssa.Value]bool, depth int) ([]any, bool) {
	if fv, ok := cell.(*ssa.FreeVar); ok {
		b, ok := a.binding(fv)
		if !ok || depth >= maxChanDepth {
			return nil, false
		}
		cell, depth = b, depth+1
	}
	alloc, ok := cell.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return nil, false
	}
	var origins []any
	for _, r := range *alloc.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
			o, ok := a.chanOrigins(st.Val, seen, depth)
			if !ok {
				return nil, false
			}
			origins = append(origins, o...)
		}
	}
	return origins, true
}

// binding returns the value the closure making fv's function binds to
// it, when one MakeClosure in the enclosing function makes it.
func (a *Analysis) binding(fv *ssa.FreeVar) (ssa.Value, bool) {
	fn := fv.Parent()
	outer := fn.Parent()
	if outer == nil {
		return nil, false
	}
	i := -1
	for k, f := range fn.FreeVars {
		if f == fv {
			i = k
		}
	}
	var found ssa.Value
	for _, b := range outer.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				if found != nil || i < 0 || i >= len(mc.Bindings) {
					return nil, false
				}
				found = mc.Bindings[i]
			}
		}
	}
	return found, found != nil
}

// paramIndex is p's index in fn.Params.
func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

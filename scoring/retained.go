package scoring

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/slicing"
)

// isNumber reports whether the option's value is a number (a size, a
// count, a duration): what can size memory in proportion to itself.
func isNumber(o *slicing.Option) bool {
	b, ok := valueType(o).(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}

// valueType is the underlying type of the option's value as its sites
// read it, nil when no site has a value: the first site's, unless it
// reads text and another site reads the number it is parsed into (an
// environment variable parsed into the field the rest of the code
// reads; not a bool asking whether it is set). A site reading a pointer
// to a number (an optional *int field, nil for the default) reads that
// number.
func valueType(o *slicing.Option) types.Type {
	var first types.Type
	for _, s := range o.Sites {
		if s.Value == nil {
			continue
		}
		t := s.Value.Type().Underlying()
		if p, ok := t.(*types.Pointer); ok {
			if b, ok := p.Elem().Underlying().(*types.Basic); ok {
				t = b
			}
		}
		if first == nil {
			first = t
		}
		if b, ok := first.(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			return first
		}
		if b, ok := t.(*types.Basic); ok && b.Info()&types.IsNumeric != 0 {
			return t
		}
	}
	return first
}

// retained reports whether the memory v points to outlives the function
// that makes it: v, or a slice, conversion or merge of it, is stored in a
// field, a global or a container, sent on a channel, put in a pool,
// returned, or handed to a call whose result is. A buffer used and dropped within the call is not.
func retained(v ssa.Value) bool { return kept(v, nil) }

// kept reports whether v is retained (see retained). When loop is not
// nil, v is made once per trip of a loop (whose blocks loop says) and
// what is asked is whether each trip's is kept: returning it, or keeping
// it in a variable (one a closure captures too), which the next trip
// overwrites, does not count, nor keeping it in an object made in the
// loop that is not kept; keeping it in one made before the loop (a
// slice the constructor returns) does.
func kept(v ssa.Value, loop func(*ssa.BasicBlock) bool) bool {
	returned := loop == nil
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		if seen[v] || depth > 4 {
			return false
		}
		seen[v] = true
		refs := v.Referrers()
		if refs == nil {
			return false
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Val != v {
					continue
				}
				if alloc, ok := r.Addr.(*ssa.Alloc); ok && (!alloc.Heap || !returned) {
					if load := loadOf(alloc); load != nil && walk(load, depth+1) {
						return true
					}
					continue
				}
				if obj := madeHere(r.Addr); obj != nil && !returned {
					// A field or element of an object made here (a
					// response, a call's variadic arguments): kept if
					// that is, each trip's if it is made in the loop.
					if !loop(obj.Block()) {
						return retained(obj)
					}
					if walk(obj, depth+1) {
						return true
					}
					continue
				}
				return true
			case *ssa.Send, *ssa.MapUpdate:
				return true
			case *ssa.Return:
				if returned {
					return true
				}
			case ssa.CallInstruction:
				if fn := r.Common().StaticCallee(); fn != nil && fn.String() == "(*sync.Pool).Put" {
					return true
				}
				// Wrapped in the value a constructor returns
				// (http2.NewFramer(w, bufio.NewReaderSize(c, n))): kept
				// as long as that value is.
				if call, ok := r.(*ssa.Call); ok && call.Call.Value != v && wraps(call.Type()) && walk(call, depth+1) {
					return true
				}
			case *ssa.Slice, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface, *ssa.Phi, *ssa.Extract:
				if walk(r.(ssa.Value), depth+1) {
					return true
				}
			}
		}
		return false
	}
	return walk(v, 0)
}

// madeHere returns the object made in the function whose field or
// element addr is, or nil.
func madeHere(addr ssa.Value) *ssa.Alloc {
	var x ssa.Value
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		x = a.X
	case *ssa.IndexAddr:
		x = a.X
	}
	obj, _ := x.(*ssa.Alloc)
	return obj
}

// wraps reports whether a call's result of type t can hold what it was
// given: a pointer, an interface, a struct, a slice, map or channel.
func wraps(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Struct, *types.Slice, *types.Map, *types.Chan, *types.Tuple:
		return true
	}
	return false
}

// loadOf is the first load of a local variable, or nil.
func loadOf(alloc *ssa.Alloc) ssa.Value {
	for _, r := range *alloc.Referrers() {
		if u, ok := r.(*ssa.UnOp); ok && u.Op == token.MUL {
			return u
		}
	}
	return nil
}

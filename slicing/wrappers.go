package slicing

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// maxWrapperDepth bounds how many wrappers deep (a wrapper of a wrapper
// of a catalogued function) wrappers finds its way.
const maxWrapperDepth = 4

// wrappers makes the program's own thin wrappers of catalogued key getters
// and flag definitions entries of the catalogue: a function that hands its
// own parameter on as the key (and, defining a flag variable, another
// parameter as the variable) of such a call, and returns what the getter
// read (its value, what was parsed from it, or what a branch on it
// decides; not an error) or the flag's pointer, as projects wrap their
// flag library or the environment:
//
//	func intVarP(fs *pflag.FlagSet, p *int, name string, value int) { fs.IntVarP(p, name, "", value, ""); register(name) }
//	func envInt(name string, def int) int { n, err := strconv.Atoi(os.Getenv(name)); ... }
//
// Its callers then name the options, as calls of the library's function
// do. The call inside it names none, unless the function is also called
// otherwise than statically (through an interface, as a func value),
// where the names are not seen: then it stays a dynamic option too. Only
// a function some static call gives a key it names, directly or through
// wrappers of it, is one: a function handing on keys it is given from
// elsewhere (a range over names) stays what it was. Wrappers of wrappers
// are found in later rounds, to maxWrapperDepth. A function with two such
// calls (a flag and its environment variable) wraps the first.
func (d *discoverer) wrappers() {
	d.wrapped = make(map[*ssa.Function]bool)
	d.wrappedCalls = make(map[*ssa.Call]bool)
	callers := make(map[*ssa.Function][]*ssa.Call)
	for _, call := range d.scannedCalls() {
		if fn := call.Common().StaticCallee(); fn != nil {
			callers[fn] = append(callers[fn], call)
		}
	}
	for range maxWrapperDepth {
		added := false
		for fn, call := range d.scannedCalls() {
			if d.wrapped[fn] || fn.TypeParams().Len() > 0 || fn.Origin() != nil {
				continue
			}
			e, args, ok := d.lookup(call.Common())
			if !ok || e.Chain != "" || e.Key < 0 || e.Key >= len(args) {
				continue
			}
			w := e
			if w.Key = argIndex(fn, args[e.Key]); w.Key < 0 {
				continue
			}
			switch e.role {
			case roleGetter:
				if !returnsRead(fn, call) {
					continue
				}
			case roleFlag:
				if !returnsOnly(fn, call) {
					continue
				}
			case roleFlagVar:
				if e.Var < 0 || e.Var >= len(args) {
					continue
				}
				addr := args[e.Var]
				if mi, ok := addr.(*ssa.MakeInterface); ok {
					addr = mi.X
				}
				if w.Var = argIndex(fn, addr); w.Var < 0 {
					continue
				}
			default:
				continue
			}
			if !d.named(callers, fn, w.Key, maxWrapperDepth) {
				continue
			}
			d.entries[funcName(fn)] = w
			d.wrapped[fn] = true
			if !d.usedAsValue(fn) {
				d.wrappedCalls[call] = true
			}
			added = true
		}
		if !added {
			break
		}
	}
}

// named reports whether a call of fn passes a key that names an option
// as its argument key (not counting a receiver), or hands on a parameter
// of its own that a call of its function names, depth calls up.
func (d *discoverer) named(callers map[*ssa.Function][]*ssa.Call, fn *ssa.Function, key, depth int) bool {
	if depth == 0 {
		return false
	}
	for _, c := range callers[fn] {
		args := c.Call.Args
		if fn.Signature.Recv() != nil {
			args = args[1:]
		}
		if key >= len(args) {
			continue
		}
		if name, ok := d.key(args[key]); ok && name != "" {
			return true
		}
		if i := argIndex(c.Parent(), args[key]); i >= 0 && d.named(callers, c.Parent(), i, depth-1) {
			return true
		}
	}
	return false
}

// pointedTo lists the variables a call's argument a points at: a itself
// (&n), in an interface (any(&n)), or in the array of a variadic call's
// arguments (fmt.Sscan(v, &n) passes []any{&n}).
func pointedTo(a ssa.Value) []*ssa.Alloc {
	unwrap := func(v ssa.Value) *ssa.Alloc {
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		al, _ := v.(*ssa.Alloc)
		return al
	}
	if al := unwrap(a); al != nil {
		return []*ssa.Alloc{al}
	}
	sl, ok := a.(*ssa.Slice)
	if !ok {
		return nil
	}
	array, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []*ssa.Alloc
	for _, r := range *array.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok || ia.Referrers() == nil {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				if al := unwrap(st.Val); al != nil {
					out = append(out, al)
				}
			}
		}
	}
	return out
}

// argIndex is the place of v among fn's parameters, not counting a
// receiver, or -1 when v is none of them.
func argIndex(fn *ssa.Function, v ssa.Value) int {
	p, ok := v.(*ssa.Parameter)
	if !ok || p.Parent() != fn {
		return -1
	}
	params := fn.Params
	if fn.Signature.Recv() != nil {
		if len(params) == 0 || params[0] == p {
			return -1
		}
		params = params[1:]
	}
	for i, q := range params {
		if q == p {
			return i
		}
	}
	return -1
}

// returnsOnly reports whether every return of fn returns v as its only
// result: a flag definition's wrapper hands back the flag's pointer.
func returnsOnly(fn *ssa.Function, v ssa.Value) bool {
	if fn.Signature.Results().Len() != 1 {
		return false
	}
	if _, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Pointer); !ok {
		return false
	}
	n := 0
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if r.Results[0] != v {
				return false
			}
			n++
		}
	}
	return n > 0
}

// inWrapper reports whether call, a catalogued call in fn, is the one
// its wrapper fn hands its parameters to: its callers name the option,
// not this call.
func (d *discoverer) inWrapper(call *ssa.Call) bool {
	return d.wrappedCalls[call]
}

// returnsRead reports whether fn returns what call read: a result of fn,
// the first not an error, is the call's value, computed from it (parsed,
// compared), filled in by a call given it (fmt.Sscan(v, &n)), or chosen
// by a branch on such a value.
func returnsRead(fn *ssa.Function, call *ssa.Call) bool {
	res := fn.Signature.Results()
	if res.Len() == 0 || types.Identical(res.At(0).Type(), errorType) {
		return false
	}
	derived := map[ssa.Value]bool{call: true}
	decided := make(map[*ssa.BasicBlock]bool) // blocks a branch on a derived value leads to
	work := []ssa.Value{call}
	add := func(v ssa.Value) {
		if !derived[v] {
			derived[v] = true
			work = append(work, v)
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			switch x := r.(type) {
			case *ssa.If:
				for _, b := range x.Block().Succs {
					if len(b.Preds) == 1 { // not where the paths join again
						decided[b] = true
					}
				}
			case *ssa.Store:
				if x.Val == v {
					if a, ok := rootAlloc(x.Addr).(*ssa.Alloc); ok {
						add(a) // a variable, or a field or element of one
					}
				}
			case ssa.CallInstruction:
				// What a call given the value fills in (fmt.Sscan(v, &n)).
				for _, a := range x.Common().Args {
					for _, al := range pointedTo(a) {
						add(al)
					}
				}
				if cv := x.Value(); cv != nil {
					add(cv)
				}
			case *ssa.Return:
				for i, r := range x.Results {
					if r == v && !types.Identical(res.At(i).Type(), errorType) {
						return true
					}
				}
			case *ssa.UnOp:
				add(x)
			case ssa.Value:
				if _, isAlloc := x.(*ssa.Alloc); !isAlloc {
					add(x)
				}
			}
		}
	}
	for _, b := range fn.Blocks {
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); !ok {
			continue
		}
		for d := range decided {
			if d.Dominates(b) {
				return true
			}
		}
	}
	return false
}

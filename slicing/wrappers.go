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
// parameter as the variable) of such a call, and returns the getter's
// value or the flag's pointer where the call does, as projects wrap their
// flag library or the environment:
//
//	func intVarP(fs *pflag.FlagSet, p *int, name string, value int) { fs.IntVarP(p, name, "", value, ""); register(name) }
//	func envInt(name string, def int) int { n, err := strconv.Atoi(os.Getenv(name)); ... }
//
// Its callers then name the options, as calls of the library's function
// do, and the call inside it names none. Only a function some call gives
// a key it names, directly or through wrappers of it, is one: a function
// handing on keys it is given from elsewhere (a range over names) stays
// what it was, its own call a dynamic option. Wrappers of wrappers are
// found in later rounds, to maxWrapperDepth.
func (d *discoverer) wrappers() {
	d.wrapped = make(map[*ssa.Function]bool)
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
				if fn.Signature.Results().Len() == 0 {
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

// paramIndex is the place of v among fn's parameters, not counting a
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

// inWrapper reports whether arg, the key of a catalogued call in fn, is a
// parameter of fn, a wrapper: its callers name the option, not this call.
func (d *discoverer) inWrapper(fn *ssa.Function, arg ssa.Value) bool {
	return d.wrapped[fn] && argIndex(fn, arg) >= 0
}

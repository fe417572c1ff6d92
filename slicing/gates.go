package slicing

import (
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"
)

// Feature gates are a set of named features that a flag or a config list
// switches on and the code asks about by name: Enabled(features.Tracing).
// Each gate is one option, named after the gate, read wherever it is
// asked with a constant name. Gate libraries are key getters in the
// catalogue; a project's own gate is recognised by what it does: a
// function answering a bool for one value of a string type by looking
// that value up in a map keyed by the type (or by asking another gate),
// so a set of named features.

// gateFuncs returns the scanned functions that are gates.
func (d *discoverer) gateFuncs() map[*ssa.Function]bool {
	gates := make(map[*ssa.Function]bool)
	for changed := true; changed; {
		changed = false
		for _, fn := range d.funcs {
			if !gates[fn] && gateSignature(fn.Signature) != nil && asksByName(fn, gates) {
				gates[fn] = true
				changed = true
			}
		}
	}
	return gates
}

// gateSignature returns the name type of a gate's signature: one
// parameter (beside a receiver) of a named string type and one bool
// result; nil for any other signature.
func gateSignature(sig *types.Signature) types.Type {
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return nil
	}
	if b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return nil
	}
	t := sig.Params().At(0).Type()
	if _, ok := types.Unalias(t).(*types.Named); !ok || !IsString(t) {
		return nil
	}
	return t
}

// asksByName says whether fn looks its name parameter up in a map keyed
// by the parameter's type, or passes it to a gate.
func asksByName(fn *ssa.Function, gates map[*ssa.Function]bool) bool {
	if len(fn.Params) == 0 {
		return false
	}
	name := fn.Params[len(fn.Params)-1]
	named := func(v ssa.Value) bool { return Unconvert(v) == name }
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Lookup:
				if m, ok := instr.X.Type().Underlying().(*types.Map); ok && named(instr.Index) && types.Identical(m.Key(), name.Type()) {
					return true
				}
			case *ssa.Call:
				if callee := instr.Call.StaticCallee(); callee != nil && gates[origin(callee)] && len(instr.Call.Args) > 0 && named(instr.Call.Args[len(instr.Call.Args)-1]) {
					return true
				}
			}
		}
	}
	return false
}

// gateCall returns the name argument of a call that asks a gate: a call of
// one of gates, or a call through an interface whose method a gate of a
// type implementing the interface provides, or that another module
// declares with a gate's signature (outside says which).
func gateCall(c *ssa.CallCommon, gates map[*ssa.Function]bool, methods map[string][]*ssa.Function, outside func(*types.Func) bool) (ssa.Value, bool) {
	if len(c.Args) == 0 {
		return nil, false
	}
	name := c.Args[len(c.Args)-1]
	if !c.IsInvoke() {
		callee := c.StaticCallee()
		return name, callee != nil && gates[origin(callee)]
	}
	if gateSignature(c.Signature()) == nil {
		return nil, false
	}
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil, false
	}
	if outside(c.Method) {
		// Another module's gate interface (a feature gate library's
		// FeatureGate.Enabled(Feature) bool), whose implementations are
		// not analysed: the shape says it.
		return name, true
	}
	for _, m := range methods[c.Method.Name()] {
		recv := m.Signature.Recv().Type()
		if types.Implements(recv, iface) {
			return name, true
		}
	}
	return nil, false
}

// gates creates an option per feature gate the scanned code asks about
// with a constant name; a name that is not a constant (a gate asked in a
// loop over all of them, a wrapper passing its own parameter on) reads no
// gate in particular and is left out.
func (d *discoverer) gates() {
	gates := d.gateFuncs()
	methods := make(map[string][]*ssa.Function)
	for _, fn := range d.funcs {
		if gates[fn] && fn.Signature.Recv() != nil {
			methods[fn.Name()] = append(methods[fn.Name()], fn)
		}
	}
	outside := func(m *types.Func) bool {
		return m.Pkg() != nil && d.prog.Module != "" && m.Pkg().Path() != d.prog.Module && !strings.HasPrefix(m.Pkg().Path(), d.prog.Module+"/")
	}
	for fn, call := range d.scannedCalls() {
		arg, ok := gateCall(call.Common(), gates, methods, outside)
		if !ok {
			continue
		}
		name, ok := d.key(arg)
		if !ok || name == "" {
			continue
		}
		d.notes.add([]string{name}, "%s: a feature gate, asked at %s", name, d.prog.Position(call.Pos()))
		d.addSite(d.option(name, "gate", "bool"), fn, call, call.Pos(), "")
	}
}

// listGates creates an option per feature a list option switches on by
// naming it: an element of the list compared with a constant (for _, f :=
// range cfg.Features { switch f { case "gzip": ... } }), or the list
// asked whether it holds one (slices.Contains(cfg.Features, "gzip")).
// The gate is named after the feature and read where it is compared.
func (d *discoverer) listGates() {
	for _, name := range slices.Sorted(maps.Keys(d.opts)) {
		list := d.opts[name]
		for _, site := range list.Sites {
			if site.Value == nil || !isStrings(site.Value.Type()) {
				continue
			}
			for feature, at := range namedIn(site.Value) {
				if !strings.ContainsFunc(feature, unicode.IsLetter) {
					continue // a wildcard ("*") or a separator: a pattern the list may hold, not a feature's name
				}
				d.notes.add([]string{feature}, "%s: a feature %s switches on, asked at %s", feature, list.Name, d.prog.Position(at.Pos()))
				d.addSite(d.option(feature, "gate", "bool"), at.Parent(), at, at.Pos(), "")
			}
		}
	}
}

// namedIn yields the features a list is asked for: the constant an element
// of it (at an index that varies: a loop over it) is compared with, with
// the comparison, and the constant a
// slices.Contains call asks, with the call.
func namedIn(list ssa.Value) iter.Seq2[string, ssa.Value] {
	return func(yield func(string, ssa.Value) bool) {
		compared := func(e ssa.Value) bool {
			for _, r := range *e.Referrers() {
				cmp, ok := r.(*ssa.BinOp)
				if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
					continue
				}
				c, ok := otherOperand(cmp, e).(*ssa.Const)
				if ok && c.Value != nil && c.Value.Kind() == constant.String && !yield(constant.StringVal(c.Value), cmp) {
					return false
				}
			}
			return true
		}
		if list.Referrers() == nil {
			return
		}
		for _, r := range *list.Referrers() {
			switch r := r.(type) {
			case *ssa.IndexAddr:
				if _, ok := r.Index.(*ssa.Const); ok {
					continue // list[0] == "x" asks about one element, not whether the list names x
				}
				for _, l := range *r.Referrers() {
					if load, ok := l.(*ssa.UnOp); ok && load.Op == token.MUL && !compared(load) {
						return
					}
				}
			case *ssa.Call:
				if callee := r.Call.StaticCallee(); callee != nil && origin(callee).String() == "slices.Contains" && len(r.Call.Args) == 2 && r.Call.Args[0] == list {
					if c, ok := r.Call.Args[1].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String && !yield(constant.StringVal(c.Value), r) {
						return
					}
				}
			}
		}
	}
}

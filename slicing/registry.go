package slicing

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// minRegistry is how many accessors, each looking up its own constant
// key, make a map of settings a registry.
const minRegistry = 3

// registries creates the options of a registry of settings: a map from
// names to values (map[string]*value, map[string]string) that a field or
// a global holds, filled from the environment or a file, and read by
// accessors that each look up one constant key and return what they find
// (func (c *Options) LogFile() string { return c.opts["LOG_FILE"].str }).
// Each key is an option named by it, read wherever the scanned code looks
// it up by that constant. A map looked up by constants in fewer than
// minRegistry accessors is not a registry: a header looked up once is
// data.
func (d *discoverer) registries() {
	type lookup struct {
		fn  *ssa.Function
		l   *ssa.Lookup
		key string
	}
	byLoc := make(map[any][]lookup)
	var locs []any // in the order of d.funcs: deterministic
	accessors := make(map[any]map[*ssa.Function]bool)
	for _, fn := range d.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				l, ok := instr.(*ssa.Lookup)
				if !ok || l.CommaOk && len(*l.Referrers()) == 0 {
					continue
				}
				c, ok := l.Index.(*ssa.Const)
				if !ok || c.Value == nil || c.Value.Kind() != constant.String || !IsString(l.Index.Type()) {
					continue
				}
				loc := registryLoc(l.X)
				if loc == nil {
					continue
				}
				key := constant.StringVal(c.Value)
				if byLoc[loc] == nil {
					locs = append(locs, loc)
				}
				byLoc[loc] = append(byLoc[loc], lookup{fn, l, key})
				if accessor(fn.Signature) || returnsLookup(fn, l) {
					if accessors[loc] == nil {
						accessors[loc] = make(map[*ssa.Function]bool)
					}
					accessors[loc][fn] = true
				}
			}
		}
	}
	for _, loc := range locs {
		ls := byLoc[loc]
		if len(accessors[loc]) < minRegistry {
			continue
		}
		for _, x := range ls {
			for _, v := range settingValues(x.l) {
				o := d.option(x.key, "registry", typeString(v.Type()))
				d.addSite(o, x.fn, v, v.Pos(), "")
				if accessors[loc][x.fn] && x.fn.Signature.Recv() != nil && x.fn.Signature.Params().Len() == 0 {
					o.Aliases = append(o.Aliases, recvName(x.fn.Signature.Recv().Type())+"."+x.fn.Name())
				}
			}
		}
	}
}

// registryLoc is the field or global a map looked up is kept in, as a
// comparable key; nil for a map from anywhere else.
func registryLoc(x ssa.Value) any {
	u, ok := x.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	m, ok := x.Type().Underlying().(*types.Map)
	if !ok || !IsString(m.Key()) {
		return nil
	}
	switch a := u.X.(type) {
	case *ssa.Global:
		return a
	case *ssa.FieldAddr:
		if s := structOf(a.X.Type()); s != nil {
			return field{s, a.Field}
		}
	}
	return nil
}

// returnsLookup reports whether fn, taking no arguments but its
// receiver, returns what l finds or a field of it: an accessor of one
// setting.
func returnsLookup(fn *ssa.Function, l *ssa.Lookup) bool {
	if fn.Signature.Params().Len() > 0 || fn.Signature.Results().Len() == 0 {
		return false
	}
	vals := settingValues(l)
	for _, b := range fn.Blocks {
		r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for _, res := range r.Results {
			if slices.Contains(vals, res) {
				return true
			}
		}
	}
	return false
}

// settingValues returns the values a lookup of a setting reads: what it
// finds when that is a number, a string or a bool; else the fields of
// the record it finds that the code loads (a parsed value of its type).
func settingValues(l *ssa.Lookup) []ssa.Value {
	v := ssa.Value(l)
	if l.CommaOk {
		v = nil
		for _, r := range *l.Referrers() {
			if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 {
				v = ex
			}
		}
		if v == nil {
			return nil
		}
	}
	if _, basic := v.Type().Underlying().(*types.Basic); basic {
		return []ssa.Value{v}
	}
	var out []ssa.Value
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Field:
			out = append(out, r)
		case *ssa.FieldAddr:
			for _, rr := range *r.Referrers() {
				if u, ok := rr.(*ssa.UnOp); ok && u.Op == token.MUL {
					out = append(out, u)
				}
			}
		}
	}
	return out
}

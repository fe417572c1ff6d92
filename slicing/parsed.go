package slicing

import (
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// parsedKeys finds the settings a program parses from a format of its
// own: a parser that switches on each entry's key and stores the value
// it parses into a field of the object the settings configure
//
//	switch key {
//	case "capacity", "size":
//		n, err := strconv.Atoi(value)
//		...
//		c.capacity = n
//
// (a plugin's block of a configuration file, a connection string, lines
// of an environment file). Such a field is an option, named after it
// (Cache.capacity), with the keys as aliases, read where the field is
// loaded; a field that is an option already gets the keys as aliases.
// Only numbers and bools count, and only values a parser made of the
// entry (configs.Sources.Parsers, such as strconv.Atoi and
// time.ParseDuration, or a type assertion of a decoded value): a
// constant stored under a key is the parser's own choice, and a string
// kept as it is (a name, an address) is not a knob.
func (d *discoverer) parsedKeys() {
	byDecl := make(map[token.Pos]*Option)
	for _, name := range slices.Sorted(maps.Keys(d.opts)) {
		o := d.opts[name]
		for _, p := range o.decls {
			if byDecl[p] == nil {
				byDecl[p] = o
			}
		}
	}
	type parsedField struct {
		f       field
		named   *types.Named
		keys    []string
		parsers map[*ssa.Function]bool
	}
	var found []parsedField
	index := make(map[field]int)
	for _, fn := range d.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				named, s := fieldStruct(fa)
				if named == nil || !d.scanned(named) || !knobType(s.Field(fa.Field).Type()) {
					continue
				}
				keys := caseKeys(b)
				if keys == nil || !d.parsedValue(st.Val, 0) {
					continue
				}
				f := field{s, fa.Field}
				i, ok := index[f]
				if !ok {
					i = len(found)
					index[f] = i
					found = append(found, parsedField{f: f, named: named, parsers: make(map[*ssa.Function]bool)})
				}
				found[i].keys = append(found[i].keys, keys...)
				found[i].parsers[fn] = true
			}
		}
	}
	for _, pf := range found {
		v := pf.f.s.Field(pf.f.i)
		name := pf.named.Obj().Name() + "." + v.Name()
		slices.Sort(pf.keys)
		pf.keys = slices.Compact(pf.keys)
		if o := byDecl[v.Pos()]; o != nil {
			for _, k := range pf.keys {
				d.addAlias(o, k)
			}
			d.notes.add([]string{o.Name}, "%s: also known by the keys %q a parser of the program stores it under", o.Name, pf.keys)
			continue
		}
		if o := d.opts[name]; o != nil {
			name = pf.named.Obj().Pkg().Name() + "." + name // another type of that name is taken
			if d.opts[name] != nil {
				continue
			}
		}
		reads := slices.DeleteFunc(slices.Clone(d.loaded.fields[pf.f]), func(l ssa.Value) bool { return pf.parsers[l.Parent()] })
		if len(reads) == 0 {
			// A reply's field a client parses for its user (a server's
			// CLIENT INFO line): data it hands on, not a setting it runs
			// by.
			d.notes.add([]string{name}, "%s: not an option: a parser of the program stores what it parses of the keys %q into it, but nothing else in the program reads it (data handed on)", name, pf.keys)
			continue
		}
		d.notes.add([]string{name}, "%s: an option: a parser of the program stores what it parses of the keys %q into it", name, pf.keys)
		o := d.option(name, "struct", typeString(v.Type()))
		o.Package = pf.named.Obj().Pkg().Path()
		o.decls = append(o.decls, v.Pos())
		for _, k := range pf.keys {
			d.addAlias(o, k)
		}
		for _, l := range d.loaded.fields[pf.f] {
			d.addSite(o, l.Parent(), l, readPos(l), "")
		}
	}
}

// fieldStruct returns the named struct type whose field fa addresses.
func fieldStruct(fa *ssa.FieldAddr) (*types.Named, *types.Struct) {
	t := types.Unalias(fa.X.Type())
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	named, ok := t.(*types.Named)
	if !ok {
		return nil, nil
	}
	s, ok := named.Underlying().(*types.Struct)
	if !ok || fa.Field >= s.NumFields() {
		return nil, nil
	}
	return named, s
}

// knobType reports whether t is a number or a bool (a duration is one).
func knobType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsNumeric|types.IsBoolean) != 0
}

// caseKeys returns the constant strings whose case b runs in: the keys of
// the nearest block dominating b that only tests of a string against
// constants lead to (a switch's case, case "a", "b": two tests), nil when
// there is none.
func caseKeys(b *ssa.BasicBlock) []string {
	for c := b; c != nil; c = c.Idom() {
		if len(c.Preds) == 0 {
			return nil
		}
		var keys []string
		var subject ssa.Value
		for _, p := range c.Preds {
			key, x, ok := keyTest(p, c)
			if !ok || subject != nil && x != subject {
				keys = nil
				break
			}
			subject = x
			keys = append(keys, key)
		}
		if keys != nil {
			return keys
		}
	}
	return nil
}

// keyTest reports whether p ends in a test x == "key" whose true edge
// goes to c.
func keyTest(p, c *ssa.BasicBlock) (key string, x ssa.Value, ok bool) {
	if len(p.Instrs) == 0 || len(p.Succs) != 2 || p.Succs[0] != c {
		return "", nil, false
	}
	br, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	if !ok {
		return "", nil, false
	}
	cmp, ok := br.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL {
		return "", nil, false
	}
	x, k := cmp.X, cmp.Y
	if _, ok := x.(*ssa.Const); ok {
		x, k = k, x
	}
	kc, ok := k.(*ssa.Const)
	if !ok || kc.Value == nil || kc.Value.Kind() != constant.String {
		return "", nil, false
	}
	if _, ok := x.(*ssa.Const); ok {
		return "", nil, false
	}
	return constant.StringVal(kc.Value), x, true
}

// parsedValue reports whether v is what a parser made of a setting's
// text: a parser's result (strconv.Atoi, time.ParseDuration), a value
// type-asserted out of a decoded one, or computed from those (a count of
// seconds made a duration).
func (d *discoverer) parsedValue(v ssa.Value, depth int) bool {
	if depth > maxParsedDepth {
		return false
	}
	switch v := v.(type) {
	case *ssa.Extract:
		return d.parsedValue(v.Tuple, depth+1)
	case *ssa.Call:
		callee := v.Call.StaticCallee()
		return callee != nil && d.parsers[callee.String()]
	case *ssa.TypeAssert:
		return true
	case *ssa.Convert:
		return d.parsedValue(v.X, depth+1)
	case *ssa.ChangeType:
		return d.parsedValue(v.X, depth+1)
	case *ssa.UnOp:
		return v.Op == token.SUB && d.parsedValue(v.X, depth+1)
	case *ssa.BinOp:
		return d.parsedValue(v.X, depth+1) || d.parsedValue(v.Y, depth+1)
	case *ssa.Phi:
		// The parsed value on one path, a default or the value kept on
		// the others.
		parsed := false
		for _, e := range v.Edges {
			if _, ok := e.(*ssa.Const); ok {
				continue
			}
			if !d.parsedValue(e, depth+1) {
				return false
			}
			parsed = true
		}
		return parsed
	}
	return false
}

// maxParsedDepth bounds how far parsedValue looks back.
const maxParsedDepth = 6

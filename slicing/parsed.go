package slicing

import (
	"fmt"
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
// (Cache.capacity, qualified by its package where another option has
// that name), with the keys as aliases, read where the field is loaded;
// a field that is an option already gets the keys as aliases. A key
// several fields are parsed under (ttl in every plugin's block) is an
// alias of none. Only numbers and bools count, and only values a parser
// made of the entry (configs.Sources.Parsers, such as strconv.Atoi and
// time.ParseDuration, or a type assertion of a decoded value), under the
// case of the parsing itself: a constant stored under a key is the
// parser's own choice, and a string kept as it is (a name, an address)
// is not a knob. Nor is a field of a variable the parsing function keeps
// to itself (a command's arguments parsed and used in place), or one
// nothing reads but the parser's own cases (a reply handed on to the
// caller).
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
				if local(fa.X) {
					continue // a variable of one call's (a command's arguments): data
				}
				at := d.parsedAt(st.Val, 0)
				if at == nil {
					continue
				}
				// The keys of the case the parsing happens in: a test
				// of the value itself under it (if unit == "ms") is not
				// a key.
				keys := caseKeys(at)
				if keys == nil {
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
	// A key several fields are parsed under (ttl in each plugin's block)
	// names none of them: it would make an ambiguous alias.
	fields := make(map[string]int)
	for i := range found {
		slices.Sort(found[i].keys)
		found[i].keys = slices.Compact(found[i].keys)
		for _, k := range found[i].keys {
			fields[k]++
		}
	}
	for _, pf := range found {
		v := pf.f.s.Field(pf.f.i)
		name := pf.named.Obj().Name() + "." + v.Name()
		shared := slices.DeleteFunc(slices.Clone(pf.keys), func(k string) bool { return fields[k] == 1 })
		pf.keys = slices.DeleteFunc(pf.keys, func(k string) bool { return fields[k] > 1 })
		// The note names every key; those another field is parsed
		// under too are no alias, and it says so.
		keys := fmt.Sprintf("the keys %q", slices.Sorted(slices.Values(append(slices.Clone(pf.keys), shared...))))
		shares := ""
		if len(shared) > 0 {
			shares = fmt.Sprintf(" (other fields are parsed under %q too, so it is no alias of them)", shared)
		}
		if o := byDecl[v.Pos()]; o != nil {
			for _, k := range pf.keys {
				d.addAlias(o, k)
			}
			if len(pf.keys) > 0 {
				d.notes.add([]string{o.Name}, "%s: also known by the keys %q a parser of the program stores it under", o.Name, pf.keys)
			}
			continue
		}
		// Another type of that name is taken: qualified by its package's
		// name, then by its import path.
		for _, q := range []string{pf.named.Obj().Pkg().Name() + "." + name, pf.named.Obj().Pkg().Path() + "." + name} {
			if d.opts[name] == nil && d.aliases[name] == nil {
				break
			}
			name = q
		}
		if d.opts[name] != nil || d.aliases[name] != nil {
			d.notes.add([]string{name}, "%s: not an option: its name is another option's", name)
			continue
		}
		// Reads in the parser's own cases are its checks of what it
		// parsed; a read after them (building the object from it) is
		// the program's.
		reads := slices.DeleteFunc(slices.Clone(d.loaded.fields[pf.f]), func(l ssa.Value) bool {
			in, ok := l.(ssa.Instruction)
			return !ok || pf.parsers[l.Parent()] && caseKeys(in.Block()) != nil
		})
		if len(reads) == 0 {
			// A reply's field a client parses for its user (a server's
			// CLIENT INFO line): data it hands on, not a setting it runs
			// by.
			d.notes.add([]string{name}, "%s: not an option: a parser of the program stores what it parses of %s into it%s, but nothing else in the program reads it (data handed on)", name, keys, shares)
			continue
		}
		d.notes.add([]string{name}, "%s: an option: a parser of the program stores what it parses of %s into it%s", name, keys, shares)
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

// keyTest reports whether p ends in a test that x is "key" whose
// passing edge goes to c: x == "key" (its true edge), x != "key" (its
// false edge: if key != "burst" { continue }), or
// strings.EqualFold(x, "key").
func keyTest(p, c *ssa.BasicBlock) (key string, x ssa.Value, ok bool) {
	if len(p.Instrs) == 0 || len(p.Succs) != 2 {
		return "", nil, false
	}
	br, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
	if !ok {
		return "", nil, false
	}
	var operands []ssa.Value
	pass := p.Succs[0]
	switch cond := br.Cond.(type) {
	case *ssa.BinOp:
		switch cond.Op {
		case token.EQL:
		case token.NEQ:
			pass = p.Succs[1]
		default:
			return "", nil, false
		}
		operands = []ssa.Value{cond.X, cond.Y}
	case *ssa.Call:
		if callee := cond.Call.StaticCallee(); callee == nil || callee.String() != "strings.EqualFold" {
			return "", nil, false
		}
		operands = cond.Call.Args
	default:
		return "", nil, false
	}
	if pass != c || len(operands) != 2 {
		return "", nil, false
	}
	x, k := operands[0], operands[1]
	if _, ok := x.(*ssa.Const); ok {
		x, k = k, x
	}
	kc, ok := k.(*ssa.Const)
	if !ok || kc.Value == nil || kc.Value.Kind() != constant.String || constant.StringVal(kc.Value) == "" {
		return "", nil, false // not a key: whether a value is empty
	}
	if _, ok := x.(*ssa.Const); ok {
		return "", nil, false
	}
	return constant.StringVal(kc.Value), x, true
}

// parsedAt returns where v was made by a parser of a setting's text: the
// block of a parser's call (strconv.Atoi, time.ParseDuration) or of a
// type assertion of a decoded value, which v is or is computed from (a
// count of seconds made a duration); nil when it was not.
func (d *discoverer) parsedAt(v ssa.Value, depth int) *ssa.BasicBlock {
	if depth > maxParsedDepth {
		return nil
	}
	switch v := v.(type) {
	case *ssa.Extract:
		return d.parsedAt(v.Tuple, depth+1)
	case *ssa.Call:
		if callee := v.Call.StaticCallee(); callee != nil && d.parsers[callee.String()] {
			return v.Block()
		}
	case *ssa.TypeAssert:
		return v.Block()
	case *ssa.Convert:
		return d.parsedAt(v.X, depth+1)
	case *ssa.ChangeType:
		return d.parsedAt(v.X, depth+1)
	case *ssa.UnOp:
		if v.Op == token.SUB || v.Op == token.NOT {
			return d.parsedAt(v.X, depth+1)
		}
	case *ssa.BinOp:
		if b := d.parsedAt(v.X, depth+1); b != nil {
			return b
		}
		return d.parsedAt(v.Y, depth+1)
	case *ssa.Phi:
		// The parsed value on one path, a default or the value the
		// field had (n := s.shards; if v != "" { n, _ = strconv.Atoi(v) })
		// on the others.
		var at *ssa.BasicBlock
		for _, e := range v.Edges {
			if _, ok := e.(*ssa.Const); ok {
				continue
			}
			if u, ok := e.(*ssa.UnOp); ok && u.Op == token.MUL {
				if _, ok := u.X.(*ssa.FieldAddr); ok {
					continue
				}
			}
			b := d.parsedAt(e, depth+1)
			if b == nil {
				return nil
			}
			at = b
		}
		return at
	}
	return nil
}

// local reports whether x is a variable of the function it is in that
// nothing outside it sees (a command's arguments parsed and used in
// place): go/ssa keeps it in the function's frame.
func local(x ssa.Value) bool {
	a, ok := x.(*ssa.Alloc)
	return ok && !a.Heap
}

// maxParsedDepth bounds how far parsedValue looks back.
const maxParsedDepth = 6

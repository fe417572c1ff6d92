package slicing

import (
	"cmp"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"slices"
	"strings"

	"github.com/confhunt/confhunt/configs"
	"golang.org/x/tools/go/ssa"
)

// lookup returns the catalogue entry for the function a call invokes and
// the call's arguments without the receiver.
func (d *discoverer) lookup(c *ssa.CallCommon) (entry, []ssa.Value, bool) {
	if c.IsInvoke() { // a method of a named interface
		e, ok := d.entries[methodName(c)]
		return e, c.Args, ok
	}
	callee := c.StaticCallee()
	if callee == nil {
		return entry{}, nil, false
	}
	callee = origin(callee)
	e, ok := d.entries[funcName(callee)]
	if !ok {
		return entry{}, nil, false
	}
	args := c.Args
	if callee.Signature.Recv() != nil && len(args) > 0 {
		args = args[1:]
	}
	return e, args, true
}

// calleeName is the short name of the function or interface method c calls.
func calleeName(c *ssa.CallCommon) string {
	if c.IsInvoke() {
		return c.Method.Name()
	}
	return c.StaticCallee().Name()
}

// funcName names fn as the catalogue does: "pkg.Func", "pkg.(*T).Method"
// or "pkg.T.Method".
func funcName(fn *ssa.Function) string {
	recv := fn.Signature.Recv()
	if recv == nil || fn.Pkg == nil && fn.Object() == nil {
		return fn.String()
	}
	if name, ok := receiverName(recv.Type(), fn.Name()); ok {
		return name
	}
	return fn.String()
}

// receiverName names the method called name of receiver type t as the
// catalogue does: "pkg.(*T).Method" or "pkg.T.Method"; false when t is
// not a named type of a package.
func receiverName(t types.Type, name string) (string, bool) {
	star := ""
	if p, ok := t.(*types.Pointer); ok {
		t, star = p.Elem(), "*"
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", false
	}
	if star != "" {
		return n.Obj().Pkg().Path() + ".(*" + n.Obj().Name() + ")." + name, true
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + name, true
}

// key resolves a key argument to a string: constants, concatenations of
// resolvable strings, phis whose edges all agree, and string globals
// stored exactly once with a resolvable value.
func (d *discoverer) key(v ssa.Value) (string, bool) {
	return d.resolve(v, 0)
}

func (d *discoverer) resolve(v ssa.Value, depth int) (string, bool) {
	if depth > 8 {
		return "", false
	}
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil && v.Value.Kind() == constant.String {
			return constant.StringVal(v.Value), true
		}
	case *ssa.BinOp:
		if v.Op == token.ADD {
			x, ok1 := d.resolve(v.X, depth+1)
			y, ok2 := d.resolve(v.Y, depth+1)
			return x + y, ok1 && ok2
		}
	case *ssa.Phi:
		var out string
		for i, e := range v.Edges {
			s, ok := d.resolve(e, depth+1)
			if !ok || (i > 0 && s != out) {
				return "", false
			}
			out = s
		}
		return out, len(v.Edges) > 0
	case *ssa.ChangeType:
		return d.resolve(v.X, depth+1)
	case *ssa.Convert:
		if IsString(v.Type()) && IsString(v.X.Type()) {
			return d.resolve(v.X, depth+1)
		}
	case *ssa.UnOp:
		if g, ok := v.X.(*ssa.Global); ok && v.Op == token.MUL {
			if stores := d.globalStore[g]; len(stores) == 1 {
				return d.resolve(stores[0].Val, depth+1)
			}
		}
	}
	return "", false
}

// IsString reports whether t's underlying type is a string type.
func IsString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// keyCalls creates the options of key getters and declared accessors.
func (d *discoverer) keyCalls() {
	var own map[string]bool
	for fn, call := range d.scannedCalls() {
		e, args, ok := d.lookup(call.Common())
		if !ok || e.role != roleGetter || e.Key < 0 || e.Key >= len(args) || d.inWrapper(call) {
			continue
		}
		if e.Style == "env" {
			if own == nil {
				own = d.ownEnv()
			}
			if name, ok := d.key(args[e.Key]); ok && own[name] {
				continue // the program tells its own processes (a child's mode), not its user
			}
		}
		typ := resultType(call)
		if d.untyped[calleeName(call.Common())] {
			typ = "" // Exists or Get says nothing of the option's type
		}
		o := d.keyOption(call, args[e.Key], e.Style, typ)
		d.notes.count(e.Func.Func)
		if o.Type == "" {
			o.Type = typ
		}
		d.addSite(o, fn, call, call.Pos(), "")
	}
}

// ownEnv returns the environment variables the program writes entries
// of itself ("NAME=" begins a string constant of its code: an entry it
// puts in a child process's environment, as a prefork parent marks its
// children).
func (d *discoverer) ownEnv() map[string]bool {
	own := make(map[string]bool)
	var ops []*ssa.Value
	for _, fn := range d.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					c, ok := (*op).(*ssa.Const)
					if !ok || c.Value == nil || c.Value.Kind() != constant.String {
						continue
					}
					if name, _, ok := strings.Cut(constant.StringVal(c.Value), "="); ok && envName(name) {
						own[name] = true
					}
				}
			}
		}
	}
	return own
}

// envName says whether s looks like an environment variable's name:
// capitals, digits and underscores, beginning with a letter.
func envName(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for _, r := range s {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') && r != '_' {
			return false
		}
	}
	return true
}

// keyOption returns the option a key argument names; an unresolved key
// gives a dynamic option named after the call's site.
func (d *discoverer) keyOption(call ssa.CallInstruction, arg ssa.Value, style, typ string) *Option {
	name, ok := d.key(arg)
	if !ok || name == "" {
		pos := d.prog.Fset.Position(call.Pos())
		name = fmt.Sprintf("%s@%s:%d", calleeName(call.Common()), d.prog.relPos(pos.Filename), pos.Line)
		o := d.option(name, style, typ)
		o.Dynamic = true
		return o
	}
	return d.option(name, style, typ)
}

// resultType is the type of a call's value; the first of a tuple.
func resultType(call *ssa.Call) string {
	t := call.Type()
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() == 0 {
			return ""
		}
		t = tup.At(0).Type()
	}
	return typeString(t)
}

// flags creates the options of flag definitions; their reads are the
// loads of the pointer a definition returns or of the variable it binds.
func (d *discoverer) flags() {
	for fn, call := range d.scannedCalls() {
		e, args, ok := d.lookup(call.Common())
		if !ok || (e.role != roleFlag && e.role != roleFlagVar) {
			continue
		}
		keyArgs := args
		if e.Chain != "" {
			if keyArgs, ok = d.chainStart(call.Common(), e.ChainNames()); !ok {
				continue
			}
		}
		if e.Key >= len(keyArgs) || d.inWrapper(call) {
			continue
		}
		var addr ssa.Value = call
		if e.role == roleFlagVar {
			if e.Var >= len(args) {
				continue
			}
			addr = args[e.Var]
			if mi, ok := addr.(*ssa.MakeInterface); ok { // flag.Var(value, name, usage)
				addr = mi.X
			}
		}
		name, named := d.key(keyArgs[e.Key])
		d.bind(fn, addr, name, named, call.Pos(), func(typ string) *Option {
			return d.keyOption(call, keyArgs[e.Key], e.Style, typ)
		})
	}
}

// flagStructs binds the flags declared as struct literals of the
// catalogue's flag types (Sources.FlagStructs), &cli.IntFlag{Name:
// "workers", Destination: &cfg.Workers}, to the variable their
// Destination points at. A flag whose name is no constant is left out.
func (d *discoverer) flagStructs() {
	flagTypes := configs.NameSet(d.src.FlagStructs)
	if len(flagTypes) == 0 {
		return
	}
	for _, fn := range d.funcs {
		for st, fa := range fieldStores(fn) {
			if !flagTypes[pointee(fa.X.Type())] || fieldName(fa) != "Destination" {
				continue
			}
			var name string // set in the same literal: the same function
			for ns, nf := range fieldStores(fn) {
				if nf.X == fa.X && fieldName(nf) == "Name" {
					name, _ = d.key(ns.Val)
				}
			}
			if name == "" {
				continue
			}
			d.bind(fn, st.Val, name, true, st.Pos(), func(typ string) *Option {
				return d.option(name, "flag", typ)
			})
		}
	}
}

// bind makes the flag name, declared at pos and setting the variable addr
// points at, an option. A flag bound to a configuration field is that
// field's option, with the flag's name (when named) as an alias; another
// variable is an option of its own, made by newOption and read wherever
// the variable is.
func (d *discoverer) bind(fn *ssa.Function, addr ssa.Value, name string, named bool, pos token.Pos, newOption func(typ string) *Option) {
	typ := ""
	if p, ok := addr.Type().Underlying().(*types.Pointer); ok {
		typ = typeString(p.Elem())
	}
	if fa, ok := addr.(*ssa.FieldAddr); ok {
		if o := d.fieldOption(fa); o != nil {
			if named {
				d.addAlias(o, name)
			}
			o.decls = append(o.decls, pos)
			return
		}
	}
	o := newOption(typ)
	o.decls = append(o.decls, pos)
	if o.Package == "" {
		o.Package = fn.Pkg.Pkg.Path()
	}
	for _, v := range d.loads(addr, make(map[ssa.Value]bool)) {
		d.addSite(o, v.Parent(), v, readPos(v), "")
	}
}

// fieldName is the name of the field fa addresses, or "".
func fieldName(fa *ssa.FieldAddr) string {
	s := structOf(fa.X.Type())
	if s == nil {
		return ""
	}
	return s.Field(fa.Field).Name()
}

// pointee names the type t points at, "pkg.Type" (a generic type's
// instances by the generic type), or "".
func pointee(t types.Type) string {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return ""
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	obj := named.Origin().Obj()
	return obj.Pkg().Path() + "." + obj.Name()
}

// chainStart follows a builder chain back from its terminal call c, through
// the receivers of methods and embedded fields, to a call of one of
// starts, and returns that call's arguments (without a receiver).
func (d *discoverer) chainStart(c *ssa.CallCommon, starts []string) ([]ssa.Value, bool) {
	if len(c.Args) == 0 {
		return nil, false
	}
	v := c.Args[0]
	for range 32 {
		switch x := v.(type) {
		case *ssa.FieldAddr: // a method promoted from an embedded field
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil, false
			}
			v = x.X
		case *ssa.Call:
			callee := x.Call.StaticCallee()
			if callee == nil {
				return nil, false
			}
			callee = origin(callee)
			args := x.Call.Args
			recv := callee.Signature.Recv() != nil
			if slices.Contains(starts, funcName(callee)) {
				if recv && len(args) > 0 {
					args = args[1:]
				}
				return args, true
			}
			if !recv || len(args) == 0 {
				return nil, false
			}
			v = args[0] // a step of the chain: .Default("1"), .Envar("X")
		default:
			return nil, false
		}
	}
	return nil, false
}

// fieldOption returns the option of the configuration field fa addresses.
func (d *discoverer) fieldOption(fa *ssa.FieldAddr) *Option {
	s := structOf(fa.X.Type())
	si := d.config[s]
	if si == nil {
		return nil
	}
	return d.opts[si.name+"."+s.Field(fa.Field).Name()]
}

// loads returns the values read through the address addr: direct loads,
// and loads of copies of addr kept in globals, fields, locals, closures
// and parameters of statically called functions.
func (d *discoverer) loads(addr ssa.Value, seen map[ssa.Value]bool) []ssa.Value {
	if seen[addr] {
		return nil
	}
	seen[addr] = true
	switch a := addr.(type) {
	case *ssa.Global:
		return d.loaded.globals[a]
	case *ssa.FieldAddr:
		if s := structOf(a.X.Type()); s != nil {
			return d.loaded.fields[field{s, a.Field}]
		}
	}
	var out []ssa.Value
	refs := addr.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op == token.MUL && r.X == addr {
				out = append(out, r)
			}
		case *ssa.Store:
			if r.Val == addr { // the pointer is kept somewhere: follow its loads
				for _, copy := range d.loads(r.Addr, seen) {
					out = append(out, d.loads(copy, seen)...)
				}
			}
		case *ssa.Phi:
			out = append(out, d.loads(r, seen)...)
		case *ssa.MakeClosure:
			fn := r.Fn.(*ssa.Function)
			for i, b := range r.Bindings {
				if b == addr {
					out = append(out, d.loads(fn.FreeVars[i], seen)...)
				}
			}
		case ssa.CallInstruction:
			callee := r.Common().StaticCallee()
			if callee == nil || callee.Blocks == nil || !d.prog.Scanned[callee.Pkg] {
				continue
			}
			for i, a := range r.Common().Args {
				if a == addr && i < len(callee.Params) {
					out = append(out, d.loads(callee.Params[i], seen)...)
				}
			}
		}
	}
	return out
}

// String names a site for messages: position and short function name.
func (s Site) String() string {
	return s.Pos + " in " + ShortName(s.Func)
}

// ShortName names fn by its package name rather than path:
// "store.(*Store).Compact$1".
func ShortName(fn *ssa.Function) string {
	if fn.Pkg == nil {
		return fn.String()
	}
	return fn.Pkg.Pkg.Name() + "." + strings.TrimPrefix(fn.RelString(fn.Pkg.Pkg), fn.Pkg.Pkg.Path()+".")
}

// FullName names fn by its package path, as the catalogue does:
// "example.com/kv/store.(*Store).Compact$1".
func FullName(fn *ssa.Function) string {
	if fn.Parent() != nil {
		return FullName(fn.Parent()) + strings.TrimPrefix(fn.Name(), fn.Parent().Name())
	}
	return funcName(fn)
}

// mergeStored merges an option read by a key, a flag or the environment
// into the configuration field it is stored into (cfg.Workers = n, where
// n came from os.Getenv("APP_WORKERS") or a flag): one setting, two names.
func (d *discoverer) mergeStored() {
	for _, name := range slices.Sorted(maps.Keys(d.opts)) {
		o := d.opts[name]
		if o.Style == "struct" || o.Style == "declared" {
			continue
		}
		var target *Option
		ambiguous := false
		for _, site := range o.Sites {
			for _, t := range d.storedInto(site.Value) {
				if target != nil && t != target {
					ambiguous = true
				}
				target = t
			}
		}
		if target == nil || ambiguous || target == o {
			continue
		}
		d.notes.add(append([]string{o.Name}, o.Aliases...), "%s: merged into %s: the value read is stored into that field, one setting with two names", o.Name, target.Name)
		d.addAlias(target, o.Name)
		for _, a := range o.Aliases {
			d.addAlias(target, a)
		}
		target.Sites = append(target.Sites, o.Sites...)
		target.decls = append(target.decls, o.decls...)
		delete(d.opts, name)
	}
}

// storedCopies yields the stores of v, and of v converted from one number
// type to another (int64(cfg.BatchBytes)), which copies it unchanged;
// converted says which.
func storedCopies(v ssa.Value) iter.Seq2[*ssa.Store, bool] {
	return func(yield func(*ssa.Store, bool) bool) {
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Val == v && !yield(r, false) {
					return
				}
			case *ssa.Convert:
				if !isNumber(r.X.Type()) || !isNumber(r.Type()) || r.Referrers() == nil {
					continue
				}
				for _, rr := range *r.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Val == r && !yield(st, true) {
						return
					}
				}
			}
		}
	}
}

func isNumber(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}

// isBool reports whether t is a boolean type.
func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// mergeCopies merges the options of configuration fields whose values are
// copied, unchanged, into a field of the same type of another
// configuration struct, of the same name or set by nothing else (an
// internal options struct built field by field from the public one, or
// one options type converted into another), or flags raising a flag of
// the same name in another (if s.X { conf.X = true }): they are one
// setting. So are options of the same name and type that are the only values of one
// unexported field of the module's own state. The option that is copied
// into but never copied on keeps its name; the others become its aliases.
func (d *discoverer) mergeCopies() {
	names := make([]string, 0, len(d.opts))
	for name, o := range d.opts {
		if o.Style == "struct" || o.Style == "declared" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	parent := make(map[*Option]*Option)
	var find func(o *Option) *Option
	find = func(o *Option) *Option {
		for parent[o] != nil && parent[o] != o {
			o = parent[o]
		}
		return o
	}
	copiedOn := make(map[*Option]bool)
	// join makes o, copied into t, one setting with it.
	join := func(o, t *Option) {
		copiedOn[o] = true
		if a, b := find(o), find(t); a != b {
			parent[a] = b
		}
	}
	// Options of the same name and type copied into the same field of
	// the module's own state (a server's and a client's threshold into
	// the connection's): one setting, when nothing else sets that field.
	into := make(map[field][]*Option)
	held := make(map[field]map[ssa.Value]bool)
	var fields []field
	for _, name := range names {
		o := d.opts[name]
		values := d.holding(o)
		for _, v := range slices.SortedFunc(maps.Keys(values), compareValues) {
			if v.Referrers() == nil {
				continue
			}
			for st, converted := range storedCopies(v) {
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				t := d.fieldOption(fa)
				if t == nil && !converted {
					f := field{structOf(fa.X.Type()), fa.Field}
					if len(into[f]) == 0 {
						fields = append(fields, f)
						held[f] = make(map[ssa.Value]bool)
					}
					if !slices.Contains(into[f], o) {
						into[f] = append(into[f], o)
						maps.Copy(held[f], values)
					}
					continue
				}
				if t == nil || t == o || t.Type != o.Type && !converted {
					continue
				}
				if !strings.EqualFold(lastSegment(t.Name), lastSegment(o.Name)) && !d.onlyCopies(fa, values) {
					continue
				}
				join(o, t)
			}
			// A flag that raises a flag of the same name (if s.X {
			// conf.X = true }) copies itself where that is false.
			for _, fa := range raisedFlags(v) {
				t := d.fieldOption(fa)
				if t != nil && t != o && t.Type == o.Type && strings.EqualFold(lastSegment(t.Name), lastSegment(o.Name)) {
					join(o, t)
				}
			}
		}
	}
	for _, f := range fields {
		opts := into[f]
		other := func(o *Option) bool {
			return o.Type != opts[0].Type || !strings.EqualFold(lastSegment(o.Name), lastSegment(opts[0].Name))
		}
		if len(opts) < 2 || f.s == nil || slices.ContainsFunc(opts, other) || !d.writtenOnlyBy(f, held[f]) {
			continue
		}
		for _, o := range opts[1:] {
			copiedOn[o], copiedOn[opts[0]] = true, true
			a, b := find(o), find(opts[0])
			if a != b {
				parent[a] = b
			}
		}
	}
	groups := make(map[*Option][]*Option)
	for _, name := range names {
		o := d.opts[name]
		if parent[o] != nil {
			groups[find(o)] = append(groups[find(o)], o)
		}
	}
	roots := make([]*Option, 0, len(groups))
	for r := range groups {
		roots = append(roots, r)
	}
	slices.SortFunc(roots, func(a, b *Option) int { return strings.Compare(a.Name, b.Name) })
	for _, r := range roots {
		members := append(groups[r], r)
		slices.SortFunc(members, func(a, b *Option) int {
			return cmp.Or(cmpBool(copiedOn[a], copiedOn[b]), strings.Compare(a.Name, b.Name))
		})
		members = slices.Compact(members)
		keep := members[0]
		for _, o := range members[1:] {
			d.notes.add(append([]string{o.Name}, o.Aliases...), "%s: merged into %s: its value is copied unchanged into a field of the same name or set by nothing else, one setting", o.Name, keep.Name)
			d.addAlias(keep, o.Name)
			for _, a := range o.Aliases {
				d.addAlias(keep, a)
			}
			keep.Sites = append(keep.Sites, o.Sites...)
			keep.decls = append(keep.decls, o.decls...)
			delete(d.opts, o.Name)
		}
	}
}

// raisedFlags returns the fields the then side of a test of v, a bool,
// sets to true, in the block the test leads to only (if s.X { conf.X =
// true }).
func raisedFlags(v ssa.Value) []*ssa.FieldAddr {
	if !isBool(v.Type()) {
		return nil
	}
	var out []*ssa.FieldAddr
	for _, r := range *v.Referrers() {
		br, ok := r.(*ssa.If)
		if !ok || br.Cond != v {
			continue
		}
		then := br.Block().Succs[0]
		if len(then.Preds) != 1 {
			continue
		}
		for _, instr := range then.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || !flag(st.Val) || !constant.BoolVal(st.Val.(*ssa.Const).Value) {
				continue
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
				out = append(out, fa)
			}
		}
	}
	return out
}

// holding returns the values that hold o's value unchanged: its reads,
// and the parameters of the functions every scanned call of which passes
// one of them in that place (a constructor New(window, percentiles)
// called only with the option), so that a field set from such a
// parameter is a copy too.
func (d *discoverer) holding(o *Option) map[ssa.Value]bool {
	values := make(map[ssa.Value]bool, len(o.Sites))
	for _, site := range o.Sites {
		if site.Value != nil {
			values[site.Value] = true
		}
	}
	reads := slices.SortedFunc(maps.Keys(values), compareValues)
	for _, v := range reads {
		if v.Referrers() == nil {
			continue
		}
		for _, r := range *v.Referrers() {
			call, ok := r.(*ssa.Call)
			if !ok {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil || callee.Parent() != nil || len(callee.Params) != len(call.Call.Args) {
				continue
			}
			for i, a := range call.Call.Args {
				p := callee.Params[i]
				if a != v || values[p] {
					continue
				}
				calls := d.calls[origin(callee)]
				all := len(calls) > 0
				for _, c := range calls {
					all = all && len(c.Call.Args) > i && values[c.Call.Args[i]]
				}
				if all {
					values[p] = true
				}
			}
		}
	}
	return values
}

// compareValues orders SSA values by position, then name.
func compareValues(a, b ssa.Value) int {
	return cmp.Or(cmp.Compare(a.Pos(), b.Pos()), strings.Compare(a.Name(), b.Name()))
}

// onlyCopies says whether the field fa addresses is one only the module
// sets (unexported, of an unexported type, or in an internal package)
// and every store into it is a copy of one of values (an option's reads
// and the parameters holding them, see holding): a field of another
// name that nothing else sets (an internal struct built field by field
// from the options) holds the option.
func (d *discoverer) onlyCopies(fa *ssa.FieldAddr, values map[ssa.Value]bool) bool {
	if !inside(fa) {
		return false
	}
	for _, st := range d.written[field{structOf(fa.X.Type()), fa.Field}] {
		v := st.Val
		if c, ok := v.(*ssa.Convert); ok && isNumber(c.X.Type()) && isNumber(c.Type()) {
			v = c.X
		}
		if !values[v] {
			return false
		}
	}
	return true
}

// writtenOnlyBy reports whether every store into f, a field no user of
// the module can name, stores one of values.
func (d *discoverer) writtenOnlyBy(f field, values map[ssa.Value]bool) bool {
	if f.s.Field(f.i).Exported() {
		return false
	}
	stores := d.written[f]
	for _, st := range stores {
		if !values[st.Val] {
			return false
		}
	}
	return len(stores) > 0
}

// inside says whether only the module can set the field fa addresses:
// users of the module cannot name it.
func inside(fa *ssa.FieldAddr) bool {
	s := structOf(fa.X.Type())
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if s == nil || !ok {
		return false // a type parameter's field: nothing to say
	}
	if !s.Field(fa.Field).Exported() {
		return true
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || !named.Obj().Exported() || named.Obj().Pkg() == nil {
		return true
	}
	path := named.Obj().Pkg().Path()
	return strings.HasSuffix(path, "/internal") || strings.Contains(path, "/internal/") || strings.HasPrefix(path, "internal/")
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

func lastSegment(name string) string {
	return name[strings.LastIndex(name, ".")+1:]
}

// storedInto returns the configuration field options v (or its parsed or
// converted form) is stored into.
func (d *discoverer) storedInto(v ssa.Value) []*Option {
	var out []*Option
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if depth > 4 || seen[v] || v.Referrers() == nil {
			return
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if fa, ok := r.Addr.(*ssa.FieldAddr); ok && r.Val == v {
					if o := d.fieldOption(fa); o != nil {
						out = append(out, o)
					}
				}
			case *ssa.Convert:
				walk(r, depth+1)
			case *ssa.ChangeType:
				walk(r, depth+1)
			case *ssa.Extract:
				if r.Index == 0 {
					walk(r, depth+1)
				}
			case *ssa.Call:
				if callee := r.Call.StaticCallee(); callee != nil && d.parsers[callee.String()] {
					walk(r, depth+1)
				}
			}
		}
	}
	walk(v, 0)
	return out
}

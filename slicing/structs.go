package slicing

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// structInfo describes a configuration struct type.
type structInfo struct {
	s       *types.Struct
	named   *types.Named // nil for a struct literal type nested in another
	pkg     *types.Package
	pos     token.Pos
	why     string  // "tag", "name", "declared", "unmarshal", "params", "nested", "object", "funcopt", "percall"
	prefix  string  // key prefix given by an Unmarshal call
	parents []field // fields of configuration structs whose type is this one

	name string // display name, filled in by names
	via  string // when it differs, its path through the fields it is nested in (see nestedIn), filled in by names
}

// structs finds the configuration struct types, turns their non-struct
// fields into options, and records their reads and getter calls.
func (d *discoverer) structs() error {
	d.config = make(map[*types.Struct]*structInfo)
	declared := make(map[string]bool)
	for _, t := range d.src.Types {
		declared[t] = true
	}
	found := make(map[string]bool)
	var readsOwn map[*types.Struct]bool
	d.running, readsOwn, d.appended = d.ownFields()

	// Candidates: named struct types declared in the scanned packages,
	// and in the matched ones that did not type-check but stand for
	// their declarations (Program.declared): their importers read them.
	var named []*types.Named
	var pkgs []*types.Package
	for pkg := range d.prog.Scanned {
		pkgs = append(pkgs, pkg.Pkg)
	}
	pkgs = append(pkgs, d.prog.declared...)
	for _, pkg := range pkgs {
		scope := pkg.Scope()
		for _, n := range scope.Names() {
			tn, ok := scope.Lookup(n).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			nt, ok := tn.Type().(*types.Named)
			if !ok {
				continue
			}
			if _, ok := nt.Underlying().(*types.Struct); ok {
				named = append(named, nt)
			}
		}
	}
	// Declared types may live outside the scanned packages.
	for _, pkg := range d.prog.SSA.AllPackages() {
		for t := range declared {
			path, name, ok := cutLast(t, ".")
			if !ok || path != pkg.Pkg.Path() {
				continue
			}
			if tn, ok := pkg.Pkg.Scope().Lookup(name).(*types.TypeName); ok {
				if nt, ok := tn.Type().(*types.Named); ok {
					if _, ok := nt.Underlying().(*types.Struct); ok && !slices.Contains(named, nt) {
						named = append(named, nt)
					}
				}
			}
		}
	}
	slices.SortFunc(named, func(a, b *types.Named) int {
		return cmp.Or(cmp.Compare(a.Obj().Pkg().Path(), b.Obj().Pkg().Path()), cmp.Compare(a.Obj().Name(), b.Obj().Name()))
	})
	decoded := d.decodedData(declared)
	inModule := make(map[*types.Struct]*types.Named)
	for _, nt := range named {
		s := nt.Underlying().(*types.Struct)
		inModule[s] = nt
		full := nt.Obj().Pkg().Path() + "." + nt.Obj().Name()
		keys := []string{full}
		why := ""
		suffixes := d.src.TypeSuffixes
		named := hasSuffix(nt.Obj().Name(), suffixes)
		if !named && hasSuffix(nt.Obj().Name(), d.src.ParamSuffixes) && d.funcParam[s] != nil {
			named, suffixes = true, d.src.ParamSuffixes // ClientOption, taken by NewClient
		}
		switch {
		case declared[full]:
			why, found[full] = "declared", true
			d.notes.add(keys, "%s: configuration: declared in sources.types", full)
		case !d.prog.Helpers && d.harness(nt):
			// a test harness kept in non-test files: not the program's settings
			d.notes.add(keys, "%s: not configuration: a test harness kept in non-test files (-helpers brings it in)", full)
		case d.hasTag(s, d.src.Tags):
			why = "tag"
			if d.notes.recording {
				var carried []string
				for _, tag := range d.src.Tags {
					if d.hasTag(s, []string{tag}) {
						carried = append(carried, tag)
					}
				}
				d.notes.add(keys, "%s: configuration: its fields carry configuration tags (%s)", full, strings.Join(carried, ", "))
			}
		case named && d.running[s]:
			d.notes.add(keys, "%s: named like configuration, but a running object: its own methods use its locks or channels", full)
		case named && decoded[s] != "":
			d.notes.add(keys, "%s: named like configuration, but a record of data (%s): what the program receives or sends, not settings", full, decoded[s])
		case named && d.generatedDecl(nt) && !d.decodeRoots[s]:
			d.notes.add(keys, "%s: named like configuration, but declared in generated code (an API's or a protocol's schema): what the program sends or receives, not settings", full)
		case named && hasSuffix(nt.Obj().Name(), d.src.TypeSuffixes) && d.perCallSettings(s):
			// Settings of one call, unless what follows makes it more
			// (nested in configuration) or less (a record): said there.
		case named && d.isPerCall(s):
			d.notes.add(keys, "%s: named like configuration, but an argument struct passed anew to each call, not kept: not settings", full)
		case named:
			why = "name"
			_, not := d.perCall(s)
			d.notes.add(keys, "%s: configuration: named like it (%s); not a per-call argument: %s", full, strings.Join(suffixes, ", "), not)
		}
		if why != "" {
			d.config[s] = &structInfo{s: s, named: nt, pkg: nt.Obj().Pkg(), pos: nt.Obj().Pos(), why: why}
		}
	}
	// A running object whose exported fields its user sets and its own
	// code only reads, or builds from settings (http.Server's timeouts,
	// a writer's batch size): those fields are its configuration. Decided
	// once the settings structs are known, in the same order.
	for _, nt := range named {
		s := nt.Underlying().(*types.Struct)
		if d.config[s] == nil && d.running[s] && nt.Obj().Exported() && decoded[s] == "" && !protoMessage(nt) && d.mostlyUserFields(s) && (d.prog.Helpers || !d.harness(nt)) {
			d.config[s] = &structInfo{s: s, named: nt, pkg: nt.Obj().Pkg(), pos: nt.Obj().Pos(), why: "object"}
			d.notes.add([]string{fullName(nt)}, "%s: configuration: a running object whose exported fields its user sets and its own code only reads or builds from settings (those its code sets are its state)", fullName(nt))
		}
	}
	// So is a tool its user sets up and calls: an exported struct whose
	// own exported methods read its exported fields, which the module
	// never takes as an argument and never sets but to constants or
	// settings (an upgrader, a dialer). Data the module builds (a record,
	// an error value) is set from computed values; data it decodes (a
	// feed's items) is set by the decoder, which no store shows; nor
	// does one for a protocol buffer message (see protoMessage) or
	// another type generated from a schema (see generatedDecl), whose
	// getters read its fields.
	errorType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	for _, nt := range named {
		s := nt.Underlying().(*types.Struct)
		if d.config[s] == nil && readsOwn[s] && nt.Obj().Exported() && decoded[s] == "" && !protoMessage(nt) && !d.generatedDecl(nt) && !d.methodParam[s] && d.funcParam[s] == nil && !d.dataParam[s] &&
			!types.Implements(types.NewPointer(nt), errorType) && (d.prog.Helpers || !d.harness(nt)) && d.userFields(s) && d.setToSettings(s) {
			if f := d.heldContainer(s); f != "" {
				d.notes.add([]string{fullName(nt)}, "%s: not configuration: data the program fills: its field %s is a container (its methods append to it)", fullName(nt), f)
				continue
			}
			d.config[s] = &structInfo{s: s, named: nt, pkg: nt.Obj().Pkg(), pos: nt.Obj().Pos(), why: "object"}
			d.notes.add([]string{fullName(nt)}, "%s: configuration: a tool its user sets up and calls: its methods read its exported fields, which the module sets only to constants or settings", fullName(nt))
		}
	}
	for t := range declared {
		if !found[t] {
			return fmt.Errorf("sources.types: no struct type %s in the loaded packages", t)
		}
	}
	d.unmarshalTargets(inModule)
	d.paramTargets(inModule)
	d.setters = d.funcOptions(inModule)
	d.indexStructs(inModule)
	records := make(map[*types.Struct]bool) // fluent records (fluentRecord)
	// The struct of a field a functional option sets, in the order of
	// named: a decision reads the configuration the earlier ones found.
	set := make(map[*types.Struct]bool)
	for f := range d.setters {
		set[f.s] = true
	}
	for _, nt := range named {
		s := nt.Underlying().(*types.Struct)
		if !set[s] || d.config[s] != nil || records[s] || (!d.prog.Helpers && d.harness(nt)) {
			continue
		}
		if at := d.fluentRecord(s); at != nil {
			d.notes.add([]string{fullName(nt)}, "%s: not configuration: a record with fluent setters, which the module also fills with run-time data (at %s)", fullName(nt), d.prog.Position(at.Pos()))
			records[s] = true
			continue
		}
		if d.transient(s, inModule) {
			d.notes.add([]string{fullName(nt)}, "%s: not configuration: the parameters of one call, which functional options fill in a struct each call makes anew (in %s) and nothing keeps", fullName(nt), d.made[s][0])
			records[s] = true
			continue
		}
		if base := d.setThrough(s, inModule); base != nil && d.config[base] == nil && d.transient(base, inModule) {
			d.notes.add([]string{fullName(nt)}, "%s: not configuration: part of the parameters of one call, which functional options fill in a struct each call makes anew (in %s) and nothing keeps", fullName(nt), d.made[base][0])
			records[s] = true
			continue
		}
		d.config[s] = &structInfo{s: s, named: nt, pkg: nt.Obj().Pkg(), pos: nt.Obj().Pos(), why: "funcopt"}
		d.notes.add([]string{fullName(nt)}, "%s: configuration: functional options set its fields", fullName(nt))
	}

	// Structs nested in configuration structs are configuration too, if
	// they belong to the module (time.Time and tls.Config are values).
	work := make([]*structInfo, 0, len(d.config))
	refused := make(map[*types.Struct]bool) // nested in configuration, said why not
	for _, nt := range named {
		if si := d.config[nt.Underlying().(*types.Struct)]; si != nil {
			work = append(work, si)
		}
	}
	for len(work) > 0 {
		si := work[0]
		work = work[1:]
		for i := range si.s.NumFields() {
			if !si.s.Field(i).Exported() && !d.hasTag(si.s, d.src.Tags, i) {
				continue // internal state, not a settings group
			}
			if si.why == "funcopt" && !si.s.Field(i).Embedded() && d.setters[field{si.s, i}] == nil && !d.hasTag(si.s, d.src.Tags, i) {
				continue // a struct known by its setters: its other fields are state (see options); what it embeds is its own
			}
			s, nt := nestedStruct(si.s.Field(i).Type())
			if s == nil {
				continue
			}
			if nt != nil && inModule[s] == nil {
				continue // a struct from another module: a leaf value
			}
			if d.config[s] == nil && d.stateful(s) {
				continue // a running object referenced from the settings
			}
			if si.why == "object" && si.s.Field(i).Embedded() && d.config[s] == nil && !d.setToSettings(s) {
				// What a running object embeds and the module fills from
				// data (a writer's object attributes) is its data.
				if nt != nil && si.named != nil {
					d.notes.add([]string{fullName(nt)}, "%s: not configuration: embedded in a running object (%s), and the module fills its fields from data", fullName(nt), fullName(si.named))
				}
				refused[s] = true
				continue
			}
			if d.config[s] == nil && nt != nil && d.dataContainer(nt) {
				// Data the program fills, kept beside settings.
				d.notes.add([]string{fullName(nt)}, "%s: not configuration: a container of data the program fills (its methods append to it), though nested in configuration (field %s)", fullName(nt), si.s.Field(i).Name())
				refused[s] = true
				continue
			}
			if d.config[s] == nil && nt != nil && textValue(nt) {
				continue // a value parsed from text, as a flag's (a duration like 1y2m): the field is the option
			}
			if _, ptr := types.Unalias(si.s.Field(i).Type()).Underlying().(*types.Pointer); ptr && d.config[s] == nil && nt != nil && d.handleType(nt) {
				d.notes.add([]string{fullName(nt)}, "%s: not configuration: an object with an API of its own (more exported methods than exported fields), which configuration refers to, though nested in it (field %s)", fullName(nt), si.s.Field(i).Name())
				refused[s] = true
				continue
			}
			child := d.config[s]
			if child == nil {
				child = &structInfo{s: s, named: nt, why: "nested", pos: si.s.Field(i).Pos(), pkg: si.pkg}
				if nt != nil {
					child.pkg = nt.Obj().Pkg()
					d.notes.add([]string{fullName(nt)}, "%s: configuration: nested in configuration (field %s)", fullName(nt), si.s.Field(i).Name())
				}
				d.config[s] = child
				work = append(work, child)
			}
			if child != si {
				child.parents = append(child.parents, field{si.s, i})
			}
		}
	}
	for _, nt := range named {
		s := nt.Underlying().(*types.Struct)
		// An argument struct, if nothing above made it configuration,
		// holds the settings of one call.
		if d.config[s] == nil && !records[s] && !refused[s] && decoded[s] == "" && !d.running[s] && !d.generatedDecl(nt) &&
			hasSuffix(nt.Obj().Name(), d.src.TypeSuffixes) && d.perCallSettings(s) && (d.prog.Helpers || !d.harness(nt)) {
			d.config[s] = &structInfo{s: s, named: nt, pkg: nt.Obj().Pkg(), pos: nt.Obj().Pos(), why: "percall"}
			d.notes.add([]string{fullName(nt)}, "%s: named like configuration, but an argument struct passed anew to each call, not kept: only its numbers and bools that its user alone sets are settings, each of one call (or, named as a setting of its package read beside it, that setting given for one call)", fullName(nt))
		}
	}
	d.names()
	d.fieldOptions()
	for _, nt := range named {
		s := nt.Underlying().(*types.Struct)
		switch {
		case d.config[s] != nil, records[s], refused[s], decoded[s] != "" && hasSuffix(nt.Obj().Name(), d.src.TypeSuffixes):
		case d.running[s]:
			why := ""
			if at := d.ownWrite(s); at != "" {
				why = ": " + at
			}
			d.notes.add([]string{fullName(nt)}, "%s: not configuration: a running object, whose own methods use its locks or channels (its exported fields would be configuration if its user set them and its code only read them%s)", fullName(nt), why)
		case hasSuffix(nt.Obj().Name(), d.src.TypeSuffixes):
			// named like configuration: the first pass said why it is not
		default:
			d.notes.add([]string{fullName(nt)}, "%s: not configuration: no configuration tag, no name like one (%s), no Unmarshal call decodes it, no functional option sets it, and no configuration struct holds it", fullName(nt), strings.Join(d.src.TypeSuffixes, ", "))
		}
	}
	return nil
}

// transient reports whether the values of s live no longer than the
// call that makes them: methods and closures (operations, not a
// constructor) make them, or unexported helpers only they call (see
// methodHelper), and no field or global holds one, no function but such
// a helper returns one, no struct of the module has a field of its type,
// and its fields are copied into no struct of the module. Functional options
// filling such a struct set the parameters of one request (a generated
// API's WithIndex(v) func(*SearchRequest)), not the configuration of a
// long-lived object, which keeps its options or copies them.
func (d *discoverer) transient(s *types.Struct, inModule map[*types.Struct]*types.Named) bool {
	makers := d.made[s]
	if len(makers) == 0 || d.kept[s] != "" {
		return false
	}
	for _, fn := range makers {
		if fn.Signature.Recv() == nil && fn.Parent() == nil && !d.methodHelper(fn) {
			return false
		}
	}
	for _, fn := range d.returnedBy[s] {
		if !d.methodHelper(fn) {
			return false // a constructor or a getter hands it out
		}
	}
	for _, t := range d.copiedInto[s] {
		if inModule[t] != nil {
			return false
		}
	}
	return len(d.holdersOf(s)) == 0
}

// indexStructs makes the indexes holdersOf and fieldsSet answer from,
// once the module's structs (inModule) and the fields functional options
// set (d.setters) are known.
func (d *discoverer) indexStructs(inModule map[*types.Struct]*types.Named) {
	d.holders = make(map[*types.Struct][]*types.Struct)
	for t := range inModule {
		for i := range t.NumFields() {
			if ft, _ := nestedStruct(t.Field(i).Type()); ft != nil {
				if hs := d.holders[ft]; len(hs) == 0 || hs[len(hs)-1] != t {
					d.holders[ft] = append(hs, t)
				}
			}
		}
	}
	d.settersOf = make(map[*types.Struct][]field)
	for f := range d.setters {
		d.settersOf[f.s] = append(d.settersOf[f.s], f)
	}
}

// holdersOf returns the structs of the module with a field of s's type
// (see nestedStruct), in no particular order.
func (d *discoverer) holdersOf(s *types.Struct) []*types.Struct { return d.holders[s] }

// fieldsSet returns the fields of s that functional options set (the
// keys of setters), in no particular order.
func (d *discoverer) fieldsSet(s *types.Struct) []field { return d.settersOf[s] }

// setThrough returns the struct every functional option setting a field
// of s is applied to, when that is another struct holding s and no
// struct of the module that outlives a call (see transient) holds s too
// (opts.Filter.Limit = limit, applied to a *HistoryOptions); nil
// otherwise. An option type's apply method counts
// by the struct it is applied to, its last parameter.
func (d *discoverer) setThrough(s *types.Struct, inModule map[*types.Struct]*types.Named) *types.Struct {
	var base *types.Struct // the same whichever order the fields come in
	for _, f := range d.fieldsSet(s) {
		for _, x := range d.setters[f] {
			if x.made || x.fn.Signature.Params().Len() != 1 || len(x.fn.Params) == 0 {
				return nil
			}
			b := structOf(x.fn.Params[len(x.fn.Params)-1].Type())
			if b == nil || b == s || base != nil && b != base {
				return nil
			}
			base = b
		}
	}
	if base == nil {
		return nil
	}
	// Held elsewhere too, by a struct that outlives a call (a server's
	// limits, a client's default filter), it does too; held by one that
	// lives no longer (an event made for a handler), it does not.
	for _, t := range d.holdersOf(s) {
		if t != base && !d.transient(t, inModule) {
			return nil
		}
	}
	return base
}

// methodHelper reports whether fn is an unexported plain function that
// only methods and closures call (func defaultCreateOptions() Options,
// called by each (*Admin).Create): what it makes, it makes for them.
func (d *discoverer) methodHelper(fn *ssa.Function) bool {
	if fn.Signature.Recv() != nil || fn.Parent() != nil || fn.Object() == nil || fn.Object().Exported() {
		return false
	}
	calls := d.calls[fn]
	for _, c := range calls {
		if caller := c.Parent(); caller.Signature.Recv() == nil && caller.Parent() == nil {
			return false
		}
	}
	return len(calls) > 0
}

// fullName is a named type's import path and name.
func fullName(nt *types.Named) string {
	if nt.Obj().Pkg() == nil {
		return nt.Obj().Name()
	}
	return nt.Obj().Pkg().Path() + "." + nt.Obj().Name()
}

// unmarshalTargets marks the struct types decoded by Unmarshal calls.
func (d *discoverer) unmarshalTargets(inModule map[*types.Struct]*types.Named) {
	for fn, call := range d.scannedCalls() {
		e, args, ok := d.lookup(call.Common())
		if !ok || e.role != roleUnmarshal || e.Into >= len(args) {
			continue
		}
		into := args[e.Into]
		if mi, ok := into.(*ssa.MakeInterface); ok {
			into = mi.X
		}
		s := structOf(into.Type())
		if s == nil {
			continue
		}
		prefix := ""
		if e.Key >= 0 && e.Key < len(args) {
			prefix, _ = d.key(args[e.Key])
		}
		si := d.config[s]
		if si == nil {
			si = &structInfo{s: s, why: "unmarshal", pos: call.Pos(), pkg: fn.Pkg.Pkg}
			if nt := inModule[s]; nt != nil {
				si.named, si.pkg, si.pos = nt, nt.Obj().Pkg(), nt.Obj().Pos()
				d.notes.add([]string{fullName(nt)}, "%s: configuration: decoded whole (%s style) at %s", fullName(nt), e.Style, d.prog.Position(call.Pos()))
			}
			d.config[s] = si
		}
		if prefix != "" && si.prefix == "" {
			si.prefix = prefix
		}
	}
}

// paramTargets marks as configuration the structs the scanned code fills
// by hand from a map of settings looked up by constant names (a storage
// driver's parameters["chunksize"], a connection string's
// settings["connect_timeout"]): one function sets at least three fields
// of the struct from lookups of string-keyed maps by distinct constant
// keys, directly or through a helper it hands the map and the key. Each
// such field keeps its key as an alias.
func (d *discoverer) paramTargets(inModule map[*types.Struct]*types.Named) {
	for _, fn := range d.funcs {
		var order []*types.Struct
		keys := make(map[*types.Struct]map[int]string)
		for st, fa := range fieldStores(fn) {
			s := structOf(fa.X.Type())
			key, m, ok := settingKey(st.Val, 0)
			if s == nil || inModule[s] == nil || !ok || !handedIn(m) {
				continue
			}
			if keys[s] == nil {
				keys[s] = make(map[int]string)
				order = append(order, s)
			}
			keys[s][fa.Field] = key
		}
		for _, s := range order {
			distinct := make(map[string]bool)
			for _, k := range keys[s] {
				distinct[k] = true
			}
			if len(distinct) < 3 {
				continue
			}
			nt := inModule[s]
			if d.config[s] == nil {
				d.config[s] = &structInfo{s: s, named: nt, why: "params", pos: nt.Obj().Pos(), pkg: nt.Obj().Pkg()}
				d.notes.add([]string{fullName(nt)}, "%s: configuration: filled from a map of settings looked up by name in %s", fullName(nt), fn.Name())
			}
			for i, k := range keys[s] {
				if d.paramKeys[field{s, i}] == "" {
					d.paramKeys[field{s, i}] = k
				}
			}
		}
	}
}

// settingKey returns the constant key v is looked up by in a string-keyed
// map m (m["chunksize"], converted, asserted, or defaulted where it is
// missing), or handed with the map to a helper that looks it up
// (getInt(m, "chunksize", 10)).
func settingKey(v ssa.Value, depth int) (key string, m ssa.Value, ok bool) {
	if depth > 4 {
		return "", nil, false
	}
	switch x := v.(type) {
	case *ssa.Lookup:
		if stringMap(x.X.Type()) {
			key, ok := constString(x.Index)
			return key, x.X, ok
		}
	case *ssa.Extract:
		if x.Index == 0 {
			return settingKey(x.Tuple, depth+1)
		}
	case *ssa.TypeAssert:
		return settingKey(x.X, depth+1)
	case *ssa.Convert:
		return settingKey(x.X, depth+1)
	case *ssa.ChangeType:
		return settingKey(x.X, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if isConstant(e) {
				continue // a default
			}
			k, em, eok := settingKey(e, depth+1)
			if !eok || ok && (k != key || em != m) {
				return "", nil, false
			}
			key, m, ok = k, em, true
		}
		return key, m, ok
	case *ssa.Call:
		keys := 0
		for _, a := range x.Call.Args {
			if stringMap(a.Type()) {
				if m != nil {
					return "", nil, false
				}
				m = a
			}
			if k, isKey := constString(a); isKey {
				key = k
				keys++
			}
		}
		return key, m, m != nil && keys == 1
	}
	return "", nil, false
}

// handedIn reports whether the map m is one the module's user hands in:
// a parameter of an exported function or method of a package users
// import (a driver's FromParameters(parameters)), not one the module
// builds itself (from a struct tag, a header).
func handedIn(m ssa.Value) bool {
	p, ok := m.(*ssa.Parameter)
	return ok && exported(p.Parent()) && imported(p.Parent())
}

// stringMap reports whether t is a map keyed by strings, of no named
// type: a bag of settings, not a protocol's headers or a query's values
// (http.Header, url.Values), which carry data.
func stringMap(t types.Type) bool {
	m, ok := types.Unalias(t).(*types.Map)
	return ok && IsString(m.Key())
}

// constString returns the value of v when it is a string constant.
func constString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// through reports whether the load v of a field is reached through the
// field f: c.Keep.Days, through Keep, loaded by address or by value.
func through(v ssa.Value, f field) bool {
	x := loadBase(v)
	if u, ok := x.(*ssa.UnOp); ok && u.Op == token.MUL {
		x = u.X
	}
	switch x := x.(type) {
	case *ssa.FieldAddr:
		return x.Field == f.i && structOf(x.X.Type()) == f.s
	case *ssa.Field:
		return x.Field == f.i && structOf(x.X.Type()) == f.s
	}
	return false
}

// textValue reports whether values of nt are parsed from text and
// printed back, as flag.Value's are (*nt has Set(string) error and
// String() string), or decoded from text as configuration decoders do
// (*nt has encoding.TextUnmarshaler's UnmarshalText([]byte) error: a
// level, a size like 64MiB). Such a struct is one setting (a duration
// like 1y2m3d kept as its parts), not a group of settings.
func textValue(nt *types.Named) bool {
	mset := types.NewMethodSet(types.NewPointer(nt))
	if m := mset.Lookup(nil, "UnmarshalText"); m != nil {
		sig := m.Type().(*types.Signature)
		if sig.Params().Len() == 1 && types.Identical(sig.Params().At(0).Type(), types.NewSlice(types.Typ[types.Byte])) &&
			sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), errorType) {
			return true
		}
	}
	set, str := false, false
	for i := range mset.Len() {
		sig, ok := mset.At(i).Type().(*types.Signature)
		if !ok {
			continue
		}
		switch mset.At(i).Obj().Name() {
		case "Set":
			set = sig.Params().Len() == 1 && types.Identical(sig.Params().At(0).Type(), types.Typ[types.String]) &&
				sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
		case "String":
			str = sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
		}
	}
	return set && str
}

// nestedStruct returns the struct type reached from a field of type t
// directly, through a pointer, or as the element of a slice, array or map,
// named or not.
func nestedStruct(t types.Type) (*types.Struct, *types.Named) {
	for range 64 { // a named list of itself (type L []L) ends
		t = types.Unalias(t)
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Array:
			t = u.Elem()
			continue
		case *types.Map:
			t = u.Elem()
			continue
		case *types.Named:
			if s, ok := u.Underlying().(*types.Struct); ok {
				return s, u.Origin()
			}
			t = u.Underlying() // a named list or map (type Items []Item)
			continue
		case *types.Struct:
			return u, nil
		}
		return nil, nil
	}
	return nil, nil
}

// names gives each configuration struct its display name: its parent's
// name and field when it is nested in exactly one place, otherwise its
// type name, qualified by package when two share it.
func (d *discoverer) names() {
	// Types of the same name are qualified by their package's name, or,
	// where two packages share that too (two packages called options), by
	// as many elements of their import paths as tell them apart. An
	// argument struct's settings of one call (why "percall") are told
	// apart from every struct, and do not rename the others.
	qualifier := func(si *structInfo, level int) string {
		if level == 1 {
			return si.pkg.Name()
		}
		return pathSuffix(si.pkg.Path(), level)
	}
	qualify := func(among func(*structInfo) bool) (map[string]int, map[*structInfo]string) {
		count := make(map[string]int)
		byName := make(map[string][]*structInfo)
		for _, si := range d.config {
			if si.named != nil && among(si) {
				count[si.named.Obj().Name()]++
				byName[si.named.Obj().Name()] = append(byName[si.named.Obj().Name()], si)
			}
		}
		qualified := make(map[*structInfo]string)
		for n, group := range byName {
			if count[n] < 2 {
				continue
			}
			for level := 1; ; level++ {
				seen := make(map[string]int)
				for _, si := range group {
					seen[qualifier(si, level)]++
				}
				if level < 32 && slices.ContainsFunc(group, func(si *structInfo) bool { return seen[qualifier(si, level)] > 1 }) {
					continue
				}
				for _, si := range group {
					qualified[si] = qualifier(si, level) + "." + n
				}
				break
			}
		}
		return count, qualified
	}
	settingsCount, settingsQualified := qualify(func(si *structInfo) bool { return si.why != "percall" })
	allCount, allQualified := qualify(func(*structInfo) bool { return true })
	var name func(si *structInfo, depth int) string
	name = func(si *structInfo, depth int) string {
		if si.name != "" {
			return si.name
		}
		if p, ok := d.nestedIn(si); ok && depth < 16 && !d.cyclic(si) {
			return name(d.config[p.s], depth+1) + "." + p.s.Field(p.i).Name()
		}
		if si.named == nil {
			return "struct@" + d.prog.Position(si.pos)
		}
		n := si.named.Obj().Name()
		switch {
		case si.why == "percall" && allCount[n] > 1:
			n = allQualified[si]
		case si.why != "percall" && settingsCount[n] > 1:
			n = settingsQualified[si]
		}
		return n
	}
	for _, si := range d.config {
		si.name = name(si, 0)
	}
	// One that keeps its name, and what is nested in it, are also known
	// by the path through the field it is nested in.
	var path func(si *structInfo, depth int) string
	path = func(si *structInfo, depth int) string {
		if len(si.parents) == 1 && depth < 16 && !d.cyclic(si) {
			p := si.parents[0]
			return path(d.config[p.s], depth+1) + "." + p.s.Field(p.i).Name()
		}
		return si.name
	}
	for _, si := range d.config {
		if p := path(si, 0); p != si.name {
			si.via = p
		}
	}
}

// pathSuffix returns the last n elements of an import path (all of it
// when it has fewer).
func pathSuffix(path string, n int) string {
	elems := strings.Split(path, "/")
	return strings.Join(elems[max(len(elems)-n, 0):], "/")
}

// cyclic reports whether following si's only parent, and that one's,
// comes back to si: options structs that hold each other (a client's
// options holding a key vault's, which hold a client's). Such a struct is
// named by its type, not by a path that would go round the cycle, and so
// whichever of them is named first.
func (d *discoverer) cyclic(si *structInfo) bool {
	cur := si
	for range len(d.config) {
		if len(cur.parents) != 1 {
			return false
		}
		cur = d.config[cur.parents[0].s]
		if cur == si {
			return true
		}
	}
	return false
}

// nestedIn returns the one field si is nested in, when it takes its name
// from it. A type that is configuration on its own keeps its name when
// the field embeds it (a wrapper { *Options; ... }, whose fields are the
// Options' promoted), belongs to an object rather than to settings (a
// flag.Value holding the *Config it sets), or belongs to another
// package's struct (a lock package's LockerOption holding the client's
// ClientOption: the client's settings, wherever they are wrapped), or is
// taken on its own by the package's API (CreateProducer(ProducerOptions),
// beside a dead-letter policy's ProducerOptions field).
func (d *discoverer) nestedIn(si *structInfo) (field, bool) {
	if len(si.parents) != 1 {
		return field{}, false
	}
	p := si.parents[0]
	if si.why != "nested" && (p.s.Field(p.i).Embedded() || d.config[p.s].why == "object" || d.config[p.s].pkg != si.pkg || d.apiParam[si.s]) {
		return field{}, false
	}
	return p, true
}

// mostlyUserFields reports whether, of the exported fields of settable
// types of s, more are left to its user than the scanned code changes
// (a server's timeouts and sizes beside the listener its ListenAndServe
// stores): those its code changes are the object's state.
func (d *discoverer) mostlyUserFields(s *types.Struct) bool {
	user, own := 0, 0
	for i := range s.NumFields() {
		f := s.Field(i)
		if !f.Exported() || f.Embedded() || !d.settable(f.Type()) {
			continue
		}
		if d.ownState(field{s, i}) {
			own++
		} else {
			user++
		}
	}
	return user > own
}

// ownState reports whether the scanned code changes field f.
func (d *discoverer) ownState(f field) bool {
	return d.changed(f) || d.mutated[f] != nil
}

// userFields reports whether s has exported fields of settable types and
// the scanned code changes none of them: its user sets them all.
func (d *discoverer) userFields(s *types.Struct) bool {
	n := 0
	for i := range s.NumFields() {
		f := s.Field(i)
		if !f.Exported() || f.Embedded() || !d.settable(f.Type()) {
			continue
		}
		if d.ownState(field{s, i}) {
			return false
		}
		n++
	}
	return n > 0
}

// fluentRecord returns, when only builder methods set the fields of s
// (o.At(n) returning the changed copy), a store by which the module's
// own code fills one of them with run-time data (Offset{at: resp.Offset}
// from a reply), or a call of a builder with a field of another record
// (record.WithKey(entry.Key)): s is then a value the program computes,
// which its user may also build fluently, not settings. nil otherwise.
func (d *discoverer) fluentRecord(s *types.Struct) ssa.Instruction {
	builders := make(map[*ssa.Function]bool)
	for _, f := range d.fieldsSet(s) {
		for _, st := range d.setters[f] {
			if st.made {
				continue // a constructor beside the builders
			}
			if !builder(st.fn) {
				return nil
			}
			builders[st.fn] = true
		}
	}
	for i := range s.NumFields() {
		if st := d.changedAt(field{s, i}, builders); st != nil {
			return st
		}
	}
	// The first such call in the scanned code's order, from the calls of
	// each builder.
	var first *ssa.Call
	for b := range builders {
		for _, call := range d.calls[b] {
			if builders[call.Parent()] || first != nil && d.compareCalls(first, call) <= 0 {
				continue
			}
			for _, a := range call.Call.Args[1:] { // the receiver is the record
				if d.recordField(a, s) {
					first = call
					break
				}
			}
		}
	}
	if first == nil {
		return nil
	}
	return first
}

// compareCalls orders two calls of the scanned code as scannedCalls
// yields them: by their function's place in funcs, then block, then
// instruction.
func (d *discoverer) compareCalls(x, y *ssa.Call) int {
	if d.funcIndex == nil {
		d.funcIndex = make(map[*ssa.Function]int, len(d.funcs))
		for i, fn := range d.funcs {
			d.funcIndex[fn] = i
		}
	}
	at := func(c *ssa.Call) int { return slices.Index(c.Block().Instrs, ssa.Instruction(c)) }
	return cmp.Or(cmp.Compare(d.funcIndex[x.Parent()], d.funcIndex[y.Parent()]), cmp.Compare(x.Block().Index, y.Block().Index), cmp.Compare(at(x), at(y)))
}

// recordField reports whether v is a field of a value that is neither
// configuration nor of type s: data the program holds (entry.Key, an
// entry's Meta.Timestamp), not a setting, a constant, a flag's variable
// or a value computed from them.
func (d *discoverer) recordField(v ssa.Value, s *types.Struct) bool {
	t := loadedFrom(v)
	return t != nil && t != s && d.config[t] == nil
}

// ownWrite names the first exported, settable field of s that the
// scanned code changes (see userFields), with where, or "".
func (d *discoverer) ownWrite(s *types.Struct) string {
	for i := range s.NumFields() {
		f := s.Field(i)
		if !f.Exported() || f.Embedded() || !d.settable(f.Type()) {
			continue
		}
		if st := d.changedAt(field{s, i}, nil); st != nil {
			return fmt.Sprintf("its code sets %s at %s", f.Name(), d.prog.Position(st.Pos()))
		}
		if c := d.mutated[field{s, i}]; c != nil {
			return fmt.Sprintf("its code changes %s in place at %s", f.Name(), d.prog.Position(c.Pos()))
		}
	}
	return ""
}

// tagPrefix is the key path of si under tag, ending in the separator.
func (d *discoverer) tagPrefix(si *structInfo, tag string, depth int) string {
	if len(si.parents) == 1 && depth < 16 && !d.cyclic(si) {
		p := si.parents[0]
		f := p.s.Field(p.i)
		parent := d.tagPrefix(d.config[p.s], tag, depth+1)
		k, squash := tagKey(p.s.Tag(p.i), tag)
		switch {
		case squash || (k == "" && f.Embedded()):
			return parent
		case k != "":
			return parent + k + "."
		}
		return parent + strings.ToLower(f.Name()) + "."
	}
	if si.prefix != "" {
		return si.prefix + "."
	}
	return ""
}

// tagKey returns the key a struct tag gives under name, and whether it
// asks to squash (inline) the field.
func tagKey(tag, name string) (key string, squash bool) {
	v, ok := reflect.StructTag(tag).Lookup(name)
	if !ok {
		return "", false
	}
	key, opts, _ := strings.Cut(v, ",")
	squash = strings.Contains(opts, "squash") || strings.Contains(opts, "inline")
	if key == "-" {
		return "", squash
	}
	return key, squash
}

// fieldOptions creates an option per non-struct field of every
// configuration struct, with its tag keys as aliases and its loads as sites.
func (d *discoverer) fieldOptions() {
	infos := make([]*structInfo, 0, len(d.config))
	for _, si := range d.config {
		infos = append(infos, si)
	}
	// A per-call argument's fields come last: one that a setting of the
	// same package stands beside (WriteOptions.NoWriteMerge beside
	// Options.NoWriteMerge) is that setting given for one call.
	last := func(si *structInfo) bool { return si.why == "percall" }
	slices.SortFunc(infos, func(a, b *structInfo) int {
		return cmp.Or(cmp.Compare(btoi(last(a)), btoi(last(b))), strings.Compare(a.name, b.name))
	})
	tags := append(slices.Clone(d.src.Tags), d.src.WeakTags...)
	getters := d.findGetters()
	made := make(map[field]*Option)
	for _, si := range infos {
		for i := range si.s.NumFields() {
			f := si.s.Field(i)
			keys := []string{si.name + "." + f.Name()}
			if si.named != nil {
				keys = append(keys, fullName(si.named)+"."+f.Name())
			}
			if s, _ := nestedStruct(f.Type()); s != nil && d.config[s] != nil {
				if tests := d.nilTests(field{si.s, i}); len(tests) > 0 && (f.Exported() || d.hasTag(si.s, tags, i)) {
					// Sampling *SamplingConfig: set or not, the group is
					// itself a switch (if cfg.Sampling != nil { ... }).
					d.notes.add(keys, "%s: an option: a group of options (%s) whose code also tests whether it is set, a switch read where it is compared with nil", keys[0], typeString(f.Type()))
					o := d.option(keys[0], "struct", typeString(f.Type()))
					o.Package = si.pkg.Path()
					o.decls = append(o.decls, f.Pos())
					d.tagAliases(o, si, i, tags)
					for _, t := range tests {
						d.addSite(o, t.Parent(), t, t.Pos(), "")
					}
					continue
				}
				d.notes.add(keys, "%s: not an option: a group of options (%s holds configuration structs: their fields are the options)", keys[0], typeString(f.Type()))
				continue
			}
			if f.Embedded() && types.IsInterface(f.Type()) {
				// type retrying struct{ Backend; ... }: the struct is an
				// implementation of the interface, wrapping the one it
				// holds, not settings
				d.notes.add(keys, "%s: not an option: an embedded interface, which makes %s a wrapper of the implementation it holds, set in code rather than configured", keys[0], si.name)
				continue
			}
			if identifier(f.Type()) {
				d.notes.add(keys, "%s: not an option: its type %s is a fixed run of bytes (an identifier, a hash, a key): data the program matches, not a knob", keys[0], typeString(f.Type()))
				continue
			}
			if !d.settable(f.Type()) && !policy(f.Type()) {
				// a handle, callback or channel: set in code, not configured
				d.notes.add(keys, "%s: not an option: its type %s is a handle, callback or channel, set in code rather than configured", keys[0], typeString(f.Type()))
				continue
			}
			if si.why == "percall" {
				if !d.userSet(field{si.s, i}) {
					d.notes.add(keys, "%s: not an option: a per-call argument's field that is not a number or bool its user alone sets (data of the call, or the module's plumbing)", keys[0])
					continue
				}
				if o := d.settingBeside(made, si, i); o != nil {
					d.addAlias(o, keys[0])
					d.notes.add(keys, "%s: the option %s given for one call: a per-call argument's field named as that setting of the same package, read where it is read", keys[0], o.Name)
					for _, v := range d.loaded.fields[field{si.s, i}] {
						d.addSite(o, v.Parent(), v, readPos(v), "")
					}
					for _, g := range getters[field{si.s, i}] {
						for _, call := range d.calls[g] {
							d.addSite(o, call.Parent(), call, call.Pos(), "getter")
						}
					}
					continue
				}
			}
			if si.why == "object" && f.Embedded() {
				d.notes.add(keys, "%s: not an option: embedded in a running object, its state or its data", keys[0])
				continue
			}
			if si.why == "object" && !f.Exported() {
				d.notes.add(keys, "%s: not an option: unexported state of a running object", keys[0])
				continue // the object's own state
			}
			if si.why == "object" && d.ownState(field{si.s, i}) {
				d.notes.add(keys, "%s: not an option: state of a running object, which its own code sets", keys[0])
				continue
			}
			setters := d.setters[field{si.s, i}]
			if !f.Exported() && marker(field{si.s, i}, setters) {
				d.notes.add(keys, "%s: not an option: a mark its setters put beside the value they set (always the same constant), not a value its user chooses", keys[0])
				continue
			}
			// An unexported field is internal state unless a getter or a
			// functional option exposes it (a tag does not: decoders set
			// exported fields only, by reflection); so is every field of
			// an options struct known only by its functional options that
			// none sets (a getter of such a struct, an iterator's Key,
			// reads its state), unless a tag exposes it.
			tagged := f.Exported() && d.hasTag(si.s, tags, i)
			if (!f.Exported() || si.why == "funcopt") && !tagged && (getters[field{si.s, i}] == nil || si.why == "funcopt") && setters == nil {
				d.notes.add(keys, "%s: not an option: internal state, exposed by no tag, getter or functional option", keys[0])
				continue
			}
			if key, _ := tagKey(si.s.Tag(i), "koanf"); key == "-" && f.Name() == "" {
				continue
			}
			if si.why == "declared" && si.named != nil {
				d.notes.count(fullName(si.named))
			}
			style := "struct"
			if si.why == "declared" {
				style = "declared"
			}
			o := d.option(si.name+"."+f.Name(), style, typeString(f.Type()))
			if si.why != "percall" {
				made[field{si.s, i}] = o
			}
			o.Package = si.pkg.Path()
			o.decls = append(o.decls, f.Pos())
			d.tagAliases(o, si, i, tags)
			for _, st := range setters {
				d.addAlias(o, st.name)
			}
			if si.via != "" {
				d.addAlias(o, si.via+"."+f.Name())
			}
			if key := d.paramKeys[field{si.s, i}]; key != "" {
				d.addAlias(o, key) // the name it is looked up by in a settings map
			}
			// Decoders match untagged fields by their name, ignoring case.
			if names := d.src.NameTags; si.why == "unmarshal" && len(names) > 0 && !d.hasTag(si.s, names) {
				d.addAlias(o, d.tagPrefix(si, names[0], 0)+strings.ToLower(f.Name()))
			}
			for _, v := range d.loaded.fields[field{si.s, i}] {
				d.addSite(o, v.Parent(), v, readPos(v), "")
			}
			if sub, nt := nestedStruct(f.Type()); sub != nil && nt != nil && textValue(nt) {
				// One setting kept as its parts: a read of a part is a
				// read of the setting (c.Keep.Days).
				for j := range sub.NumFields() {
					for _, v := range d.loaded.fields[field{sub, j}] {
						if through(v, field{si.s, i}) {
							d.addSite(o, v.Parent(), v, readPos(v), "")
						}
					}
				}
			}
			for _, g := range getters[field{si.s, i}] {
				for _, call := range d.calls[g] {
					d.addSite(o, call.Parent(), call, call.Pos(), "getter")
				}
			}
		}
	}
}

// perCallSettings reports whether s, an argument struct passed anew to
// each call (see perCall), holds settings of one call: it has a number
// or bool only its user sets (see userSet), and nothing takes it as a
// list, as records are (CreateTopics(topics ...TopicConfig)).
func (d *discoverer) perCallSettings(s *types.Struct) bool {
	if !d.isPerCall(s) || d.listParam[s] {
		return false
	}
	for i := range s.NumFields() {
		if d.userSet(field{s, i}) {
			return true
		}
	}
	return false
}

// btoi is 1 for true, 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// userSet reports whether f is an exported number or bool that the
// scanned code never sets, but to fill in a default where its user left
// it zero: its user alone chooses it.
func (d *discoverer) userSet(f field) bool {
	v := f.s.Field(f.i)
	if !v.Exported() || !isBasicValue(v.Type()) || IsString(v.Type()) || d.mutated[f] != nil {
		return false
	}
	return !slices.ContainsFunc(d.written[f], func(st *ssa.Store) bool { return !fillsDefault(st) })
}

// settingBeside returns the option made of a field of another
// configuration struct of si's package that has the name and type of
// si's field i and is read in a function that reads field i too (see
// readers; made holds the options made per field): the setting the
// per-call field overrides there (merge := !wo.GetNoWriteMerge() &&
// !o.GetNoWriteMerge()), or nil.
func (d *discoverer) settingBeside(made map[field]*Option, si *structInfo, i int) *Option {
	f := si.s.Field(i)
	mine := d.readers(field{si.s, i})
	var found *Option
	for fl, o := range made {
		g := fl.s.Field(fl.i)
		if fl.s == si.s || g.Pkg() != f.Pkg() || g.Name() != f.Name() || !types.Identical(g.Type(), f.Type()) {
			continue
		}
		shared := false
		for fn := range d.readers(fl) {
			shared = shared || mine[fn]
		}
		if shared && (found == nil || o.Name < found.Name) {
			found = o
		}
	}
	return found
}

// readers returns the functions that read field f, each as the
// function its closures belong to: those loading it, and the callers of
// an accessor of its struct that loads it (a method taking nothing and
// answering one value of the field's type, wo.GetSync()).
func (d *discoverer) readers(f field) map[*ssa.Function]bool {
	outer := func(fn *ssa.Function) *ssa.Function {
		for fn.Parent() != nil {
			fn = fn.Parent()
		}
		return fn
	}
	out := make(map[*ssa.Function]bool)
	for _, v := range d.loaded.fields[f] {
		fn := v.Parent()
		out[outer(fn)] = true
		if recv := fn.Signature.Recv(); recv != nil && structOf(recv.Type()) == f.s && fn.Signature.Params().Len() == 0 && fn.Signature.Results().Len() == 1 &&
			types.Identical(fn.Signature.Results().At(0).Type(), f.s.Field(f.i).Type()) {
			for _, call := range d.calls[origin(fn)] {
				out[outer(call.Parent())] = true
			}
		}
	}
	return out
}

// tagAliases gives o, the option of field i of si, the keys its tags
// name it by: flat, or under the keys of the structs holding si.
func (d *discoverer) tagAliases(o *Option, si *structInfo, i int, tags []string) {
	for _, tag := range tags {
		k, _ := tagKey(si.s.Tag(i), tag)
		if k == "" {
			continue
		}
		alias := k
		if !slices.Contains(d.src.FlatTags, tag) {
			alias = d.tagPrefix(si, tag, 0) + k
		}
		d.addAlias(o, alias)
	}
}

// addAlias records another name of o; the first option to claim a name keeps it.
func (d *discoverer) addAlias(o *Option, alias string) {
	if alias == o.Name {
		return
	}
	o.Aliases = append(o.Aliases, alias)
	if d.aliases[alias] == nil {
		d.aliases[alias] = o
	}
}

// readPos is the position to report for a load: its own, or the field
// selector's for implicit loads.
func readPos(v ssa.Value) token.Pos {
	if p := v.Pos(); p.IsValid() {
		return p
	}
	if u, ok := v.(*ssa.UnOp); ok {
		return u.X.Pos()
	}
	return token.NoPos
}

// findGetters finds PBHunter's getter methods: a method of a configuration
// struct with no arguments whose result is one field of its receiver.
func (d *discoverer) findGetters() map[field][]*ssa.Function {
	out := make(map[field][]*ssa.Function)
	for _, fn := range d.funcs {
		recv := fn.Signature.Recv()
		if recv == nil || fn.Signature.Params().Len() != 0 || fn.Signature.Results().Len() != 1 || len(fn.Params) != 1 {
			continue
		}
		si := d.config[structOf(recv.Type())]
		if si == nil {
			continue
		}
		fi := -1
		for _, b := range fn.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
				i, ok := receiverField(ret.Results[0], fn.Params[0])
				if !ok || (fi >= 0 && fi != i) {
					fi = -2
					break
				}
				fi = i
			}
		}
		if fi >= 0 {
			out[field{si.s, fi}] = append(out[field{si.s, fi}], fn)
		}
	}
	return out
}

// receiverField reports which field of recv v reads, through conversions
// and through the local variable a function with a defer returns its
// result in (return c.n after c.mu.Lock(); defer c.mu.Unlock()).
func receiverField(v, recv ssa.Value) (int, bool) {
	switch x := Unconvert(v).(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			break
		}
		if fa, ok := x.X.(*ssa.FieldAddr); ok && fa.X == recv {
			return fa.Field, true
		}
		if local, ok := x.X.(*ssa.Alloc); ok && !local.Heap {
			i, found := -1, false
			for _, r := range *local.Referrers() {
				st, ok := r.(*ssa.Store)
				if !ok {
					continue // its loads
				}
				u, ok := Unconvert(st.Val).(*ssa.UnOp)
				if !ok || u.Op != token.MUL {
					return 0, false
				}
				fa, ok := u.X.(*ssa.FieldAddr)
				if !ok || fa.X != recv || found && fa.Field != i {
					return 0, false
				}
				i, found = fa.Field, true
			}
			return i, found
		}
	case *ssa.Field:
		if x.X == recv {
			return x.Field, true
		}
	}
	return 0, false
}

// hasTag reports whether a field of s carries one of tags: the fields
// given, or any field.
func (d *discoverer) hasTag(s *types.Struct, tags []string, fields ...int) bool {
	if len(fields) == 0 {
		for i := range s.NumFields() {
			fields = append(fields, i)
		}
	}
	for _, i := range fields {
		for _, t := range tags {
			if _, ok := reflect.StructTag(s.Tag(i)).Lookup(t); ok {
				return true
			}
		}
	}
	return false
}

// identifier reports whether t is a fixed-size array of bytes: a peer's
// ID, a hash, a key.
func identifier(t types.Type) bool {
	a, ok := t.Underlying().(*types.Array)
	if !ok {
		return false
	}
	b, ok := a.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// settable reports whether a field of type t can hold a configured value:
// not a function, a channel, a context or a pointer to a running object.
func (d *discoverer) settable(t types.Type) bool {
	if isContext(t) {
		return false // what a call runs under, set by its caller
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Signature, *types.Chan:
		return false
	case *types.Struct:
		if d.runningType(t) {
			return false
		}
	case *types.Pointer:
		if s, ok := u.Elem().Underlying().(*types.Struct); ok && d.stateful(s) {
			return false
		}
		if nt, ok := types.Unalias(u.Elem()).(*types.Named); ok && d.scanned(nt) && d.handleType(nt) {
			return false // the module's own client, logger or database handle
		}
	}
	return true
}

// policy reports whether values of type t are policies: functions that
// answer with numbers, strings or bools (and perhaps an error), as a
// retry's backoff (func(n int) time.Duration), a breaker's trip test
// (func(Counts) bool) or a hash do: asked about something, they answer.
// Which one a configuration holds decides work its user's code runs; a
// callback that answers nothing, or only an error or a handle, is told
// about events or opens things, and one asked nothing provides a value
// (a password, a token).
func policy(t types.Type) bool {
	sig, ok := types.Unalias(t).Underlying().(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return false
	}
	asked := false // about something: a provider of a value (a password, a token) is asked nothing
	for v := range sig.Params().Variables() {
		asked = asked || !isContext(v.Type())
	}
	if !asked {
		return false
	}
	answers := false
	for v := range sig.Results().Variables() {
		switch {
		case isError(v.Type()):
		case isBasicValue(v.Type()):
			answers = true
		default:
			return false
		}
	}
	return answers
}

// isBasicValue reports whether t is a number, a string or a bool.
func isBasicValue(t types.Type) bool {
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

// stateful reports whether s holds synchronisation or channels, which
// mark a running object (a server, a connection) rather than settings.
func (d *discoverer) stateful(s *types.Struct) bool {
	for i := range s.NumFields() {
		t := types.Unalias(s.Field(i).Type())
		if _, ok := t.Underlying().(*types.Chan); ok {
			return true
		}
		if d.runningType(t) {
			return true
		}
	}
	return false
}

// setToSettings reports whether the scanned code sets the settable
// exported fields of s only to constants, settings and the parameters it
// is given as they are (func Upgrade(..., readBufSize int) building one).
func (d *discoverer) setToSettings(s *types.Struct) bool {
	for i := range s.NumFields() {
		if !s.Field(i).Exported() || !d.settable(s.Field(i).Type()) {
			continue
		}
		for _, st := range d.written[field{s, i}] {
			if _, param := st.Val.(*ssa.Parameter); !param && !d.fromSettings(st.Val, 0) {
				return false
			}
		}
	}
	return true
}

// harness reports whether nt is test support: a harness (below), or a
// struct only test support takes (Program.Harness).
func (d *discoverer) harness(nt *types.Named) bool {
	return harness(nt.Underlying().(*types.Struct)) || d.prog.Harness[nt.Origin().Obj()]
}

// harness reports whether s holds a test's handle: a field of one of
// package testing's types (*testing.T, testing.TB, ...) or of an
// interface that only mirrors testing.TB's methods and can fail a test
// (a mock broker's TestReporter). Such a struct is test support kept in
// non-test files, and its fields are the test's knobs, not the program's.
func harness(s *types.Struct) bool {
	for i := range s.NumFields() {
		t := types.Unalias(s.Field(i).Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" {
			return true
		}
		it, ok := t.Underlying().(*types.Interface)
		if !ok || it.NumMethods() == 0 {
			continue
		}
		fails := false
		for m := range it.Methods() {
			if !testingTB[m.Name()] {
				fails = false
				break
			}
			switch m.Name() {
			case "Fatal", "Fatalf", "FailNow", "Helper":
				fails = true
			}
		}
		if fails {
			return true
		}
	}
	return false
}

// testingTB holds the method names of testing.TB.
var testingTB = map[string]bool{
	"Attr": true, "Chdir": true, "Cleanup": true, "Context": true, "Error": true, "Errorf": true,
	"Fail": true, "FailNow": true, "Failed": true, "Fatal": true, "Fatalf": true, "Helper": true,
	"Log": true, "Logf": true, "Name": true, "Output": true, "Setenv": true, "Skip": true,
	"SkipNow": true, "Skipf": true, "Skipped": true, "TempDir": true,
}

// runningType reports whether t is one of the synchronisation types that
// mark a running object (configs.Sources.RunningTypes: sync.Mutex…).
func (d *discoverer) runningType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && d.runningTypes[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
}

// ownFields walks the methods of the scanned structs once and finds the
// running objects: structs whose own methods use a mutex, wait group or
// channel field they hold (a server, a connection), not settings, whatever
// their name; a configuration struct that merely carries a channel or a
// mutex for its user stays configuration. It also finds the structs that
// an exported method of their own reads an exported, settable field of
// through its receiver (readsOwn), and what methods append to (see
// appendsTo).
func (d *discoverer) ownFields() (running, readsOwn map[*types.Struct]bool, appended map[*types.TypeName]map[int]bool) {
	running = make(map[*types.Struct]bool)
	readsOwn = make(map[*types.Struct]bool)
	appended = make(map[*types.TypeName]map[int]bool)
	for _, fn := range d.funcs {
		recv := fn.Signature.Recv()
		if recv == nil {
			continue
		}
		appendsTo(fn, appended)
		rs := structOf(recv.Type())
		if rs == nil {
			continue
		}
		exported := fn.Object() != nil && fn.Object().Exported() && len(fn.Params) > 0
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var s *types.Struct
				var i int
				switch x := instr.(type) {
				case *ssa.FieldAddr:
					s, i = structOf(x.X.Type()), x.Field
				case *ssa.Field:
					s, i = structOf(x.X.Type()), x.Field
				}
				if exported {
					if v, ok := instr.(ssa.Value); ok {
						if f, ok := receiverField(v, fn.Params[0]); ok && rs.Field(f).Exported() && d.settable(rs.Field(f).Type()) {
							readsOwn[rs] = true
						}
					}
				}
				if s != rs {
					continue
				}
				t := types.Unalias(s.Field(i).Type())
				switch u := t.Underlying().(type) {
				case *types.Array: // locks [256]sync.Mutex: one per shard
					t = types.Unalias(u.Elem())
				case *types.Slice:
					t = types.Unalias(u.Elem())
				}
				if _, ch := t.Underlying().(*types.Chan); ch || d.runningType(t) {
					running[rs] = true
				}
			}
		}
	}
	return running, readsOwn, appended
}

// appendsTo records in appended what fn, a method, appends to: its
// receiver (*c = append(*c, v), as field -1) or the receiver's fields
// (c.Buf = append(c.Buf, v...)), by the receiver's type.
func appendsTo(fn *ssa.Function, appended map[*types.TypeName]map[int]bool) {
	if len(fn.Params) == 0 {
		return
	}
	self := fn.Params[0]
	p, ok := types.Unalias(self.Type()).(*types.Pointer)
	if !ok {
		return // a value receiver: its stores change a copy
	}
	nt, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok {
		return
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			call, ok := st.Val.(*ssa.Call)
			if !ok {
				continue
			}
			if bi, ok := call.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "append" {
				continue
			}
			var i int
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.X == self {
				i = fa.Field
			} else if st.Addr == self {
				i = -1
			} else {
				continue
			}
			tn := nt.Origin().Obj()
			if appended[tn] == nil {
				appended[tn] = make(map[int]bool)
			}
			appended[tn][i] = true
		}
	}
}

// dataContainer reports whether t, or what it points to, is a container of
// data the program fills rather than a setting: a type whose methods
// append to it, or a struct whose methods append to every exported
// field it has (a column's bytes and offsets; not a settings struct that
// also keeps a list, whose other fields stay settings).
func (d *discoverer) dataContainer(t types.Type) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	nt, ok := t.(*types.Named)
	if !ok {
		return false
	}
	appended := d.appended[nt.Origin().Obj()]
	if appended[-1] {
		return true
	}
	s, ok := nt.Underlying().(*types.Struct)
	if !ok || len(appended) == 0 {
		return false
	}
	for i := range s.NumFields() {
		if s.Field(i).Exported() && !appended[i] {
			return false
		}
	}
	return true
}

// heldContainer returns the name of an exported field of s that is a
// container (see dataContainer), "" when none is: s then holds data the
// program fills (a decoded packet's columns), not settings.
func (d *discoverer) heldContainer(s *types.Struct) string {
	for i := range s.NumFields() {
		if s.Field(i).Exported() && d.dataContainer(s.Field(i).Type()) {
			return s.Field(i).Name()
		}
	}
	return ""
}

func hasSuffix(name string, suffixes []string) bool {
	for _, s := range suffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

func cutLast(s, sep string) (before, after string, ok bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// marker reports whether every setter of f (there is one at least)
// stores a constant into it beside a value it was given into another
// field of the same struct (SetProtocolVersion(v) sets version = v and
// versionSet = true): f records that the other was set.
func marker(f field, setters []setter) bool {
	if len(setters) == 0 {
		return false
	}
	for _, st := range setters {
		mark, value := false, false
		for store, fa := range fieldStores(st.fn) {
			if structOf(fa.X.Type()) != f.s {
				continue
			}
			switch {
			case fa.Field == f.i && isConstant(store.Val):
				mark = true
			case fa.Field == f.i:
				return false
			case !isConstant(store.Val):
				value = true
			}
		}
		if !mark || !value {
			return false
		}
	}
	return true
}

// nilTests returns the comparisons with nil of the loads of f, a field
// pointing to a group of options (directly, or kept in a local variable
// a closure captures): where the code asks whether the group is set.
// None when the code only fills in a default where it is not set
// (if c.Dialer == nil { c.Dialer = defaultDialer }, or a variable that
// takes either): the group is then always there.
func (d *discoverer) nilTests(f field) []*ssa.BinOp {
	if _, ok := types.Unalias(f.s.Field(f.i).Type()).(*types.Pointer); !ok {
		return nil
	}
	var tests []*ssa.BinOp
	defaulted := false
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.BinOp:
				other := r.X
				if other == v {
					other = r.Y
				}
				if c, ok := other.(*ssa.Const); ok && c.IsNil() && (r.Op == token.EQL || r.Op == token.NEQ) {
					tests = append(tests, r)
				}
			case *ssa.Phi:
				defaulted = true // dialer := c.Dialer; if dialer == nil { dialer = def }
			case *ssa.Store:
				if a, ok := r.Addr.(*ssa.Alloc); ok && r.Val == v && depth == 0 {
					for _, l := range *a.Referrers() {
						if u, ok := l.(*ssa.UnOp); ok && u.Op == token.MUL {
							visit(u, depth+1)
						}
					}
				}
			}
		}
	}
	for _, v := range d.loaded.fields[f] {
		visit(v, 0)
	}
	for _, t := range tests {
		for _, b := range t.Parent().Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok && storesTo(st, f) {
					defaulted = true
				}
			}
		}
	}
	if defaulted {
		return nil
	}
	return tests
}

// storesTo reports whether st stores into field f.
func storesTo(st *ssa.Store, f field) bool {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	return ok && fa.Field == f.i && structOf(fa.X.Type()) == f.s
}

// handleType reports whether nt is an object with an API of its own,
// which a configuration may refer to (a database handle, a client) but
// which is no group of settings: its pointer has more exported methods
// than it has exported fields. Settable asks it of every such field's
// type, so each answer is kept.
func (d *discoverer) handleType(nt *types.Named) bool {
	h, ok := d.handles[nt]
	if !ok {
		h = hasAPI(nt)
		d.handles[nt] = h
	}
	return h
}

// hasAPI is handleType's answer, computed.
func hasAPI(nt *types.Named) bool {
	s, ok := nt.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	fields := 0
	for i := range s.NumFields() {
		if s.Field(i).Exported() && !s.Field(i).Embedded() {
			fields++
		}
	}
	methods := 0
	ms := types.NewMethodSet(types.NewPointer(nt))
	for i := range ms.Len() {
		if m := ms.At(i); m.Obj().Exported() && len(m.Index()) == 1 {
			methods++
		}
	}
	return methods > fields
}

// scanned reports whether nt is declared in a package of the scanned
// code.
func (d *discoverer) scanned(nt *types.Named) bool {
	pkg := nt.Obj().Pkg()
	return pkg != nil && d.prog.Scanned[d.prog.SSA.Package(pkg)]
}

// protoMessage reports whether nt is a protocol buffer message: its
// pointer has the ProtoMessage method generated code gives every message
// (protoc-gen-go, gogo). Such a message is data on the wire, decoded or
// encoded by reflection, even when its methods read its fields (its
// getters) and no store fills it; where it is configuration, a decoder
// reading it from a file says so.
func protoMessage(nt *types.Named) bool {
	obj, index, _ := types.LookupFieldOrMethod(types.NewPointer(nt), true, nt.Obj().Pkg(), "ProtoMessage")
	fn, ok := obj.(*types.Func)
	if !ok || len(index) != 1 {
		return false // not its own: a struct embedding a message is not one
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 0
}

// generatedDecl reports whether nt is declared in a file of generated
// code ("// Code generated ... DO NOT EDIT.") and its fields carry a
// wire format's tags: the types a generator writes from a schema (an
// API's requests and replies, a protocol's messages) are named after the
// schema, Settings and Options included. A generated client's own
// settings, untagged (GAPIC's CallOptions), stay candidates. The file is
// the one positions name: a //line directive (cgo's, goyacc's) points
// at the source the generator read, which is not generated.
// One the module decodes whole, outside the type's own encoding hooks
// (protojson.Unmarshal(b, &rlspb.RouteLookupConfig{})), stays a
// candidate.
// Fields numbered as a schema numbers them (thrift:"1,required",
// protobuf:"varint,2,opt") make such a type wherever it is declared:
// settings are named, not numbered.
func (d *discoverer) generatedDecl(nt *types.Named) bool {
	s := nt.Underlying().(*types.Struct)
	if numberedFields(s) {
		return true
	}
	if !schemaTagged(s) {
		return false // a generated client's own settings (CallOptions)
	}
	return d.generatedAt(nt.Obj().Pos())
}

// numberedFields reports whether at least half the fields of s carry a
// wire schema's field number in a thrift or protobuf tag.
func numberedFields(s *types.Struct) bool {
	n := 0
	for i := range s.NumFields() {
		tag := reflect.StructTag(s.Tag(i))
		for _, key := range []string{"thrift", "protobuf"} {
			v, ok := tag.Lookup(key)
			if !ok {
				continue
			}
			if slices.ContainsFunc(strings.Split(v, ","), func(e string) bool {
				k, err := strconv.Atoi(e)
				return err == nil && k > 0
			}) {
				n++
				break
			}
		}
	}
	return n > 0 && 2*n >= s.NumFields()
}

// generatedAt reports whether pos is in a file of generated code ("//
// Code generated ... DO NOT EDIT."), as positions name it.
func (d *discoverer) generatedAt(pos token.Pos) bool {
	if d.generated == nil {
		d.generated = make(map[string]bool)
		packages.Visit(d.prog.Packages, nil, func(p *packages.Package) {
			for _, f := range p.Syntax {
				if ast.IsGenerated(f) {
					d.generated[d.prog.Fset.File(f.FileStart).Name()] = true
				}
			}
		})
	}
	return d.generated[d.prog.Fset.Position(pos).Filename]
}

// schemaTagged reports whether a field of s carries a wire format's tag
// (json, protobuf, xml).
func schemaTagged(s *types.Struct) bool {
	for i := range s.NumFields() {
		tag := reflect.StructTag(s.Tag(i))
		for _, key := range []string{"json", "protobuf", "xml"} {
			if _, ok := tag.Lookup(key); ok {
				return true
			}
		}
	}
	return false
}

package slicing

import (
	"cmp"
	"context"
	"fmt"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
)

// Option is one user-settable knob and every place the program reads it.
type Option struct {
	Name    string
	Aliases []string // other names of the same setting: tag keys, flag names
	Type    string   // Go type of the value read
	Style   string   // how it is read: koanf, viper, flag, env, struct, gate, declared, ...
	Package string   // import path of the package declaring or first reading it
	Dynamic bool     // the key is not a constant; the name is the site's
	Sites   []Site
	// Ignored says where a //confhunt:ignore directive keeps the option
	// out of the suspects and why: "file:line: reason" (or "file:line").
	Ignored string

	decls []token.Pos // declarations: struct fields, flag definitions
}

// Site is one read of an option.
type Site struct {
	Pos   string        // file:line:col relative to the module root
	Func  *ssa.Function // enclosing function
	Value ssa.Value     // the value read, where slices start
	Via   string        // how this site reads the option, when not as Style says (e.g. "getter")

	pos token.Position
}

// Discover finds the options prog reads, as src describes their reads.
// The result is sorted by name and each option's sites by position. What
// it could not do with the settings (a declared type or accessor that
// yields no option) is added to prog.Warnings.
func Discover(ctx context.Context, prog *Program, src configs.Sources) ([]*Option, error) {
	opts, notes, err := discover(ctx, prog, src, false)
	if err != nil {
		return nil, err
	}
	for _, w := range notes.warnings {
		if !slices.Contains(prog.Warnings, w) {
			prog.Warnings = append(prog.Warnings, w)
		}
	}
	return opts, nil
}

// Why explains how discovery decided about the candidates called name: a
// struct type ("Config" or "example.com/app.Config"), one of its fields
// ("Config.Workers"), or an option or one of its aliases, matched as
// Lookup matches (ignoring case, or as a dotted suffix). Each line names
// a candidate and the rule that took it or left it out; none when
// nothing is called name.
func Why(ctx context.Context, prog *Program, src configs.Sources, name string) ([]string, error) {
	opts, notes, err := discover(ctx, prog, src, true)
	if err != nil {
		return nil, err
	}
	for _, o := range opts {
		keys := append([]string{o.Name}, o.Aliases...)
		if len(o.Sites) == 0 {
			notes.add(keys, "%s: an option (%s, %s), read at no site of the packages", o.Name, o.Style, o.Type)
			continue
		}
		sites := "sites"
		if len(o.Sites) == 1 {
			sites = "site"
		}
		notes.add(keys, "%s: an option (%s, %s), read at %d %s, first at %s", o.Name, o.Style, o.Type, len(o.Sites), sites, o.Sites[0].Pos)
	}
	if lines := notes.lookup(name); len(lines) > 0 {
		return lines, nil
	}
	// A field of a struct that is no configuration: why the struct is not.
	// A bare field name is looked for in every struct of the packages.
	typ, field, ok := cutLast(name, ".")
	if !ok {
		typ, field = "", name
	}
	var out []string
	for _, t := range withField(prog, typ, field) {
		f := name // as asked, when a type is named
		if !ok {
			f = t + "." + field
		}
		lines := notes.lookup(t)
		if len(lines) == 0 {
			out = append(out, fmt.Sprintf("%s: not an option: its struct %s is not configuration: not named like it, tagged, declared, set by functional options or used as settings", f, t))
		}
		for _, l := range lines {
			if strings.Contains(l, ": configuration:") {
				out = append(out, fmt.Sprintf("%s: not an option: a field discovery left out of configuration (%s)", f, l))
				continue
			}
			out = append(out, fmt.Sprintf("%s: not an option: its struct is not configuration (%s)", f, l))
		}
	}
	return out, nil
}

// withField returns the struct types of prog's scanned packages called
// typ (as notes match names; any, when typ is "") that have a field
// called field, by full name, sorted.
func withField(prog *Program, typ, field string) []string {
	var out []string
	for pkg := range prog.Scanned {
		for _, m := range pkg.Members {
			t, ok := m.(*ssa.Type)
			if !ok {
				continue
			}
			full := pkg.Pkg.Path() + "." + t.Name()
			if typ != "" && !nameMatch(full, typ) {
				continue
			}
			if s, ok := t.Type().Underlying().(*types.Struct); ok {
				for f := range s.Fields() {
					if f.Name() == field {
						out = append(out, full)
						break
					}
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func discover(ctx context.Context, prog *Program, src configs.Sources, why bool) ([]*Option, *notes, error) {
	d := &discoverer{
		prog:         prog,
		src:          src,
		untyped:      configs.NameSet(src.Untyped),
		parsers:      configs.NameSet(src.Parsers),
		runningTypes: configs.NameSet(src.RunningTypes),
		opts:         make(map[string]*Option),
		aliases:      make(map[string]*Option),
		loaded:       newLoadIndex(),
		calls:        make(map[*ssa.Function][]*ssa.Call),
		seen:         make(map[siteKey]bool),
		notes:        &notes{recording: why},
	}
	if err := d.catalogue(); err != nil {
		return nil, nil, err
	}
	d.index()
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if err := d.structs(); err != nil {
		return nil, nil, err
	}
	prog.running = d.running
	prog.settings = make(map[*types.Struct]bool)
	for s, si := range d.config {
		if si.why != "object" {
			prog.settings[s] = true
		}
	}
	d.wrappers()
	d.flags() // before key getters, so that flag names bound to fields are aliases
	d.flagStructs()
	d.keyCalls()
	d.registries()
	d.arguments()
	d.setterMethods()
	d.workerCounts()
	d.toggles()
	d.globals()
	d.packageSetters()
	d.gates()
	d.listGates()
	d.parsedKeys()
	d.mergeStored()
	d.mergeCopies()
	d.dropSinks()
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	d.declaredYield()

	out := make([]*Option, 0, len(d.opts))
	for _, o := range d.opts {
		slices.SortFunc(o.Sites, func(a, b Site) int {
			return cmp.Or(cmp.Compare(a.pos.Filename, b.pos.Filename),
				cmp.Compare(a.pos.Line, b.pos.Line), cmp.Compare(a.pos.Column, b.pos.Column),
				cmp.Compare(a.Via, b.Via))
		})
		slices.Sort(o.Aliases)
		o.Aliases = slices.Compact(o.Aliases)
		if len(o.Sites) > 0 && o.Package == "" {
			o.Package = o.Sites[0].Func.Pkg.Pkg.Path()
		}
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b *Option) int { return strings.Compare(a.Name, b.Name) })
	markIgnored(d.prog, out)
	return out, d.notes, nil
}

type role int

const (
	roleGetter    role = iota // key getter: the call's result is the read
	roleFlag                  // flag definition returning a pointer
	roleFlagVar               // flag definition binding a variable
	roleUnmarshal             // decoding of a sub-tree into a struct
)

type entry struct {
	role role
	configs.Func
}

// field names one field of a struct type.
type field struct {
	s *types.Struct
	i int
}

type siteKey struct {
	opt *Option
	pos token.Pos
	v   ssa.Value
}

type discoverer struct {
	prog         *Program
	src          configs.Sources
	entries      map[string]entry // by function name
	untyped      map[string]bool  // getter methods whose result has not the option's type
	parsers      map[string]bool  // functions parsing a setting's text
	runningTypes map[string]bool  // synchronisation types marking a running object

	funcs       []*ssa.Function        // scanned functions, by position
	generated   map[string]bool        // files of generated code (see generatedDecl), made when first asked
	decodeRoots map[*types.Struct]bool // what a decoder decodes into whole (see decodedData)
	loaded      loadIndex              // loads of globals and fields
	globalStore map[*ssa.Global][]*ssa.Store
	addressed   map[*ssa.Global]bool // globals whose address the scanned code uses other than to load or store
	calls       map[*ssa.Function][]*ssa.Call

	config       map[*types.Struct]*structInfo
	setters      map[field][]setter                // fields set by functional options
	setterFuncs  map[*ssa.Function]bool            // the setters of settings structs' fields (setsOptions), once known
	running      map[*types.Struct]bool            // structs whose methods use their own locks or channels
	appended     map[*types.TypeName]map[int]bool  // what the methods of a type append to (see appendsTo)
	copiedInto   map[*types.Struct][]*types.Struct // structs whose fields are copied into fields of others
	paramKeys    map[field]string                  // fields set from a settings map: the key looked up
	handles      map[*types.Named]bool             // types with an API of their own (see handleType)
	kept         map[*types.Struct]string          // structs whose values are stored in a field or global: the first such store
	methodParam  map[*types.Struct]bool            // structs passed to methods
	listParam    map[*types.Struct]bool            // structs passed as a list (topics ...TopicConfig): records
	apiParam     map[*types.Struct]bool            // structs an exported function or method of a package users import takes
	methods      map[*types.Struct]int             // how many methods take them
	funcParam    map[*types.Struct]*ssa.Function   // structs passed to plain functions: the first of them
	funcParams   map[*types.Struct][]*ssa.Function // all of them, in order
	dataParam    map[*types.Struct]bool            // structs passed to plain functions that compute data
	hookResult   map[*types.Struct]bool            // structs a called function value returns
	made         map[*types.Struct][]*ssa.Function // functions making a struct's values (an Alloc), in order
	returnedBy   map[*types.Struct][]*ssa.Function // the functions returning one, in funcs' order
	holders      map[*types.Struct][]*types.Struct // the module's structs with a field of the struct (see holdersOf)
	settersOf    map[*types.Struct][]field         // the fields of a struct functional options set (see fieldsSet)
	funcIndex    map[*ssa.Function]int             // a function's place in funcs
	written      map[field][]*ssa.Store            // fields the scanned code stores to
	mutated      map[field]ssa.Instruction         // fields changed in place, by a method of their value (s.Stats.Hits.Add(1)) or a store into a field within them (s.Stats.Hits = n): the first such instruction
	wrapped      map[*ssa.Function]bool            // the program's wrappers of catalogued functions (see wrappers)
	wrappedCalls map[*ssa.Call]bool                // the calls they wrap, which name no option of their own
	opts         map[string]*Option
	aliases      map[string]*Option
	seen         map[siteKey]bool
	notes        *notes               // why candidates were taken or left out
	valueFuncs   map[*types.Func]bool // functions and methods the scanned code uses as values (usedAsValue)
}

// catalogue indexes the read functions of the settings by name.
func (d *discoverer) catalogue() error {
	d.entries = make(map[string]entry)
	add := func(r role, fs []configs.Func, style string) {
		for _, f := range fs {
			if f.Style == "" {
				f.Style = style
			}
			for _, name := range f.Names() {
				d.entries[name] = entry{r, f}
			}
		}
	}
	add(roleGetter, d.src.Getters, "getter")
	add(roleFlag, d.src.Flags, "flag")
	add(roleFlagVar, d.src.FlagVars, "flag")
	add(roleUnmarshal, d.src.Unmarshal, "unmarshal")
	add(roleGetter, d.src.Funcs, "declared")
	for i, f := range d.src.Funcs {
		if f.Func == "" {
			return fmt.Errorf("sources.funcs[%d]: func is empty", i)
		}
	}
	return nil
}

// index records, over the scanned functions, the loads of globals and
// fields and the static calls, which the styles below look up.
func (d *discoverer) index() {
	d.globalStore = make(map[*ssa.Global][]*ssa.Store)
	d.addressed = make(map[*ssa.Global]bool)
	d.written = make(map[field][]*ssa.Store)
	d.mutated = make(map[field]ssa.Instruction)
	d.copiedInto = make(map[*types.Struct][]*types.Struct)
	d.paramKeys = make(map[field]string)
	d.handles = make(map[*types.Named]bool)
	d.kept = make(map[*types.Struct]string)
	d.methodParam = make(map[*types.Struct]bool)
	d.listParam = make(map[*types.Struct]bool)
	d.methods = make(map[*types.Struct]int)
	d.funcParam = make(map[*types.Struct]*ssa.Function)
	d.funcParams = make(map[*types.Struct][]*ssa.Function)
	d.dataParam = make(map[*types.Struct]bool)
	d.apiParam = make(map[*types.Struct]bool)
	d.hookResult = make(map[*types.Struct]bool)
	d.made = make(map[*types.Struct][]*ssa.Function)
	d.returnedBy = make(map[*types.Struct][]*ssa.Function)
	for fn := range allFunctions(d.prog, false) {
		d.funcs = append(d.funcs, fn)
	}
	sortFuncs(d.funcs)
	for _, fn := range d.funcs {
		params := fn.Signature.Params()
		for i := range params.Len() {
			t := params.At(i).Type()
			if sl, ok := t.Underlying().(*types.Slice); ok { // topics ...TopicSpec
				t = sl.Elem()
				// A list of them is records; opts ...GetOptions, one or
				// none, is an optional argument.
				if s := structOf(t); s != nil && !(fn.Signature.Variadic() && i == params.Len()-1 && optionalArg(fn, i)) {
					d.listParam[s] = true
				}
			}
			if s := structOf(t); s != nil {
				switch {
				case fn.Signature.Recv() != nil:
					d.methodParam[s] = true
					d.methods[s]++
					if exported(fn) && imported(fn) {
						d.apiParam[s] = true
					}
				case fn.Parent() == nil && computes(fn.Signature):
					d.dataParam[s] = true
				case fn.Parent() == nil:
					if exported(fn) && imported(fn) {
						d.apiParam[s] = true
					}
					if d.funcParam[s] == nil {
						d.funcParam[s] = fn
					}
					d.funcParams[s] = append(d.funcParams[s], fn)
				}
			}
		}
		for v := range fn.Signature.Results().Variables() {
			if s := structOf(v.Type()); s != nil {
				if fns := d.returnedBy[s]; len(fns) == 0 || fns[len(fns)-1] != fn {
					d.returnedBy[s] = append(fns, fn)
				}
			}
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if addLoad(d.loaded, instr) {
					continue
				}
				if c, ok := instr.(*ssa.Call); ok {
					if addr, ok := accessorLoad(c.Common()); ok {
						d.loaded.addAt(addr, c) // cfg.maxBytes.load(): a read of the field
					}
				}
				d.addressOf(instr)
				switch instr := instr.(type) {
				case *ssa.Alloc:
					if s := structOf(instr.Type()); s != nil {
						if fns := d.made[s]; len(fns) == 0 || fns[len(fns)-1] != fn {
							d.made[s] = append(fns, fn)
						}
					}
				case *ssa.Store:
					if g, ok := instr.Addr.(*ssa.Global); ok {
						d.globalStore[g] = append(d.globalStore[g], instr)
					}
					if fa, ok := instr.Addr.(*ssa.FieldAddr); ok {
						if s := structOf(fa.X.Type()); s != nil {
							d.written[field{s, fa.Field}] = append(d.written[field{s, fa.Field}], instr)
							if src := loadedFrom(instr.Val); src != nil {
								d.copiedInto[src] = append(d.copiedInto[src], s)
							}
						}
						if _, nested := fa.X.(*ssa.FieldAddr); nested {
							if _, built := rootAlloc(fa).(*ssa.Alloc); !built && !fillsDefault(instr) {
								d.within(fa.X, instr) // fs.Latency.Current = d: Latency changes in place
							}
						}
					}
					switch instr.Addr.(type) {
					case *ssa.FieldAddr, *ssa.Global:
						if s := structOf(instr.Val.Type()); s != nil && d.kept[s] == "" && !builtFromArgument(instr) {
							d.kept[s] = fn.String()
							if instr.Pos().IsValid() {
								d.kept[s] += " at " + d.prog.Position(instr.Pos())
							}
						}
					}
				case *ssa.Call:
					d.inPlace(instr)
					if callee := instr.Call.StaticCallee(); callee != nil {
						callee = origin(callee)
						d.calls[callee] = append(d.calls[callee], instr)
					} else if !instr.Call.IsInvoke() {
						// A hook the caller supplies, asked anew each time
						// (per request limits a callback returns).
						for v := range instr.Call.Signature().Results().Variables() {
							if s := structOf(v.Type()); s != nil {
								d.hookResult[s] = true
							}
						}
					}
				}
			}
		}
	}
}

// addressOf records the globals instr uses other than as the address
// it loads from or stores to: handed to a call, stored, converted,
// merged.
func (d *discoverer) addressOf(instr ssa.Instruction) {
	mark := func(v ssa.Value) {
		if g, ok := v.(*ssa.Global); ok {
			d.addressed[g] = true
		}
	}
	switch instr := instr.(type) {
	case ssa.CallInstruction:
		mark(instr.Common().Value)
		for _, a := range instr.Common().Args {
			mark(a)
		}
	case *ssa.Store:
		mark(instr.Val)
	case *ssa.MakeInterface:
		mark(instr.X)
	case *ssa.ChangeType:
		mark(instr.X)
	case *ssa.Convert:
		mark(instr.X)
	case *ssa.Phi:
		for _, e := range instr.Edges {
			mark(e)
		}
	}
}

// inPlace records the fields call changes in place: the field (or a field
// within it) that is the pointer receiver of a method called on it
// (s.Stats.Hits.Add(1)), or the address handed to sync/atomic
// (atomic.AddInt64(&s.n, 1)); every field along the selector counts.
func (d *discoverer) inPlace(call *ssa.Call) {
	callee := call.Call.StaticCallee()
	if callee == nil || len(call.Call.Args) == 0 {
		return
	}
	var addr ssa.Value
	switch {
	case callee.Signature.Recv() != nil:
		if _, ptr := callee.Signature.Recv().Type().Underlying().(*types.Pointer); !ptr {
			return
		}
		addr = call.Call.Args[0]
	case callee.Pkg != nil && callee.Pkg.Pkg.Path() == "sync/atomic":
		addr = call.Call.Args[0]
	default:
		return
	}
	d.within(addr, call)
}

// within records every field along the selector addr (s.Stats.Hits) as
// changed in place by instr.
func (d *discoverer) within(addr ssa.Value, instr ssa.Instruction) {
	for {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			return
		}
		if s := structOf(fa.X.Type()); s != nil {
			if f := (field{s, fa.Field}); d.mutated[f] == nil {
				d.mutated[f] = instr
			}
		}
		addr = fa.X
	}
}

// allFunctions yields the scanned functions that have bodies, generic
// instances folded onto one representative per position; with helpers,
// those of the helper packages too (Program.Helper).
func allFunctions(prog *Program, helpers bool) map[*ssa.Function]bool {
	out := make(map[*ssa.Function]bool)
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if out[fn] || fn.Blocks == nil {
			return
		}
		if obj, ok := fn.Object().(*types.Func); ok && !helpers && prog.Support[obj] {
			return // test support kept in the program's files
		}
		out[fn] = true
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	pkgs := maps.Clone(prog.Scanned)
	if helpers {
		maps.Copy(pkgs, prog.Helper)
	}
	for pkg := range pkgs {
		for _, mem := range pkg.Members {
			switch mem := mem.(type) {
			case *ssa.Function:
				visit(mem)
			case *ssa.Type:
				if n, ok := mem.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
					// A generic type has no method sets to ask: its
					// methods' generic bodies stand for every instance.
					for m := range n.Methods() {
						if fn := prog.SSA.FuncValue(m); fn != nil && fn.Pkg == pkg {
							visit(fn)
						}
					}
					continue
				}
				for _, T := range []types.Type{mem.Type(), types.NewPointer(mem.Type())} {
					mset := prog.SSA.MethodSets.MethodSet(T)
					for i := range mset.Len() {
						if fn := prog.SSA.MethodValue(mset.At(i)); fn != nil && (fn.Pkg == pkg || promoted(fn, mset.At(i))) {
							visit(fn)
						}
					}
				}
			}
		}
	}
	return out
}

// promoted reports whether fn is the wrapper of a method promoted from
// an embedded interface (a writer struct embedding the storage's Writer,
// whose Sync its callers call): analysed code of the type that embeds
// it, through which the call reaches the implementations the field may
// hold, which the call graph knows.
func promoted(fn *ssa.Function, sel *types.Selection) bool {
	if fn.Pkg != nil || fn.Synthetic == "" || len(sel.Index()) < 2 {
		return false
	}
	t := sel.Recv()
	for _, i := range sel.Index()[:len(sel.Index())-1] {
		if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		s, ok := types.Unalias(t).Underlying().(*types.Struct)
		if !ok {
			return false
		}
		t = s.Field(i).Type()
	}
	return types.IsInterface(t)
}

func origin(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		return o
	}
	return fn
}

// structOf returns the struct type of t or *t, normalised so that all
// instances of one generic type share one key.
func structOf(t types.Type) *types.Struct {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		t = n.Origin()
	}
	s, _ := t.Underlying().(*types.Struct)
	return s
}

// addSite records a read of o at v in fn, once per position.
func (d *discoverer) addSite(o *Option, fn *ssa.Function, v ssa.Value, pos token.Pos, via string) {
	if !pos.IsValid() {
		pos = fn.Pos()
	}
	key := siteKey{o, pos, nil}
	if d.seen[key] {
		return
	}
	d.seen[key] = true
	o.Sites = append(o.Sites, Site{
		Pos:   d.prog.Position(pos),
		Func:  origin(fn),
		Value: v,
		Via:   via,
		pos:   d.prog.Fset.Position(pos),
	})
}

// option returns the option called name, creating it with the given
// style, or the option that has name as an alias.
func (d *discoverer) option(name, style, typ string) *Option {
	if o, ok := d.opts[name]; ok {
		return o
	}
	if o, ok := d.aliases[name]; ok {
		return o
	}
	o := &Option{Name: name, Style: style, Type: typ}
	d.opts[name] = o
	return o
}

func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// Lookup returns the option called name or having it as an alias, else
// the only one whose name or alias name is a dotted suffix of (NoSync for
// Options.NoSync, ignoring case, as -why matches); when there is none,
// the names closest to it: those it is a dotted suffix of, then those
// within a few edits of it (a quarter of its length, at least two), at
// most three; none when no name is that close.
func Lookup(opts []*Option, name string) (*Option, []string) {
	for _, o := range opts {
		if o.Name == name {
			return o, nil
		}
	}
	for _, o := range opts {
		if slices.Contains(o.Aliases, name) {
			return o, nil
		}
	}
	var suffixOf []*Option
	for _, o := range opts {
		if nameMatch(o.Name, name) || slices.ContainsFunc(o.Aliases, func(a string) bool { return nameMatch(a, name) }) {
			suffixOf = append(suffixOf, o)
		}
	}
	if len(suffixOf) == 1 {
		return suffixOf[0], nil
	}
	type cand struct {
		name string
		d    int
	}
	var cands []cand
	lower := strings.ToLower(name)
	near := max(2, len(name)/4)
	for _, o := range opts {
		d := distance(lower, strings.ToLower(o.Name))
		for _, a := range o.Aliases {
			d = min(d, distance(lower, strings.ToLower(a)))
		}
		if nameMatch(o.Name, name) || slices.ContainsFunc(o.Aliases, func(a string) bool { return nameMatch(a, name) }) {
			d = 0
		}
		if d <= near {
			cands = append(cands, cand{o.Name, d})
		}
	}
	slices.SortFunc(cands, func(a, b cand) int { return cmp.Or(cmp.Compare(a.d, b.d), cmp.Compare(a.name, b.name)) })
	var out []string
	for i := 0; i < len(cands) && i < 3; i++ {
		out = append(out, cands[i].name)
	}
	return nil, out
}

// distance is the Levenshtein distance of a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// changed reports whether the scanned code stores to f other than by
// building a new object in a constructor (a function, not a method) or
// from settings and constants: NewWriter's &Writer{BatchSize: n} or
// w.Acks = RequireAll initialise; w.n = len(buf) in a method, or a
// method's Generation{ID: id} built from run-time data, change state.
// So do not: constants or settings stored into an object a call has
// just made (see freshResult), and a settings struct's method copying a
// setting into the object it is handed (see applied).
func (d *discoverer) changed(f field) bool {
	return d.changedAt(f, nil) != nil
}

// changedAt returns the first store that makes f changed (see changed),
// outside the functions skip holds.
func (d *discoverer) changedAt(f field, skip map[*ssa.Function]bool) *ssa.Store {
	for _, st := range d.written[f] {
		if skip[st.Parent()] {
			continue
		}
		fa := st.Addr.(*ssa.FieldAddr)
		_, built := fa.X.(*ssa.Alloc)
		constructor := st.Parent().Signature.Recv() == nil && st.Parent().Parent() == nil
		if !built || !(constructor || d.fromSettings(st.Val, 0)) {
			if fillsDefault(st) || freshResult(fa.X) && d.fromSettings(st.Val, 0) || d.applied(st) {
				continue
			}
			return st
		}
	}
	return nil
}

// freshResult reports whether v is what a call returns that its callee
// made anew (w := o.NewWriter(ctx), returning &Writer{…}): a store into
// it is its maker's caller setting it up, as a user of the object would.
func freshResult(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Blocks == nil || callee.Signature.Results().Len() == 0 {
		return false
	}
	made := false
	for _, b := range callee.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if _, ok := ret.Results[0].(*ssa.Alloc); !ok {
				return false
			}
			made = true
		}
	}
	return made
}

// applied reports whether st, in a method of a settings struct (not of
// a running object), copies one of its settings into the object it is
// handed, not into its receiver: the user's setting applied (func (o
// *WriterOpts) apply(w *Writer) { w.ChunkSize = o.ChunkSize }), not the
// object's own state.
func (d *discoverer) applied(st *ssa.Store) bool {
	fn := st.Parent()
	recv := fn.Signature.Recv()
	if recv == nil || len(fn.Params) == 0 {
		return false
	}
	if si := d.config[structOf(recv.Type())]; si == nil || si.why == "object" {
		return false
	}
	if sameBase(st.Addr.(*ssa.FieldAddr).X, fn.Params[0]) {
		return false
	}
	_, constant := st.Val.(*ssa.Const)
	return !constant && d.fromSettings(st.Val, 0)
}

// fillsDefault reports whether st runs only under a branch that tests the
// field it stores to, read through the same pointer: a default filled in
// where the user left the field unset (if t.Key == nil { t.Key = k }),
// which keeps the user's value when there is one.
func fillsDefault(st *ssa.Store) bool {
	fa := st.Addr.(*ssa.FieldAddr)
	for b := st.Block(); b != nil; b = b.Idom() {
		idom := b.Idom()
		if idom == nil {
			break
		}
		iff, ok := idom.Instrs[len(idom.Instrs)-1].(*ssa.If)
		if ok && readsField(iff.Cond, fa, 0) {
			return true
		}
	}
	return false
}

// sameBase reports whether a and b are the same pointer: one value, or
// loads of one variable (a receiver a closure captures is boxed, and each
// use loads it anew).
func sameBase(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	la, ok := a.(*ssa.UnOp)
	lb, ok2 := b.(*ssa.UnOp)
	return ok && ok2 && la.Op == token.MUL && lb.Op == token.MUL && la.X == lb.X
}

// readsField reports whether v is computed from a load of the field fa
// addresses, through the same base (a comparison, a length, a field of
// the field's value).
func readsField(v ssa.Value, fa *ssa.FieldAddr, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.FieldAddr:
		if sameBase(x.X, fa.X) && x.Field == fa.Field {
			return true
		}
		return readsField(x.X, fa, depth+1)
	case *ssa.UnOp:
		return readsField(x.X, fa, depth+1)
	case *ssa.BinOp:
		return readsField(x.X, fa, depth+1) || readsField(x.Y, fa, depth+1)
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if readsField(a, fa, depth+1) {
				return true
			}
		}
	}
	return false
}

// fromSettings reports whether v is computed from constants and fields of
// configuration structs only.
func (d *discoverer) fromSettings(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return d.config[structOf(fa.X.Type())] != nil
		}
		return d.fromSettings(x.X, depth+1)
	case *ssa.Field:
		return d.config[structOf(x.X.Type())] != nil
	case *ssa.Convert:
		return d.fromSettings(x.X, depth+1)
	case *ssa.ChangeType:
		return d.fromSettings(x.X, depth+1)
	case *ssa.MakeInterface:
		return d.fromSettings(x.X, depth+1)
	case *ssa.Phi: // a setting or its default
		for _, e := range x.Edges {
			if !d.fromSettings(e, depth+1) {
				return false
			}
		}
		return true
	case *ssa.Slice: // variadic arguments, built from what is stored in them
		_, ok := x.X.(*ssa.Alloc)
		return ok
	case *ssa.Call:
		args := x.Call.Args
		if x.Call.IsInvoke() {
			args = append([]ssa.Value{x.Call.Value}, args...)
		}
		for _, a := range args {
			if !d.fromSettings(a, depth+1) {
				return false
			}
		}
		return len(args) > 0
	}
	return false
}

// Unconvert strips conversions and type changes off v.
func Unconvert(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
}

// loadedFrom returns the struct whose field v loads, through conversions.
func loadedFrom(v ssa.Value) *types.Struct {
	if x := loadBase(v); x != nil {
		return structOf(x.Type())
	}
	return nil
}

// loadBase returns the struct value, or the pointer to it, whose field v
// loads (through the field's address, or by a Field extraction), through
// conversions; nil when v loads no field.
func loadBase(v ssa.Value) ssa.Value {
	switch x := Unconvert(v).(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return fa.X
		}
	case *ssa.Field:
		return x.X
	}
	return nil
}

// optionalArg reports whether fn's variadic parameter i is an optional
// argument (opts ...GetOptions: one or none): fn only takes its first
// element (opts[0]) and its length, or hands it on whole as another
// function's optional argument (opts...), where a list is ranged over.
func optionalArg(fn *ssa.Function, i int) bool {
	if fn.Signature.Recv() != nil {
		i++
	}
	if i >= len(fn.Params) {
		return false
	}
	refs := fn.Params[i].Referrers()
	if refs == nil {
		return false
	}
	used := false
	for _, r := range *refs {
		var index ssa.Value
		switch r := r.(type) {
		case *ssa.IndexAddr:
			index = r.Index
		case *ssa.Index:
			index = r.Index
		case *ssa.Call:
			if b, ok := r.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" {
				continue
			}
			// Handed on whole as another's optional argument (opts...).
			if sig := r.Call.Signature(); sig.Variadic() && len(r.Call.Args) > 0 && r.Call.Args[len(r.Call.Args)-1] == fn.Params[i] {
				used = true
				continue
			}
			return false
		case *ssa.DebugRef:
			continue
		default:
			return false
		}
		if c, ok := index.(*ssa.Const); !ok || c.Int64() != 0 {
			return false
		}
		used = true
	}
	return used
}

// perCall reports whether the values of s only travel with calls: they
// are parameters of methods, or of plain functions that compute data from
// them, or results of a function value the caller supplies (a hook asked
// for each request's limits), and parameters of no other plain function
// but helpers of those operations (see opHelper; a constructor or a
// run(cfg) takes configuration), no field or global ever holds one, and
// their fields are copied into no running object; or no field or global
// holds one and sources.per_call_methods methods or more take it,
// whatever else does. Such a struct is an API's argument (the options
// of one request, of one BuildIndex(opts) []byte), not the
// configuration of a long-lived object.
//
// When s is not, why says what keeps it from being one.
func (d *discoverer) perCall(s *types.Struct) (ok bool, why string) {
	switch {
	case d.kept[s] != "":
		return false, "stored in " + d.kept[s]
	case !d.methodParam[s] && !d.dataParam[s] && !d.hookResult[s]:
		return false, "no method takes it"
	case d.src.PerCallMethods > 0 && d.methods[s] >= d.src.PerCallMethods:
		return true, "" // passed with dozens of calls, kept by none
	}
	for _, fn := range d.funcParams[s] {
		if !d.opHelper(fn) {
			return false, "a parameter of " + fn.String()
		}
	}
	for _, t := range d.copiedInto[s] {
		if d.running[t] {
			return false, "copied into a running object"
		}
	}
	return true, ""
}

// opHelper reports whether the plain function fn is a helper of
// operations: it makes no object (its results are basic values or an
// error), and every call of it is in a method, where an operation
// runs (a handler writing a response's headers from the request's
// options), and none in a plain function (a command's run(cfg), a
// constructor's setup). Its parameters travel with the calls too.
func (d *discoverer) opHelper(fn *ssa.Function) bool {
	for v := range fn.Signature.Results().Variables() {
		t := v.Type()
		if types.Identical(t, errorType) {
			continue
		}
		if _, ok := t.Underlying().(*types.Basic); !ok {
			return false
		}
	}
	calls := d.calls[origin(fn)]
	if len(calls) == 0 || d.usedAsValue(fn) {
		return false
	}
	for _, c := range calls {
		caller := c.Parent()
		for caller.Parent() != nil {
			caller = caller.Parent()
		}
		if caller.Signature.Recv() == nil {
			return false
		}
	}
	return true
}

// builtFromArgument reports whether st stores a parameter of its method
// (or what the parameter points to) into a field of an object the
// function made or was handed by a call (a literal, a pool's Get): the
// object one call builds from its arguments (an iterator from its
// options, a command from its arguments), which keeps them no longer
// than the call's result lives, unless the function stores the object
// itself away.
func builtFromArgument(st *ssa.Store) bool {
	if st.Parent().Signature.Recv() == nil {
		return false // a plain function: a constructor, or one computing data (see perCall)
	}
	v := st.Val
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	if _, ok := v.(*ssa.Parameter); !ok {
		return false
	}
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	var x ssa.Value = fa.X
	for {
		switch y := x.(type) {
		case *ssa.FieldAddr:
			x = y.X
			continue
		case *ssa.TypeAssert:
			x = y.X
			continue
		case *ssa.Alloc, *ssa.Call:
			// The object is itself stored away (f.tracer = &tracer{opts}):
			// a long-lived object set up by the call, which keeps them.
			for _, r := range *y.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Val == y {
					return false
				}
			}
			return true
		}
		return false
	}
}

// isPerCall is perCall's verdict alone.
func (d *discoverer) isPerCall(s *types.Struct) bool {
	ok, _ := d.perCall(s)
	return ok
}

// scannedCalls yields the calls of the scanned functions, in order, each
// with the function holding it.
func (d *discoverer) scannedCalls() iter.Seq2[*ssa.Function, *ssa.Call] {
	return func(yield func(*ssa.Function, *ssa.Call) bool) {
		for _, fn := range d.funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if call, ok := instr.(*ssa.Call); ok && !yield(fn, call) {
						return
					}
				}
			}
		}
	}
}

// computes says whether a function's results are data, not an object: a
// slice or array of numbers, strings or bools (the []byte an encoder
// returns), beside which only such basic values and errors. A predicate
// (a bool of its argument alone) says nothing: it may check settings.
func computes(sig *types.Signature) bool {
	data := false
	for v := range sig.Results().Variables() {
		t := v.Type()
		if types.Identical(t, errorType) {
			continue
		}
		switch u := t.Underlying().(type) {
		case *types.Slice:
			t, data = u.Elem(), true
		case *types.Array:
			t, data = u.Elem(), true
		}
		if _, ok := t.Underlying().(*types.Basic); !ok {
			return false
		}
	}
	return data
}

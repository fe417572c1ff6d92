package slicing

import (
	"cmp"
	"context"
	"go/token"
	"go/types"
	"iter"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/confhunt/confhunt/configs"
)

// Slice is the forward slice of one option: the instructions its value
// reaches through data and control dependence, by function.
type Slice struct {
	Option    *Option
	Funcs     map[*ssa.Function]*FuncSlice
	Influence Influence
	// Impls holds the implementations the option chooses among, by
	// ImplKey, where the code names them; a call through the choice runs
	// one of them (FuncSlice.Dispatch).
	Impls map[any]bool
}

// FuncSlice is the part of a slice inside one function.
type FuncSlice struct {
	Func   *ssa.Function
	Instrs map[ssa.Instruction]bool // instructions the value reaches
	Blocks []bool                   // blocks under a branch on the option, by index
	Whole  bool                     // the function runs under a branch on the option

	// Influence says where each kind of influence arises.
	Influence map[ssa.Instruction]Influence

	// Scaled holds the library calls whose arguments the option reaches
	// and whose cost grows with them (configs.Resource.Scales).
	Scaled map[ssa.Instruction]bool

	// Dispatch holds the calls through an interface or a function value
	// whose implementation the option chooses (a codec it names, a
	// strategy stored under its branch): they are charged with what the
	// implementations they reach do.
	Dispatch map[ssa.Instruction]bool

	// Passed holds, for the calls of a func parameter under the option,
	// the function the caller the slice came from passed: only it runs
	// there in the slice's runs (see FuncSlice.Whole).
	Passed map[ssa.CallInstruction]*ssa.Function

	// Entered holds the calls through whose arguments the value came into
	// the function; Anywhere says it also came in otherwise (the option
	// is read here, a load of a location it was stored in, a return to
	// every caller, a captured variable), so that the function's slice
	// runs whenever the function does, not only when those calls make it.
	Entered  map[ssa.CallInstruction]bool
	Anywhere bool
	// Loaded is, when the value also came in from a location that other
	// functions store other values at (a request's arguments every
	// command fills), or back from one of the implementations an
	// interface call runs, the largest share of the runs it is there in.
	Loaded float64
}

// Contains reports whether instr is in the slice.
func (fs *FuncSlice) Contains(instr ssa.Instruction) bool {
	return fs.Whole || (fs.Blocks != nil && fs.Blocks[instr.Block().Index]) || fs.Instrs[instr]
}

// Functions returns the functions of the slice ordered by position and name.
func (s *Slice) Functions() []*FuncSlice {
	out := make([]*FuncSlice, 0, len(s.Funcs))
	for _, fs := range s.Funcs {
		out = append(out, fs)
	}
	sortFuncsBy(out, func(fs *FuncSlice) *ssa.Function { return fs.Func })
	return out
}

// compareFuncs orders functions by file, line, column and name. Not by
// token.Pos: its values depend on the order in which go/packages' parallel
// parser added the files, which changes from run to run.
func compareFuncs(a, b *ssa.Function) int {
	if a == b {
		return 0
	}
	pa, pb := a.Prog.Fset.Position(a.Pos()), b.Prog.Fset.Position(b.Pos())
	if c := cmp.Or(cmp.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Line, pb.Line), cmp.Compare(pa.Column, pb.Column)); c != 0 {
		return c
	}
	return cmp.Or(cmp.Compare(a.String(), b.String()), // only when needed: it formats the name
		compareVariants(a, b))
}

// compareVariants orders a function of a package before the same
// function of its test variant (same file, line and name): the variant,
// with the tests' files, has more members, else more methods (an
// export_test.go's), else imports larger packages (a package compiled
// again for another's tests imports that one's variant). An instance
// of a generic function counts by its origin's package.
func compareVariants(a, b *ssa.Function) int {
	sa, sb := variantSize(a), variantSize(b)
	return cmp.Or(cmp.Compare(sa[0], sb[0]), cmp.Compare(sa[1], sb[1]), cmp.Compare(sa[2], sb[2]))
}

// variantSize is what compareVariants compares: the members, the
// methods and the imports' members of fn's package.
func variantSize(fn *ssa.Function) [3]int {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg == nil {
		return [3]int{}
	}
	pkg := fn.Pkg.Pkg
	var size [3]int
	size[0] = len(fn.Pkg.Members)
	for _, name := range pkg.Scope().Names() {
		if tn, ok := pkg.Scope().Lookup(name).(*types.TypeName); ok {
			if named, ok := tn.Type().(*types.Named); ok {
				size[1] += named.NumMethods()
			}
		}
	}
	for _, imp := range pkg.Imports() {
		size[2] += imp.Scope().Len()
	}
	return size
}

// sortFuncsBy sorts xs in compareFuncs' order of the functions fn gives,
// finding each function's position once rather than at every
// comparison: a position is a search of the file set, which dominated
// the sorts of a large program's functions.
func sortFuncsBy[T any](xs []T, fn func(T) *ssa.Function) {
	type keyed struct {
		x   T
		fn  *ssa.Function
		pos token.Position
	}
	ks := make([]keyed, len(xs))
	for i, x := range xs {
		f := fn(x)
		ks[i] = keyed{x, f, f.Prog.Fset.Position(f.Pos())}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if a.fn == b.fn {
			return 0
		}
		if c := cmp.Or(cmp.Compare(a.pos.Filename, b.pos.Filename), cmp.Compare(a.pos.Line, b.pos.Line), cmp.Compare(a.pos.Column, b.pos.Column)); c != 0 {
			return c
		}
		return cmp.Or(cmp.Compare(a.fn.String(), b.fn.String()), compareVariants(a.fn, b.fn))
	})
	for i := range ks {
		xs[i] = ks[i].x
	}
}

// sortFuncs sorts fns as compareFuncs orders them (see sortFuncsBy).
func sortFuncs(fns []*ssa.Function) {
	sortFuncsBy(fns, func(fn *ssa.Function) *ssa.Function { return fn })
}

// sortedFuncs returns the functions of seq sorted as compareFuncs orders
// them (see sortFuncsBy).
func sortedFuncs(seq iter.Seq[*ssa.Function]) []*ssa.Function {
	fns := slices.Collect(seq)
	sortFuncs(fns)
	return fns
}

// Size counts the instructions, blocks and functions of the slice.
func (s *Slice) Size() (instrs, blocks, funcs int) {
	for fn, fs := range s.Funcs {
		funcs++
		for _, b := range fn.Blocks {
			in := false
			for _, instr := range b.Instrs {
				if fs.Contains(instr) {
					instrs++
					in = true
				}
			}
			if in {
				blocks++
			}
		}
	}
	return
}

// Analysis holds what the slices of one program share: the call graph
// indexed by site, the loads of every abstract location, and per-function
// post-dominators and loops.
type Analysis struct {
	prog      *Program
	resources map[string]configs.Resource
	sinks     map[string]bool // functions that set where log lines go (configs.Resource.Sink)
	limits    configs.Limits  // how far slices go (configs/limits.yaml)
	parsers   map[string]bool // functions parsing a setting's text (configs.Sources.Parsers)
	messages  map[string]bool // methods rendering their receiver as text (configs.Sources.Messages)
	user      map[*ssa.Function]bool
	funcs     []*ssa.Function // user's functions in a fixed order (compareFuncs)

	callees  map[ssa.CallInstruction][]*ssa.Function
	ways     map[ssa.CallInstruction]int // implementations an interface call may run, where more than one (see dispatchWays)
	callers  map[*ssa.Function][]ssa.CallInstruction
	external map[*ssa.Function]bool // called back from library code
	once     map[*ssa.Function]bool // called back by sync.Once (and the like)
	often    map[*ssa.Function]bool // called back by anything else
	// bound holds, for a method called through a method value (go/ssa's
	// bound method wrapper, a library's callback), the analysed sites
	// that call the wrapper.
	bound map[*ssa.Function][]ssa.CallInstruction
	// methods holds, for go/ssa's wrapper of a method value (m.gossip,
	// or r.Read of an interface r), the analysed methods it may call.
	methods map[*ssa.Function][]*ssa.Function

	loads     loadIndex            // globals and fields
	stores    locIndex[*ssa.Store] // globals and fields
	atomics   loadIndex            // atomic loads (sync/atomic) of globals and fields
	elemLoads typeutil.Map         // container type -> []ssa.Value
	// fieldElems holds the loads of elements of numbers and strings by
	// the global or field their container is kept in (see containerLoc):
	// such elements are told apart by where the container is, not by
	// type.
	fieldElems loadIndex
	recvs      typeutil.Map // channel type -> []ssa.Value
	pooled     typeutil.Map // channel type -> true: a function takes values of it and puts them back
	// sent holds the origins (see chanOrigins) of the channels analysed
	// code sends on or hands to other code; sentUnknown the element
	// types of those whose origin is unknown (Signal).
	sent        map[any]bool
	sentUnknown typeutil.Map
	// senders holds, by origin, the analysed functions that send on or
	// close the channels of that origin (Repliers).
	senders map[any][]*ssa.Function

	mu         sync.Mutex // guards the memos below: Forward slices in parallel
	postdom    map[*ssa.Function]*PostDom
	loops      map[*ssa.Function][]*Loop
	resourceOf map[ssa.CallInstruction]resourceEntry // Resource, memoised: slices ask per call and per context
	logOutputs map[ssa.Value]bool                    // logOutput, memoised
	libraries  map[string]configs.Resource           // the cost of a call of a library function (SetLibraries)
}

// Limits returns the limits the analysis was built with.
func (a *Analysis) Limits() configs.Limits { return a.limits }

// NewAnalysis indexes prog and its call graph for slicing. From s it
// takes the catalogue of library calls (configs.Settings.Catalogue) and
// the limits of the analysis.
func NewAnalysis(prog *Program, graph *callgraph.Graph, s *configs.Settings) *Analysis {
	a := &Analysis{
		prog:       prog,
		resources:  s.Catalogue(),
		limits:     s.Limits,
		parsers:    configs.NameSet(s.Sources.Parsers),
		messages:   configs.NameSet(s.Sources.Messages),
		user:       allFunctions(prog, true),
		callees:    make(map[ssa.CallInstruction][]*ssa.Function),
		callers:    make(map[*ssa.Function][]ssa.CallInstruction),
		external:   make(map[*ssa.Function]bool),
		once:       make(map[*ssa.Function]bool),
		often:      make(map[*ssa.Function]bool),
		bound:      make(map[*ssa.Function][]ssa.CallInstruction),
		methods:    make(map[*ssa.Function][]*ssa.Function),
		loads:      newLoadIndex(),
		stores:     newLocIndex[*ssa.Store](),
		atomics:    newLoadIndex(),
		fieldElems: newLoadIndex(),
		postdom:    make(map[*ssa.Function]*PostDom),
		loops:      make(map[*ssa.Function][]*Loop),
		resourceOf: make(map[ssa.CallInstruction]resourceEntry),
		logOutputs: make(map[ssa.Value]bool),
		sinks:      make(map[string]bool),
	}
	// A log output's mark prices nothing: the call is weighed as any
	// other, by its library's summary where there is one.
	for name, r := range a.resources {
		if r.Sink {
			a.sinks[name] = true
			delete(a.resources, name)
		}
	}
	// Methods of test support kept in non-test files (a mock broker holding
	// the test's reporter) run in tests, not in the program: they are not
	// analysed, like a dependency's code.
	for fn := range a.user {
		if testSupport(fn) {
			delete(a.user, fn)
		}
	}
	a.funcs = make([]*ssa.Function, 0, len(a.user))
	for fn := range a.user {
		a.funcs = append(a.funcs, fn)
	}
	sortFuncs(a.funcs)
	for fn, node := range graph.Nodes {
		if fn == nil {
			continue
		}
		if o := fn.Origin(); o != nil && a.user[o] {
			continue // an instance of analysed generic code: its origin's body stands for it
		}
		if !a.user[fn] {
			if fn.Synthetic != "" && len(node.In) == 0 {
				continue // a wrapper nothing calls (a method set's (*T).M for T.M)
			}
			for _, e := range node.Out {
				callee := e.Callee.Func
				if o := callee.Origin(); o != nil && a.user[o] {
					callee = o // a generic type's method: its body
				}
				if a.user[callee] {
					a.external[callee] = true
					if strings.HasPrefix(fn.Synthetic, "bound method wrapper") {
						a.methods[fn] = append(a.methods[fn], callee)
						for _, in := range node.In {
							if in.Site != nil && a.user[in.Site.Parent()] {
								a.bound[callee] = append(a.bound[callee], in.Site)
							}
						}
					}
				}
			}
			continue
		}
		for _, e := range node.Out {
			if e.Site != nil {
				callee := e.Callee.Func
				if o := callee.Origin(); o != nil && a.user[o] {
					callee = o // an instance of analysed generic code: entered as its origin
				}
				a.callees[e.Site] = append(a.callees[e.Site], callee)
			}
		}
	}
	for w, fns := range a.methods {
		sortFuncs(fns)
		a.methods[w] = slices.Compact(fns)
	}
	a.ways = make(map[ssa.CallInstruction]int)
	for site, fns := range a.callees {
		sortFuncs(fns)
		a.callees[site] = slices.Compact(fns)
		for _, fn := range a.callees[site] {
			a.callers[fn] = append(a.callers[fn], site)
		}
		if site.Common().IsInvoke() && len(fns) > 1 {
			a.ways[site] = distinctCallees(a.callees[site])
		}
	}
	for fn, sites := range a.bound {
		slices.SortFunc(sites, func(x, y ssa.CallInstruction) int {
			return cmp.Or(compareFuncs(x.Parent(), y.Parent()), cmp.Compare(x.Pos(), y.Pos()))
		})
		a.bound[fn] = slices.Compact(sites)
	}
	for _, sites := range a.callers {
		slices.SortFunc(sites, func(x, y ssa.CallInstruction) int {
			return cmp.Or(compareFuncs(x.Parent(), y.Parent()), cmp.Compare(x.Pos(), y.Pos()))
		})
	}
	if !prog.AllBodies {
		a.markCallbacks()
	}
	for _, fn := range a.funcs {
		var sent, received typeutil.Map
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				a.indexLoad(instr)
				switch instr := instr.(type) {
				case *ssa.Send:
					sent.Set(chanElem(instr.Chan.Type()), true)
				case *ssa.UnOp:
					if instr.Op == token.ARROW {
						received.Set(chanElem(instr.X.Type()), true)
					}
				case *ssa.Select:
					for _, st := range instr.States {
						if st.Dir == types.SendOnly {
							sent.Set(chanElem(st.Chan.Type()), true)
						} else {
							received.Set(chanElem(st.Chan.Type()), true)
						}
					}
				}
			}
		}
		sent.Iterate(func(t types.Type, _ any) {
			if received.At(t) != nil {
				a.pooled.Set(t, true)
			}
		})
	}
	a.sent, a.senders = make(map[any]bool), make(map[any][]*ssa.Function)
	for _, fn := range a.funcs {
		a.noteSends(fn)
	}
	return a
}

func (a *Analysis) indexLoad(instr ssa.Instruction) {
	add := func(m *typeutil.Map, t types.Type, v ssa.Value) {
		if !tracked(t) {
			return
		}
		vs, _ := m.At(t).([]ssa.Value)
		m.Set(t, append(vs, v))
	}
	if addLoad(a.loads, instr) {
		return
	}
	switch instr := instr.(type) {
	case *ssa.Store:
		a.stores.addAt(instr.Addr, instr)
	case *ssa.Call:
		if addr, _, ok := atomicOp(instr.Common(), "Load"); ok {
			a.atomics.addAt(addr, instr)
		} else if addr, ok := accessorLoad(instr.Common()); ok {
			a.atomics.addAt(addr, instr)
		}
	case *ssa.UnOp:
		switch instr.Op {
		case token.MUL:
			if x, ok := instr.X.(*ssa.IndexAddr); ok {
				add(&a.elemLoads, containerType(x.X.Type()), instr)
				a.addElem(x.X, instr)
			}
		case token.ARROW:
			add(&a.recvs, chanElem(instr.X.Type()), instr)
		}
	case *ssa.Index:
		add(&a.elemLoads, containerType(instr.X.Type()), instr)
		a.addElem(instr.X, instr)
	case *ssa.Lookup:
		add(&a.elemLoads, containerType(instr.X.Type()), instr)
		a.addElem(instr.X, instr)
	case *ssa.Next:
		if !instr.IsString {
			if r, ok := instr.Iter.(*ssa.Range); ok {
				add(&a.elemLoads, containerType(r.X.Type()), instr)
			}
		}
	case *ssa.Select:
		for _, st := range instr.States {
			if st.Dir == types.RecvOnly {
				add(&a.recvs, chanElem(st.Chan.Type()), instr)
			}
		}
	}
}

// addElem records l, a load of an element of the container x, by the
// global or field x is kept in, when its elements are numbers or strings
// (not bytes: a buffer's bytes are data) and so not tracked by type.
func (a *Analysis) addElem(x ssa.Value, l ssa.Value) {
	if loc := containerLoc(x); loc != nil && countedElems(x.Type()) {
		a.fieldElems.addAt(loc, l)
	}
}

// containerLoc returns the address of the global or field a container
// is kept in: a slice or map loaded from it, or an array addressed in
// it; nil otherwise.
func containerLoc(x ssa.Value) ssa.Value {
	switch x := x.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			switch x.X.(type) {
			case *ssa.FieldAddr, *ssa.Global:
				return x.X
			}
		}
	case *ssa.FieldAddr:
		return x
	}
	return nil
}

// countedElems reports whether the elements of container type t are
// numbers or strings, not bytes: the elements tracked by where their
// container is kept rather than by type.
func countedElems(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	var elem types.Type
	switch u := t.Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	case *types.Map:
		elem = u.Elem()
	default:
		return false
	}
	b, ok := elem.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsNumeric|types.IsString) != 0 && b.Kind() != types.Uint8
}

// tracked reports whether values of an element or channel location of
// type t are followed from stores to loads. Elements of basic type
// (strings, numbers, bytes) are not: a []string location is shared by
// nearly every package, and following it makes every slice the program.
// Nor are elements of type interface{} (map[string]any, []any): such a
// location merges every value of every type, and what reads them back (a
// logger's fields, an encoder) does so by reflection, not by their size.
func tracked(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return !isBasic(u.Elem()) && !isEmptyInterface(u.Elem())
	case *types.Map:
		return !isBasic(u.Elem()) && !isEmptyInterface(u.Elem())
	}
	return !isBasic(t)
}

func isEmptyStruct(t types.Type) bool {
	st, ok := t.Underlying().(*types.Struct)
	return ok && st.NumFields() == 0
}

func isEmptyInterface(t types.Type) bool {
	i, ok := t.Underlying().(*types.Interface)
	return ok && i.Empty()
}

func isBasic(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return true
	case *types.Slice:
		_, ok := u.Elem().Underlying().(*types.Basic)
		return ok
	}
	return false
}

// locIndex maps the locations a value can be kept in by name, globals
// and fields of a struct type, to what the program does with them (the
// values it loads, the stores into them).
type locIndex[T any] struct {
	globals map[*ssa.Global][]T
	fields  map[field][]T
}

func newLocIndex[T any]() locIndex[T] {
	return locIndex[T]{globals: make(map[*ssa.Global][]T), fields: make(map[field][]T)}
}

// addAt records v at the global or field addr points to, and says whether
// addr points to one.
func (ix locIndex[T]) addAt(addr ssa.Value, v T) bool {
	switch addr := addr.(type) {
	case *ssa.Global:
		ix.globals[addr] = append(ix.globals[addr], v)
		return true
	case *ssa.FieldAddr:
		if s := structOf(addr.X.Type()); s != nil {
			ix.fields[field{s, addr.Field}] = append(ix.fields[field{s, addr.Field}], v)
			return true
		}
	}
	return false
}

// at returns what is recorded at the global or field addr points to.
func (ix locIndex[T]) at(addr ssa.Value) []T {
	switch addr := addr.(type) {
	case *ssa.Global:
		return ix.globals[addr]
	case *ssa.FieldAddr:
		if s := structOf(addr.X.Type()); s != nil {
			return ix.fields[field{s, addr.Field}]
		}
	}
	return nil
}

// loadIndex maps globals and struct fields to the values loaded from them:
// loads of a global, loads through a field's address, and Field
// extractions from struct values.
type loadIndex = locIndex[ssa.Value]

func newLoadIndex() loadIndex { return newLocIndex[ssa.Value]() }

// addLoad records instr in ix if it loads a global or a field, and says
// whether it did.
func addLoad(ix loadIndex, instr ssa.Instruction) bool {
	switch instr := instr.(type) {
	case *ssa.UnOp:
		return instr.Op == token.MUL && ix.addAt(instr.X, instr)
	case *ssa.Field:
		if s := structOf(instr.X.Type()); s != nil {
			ix.fields[field{s, instr.Field}] = append(ix.fields[field{s, instr.Field}], instr)
			return true
		}
	}
	return false
}

// atomicOp returns, for a call of a sync/atomic load or store (op "Load"
// or "Store": x.Load(), atomic.LoadInt64(&x), x.Store(v),
// atomic.StoreInt64(&x, v)), the address of the value it loads or stores
// and the value stored.
func atomicOp(c *ssa.CallCommon, op string) (addr, val ssa.Value, ok bool) {
	fn := c.StaticCallee()
	if fn == nil {
		return nil, nil, false
	}
	fn = origin(fn)
	if fn.Pkg == nil || fn.Pkg.Pkg.Path() != "sync/atomic" || len(c.Args) == 0 {
		return nil, nil, false
	}
	name := fn.Name()
	if fn.Signature.Recv() != nil && name != op || fn.Signature.Recv() == nil && !strings.HasPrefix(name, op) {
		return nil, nil, false
	}
	if op == "Store" {
		if len(c.Args) < 2 {
			return nil, nil, false
		}
		val = c.Args[1]
	}
	return c.Args[0], val, true
}

// accessorLoad returns, for a call of a method that only loads its
// receiver, a number or bool of a named type (func (v *lazyI32) load()
// int32 { return atomic.LoadInt32((*int32)(v)) }, or return *v), the
// address it loads: the call reads what is stored there, as a load does.
func accessorLoad(c *ssa.CallCommon) (addr ssa.Value, ok bool) {
	fn := c.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || len(fn.Params) != 1 || fn.Signature.Results().Len() != 1 || len(fn.Blocks) != 1 || len(c.Args) != 1 {
		return nil, false
	}
	p, isPtr := fn.Params[0].Type().Underlying().(*types.Pointer)
	if !isPtr {
		return nil, false
	}
	if _, basic := p.Elem().Underlying().(*types.Basic); !basic {
		return nil, false
	}
	ret, isRet := fn.Blocks[0].Instrs[len(fn.Blocks[0].Instrs)-1].(*ssa.Return)
	if !isRet || len(ret.Results) != 1 {
		return nil, false
	}
	recv := func(v ssa.Value) bool { return Unconvert(v) == fn.Params[0] }
	switch x := Unconvert(ret.Results[0]).(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL && recv(x.X) {
			return c.Args[0], true
		}
	case *ssa.Call:
		if a, _, ok := atomicOp(x.Common(), "Load"); ok && recv(a) {
			return c.Args[0], true
		}
	}
	return nil, false
}

// testSupport reports whether fn, or the function it is a closure of, is
// a method of a struct that holds a test's handle (harness).
func testSupport(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	recv := fn.Signature.Recv()
	if recv == nil {
		return false
	}
	s := structOf(recv.Type())
	return s != nil && harness(s)
}

// containerType is the abstract location of an element: the slice type
// for slices, arrays and pointers to arrays; the map type for maps.
func containerType(t types.Type) types.Type {
	t = t.Underlying()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem().Underlying()
	}
	if arr, ok := t.(*types.Array); ok {
		return types.NewSlice(arr.Elem())
	}
	return t
}

func chanElem(t types.Type) types.Type {
	if c, ok := t.Underlying().(*types.Chan); ok {
		return c.Elem()
	}
	return t
}

// PostDom returns the (cached) post-dominators of fn.
func (a *Analysis) PostDom(fn *ssa.Function) *PostDom {
	a.mu.Lock()
	defer a.mu.Unlock()
	pd := a.postdom[fn]
	if pd == nil {
		pd = PostDominators(fn)
		a.postdom[fn] = pd
	}
	return pd
}

// Loops returns the (cached) natural loops of fn.
func (a *Analysis) Loops(fn *ssa.Function) []*Loop {
	a.mu.Lock()
	defer a.mu.Unlock()
	ls, ok := a.loops[fn]
	if !ok {
		ls = Loops(fn)
		a.loops[fn] = ls
	}
	return ls
}

// innermostLoop returns the smallest loop of b's function that holds b,
// or nil.
func (a *Analysis) innermostLoop(b *ssa.BasicBlock) *Loop {
	var in *Loop
	size := func(l *Loop) (n int) {
		for _, b := range l.Blocks {
			if b {
				n++
			}
		}
		return n
	}
	for _, l := range a.Loops(b.Parent()) {
		if l.Contains(b) && (in == nil || size(l) < size(in)) {
			in = l
		}
	}
	return in
}

// Callees returns the functions a call may invoke, by the call graph.
func (a *Analysis) Callees(c ssa.CallInstruction) []*ssa.Function {
	if fns, ok := a.callees[c]; ok {
		return fns
	}
	if fn := c.Common().StaticCallee(); fn != nil {
		return []*ssa.Function{fn}
	}
	return nil
}

// Methods returns, when fn is go/ssa's wrapper of a method value (a
// func that calls m.gossip, or r.Read on an interface r), the analysed
// methods it may call; nil otherwise.
func (a *Analysis) Methods(fn *ssa.Function) []*ssa.Function { return a.methods[fn] }

// Callers returns the call sites in analysed code that may call fn.
func (a *Analysis) Callers(fn *ssa.Function) []ssa.CallInstruction { return a.callers[fn] }

// BoundCallers returns the analysed call sites that call fn through a
// method value (h.Run(s.loop): the call of the func value in h.Run).
func (a *Analysis) BoundCallers(fn *ssa.Function) []ssa.CallInstruction { return a.bound[fn] }

// CalledBack reports whether library code may call fn (a handler, a
// comparison function, a yield function).
func (a *Analysis) CalledBack(fn *ssa.Function) bool { return a.external[fn] }

// CalledOnce says whether the only library code calling fn back runs it
// once (the function a sync.Once runs: a lazy initialisation).
func (a *Analysis) CalledOnce(fn *ssa.Function) bool { return a.once[fn] && !a.often[fn] }

// InHelper says whether fn belongs to a helper package left out of the
// scanned ones (Program.Helper): test support, analysed for the calls it
// makes, whose own work is not the program's.
func (a *Analysis) InHelper(fn *ssa.Function) bool {
	return fn.Pkg != nil && a.prog.Helper[fn.Pkg]
}

// Settings says whether t, or what it points to, is a struct of
// settings Discover found in the program (not a running object whose
// exported fields are settings): its methods (a getter, a Validate, a
// String) serve its values, they are not a long-lived object's
// operations.
func (a *Analysis) Settings(t types.Type) bool {
	s := structOf(t)
	return s != nil && a.prog.settings[s]
}

// Running says whether t, or what it points to, is a running object
// Discover found in the program (a struct whose own methods use its
// locks or channels: a server, a connection) or a struct holding one.
func (a *Analysis) Running(t types.Type) bool {
	s := structOf(t)
	return s != nil && holdsRunning(s, a.prog.running)
}

// Analysed says whether fn is analysed code (not a dependency's).
func (a *Analysis) Analysed(fn *ssa.Function) bool { return a.user[fn] }

// Functions returns the analysed functions in a fixed order, in a slice
// the analysis shares: callers must not change it.
func (a *Analysis) Functions() []*ssa.Function { return a.funcs }

// Resource returns the catalogue entry of a call: of a callee, or of the
// interface method an invoke calls.
func (a *Analysis) Resource(c ssa.CallInstruction) (configs.Resource, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if r, ok := a.resourceOf[c]; ok {
		return r.Resource, r.found
	}
	r, found := a.resource(c)
	a.resourceOf[c] = resourceEntry{r, found}
	return r, found
}

type resourceEntry struct {
	configs.Resource
	found bool
}

func (a *Analysis) resource(c ssa.CallInstruction) (configs.Resource, bool) {
	common := c.Common()
	if common.IsInvoke() {
		if r, ok := a.resources[methodName(common)]; ok {
			return r, true
		}
	}
	var best configs.Resource
	found := false
	for _, fn := range a.Callees(c) {
		if a.user[fn] {
			continue // analysed code is entered, not weighed by the catalogue (ranking a library it lists)
		}
		if r, ok := a.resources[funcName(origin(fn))]; ok && (!found || r.CPU+r.MEM+r.IO > best.CPU+best.MEM+best.IO) {
			best, found = r, true
		}
	}
	return best, found
}

// SetLibraries gives the cost of one call of library functions, by the
// catalogue's names (scoring.Summaries of Libraries): Library answers
// from it. It is set before slicing and scoring start.
func (a *Analysis) SetLibraries(costs map[string]configs.Resource) { a.libraries = costs }

// Library returns what a call of a library function costs, from its
// body, when the catalogue does not list it: the costliest of c's
// callees that have a summary. Interface calls have none.
func (a *Analysis) Library(c ssa.CallInstruction) (configs.Resource, bool) {
	if len(a.libraries) == 0 || c.Common().IsInvoke() {
		return configs.Resource{}, false
	}
	var best configs.Resource
	found := false
	for _, fn := range a.Callees(c) {
		if a.user[fn] {
			continue
		}
		if r, ok := a.libraries[funcName(origin(fn))]; ok && (!found || r.CPU+r.MEM+r.IO > best.CPU+best.MEM+best.IO) {
			best, found = r, true
		}
	}
	return best, found
}

// FuncName names fn as the resource catalogue does: "os.(*File).Sync",
// a generic function by its origin.
func FuncName(fn *ssa.Function) string { return funcName(origin(fn)) }

// methodName names an interface method as the catalogue does: "io.Writer.Write".
func methodName(c *ssa.CallCommon) string {
	t := types.Unalias(c.Value.Type())
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + c.Method.Name()
	}
	return c.Method.FullName()
}

// Forward yields the forward slice of each option in turn, in the order
// of opts; it stops early when ctx is done. Slices are computed ahead by
// one worker per processor (GOMAXPROCS), each on its own, so the slices
// are those of a single worker.
func Forward(ctx context.Context, a *Analysis, opts []*Option) iter.Seq[*Slice] {
	return func(yield func(*Slice) bool) {
		workers := min(runtime.GOMAXPROCS(0), len(opts))
		if workers <= 1 {
			for _, o := range opts {
				if ctx.Err() != nil || !yield(a.Slice(o)) {
					return
				}
			}
			return
		}
		// Options are sliced in parallel, each on its own, and yielded in
		// their order: the output is that of one worker. At most
		// 2×workers slices wait to be yielded.
		ctx, cancel := context.WithCancel(ctx)
		out := make([]chan *Slice, len(opts))
		for i := range out {
			out[i] = make(chan *Slice, 1)
		}
		jobs := make(chan int)
		ahead := make(chan struct{}, 2*workers)
		go func() {
			defer close(jobs)
			for i := range opts {
				select {
				case ahead <- struct{}{}:
				case <-ctx.Done():
					return
				}
				select {
				case jobs <- i:
				case <-ctx.Done():
					return
				}
			}
		}()
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				for i := range jobs {
					out[i] <- a.Slice(opts[i])
				}
			})
		}
		defer func() {
			cancel() // the producer stops; the workers finish their slice
			wg.Wait()
		}()
		for i := range opts {
			var sl *Slice
			select {
			case sl = <-out[i]:
			case <-ctx.Done():
				return
			}
			<-ahead
			if !yield(sl) {
				return
			}
		}
	}
}

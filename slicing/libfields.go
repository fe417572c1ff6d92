package slicing

import (
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
)

// FieldReads returns, for a program of libraries (Libraries.Load), an
// option per exported field of a number or a bool of the exported struct
// types its packages declare, read wherever the libraries load it and
// named as LibraryField names it: its slice is what the libraries do
// with a value their user stores there (a pool's MaxSize, a server's
// Concurrency).
func (p *Program) FieldReads() []*Option {
	ix := newLoadIndex()
	funcs := allFunctions(p, true)
	if reach := p.libraryReach(funcs); reach != nil {
		// Only what the program can run: a field the program sets and a
		// part of the library it never calls reads (a server's handling
		// of the settings a peer sends, where the program only sends its
		// own) says nothing about the program's value.
		maps.DeleteFunc(funcs, func(fn *ssa.Function, _ bool) bool { return !reach[fn] && !reach[origin(fn)] })
	}
	for _, fn := range sortedFuncs(maps.Keys(funcs)) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				addLoad(ix, instr)
			}
		}
	}
	var out []*Option
	for pkg := range p.Scanned {
		scope := pkg.Pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() || tn.IsAlias() {
				continue
			}
			nt, ok := tn.Type().(*types.Named)
			if !ok {
				continue
			}
			s, ok := nt.Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i := range s.NumFields() {
				f := s.Field(i)
				b, ok := f.Type().Underlying().(*types.Basic)
				if !f.Exported() || !ok || b.Info()&(types.IsNumeric|types.IsBoolean) == 0 {
					continue
				}
				loads := ix.fields[field{s, i}]
				if len(loads) == 0 {
					continue
				}
				o := &Option{Name: fieldKey(nt, f), Style: "struct", Type: typeString(f.Type()), Package: pkg.Pkg.Path()}
				for _, l := range loads {
					instr, ok := l.(ssa.Instruction)
					if !ok {
						continue
					}
					pos := l.Pos()
					if !pos.IsValid() {
						pos = instr.Parent().Pos()
					}
					o.Sites = append(o.Sites, Site{Pos: p.Position(pos), Func: origin(instr.Parent()), Value: l, pos: p.Fset.Position(pos)})
				}
				out = append(out, o)
			}
		}
	}
	slices.SortFunc(out, func(a, b *Option) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// libraryReach returns the functions, in a program of libraries, that
// the analysed program can run: its entries (see Libraries) and the
// packages' initialisation, and what they call or reference (see
// referenced), to a fixed point; nil when the entries are unknown. An
// interface call needs no edge of its own: the method it reaches is one
// of a type made an interface value on the way.
func (p *Program) libraryReach(funcs map[*ssa.Function]bool) map[*ssa.Function]bool {
	if p.entries == nil {
		return nil
	}
	reach := make(map[*ssa.Function]bool)
	var stack []*ssa.Function
	add := func(fn *ssa.Function) {
		if fn != nil && !reach[fn] {
			reach[fn] = true
			stack = append(stack, fn)
		}
	}
	for _, fn := range sortedFuncs(maps.Keys(funcs)) {
		if p.entries[funcName(origin(fn))] || fn.Name() == "init" && fn.Parent() == nil && fn.Signature.Recv() == nil {
			add(fn) // and every package's initialisation, which importing runs
		}
	}
	for len(stack) > 0 {
		fn := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		add(origin(fn))
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				referenced(p.SSA, instr, add)
				if c, ok := instr.(ssa.CallInstruction); ok && !c.Common().IsInvoke() {
					add(c.Common().StaticCallee())
				}
			}
		}
	}
	return reach
}

// referenced calls add with each function instr takes as a value and,
// when instr makes an interface value, with every method of the value's
// type as declared (a promoted method's own, a generic type's origin
// method; nil for an interface's): whoever holds an interface, the
// standard library's io.Copy or sort included, may call any.
func referenced(prog *ssa.Program, instr ssa.Instruction, add func(*ssa.Function)) {
	var ops [8]*ssa.Value
	for _, op := range instr.Operands(ops[:0]) {
		if f, ok := (*op).(*ssa.Function); ok {
			add(f)
		}
	}
	if mi, ok := instr.(*ssa.MakeInterface); ok {
		mset := prog.MethodSets.MethodSet(mi.X.Type())
		for i := range mset.Len() {
			if obj, ok := mset.At(i).Obj().(*types.Func); ok {
				add(prog.FuncValue(obj.Origin()))
			}
		}
	}
}

// ParamReads returns, for a program of libraries (Libraries.Load), an
// option per parameter of a number or a bool of the exported functions
// and of the exported methods of exported types its packages declare
// that the analysed code calls with a number or a bool among the
// arguments, read where the function receives it and named as
// LibraryArgs names it: its slice is what one call does with the
// argument (a queue's sync interval, a writer's level), and what the
// values it stores go on to do.
func (p *Program) ParamReads() []*Option {
	var out []*Option
	for fn := range allFunctions(p, true) {
		if fn.Parent() != nil || fn.Object() == nil || !fn.Object().Exported() || fn.Pkg == nil || !p.Scanned[fn.Pkg] || !p.called[funcName(fn)] {
			continue
		}
		if recv := fn.Signature.Recv(); recv != nil {
			t := recv.Type()
			if ptr, ok := t.(*types.Pointer); ok {
				t = ptr.Elem()
			}
			if n, ok := types.Unalias(t).(*types.Named); !ok || !n.Obj().Exported() {
				continue
			}
		}
		for i, param := range fn.Params {
			if i == 0 && fn.Signature.Recv() != nil {
				continue
			}
			b, ok := param.Type().Underlying().(*types.Basic)
			if !ok || b.Info()&(types.IsNumeric|types.IsBoolean) == 0 {
				continue
			}
			pos := param.Pos()
			if !pos.IsValid() {
				pos = fn.Pos()
			}
			o := &Option{Name: paramKey(fn, i), Style: "struct", Type: typeString(param.Type()), Package: fn.Pkg.Pkg.Path()}
			o.Sites = []Site{{Pos: p.Position(pos), Func: fn, Value: param, pos: p.Fset.Position(pos)}}
			out = append(out, o)
		}
	}
	slices.SortFunc(out, func(a, b *Option) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// paramKey names a library function's parameter in the summaries:
// "param", the function as the catalogue names it, and the parameter's
// index among fn.Params (a method's receiver is 0).
func paramKey(fn *ssa.Function, i int) string {
	return "param " + funcName(origin(fn)) + "#" + strconv.Itoa(i)
}

// LibraryArgs returns what a call of a library function does with the
// arguments carries says hold the option's value, summed over them, from
// the summaries SetLibraries was given (scoring's summaries of
// ParamReads, per call). It reports false when none of them has one
// (the call is not static, its callee is analysed code or has no
// summary, the arguments are not numbers or bools) and when the
// catalogue prices the call: what it says (a level that scales a
// compressor's work) stands.
//
// It also names, for -explain, the parameters it summed:
// "example.com/q.New(syncEvery)".
func (a *Analysis) LibraryArgs(c ssa.CallInstruction, carries func(ssa.Value) bool) (configs.Resource, []string, bool) {
	common := c.Common()
	fn := common.StaticCallee()
	if len(a.libraries) == 0 || fn == nil || a.user[fn] || a.user[origin(fn)] {
		return configs.Resource{}, nil, false
	}
	if _, listed := a.Resource(c); listed {
		return configs.Resource{}, nil, false
	}
	var sum configs.Resource
	var names []string
	found := false
	for i, arg := range common.Args {
		if !carries(arg) {
			continue
		}
		if r, ok := a.libraries[paramKey(fn, i)]; ok {
			sum.CPU += r.CPU
			sum.MEM += r.MEM
			sum.IO += r.IO
			sum.LAT += r.LAT
			sum.SYNC += r.SYNC
			sum.RET += r.RET
			found = true
			names = append(names, funcName(origin(fn))+"("+paramName(fn, i)+")")
		}
	}
	return sum, names, found
}

// paramName names fn's parameter i (its receiver is 0 for a method).
func paramName(fn *ssa.Function, i int) string {
	sig := fn.Signature
	if sig.Recv() != nil {
		if i == 0 {
			return "receiver"
		}
		i--
	}
	if i < sig.Params().Len() && sig.Params().At(i).Name() != "" {
		return sig.Params().At(i).Name()
	}
	return "argument " + strconv.Itoa(i+1)
}

// fieldKey names a library's field in the summaries: "field", its
// type's import path and name, and the field's name.
func fieldKey(nt *types.Named, f *types.Var) string {
	return "field " + nt.Obj().Pkg().Path() + "." + nt.Obj().Name() + "." + f.Name()
}

// LibraryField returns what the libraries do with the value st stores
// into a field of one of their struct types (a pool's Config.MaxSize, a
// server's Concurrency), from the summaries SetLibraries was given: the
// option's value, kept there, goes on in the library's code. It also
// names the field, for -explain ("example.com/pool.Config.MaxSize").
// A field of a writer that is only a log output is none of these (see
// logOutput).
func (a *Analysis) LibraryField(st *ssa.Store) (configs.Resource, string, bool) {
	if len(a.libraries) == 0 {
		return configs.Resource{}, "", false
	}
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return configs.Resource{}, "", false
	}
	t := types.Unalias(fa.X.Type())
	if ptr, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(ptr.Elem())
	}
	nt, ok := t.(*types.Named)
	if !ok || nt.Obj().Pkg() == nil {
		return configs.Resource{}, "", false
	}
	nt = nt.Origin()
	s, ok := nt.Underlying().(*types.Struct)
	if !ok || fa.Field >= s.NumFields() {
		return configs.Resource{}, "", false
	}
	key := fieldKey(nt, s.Field(fa.Field))
	r, ok := a.libraries[key]
	if ok && a.logOutput(fa.X) {
		return configs.Resource{}, "", false
	}
	return r, strings.TrimPrefix(key, "field "), ok
}

// logOutput reports whether v, a library's object an option is stored
// into, is only where log lines go: through copies, variables, the
// analysed functions it is handed to or returned from, and library calls
// that wrap it into another writer (io.MultiWriter), it reaches a call
// that sets a log output (configs.Resource.Sink: log.SetOutput,
// slog.NewJSONHandler, …), a field of a type that implements
// log/slog.Handler, or a field of a library's logger (see logger:
// &logrus.Logger{Out: w}); and no use of it does other work (written to,
// handed to other library code, kept elsewhere). What such a writer is
// set to (a rotating log file's size, backups, compression) is logging,
// not work an option controls: the library's code behind the field is
// not charged to the option.
func (a *Analysis) logOutput(v ssa.Value) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if out, ok := a.logOutputs[v]; ok {
		return out
	}
	w := &logWalk{a: a, seen: make(map[ssa.Value]bool)}
	w.walk(v)
	out := w.sink && !w.work
	a.logOutputs[v] = out
	return out
}

// logWalk is one logOutput walk: sink says a log output was reached, work
// that some use does other work (or is not understood).
type logWalk struct {
	a          *Analysis
	seen       map[ssa.Value]bool
	sink, work bool
}

func (w *logWalk) walk(v ssa.Value) {
	if w.work || w.seen[v] {
		return
	}
	if len(w.seen) >= maxLogOutputValues {
		w.work = true // too far to tell
		return
	}
	w.seen[v] = true
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			// Its own settings set or read.
		case *ssa.DebugRef:
		case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.ChangeType, *ssa.Phi:
			w.walk(r.(ssa.Value))
		case *ssa.Store:
			if r.Val != v {
				continue // a store into it: its settings
			}
			switch addr := r.Addr.(type) {
			case *ssa.FieldAddr:
				if w.a.slogHandler(addr.X.Type()) || w.a.logger(addr.X.Type()) {
					w.sink = true
				} else {
					w.work = true
				}
			case *ssa.Alloc:
				for _, l := range localLoads(addr, make(map[ssa.Value]bool)) {
					w.walk(l)
				}
			case *ssa.IndexAddr:
				// An element of a call's variadic arguments (the writers
				// io.MultiWriter joins): the call takes it.
				arr, ok := addr.X.(*ssa.Alloc)
				if !ok || arr.Comment != "varargs" {
					w.work = true
					continue
				}
				for _, ref := range *arr.Referrers() {
					if sl, ok := ref.(*ssa.Slice); ok {
						w.walk(sl)
					}
				}
			default:
				w.work = true
			}
		case *ssa.Return:
			for _, site := range w.a.callers[r.Parent()] {
				if call, ok := site.(*ssa.Call); ok && len(r.Results) == 1 {
					w.walk(call)
				} else {
					w.work = true
				}
			}
		case ssa.CallInstruction:
			w.call(r, v)
		default:
			w.work = true
		}
	}
}

// call follows v into a call that takes it: a log output's setter, the
// analysed functions it may call, or a library's wrapping of it into
// another writer. A library method called on it (a logger's own
// SetOutput, a writer's Write) is work done with it, but for its Close.
func (w *logWalk) call(c ssa.CallInstruction, v ssa.Value) {
	common := c.Common()
	if common.IsInvoke() && common.Value == v || common.Signature().Recv() != nil && len(common.Args) > 0 && common.Args[0] == v {
		if common.Method != nil && common.Method.Name() == "Close" || common.StaticCallee() != nil && common.StaticCallee().Name() == "Close" {
			return
		}
		if !slices.ContainsFunc(w.a.Callees(c), func(fn *ssa.Function) bool { return w.a.user[fn] }) {
			w.work = true // a method of its own, called: work done with it
			return
		}
	}
	for _, fn := range w.a.Callees(c) {
		if w.a.sinks[funcName(origin(fn))] && slices.Contains(common.Args, v) {
			w.sink = true
			return
		}
	}
	analysed := false
	for _, callee := range w.a.Callees(c) {
		if !w.a.user[callee] {
			continue
		}
		analysed = true
		for i, arg := range common.Args {
			j := i
			if common.IsInvoke() {
				j++ // the receiver is the callee's first parameter
			}
			if arg == v && j < len(callee.Params) {
				w.walk(callee.Params[j])
			}
		}
	}
	if analysed {
		return
	}
	if call, ok := c.(*ssa.Call); ok && writerType(call.Type()) {
		w.walk(call) // a writer made of it (io.MultiWriter)
		return
	}
	w.work = true
}

// writerType reports whether t is io.Writer, the interface a log output
// is kept as.
func writerType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "io" && n.Obj().Name() == "Writer"
}

// maxLogOutputValues bounds the values logOutput follows an object through.
const maxLogOutputValues = 64

// logger reports whether t is a library's logger: one of its methods
// sets where its lines go (configs.Resource.Sink), so a writer kept in
// its field (&logrus.Logger{Out: w}) is its output.
func (a *Analysis) logger(t types.Type) bool {
	mset := a.prog.SSA.MethodSets.MethodSet(t)
	for i := range mset.Len() {
		m := mset.At(i).Obj().(*types.Func)
		if name, ok := receiverName(m.Signature().Recv().Type(), m.Name()); ok && a.sinks[name] {
			return true
		}
	}
	return false
}

// slogHandler reports whether values of type t handle log records: t
// implements log/slog.Handler.
func (a *Analysis) slogHandler(t types.Type) bool {
	pkg := a.prog.SSA.ImportedPackage("log/slog")
	if pkg == nil {
		return false
	}
	h, ok := pkg.Pkg.Scope().Lookup("Handler").(*types.TypeName)
	if !ok {
		return false
	}
	iface, ok := h.Type().Underlying().(*types.Interface)
	return ok && types.Implements(t, iface)
}

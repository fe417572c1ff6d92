package slicing

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// arguments creates the options a running object takes as arguments of
// its constructor (cache.New(cleanupInterval), ants.NewPool(size)): a
// parameter, a number or a bool, of an exported function of a package
// its users import that returns a running object (a struct whose own
// methods use its locks or channels, or that holds one), or a pointer to
// one, or a func that captures the parameter (a middleware's maker,
// timeout.New(h, limit)), and takes no data its numbers could describe (a reader and its
// size, bytes and their kind are a call's data, not settings). The
// option is named after the call (ants.NewPool(size)) and
// read at the parameter: its slice follows the value wherever the
// constructor puts it.
func (d *discoverer) arguments() {
	type arg struct {
		fn      *ssa.Function
		p       *ssa.Parameter
		name    string
		funcopt bool // a functional option's maker: its closure keeps what it makes of p in the object's state
	}
	bySink := make(map[*ssa.Parameter][]arg)
	var sinks []*ssa.Parameter
	for _, fn := range d.funcs {
		if !publicFunc(fn) || !imported(fn) {
			continue
		}
		running := d.returnsRunning(fn.Signature)
		not := "" // why none of fn's parameters is an option
		switch {
		case takesData(fn.Signature):
			not = "its function also takes data (bytes, or a reader of them), which its numbers describe: a call's data, not settings"
		case !running && !returnsFunc(fn.Signature):
			not = "its function returns no running object (a struct of the module whose own methods use its locks or channels, or that holds one) and no func that keeps it: a value's constructor, whose arguments are the value's data"
		}
		if not != "" && !d.notes.recording {
			continue
		}
		for i, p := range fn.Params {
			if !isBasicValue(p.Type()) || IsString(p.Type()) || p.Referrers() == nil || len(*p.Referrers()) == 0 {
				continue
			}
			name := fn.Pkg.Pkg.Name() + "." + fn.Name() + "(" + p.Name() + ")"
			if not != "" {
				d.notes.add([]string{name, p.Name()}, "%s: not an option: %s", name, not)
				continue
			}
			if !running && !d.captured(fn, p) {
				// a handler's maker: only what the handler keeps is its setting
				d.notes.add([]string{name, p.Name()}, "%s: not an option: the func its function returns does not keep it (it is used once, to make the func)", name)
				continue
			}
			if d.fedByModule(fn, i, publicFunc) {
				// the module passes it what it computed: a setting upstream (memdb.New(max(o.WriteBuffer, …)))
				d.notes.add([]string{name, p.Name()}, "%s: not an option: the module's own code calls its function with values it computes (its plumbing, whose setting is upstream)", name)
				continue
			}
			// Constructors handing the argument on unchanged to one
			// that makes the object (NewConn to NewConn2, New and
			// NewFrom to newCacheWithJanitor) take one setting: one
			// option, named after the first, read where it arrives.
			s := d.passedTo(p, 0)
			if bySink[s] == nil {
				sinks = append(sinks, s)
			}
			bySink[s] = append(bySink[s], arg{fn, p, name, !running && optionMaker(fn)})
		}
	}
	for _, s := range sinks {
		args := bySink[s]
		slices.SortFunc(args, func(a, b arg) int { return strings.Compare(a.name, b.name) })
		o := d.option(args[0].name, "argument", typeString(s.Type()))
		for _, a := range args[1:] {
			d.addAlias(o, a.name)
		}
		for _, a := range args {
			if a.funcopt {
				if len(a.fn.Params) == 1 {
					// Known by the maker's name, as the fields functional
					// options set are (pubsub.WithValidateQueueSize).
					d.addAlias(o, a.fn.Pkg.Pkg.Name()+"."+a.fn.Name())
				}
				d.notes.add([]string{a.name, a.p.Name()}, "%s: an option: the argument of a functional option whose closure keeps what it makes of it in the state of the object it is applied to", o.Name)
				continue
			}
			d.notes.add([]string{a.name, a.p.Name()}, "%s: an option: an argument of the constructor of a running object", o.Name)
		}
		d.addSite(o, s.Parent(), s, s.Pos(), "")
	}
}

// returnsFunc reports whether a function returns a func value (a
// handler or middleware its maker configures).
func returnsFunc(sig *types.Signature) bool {
	for v := range sig.Results().Variables() {
		if _, ok := v.Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// captured reports whether a closure fn makes captures its parameter p:
// the func it returns keeps p as an object keeps a field. A functional
// option's closure does not count when it sets options: the fields it
// sets are the options; nor when it sets a record's fields (a request's,
// per call). One applied to a running object that sets no option (it
// keeps what it makes of p in the object's state: ps.val.q = make(chan
// *req, n)) leaves p the option, and so does a closure of that shape
// that sets no field of what it is handed: a handler (func(ctx
// *RequestCtx) compressing the response at the level p).
func (d *discoverer) captured(fn *ssa.Function, p *ssa.Parameter) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok {
				continue
			}
			cl := mc.Fn.(*ssa.Function)
			bases, _ := optionTargets(cl)
			if len(bases) > 0 && d.setsOptions(cl) || slices.ContainsFunc(bases, func(b ssa.Value) bool { return !d.running[structOf(b.Type())] && setsFields(cl, b) }) {
				continue // a functional option: the fields it sets are the options, or a record's, set per call
			}
			for _, v := range mc.Bindings {
				if v == p {
					return true
				}
				if alloc, ok := v.(*ssa.Alloc); ok && alloc.Referrers() != nil {
					for _, r := range *alloc.Referrers() {
						if st, ok := r.(*ssa.Store); ok && st.Addr == alloc && st.Val == p {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// setsFields reports whether fn stores into a field of base.
func setsFields(fn *ssa.Function, base ssa.Value) bool {
	for _, fa := range fieldStores(fn) {
		if rootedAt(fa, base) {
			return true
		}
	}
	return false
}

// optionMaker reports whether fn makes a functional option: a closure
// of the shape funcOptions takes (see optionTargets).
func optionMaker(fn *ssa.Function) bool {
	for _, anon := range fn.AnonFuncs {
		if bases, _ := optionTargets(anon); len(bases) > 0 {
			return true
		}
	}
	return false
}

// setsOptions reports whether fn is a setter (see funcOptions) of a
// field of a settings struct.
func (d *discoverer) setsOptions(fn *ssa.Function) bool {
	if d.setterFuncs == nil {
		d.setterFuncs = make(map[*ssa.Function]bool)
		for f, ss := range d.setters {
			if d.config[f.s] == nil {
				continue
			}
			for _, st := range ss {
				d.setterFuncs[st.fn] = true
			}
		}
	}
	return d.setterFuncs[fn]
}

// passedTo follows a parameter that its function only hands on,
// unchanged, to one call of a function of the module, to that function's
// parameter, and returns the last.
func (d *discoverer) passedTo(p *ssa.Parameter, depth int) *ssa.Parameter {
	if depth > 8 || p.Referrers() == nil {
		return p
	}
	var call *ssa.Call
	for _, r := range *p.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Call:
			if call != nil {
				return p
			}
			call = r
		default:
			return p
		}
	}
	if call == nil {
		return p
	}
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Pkg == nil || !d.prog.Scanned[callee.Pkg] {
		return p
	}
	for i, a := range call.Common().Args {
		if a == p && i < len(callee.Params) && types.Identical(callee.Params[i].Type(), p.Type()) {
			return d.passedTo(callee.Params[i], depth+1)
		}
	}
	return p
}

// returnsRunning reports whether a function returns a running object
// (see ownFields) of the module, a pointer to one, or a struct holding
// one, or an array or slice of them (a cache's shards, each with its
// lock). A running object that is configuration too counts when its
// functional options set it (its fields unexported: a pool's New(
// maxWorkers, maxCapacity, opts...)); not when its user sets its
// exported fields, which its constructor's arguments only initialise.
func (d *discoverer) returnsRunning(sig *types.Signature) bool {
	for v := range sig.Results().Variables() {
		s := structOf(v.Type())
		if s != nil && (d.config[s] == nil || d.running[s] && !exportsFields(s)) && holdsRunning(s, d.running) {
			return true
		}
	}
	return false
}

// exportsFields reports whether s has an exported field its user can
// set: an embedded one (a sync.Mutex, named Mutex) is none.
func exportsFields(s *types.Struct) bool {
	for f := range s.Fields() {
		if f.Exported() && !f.Embedded() {
			return true
		}
	}
	return false
}

// holdsRunning reports whether s is one of the running objects, or holds
// one, or an array or slice of them, in a field.
func holdsRunning(s *types.Struct, running map[*types.Struct]bool) bool {
	if running[s] {
		return true
	}
	for f := range s.Fields() {
		t := f.Type()
		switch u := t.Underlying().(type) {
		case *types.Array:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		}
		if inner := structOf(t); inner != nil && running[inner] {
			return true
		}
	}
	return false
}

// takesData reports whether a function takes data: bytes, or a reader of
// them (io.Reader, io.ReaderAt: any interface with a Read or ReadAt
// method).
func takesData(sig *types.Signature) bool {
	for v := range sig.Params().Variables() {
		t := v.Type()
		if isBytes(t) {
			return true
		}
		if it, ok := t.Underlying().(*types.Interface); ok {
			for m := range it.Methods() {
				if m.Name() == "Read" || m.Name() == "ReadAt" {
					return true
				}
			}
		}
	}
	return false
}

// fedByModule reports whether the scanned code calls fn passing its
// argument i a value it computed, not a constant or the argument of a
// function its user calls (public says which): the module's own
// plumbing, whose setting is upstream.
func (d *discoverer) fedByModule(fn *ssa.Function, i int, public func(*ssa.Function) bool) bool {
	for _, c := range d.calls[origin(fn)] {
		args := c.Common().Args
		if i >= len(args) {
			continue
		}
		if p, ok := args[i].(*ssa.Parameter); ok && public(p.Parent()) || isConstant(args[i]) || machineDefault(args[i]) {
			continue
		}
		return true
	}
	return false
}

// machineDefault reports whether v is a default the machine gives, not
// a value the module computes: a query of package runtime with constant
// arguments only (runtime.GOMAXPROCS(0), runtime.NumCPU()), as a
// constructor or a reset passes it.
func machineDefault(v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	if !ok || c.Call.IsInvoke() {
		return false
	}
	callee := c.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "runtime" {
		return false
	}
	for _, a := range c.Call.Args {
		if !isConstant(a) {
			return false
		}
	}
	return true
}

// publicFunc reports whether fn is an exported package-level function.
func publicFunc(fn *ssa.Function) bool { return exported(fn) && fn.Signature.Recv() == nil }

// PublicFunc reports whether fn is an exported package-level function of
// a package a module's users import (not a command's, not an internal
// one): a function of the module's API, which its users call.
func PublicFunc(fn *ssa.Function) bool { return publicFunc(fn) && imported(fn) }

// SetsGlobal reports whether fn stores into a package-level variable,
// one of its fields or elements, or an entry of a map one holds: it sets
// something up for later calls (RegisterDialer, SetLogger).
func SetsGlobal(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var addr ssa.Value
			switch x := instr.(type) {
			case *ssa.Store:
				addr = x.Addr
			case *ssa.MapUpdate:
				if load, ok := x.Map.(*ssa.UnOp); ok && load.Op == token.MUL {
					addr = load.X
				}
			}
			if _, ok := rootAlloc(addr).(*ssa.Global); ok && addr != nil {
				return true
			}
		}
	}
	return false
}

// setterMethods creates the options a running object takes through a setter
// method (ants' pool.Tune(size), a session's SetNoDelay(on), or its
// SetWindowSize(snd, rcv), one option per parameter): an exported method
// of a running object of a package its users import, taking numbers or
// bools and answering nothing, an error or a number, that stores each as given
// (converted, or defaulted where it is zero) into a field of its
// receiver, or hands it unchanged to such a setter of an object its
// receiver holds (a session's SetNoDelay calling its protocol state's
// NoDelay). The option is named after the method and its parameter
// (Pool.Tune(size)) and read at the parameter. A method storing what it
// computes from the argument (Add(n) adding n) keeps state, and is no
// setter.
func (d *discoverer) setterMethods() {
	for _, fn := range d.funcs {
		recv := fn.Signature.Recv()
		if recv == nil || !exported(fn) || !imported(fn) || fn.Signature.Params().Len() == 0 || len(fn.Params) != fn.Signature.Params().Len()+1 {
			continue
		}
		rs := structOf(recv.Type())
		if rs == nil || !d.running[rs] || d.config[rs] != nil {
			continue
		}
		if !setterShape(fn, fn.Params[1:]) {
			continue
		}
		for i, p := range fn.Params[1:] {
			name := recvName(recv.Type()) + "." + fn.Name() + "(" + p.Name() + ")"
			if d.fedByModule(fn, i+1, exported) {
				d.notes.add([]string{name, fn.Name()}, "%s: not an option: the module's own code calls it with values it computes (its plumbing, whose setting is upstream)", name)
				continue
			}
			if !storesInto(fn, p, nil) && !d.forwardsToSetter(fn, p) {
				d.notes.add([]string{name, fn.Name()}, "%s: not an option: it does not store its argument as given in a field of its receiver (what it stores it computes from it, or from the object's state: state, not a setting)", name)
				continue
			}
			o := d.option(name, "setter", typeString(p.Type()))
			d.notes.add([]string{name, fn.Name()}, "%s: an option: a setter of a running object, storing its argument in a field (or handing it to such a setter of an object it holds)", name)
			d.addSite(o, fn, p, p.Pos(), "")
		}
	}
}

// setterShape reports whether fn, whose parameters other than a receiver
// are params, has a setter's shape: it takes numbers or bools (not
// strings) and answers nothing, an error, or a count (Resize(size)
// answering how many it evicted).
func setterShape(fn *ssa.Function, params []*ssa.Parameter) bool {
	if rl := fn.Signature.Results().Len(); rl > 1 || rl == 1 && !isError(fn.Signature.Results().At(0).Type()) && !isNumber(fn.Signature.Results().At(0).Type()) {
		return false
	}
	return !slices.ContainsFunc(params, func(p *ssa.Parameter) bool { return !isBasicValue(p.Type()) || IsString(p.Type()) })
}

// workerCounts creates the options a running object takes as the number
// of goroutines a method of it starts (a consumer's
// AddConcurrentHandlers(h, concurrency)): a number parameter of an
// exported method of a running object of a package its users import
// that bounds a loop starting a goroutine each turn. The option is named
// after the method and its parameter and read at the parameter; one the
// module's own code passes computed values is its plumbing.
func (d *discoverer) workerCounts() {
	for _, fn := range d.funcs {
		recv := fn.Signature.Recv()
		if recv == nil || !exported(fn) || !imported(fn) || len(fn.Params) != fn.Signature.Params().Len()+1 {
			continue
		}
		if rs := structOf(recv.Type()); rs == nil || !d.running[rs] || d.config[rs] != nil {
			continue
		}
		for i, p := range fn.Params[1:] {
			if !isNumber(p.Type()) || !spawnsPer(fn, p) {
				continue
			}
			name := recvName(recv.Type()) + "." + fn.Name() + "(" + p.Name() + ")"
			if d.fedByModule(fn, i+1, exported) {
				d.notes.add([]string{name, fn.Name()}, "%s: not an option: the module's own code calls it with values it computes (its plumbing, whose setting is upstream)", name)
				continue
			}
			o := d.option(name, "argument", typeString(p.Type()))
			d.notes.add([]string{name, fn.Name()}, "%s: an option: how many goroutines a method of a running object starts", name)
			d.addSite(o, fn, p, p.Pos(), "")
		}
	}
}

// spawnsPer reports whether p bounds a loop of fn (its header compares
// the parameter) that starts a goroutine each turn.
func spawnsPer(fn *ssa.Function, p *ssa.Parameter) bool {
	for _, l := range Loops(fn) {
		br, ok := l.Header.Instrs[len(l.Header.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := br.Cond.(*ssa.BinOp)
		if !ok || !fromArg(cmp.X, p, 0) && !fromArg(cmp.Y, p, 0) {
			continue
		}
		for _, b := range fn.Blocks {
			if !l.Contains(b) {
				continue
			}
			for _, instr := range b.Instrs {
				if _, ok := instr.(*ssa.Go); ok {
					return true
				}
			}
		}
	}
	return false
}

// forwardsToSetter reports whether fn hands its parameter p, unchanged,
// to a method of an object its receiver holds in a field, which stores
// it as given into a field of that object (see storesInto) that the
// program never steps: a buffer's MallocAck(n) keeping n where Malloc
// adds to it keeps state, a protocol's NoDelay(interval) a setting.
func (d *discoverer) forwardsToSetter(fn *ssa.Function, p *ssa.Parameter) bool {
	for _, r := range *p.Referrers() {
		call, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		callee := call.Common().StaticCallee()
		if callee == nil || callee.Signature.Recv() == nil || len(callee.Params) != len(call.Common().Args) || callee.Pkg != fn.Pkg {
			continue
		}
		if !heldBy(call.Common().Args[0], fn.Params[0]) {
			continue
		}
		for i, a := range call.Common().Args[1:] {
			if fromArg(a, p, 0) && storesInto(callee, callee.Params[i+1], d.steppedField) {
				return true
			}
		}
	}
	return false
}

// heldBy reports whether v is an object recv holds in a field: the
// field's address, or the pointer loaded from it.
func heldBy(v, recv ssa.Value) bool {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	fa, ok := v.(*ssa.FieldAddr)
	return ok && fa.X == recv
}

// storesInto reports whether fn stores its parameter p, as given, into
// a field of its receiver (not of a record it holds), plainly or with an
// atomic store, and, when state is given, that it says the field is no
// state (see forwardsToSetter).
func storesInto(fn *ssa.Function, p *ssa.Parameter, state func(*ssa.FieldAddr) bool) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var addr, val ssa.Value
			switch x := instr.(type) {
			case *ssa.Store:
				addr, val = x.Addr, x.Val
			case *ssa.Call:
				if a, v, ok := atomicOp(x.Common(), "Store"); ok {
					addr, val = a, v
				}
			}
			// A field of the receiver itself: one of a record it holds
			// (f.Latency.Current = d) is an observation kept, not a
			// setting.
			if fa, ok := addr.(*ssa.FieldAddr); ok && fa.X == fn.Params[0] && fromArg(val, p, 0) {
				return state == nil || !state(fa)
			}
		}
	}
	return false
}

// fromArg reports whether v is the parameter p, converted, or a phi of
// it with constants (a default where it is zero or out of range), or
// loaded from the variable that keeps it when a closure captures it.
func fromArg(v ssa.Value, p *ssa.Parameter, depth int) bool {
	if depth > 3 || v == nil {
		return false
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		return x == p
	case *ssa.Convert:
		return fromArg(x.X, p, depth+1)
	case *ssa.ChangeType:
		return fromArg(x.X, p, depth+1)
	case *ssa.UnOp:
		// The parameter as a closure also captures it: a variable of
		// its own, which holds nothing else.
		alloc, ok := x.X.(*ssa.Alloc)
		if x.Op != token.MUL || !ok || alloc.Referrers() == nil {
			return false
		}
		found := false
		for _, r := range *alloc.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
				if !fromArg(st.Val, p, depth+1) {
					return false
				}
				found = true
			}
		}
		return found
	case *ssa.Phi:
		found := false
		for _, e := range x.Edges {
			switch {
			case fromArg(e, p, depth+1):
				found = true
			case isConstant(e):
			default:
				return false
			}
		}
		return found
	}
	return false
}

// exported reports whether fn is an exported function or method written
// in its package's source (not a wrapper the SSA builder made).
func exported(fn *ssa.Function) bool {
	return fn.Pkg != nil && fn.Synthetic == "" && fn.Parent() == nil && fn.Object() != nil && fn.Object().Exported()
}

// imported reports whether fn's package is one a module's users import:
// not a command, not an internal package.
func imported(fn *ssa.Function) bool {
	pkg := fn.Pkg.Pkg
	return pkg.Name() != "main" && !internal(pkg.Path())
}

func isConstant(v ssa.Value) bool {
	_, ok := v.(*ssa.Const)
	return ok
}

// steppedField reports whether the program stores into the field fa
// addresses a value computed from the field itself (n += k, n = n - k).
func (d *discoverer) steppedField(fa *ssa.FieldAddr) bool {
	s := structOf(fa.X.Type())
	if s == nil {
		return false
	}
	for _, st := range d.written[field{s, fa.Field}] {
		if b, ok := st.Val.(*ssa.BinOp); ok && (loadsField(b.X, s, fa.Field) || loadsField(b.Y, s, fa.Field)) {
			return true
		}
	}
	return false
}

// toggleBody reports whether fn does no more than switch the flag f of
// its receiver: besides storing into f, it only locks, checks, makes
// errors and hands the switch on to an object its receiver holds, by a
// method of the same name (q.first.turboOn() in TurboOn); a method that
// also sets other fields, starts or closes things (Start, Open, Close)
// runs a life cycle.
func toggleBody(fn *ssa.Function, f field) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Store:
				if _, local := x.Addr.(*ssa.Alloc); !local && !storesTo(x, f) {
					return false // a result kept for the deferred calls is local
				}
			case ssa.CallInstruction:
				callee := x.Common().StaticCallee()
				switch {
				case callee == nil:
					return false
				case callee.Pkg != nil && callee.Pkg.Pkg.Path() == "sync", errorOf(x.Common()):
				case callee.Signature.Recv() != nil && strings.EqualFold(callee.Name(), fn.Name()) && heldBy(x.Common().Args[0], fn.Params[0]):
				default:
					return false
				}
			}
		}
	}
	return true
}

// errorOf reports whether c makes an error from constants
// (errors.New("closed")).
func errorOf(c *ssa.CallCommon) bool {
	res := c.Signature().Results()
	return res.Len() == 1 && isError(res.At(0).Type()) && !slices.ContainsFunc(c.Args, func(a ssa.Value) bool { return !isConstant(a) })
}

// toggles creates the options a running object takes through a pair of
// methods that switch a mode on and off (a queue's TurboOn and
// TurboOff): exported methods of a running object of a package its
// users import, taking nothing and answering nothing or an error, one
// storing true and the other false into the same unexported bool field
// of the receiver, which the program sets nowhere else but to
// constants, and doing nothing else (see toggleBody: Start and Stop run
// a life cycle). The option is named after the method storing true
// (Queue.TurboOn()), with the other as alias, and read where the field
// is loaded.
func (d *discoverer) toggles() {
	type pair struct{ on, off *ssa.Function }
	var order []field
	pairs := make(map[field]*pair)
	for _, fn := range d.funcs {
		recv := fn.Signature.Recv()
		rl := fn.Signature.Results()
		if recv == nil || !exported(fn) || !imported(fn) || len(fn.Params) != 1 || rl.Len() > 1 || rl.Len() == 1 && !isError(rl.At(0).Type()) {
			continue // not a switch: it takes something, or answers more than an error
		}
		rs := structOf(recv.Type())
		if rs == nil || !d.running[rs] {
			continue
		}
		for st, fa := range fieldStores(fn) {
			c, isConst := st.Val.(*ssa.Const)
			if fa.X != fn.Params[0] || !isConst || c.Value == nil || c.Value.Kind() != constant.Bool || rs.Field(fa.Field).Exported() {
				continue
			}
			f := field{rs, fa.Field}
			p := pairs[f]
			if p == nil {
				p = &pair{}
				pairs[f] = p
				order = append(order, f)
			}
			if constant.BoolVal(c.Value) {
				p.on = fn
			} else {
				p.off = fn
			}
		}
	}
	for _, f := range order {
		p := pairs[f]
		if p.on == nil || p.off == nil || p.on == p.off || len(d.loaded.fields[f]) == 0 || !toggleBody(p.on, f) || !toggleBody(p.off, f) {
			continue
		}
		if slices.ContainsFunc(d.written[f], func(st *ssa.Store) bool { return !isConstant(st.Val) }) {
			continue
		}
		name := recvName(p.on.Signature.Recv().Type()) + "." + p.on.Name() + "()"
		o := d.option(name, "setter", "bool")
		d.addAlias(o, recvName(p.off.Signature.Recv().Type())+"."+p.off.Name()+"()")
		d.notes.add([]string{name, p.on.Name(), p.off.Name()}, "%s: an option: a mode a running object's methods switch on and off (%s and %s), kept in %s", name, p.on.Name(), p.off.Name(), f.s.Field(f.i).Name())
		for _, v := range d.loaded.fields[f] {
			d.addSite(o, v.Parent(), v, readPos(v), "")
		}
	}
}

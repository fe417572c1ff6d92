package slicing

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// callCtx is an interned call string: the call sites a value entered
// through, innermost first.
type callCtx struct {
	site   ssa.CallInstruction
	parent *callCtx
	depth  int
	// share, at the root of a call string (site nil), is the share of
	// the runs in which the value is there: it came from a location
	// other code also stores other values at (see shared), or back from
	// one of the implementations an interface call runs (see
	// dispatchWays).
	share float64
}

type ctxKey struct {
	site   ssa.CallInstruction
	parent *callCtx
}

type item struct {
	v   ssa.Value
	ctx *callCtx
}

// slicer computes one option's slice.
type hopItem struct {
	item
	hops int
}

type slicer struct {
	a      *Analysis
	s      *Slice
	ctxs   map[ctxKey]*callCtx
	roots  map[float64]*callCtx // share roots (shareRoot)
	shares map[any]float64      // shared's, by global or field
	// entered counts the call strings each function was entered with.
	entered map[*ssa.Function]map[*callCtx]bool
	seen    map[item]int // fewest hops an item was reached with
	// work holds the items to process by their hops (0 to MaxHops): the
	// fewest first, so that each item is processed once, with the fewest
	// hops it can have.
	work     [][]hopItem
	pending  int
	hops     int // hops of the item being processed
	branches map[*ssa.If]bool
	wholeQ   []*ssa.Function
	depth    map[*ssa.Function]int // call depth below the branch, for whole functions
	// nilness holds the values whose being nil or not the option decides:
	// a phi merging nil on one side of its branch with a value on the
	// other, a field set only under that branch, and their copies.
	// Comparing one of them with nil tests the option.
	nilness map[ssa.Value]bool
	// nilOnly holds the values of nilness the option reaches only through
	// whether they are nil: their nil tests and copies are followed, not
	// what they hold.
	nilOnly map[ssa.Value]bool
	// data holds the values the option's value flows into.
	data map[ssa.Value]bool
	// chosen holds the interface and function values whose
	// implementation the option chooses: the option itself when it is
	// one, a phi of its branch's sides, the loads of a field its
	// branches set, what a function returns under them; and their
	// copies. A call through one is the option's (see dispatch).
	chosen map[ssa.Value]bool
	// returns are the returns of implementations under the option's
	// branches, with the hops of the branch, followed to the callers
	// once the data flow is known.
	returns []hopReturn
	// stores are the stores under the option's branches, followed once the
	// data flow is known: storing the option's own value is no decision.
	stores []hopStore
	// handed holds the element types of the channels the option decides a
	// send on (see handoff).
	handed typeutil.Map
	// bits holds the values the option decides only some bits of: a
	// flags word that its branch ORs a constant into (if o.Compress {
	// caps |= capCompress }), and what is computed from it by bitwise
	// operators, conversions, phis and the fields it is stored in. Masking
	// one with a constant that keeps none of those bits (caps&capSSL)
	// leaves nothing of the option. A value reached otherwise too is the
	// option's whole, and leaves this map.
	bits map[ssa.Value]uint64
	// lockMade holds the locks the option sizes (what a semaphore's
	// constructor makes of its capacity, and their copies): their
	// acquires wait on it.
	lockMade map[ssa.Value]bool
	// lists holds the values that are a list the user gives, when the
	// option is one (a slice or a map at every read: servers, protocol
	// versions, labels, settings passed through), and their copies: how
	// many entries it has is what the program is asked to do, not how
	// much work it does for what it is asked. Its length bounds no loop's
	// trips and sizes no make (see entries).
	lists map[ssa.Value]bool
	// counts holds the comparisons of such a list's length with a
	// constant (whether it is empty): a branch on one decides whether a
	// loop over the list runs, not how far its counter goes.
	counts map[ssa.Value]bool
}

// Slice computes the forward slice of o.
func (a *Analysis) Slice(o *Option) *Slice {
	return a.slicer(o).run()
}

func (a *Analysis) slicer(o *Option) *slicer {
	return &slicer{
		a:        a,
		s:        &Slice{Option: o, Funcs: make(map[*ssa.Function]*FuncSlice)},
		ctxs:     make(map[ctxKey]*callCtx),
		entered:  make(map[*ssa.Function]map[*callCtx]bool),
		seen:     make(map[item]int),
		branches: make(map[*ssa.If]bool),
		depth:    make(map[*ssa.Function]int),
		nilness:  make(map[ssa.Value]bool),
		nilOnly:  make(map[ssa.Value]bool),
		data:     make(map[ssa.Value]bool),
		chosen:   make(map[ssa.Value]bool),
		bits:     make(map[ssa.Value]uint64),
		lockMade: make(map[ssa.Value]bool),
		lists:    make(map[ssa.Value]bool),
		counts:   make(map[ssa.Value]bool),
		work:     make([][]hopItem, a.limits.MaxHops+1),
	}
}

func (sl *slicer) run() *Slice {
	list := listOption(sl.s.Option)
	for _, site := range sl.s.Option.Sites {
		if site.Value == nil {
			continue
		}
		if list {
			sl.lists[site.Value] = true
		}
		fn := site.Value.Parent()
		if fn == nil {
			continue
		}
		if instr, ok := site.Value.(ssa.Instruction); ok {
			sl.mark(instr)
		}
		if implementation(site.Value.Type()) {
			sl.chosen[site.Value] = true // the option is an implementation
		}
		sl.push(site.Value, nil)
	}
	for sl.pending > 0 || len(sl.wholeQ) > 0 || len(sl.stores) > 0 || len(sl.returns) > 0 {
		for sl.pending > 0 {
			it := sl.pop()
			if sl.seen[it.item] < it.hops {
				continue // reached again with fewer hops, and processed then
			}
			if !sl.nilOnly[it.v] {
				sl.data[it.v] = true
			}
			sl.entry(it.v, it.ctx)
			sl.value(it.v, it.ctx)
		}
		for len(sl.wholeQ) > 0 {
			fn := sl.wholeQ[len(sl.wholeQ)-1]
			sl.wholeQ = sl.wholeQ[:len(sl.wholeQ)-1]
			sl.wholeBody(fn)
		}
		if sl.pending == 0 && len(sl.wholeQ) == 0 {
			stores := sl.stores
			sl.stores = nil
			for _, u := range stores {
				sl.storedUnder(u)
			}
			returns := sl.returns
			sl.returns = nil
			for _, r := range returns {
				sl.returnedUnder(r.r, r.hops)
			}
		}
	}
	return sl.s
}

func (sl *slicer) fn(fn *ssa.Function) *FuncSlice {
	fs := sl.s.Funcs[fn]
	if fs == nil {
		fs = &FuncSlice{Func: fn, Instrs: make(map[ssa.Instruction]bool)}
		sl.s.Funcs[fn] = fs
	}
	return fs
}

// entry records how the value v, reached in context ctx, came into its
// function: through the arguments of ctx's call, or otherwise.
func (sl *slicer) entry(v ssa.Value, ctx *callCtx) {
	var fn *ssa.Function
	switch x := v.(type) {
	case ssa.Instruction:
		fn = x.Parent()
	case *ssa.Parameter:
		fn = x.Parent()
	case *ssa.FreeVar:
		if fn = x.Parent(); fn != nil {
			sl.fn(fn).Anywhere = true
		}
		return
	}
	if fn == nil {
		return
	}
	fs := sl.fn(fn)
	if ctx == nil || ctx.site == nil || !slicesContains(sl.a.Callees(ctx.site), fn) {
		if s := shareOf(ctx); s < 1 {
			fs.Loaded = max(fs.Loaded, s)
			return
		}
		fs.Anywhere = true
		return
	}
	if fs.Entered == nil {
		fs.Entered = make(map[ssa.CallInstruction]bool)
	}
	fs.Entered[ctx.site] = true
}

func (sl *slicer) mark(instr ssa.Instruction) {
	if fn := instr.Parent(); fn != nil {
		sl.fn(fn).Instrs[instr] = true
	}
}

func (sl *slicer) influence(instr ssa.Instruction, in Influence) {
	fs := sl.fn(instr.Parent())
	if fs.Influence == nil {
		fs.Influence = make(map[ssa.Instruction]Influence)
	}
	fs.Influence[instr] |= in
	sl.s.Influence |= in
}

func (sl *slicer) push(v ssa.Value, ctx *callCtx) {
	if isError(v.Type()) {
		return // "this may fail" is no resource influence
	}
	sl.pushHops(v, ctx, sl.hops)
}

// pushNil queues v, whose being nil or not the option decides; data
// says whether the option's value flows into it too. A value already
// processed is processed again: its nil tests now count.
func (sl *slicer) pushNil(v ssa.Value, ctx *callCtx, hops int, data bool) {
	if isContext(v.Type()) {
		return // see pushHops
	}
	if !nilable(v.Type()) {
		if data {
			sl.pushHops(v, ctx, hops)
		}
		return
	}
	if data {
		if sl.nilness[v] && !sl.nilOnly[v] {
			sl.pushHops(v, ctx, hops)
			return
		}
		delete(sl.nilOnly, v)
	} else {
		if sl.nilness[v] {
			sl.queue(v, ctx, hops)
			return
		}
		if sl.data[v] {
			return // the option's own value
		}
		sl.nilOnly[v] = true
	}
	sl.nilness[v] = true
	sl.requeue(v, ctx, hops)
}

// requeue queues v even if it was processed already.
func (sl *slicer) requeue(v ssa.Value, ctx *callCtx, hops int) {
	if hops > sl.a.limits.MaxHops {
		return
	}
	it := item{v, ctx}
	if h, ok := sl.seen[it]; !ok || hops < h {
		sl.seen[it] = hops
	} else {
		hops = h
	}
	sl.work[hops] = append(sl.work[hops], hopItem{it, hops})
	sl.pending++
}

// flow queues to, which v's value reaches: to inherits what the option
// decides of v's nilness.
func (sl *slicer) flow(v, to ssa.Value, ctx *callCtx, hops int) {
	if b, ok := sl.bits[v]; ok {
		sl.someBits(to, b, ctx, hops)
	} else {
		sl.allBits(to, ctx, hops)
	}
	if sl.lockMade[v] {
		sl.lockMade[to] = true
	}
	if sl.lists[v] && collection(to.Type()) {
		sl.lists[to] = true // a copy of a list the user gives
	}
	if sl.counts[v] {
		sl.counts[to] = true // whether it is empty, answered by a helper
	}
	if sl.chosen[v] && !sl.chosen[to] && implementation(to.Type()) {
		sl.chosen[to] = true
		if _, seen := sl.seen[item{to, ctx}]; seen {
			sl.requeue(to, ctx, hops) // its calls are the option's now
		}
	}
	switch {
	case sl.nilness[v]:
		sl.pushNil(to, ctx, hops, !sl.nilOnly[v])
	case !isError(to.Type()):
		sl.pushHops(to, ctx, hops)
	}
}

// someBits records that the option decides bits b of v (see bits),
// unless v was reached as the option's whole; a v processed with fewer
// bits is processed again.
func (sl *slicer) someBits(v ssa.Value, b uint64, ctx *callCtx, hops int) {
	old, ok := sl.bits[v]
	if _, seen := sl.seen[item{v, ctx}]; seen && !ok {
		return // the option's whole already
	}
	if old|b == old && ok {
		return
	}
	sl.bits[v] = old | b
	if _, seen := sl.seen[item{v, ctx}]; seen {
		sl.requeue(v, ctx, hops)
	}
}

// allBits records that v is reached as the option's whole: a v
// processed as only some of its bits is processed again.
func (sl *slicer) allBits(v ssa.Value, ctx *callCtx, hops int) {
	if _, ok := sl.bits[v]; !ok {
		return
	}
	delete(sl.bits, v)
	if _, seen := sl.seen[item{v, ctx}]; seen {
		sl.requeue(v, ctx, hops)
	}
}

// orBits returns the constant bits a phi's edges OR into one value (phi
// of caps and caps|capCompress): the bits a branch choosing among them
// decides.
func orBits(phi *ssa.Phi) (uint64, bool) {
	var base ssa.Value
	var bits uint64
	same := func(x ssa.Value) bool {
		if base == nil {
			base = x
		}
		return x == base
	}
	for _, e := range phi.Edges {
		if op, ok := e.(*ssa.BinOp); ok && op.Op == token.OR {
			if k, ok := op.Y.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int && same(op.X) {
				if u, exact := constant.Uint64Val(k.Value); exact {
					bits |= u
					continue
				}
			}
			return 0, false
		}
		if !same(e) {
			return 0, false
		}
	}
	return bits, bits != 0
}

// pushHops queues v unless it was reached already with as few hops.
func (sl *slicer) pushHops(v ssa.Value, ctx *callCtx, hops int) {
	if hops > sl.a.limits.MaxHops || isContext(v.Type()) {
		return // a context an option's deadline is set on bounds how long work may take, not what it does
	}
	if sl.nilOnly[v] {
		// Reached as data too: its every use is followed now, and its
		// nil tests ask whether the option is set.
		delete(sl.nilOnly, v)
		delete(sl.nilness, v)
		sl.requeue(v, ctx, hops)
		return
	}
	sl.queue(v, ctx, hops)
}

// queue queues v unless it was reached already with as few hops.
func (sl *slicer) queue(v ssa.Value, ctx *callCtx, hops int) {
	if hops > sl.a.limits.MaxHops {
		return
	}
	it := item{v, ctx}
	if h, ok := sl.seen[it]; ok && h <= hops {
		return
	}
	sl.seen[it] = hops
	sl.work[hops] = append(sl.work[hops], hopItem{it, hops})
	sl.pending++
}

// pop takes the next item with the fewest hops and makes its hops current.
func (sl *slicer) pop() hopItem {
	for h := range sl.work {
		if n := len(sl.work[h]); n > 0 {
			it := sl.work[h][n-1]
			sl.work[h] = sl.work[h][:n-1]
			sl.pending--
			sl.hops = it.hops
			return it
		}
	}
	panic("slicer: pop from an empty work list")
}

// shared is the share of the runs in which a value stored at addr is
// the one its loads find: 1 over the number of places the values stored
// there come from: each function storing one, but a field copied in
// counts once wherever it is copied, and a constant (a default, a
// reset) not at all. A field every command's constructor fills (a
// request's arguments) holds one command's value at a time; a field that
// constructors copy a setting into holds the setting always.
func (sl *slicer) shared(addr ssa.Value) float64 {
	var loc any
	switch a := addr.(type) {
	case *ssa.Global:
		loc = a
	case *ssa.FieldAddr:
		if s := structOf(a.X.Type()); s != nil {
			loc = field{s, a.Field}
		}
	}
	if v, ok := sl.shares[loc]; ok && loc != nil {
		return v
	}
	origins := make(map[any]bool)
	for _, st := range sl.a.stores.at(addr) {
		sl.origins(st.Val, st.Parent(), origins, make(map[*ssa.Function]bool), 0)
	}
	v := 1 / float64(max(len(origins), 1))
	if loc != nil {
		if sl.shares == nil {
			sl.shares = make(map[any]float64)
		}
		sl.shares[loc] = v
	}
	return v
}

// origins adds to set where the value v stored by fn comes from: the
// field it copies, wherever the copy is made; else fn, but where v is a
// parameter of fn (a helper that stores what its callers pass, such as a
// queue's Put), the origins of the arguments at fn's call sites, up to
// maxOriginHops calls up.
func (sl *slicer) origins(v ssa.Value, fn *ssa.Function, set map[any]bool, seen map[*ssa.Function]bool, hops int) {
	switch v := Unconvert(v).(type) {
	case *ssa.Const:
		return
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			if s := structOf(fa.X.Type()); s != nil {
				set[field{s, fa.Field}] = true // a copy of a field, wherever it is made
				return
			}
		}
	case *ssa.Field:
		if s := structOf(v.X.Type()); s != nil {
			set[field{s, v.Field}] = true
			return
		}
	case *ssa.Parameter:
		i := slices.Index(fn.Params, v)
		var sites []ssa.CallInstruction
		for _, c := range sl.a.Callers(fn) {
			if !sl.a.InHelper(c.Parent()) {
				sites = append(sites, c)
			}
		}
		if hops >= maxOriginHops || seen[fn] || len(sites) == 0 || i < 0 {
			break
		}
		seen[fn] = true
		for _, c := range sites {
			com := c.Common()
			j := i
			if com.IsInvoke() {
				j-- // the receiver is not among an interface call's arguments
			}
			if j < 0 || j >= len(com.Args) {
				set[c.Parent()] = true
				continue
			}
			sl.origins(com.Args[j], c.Parent(), set, seen, hops+1)
		}
		return
	}
	set[fn] = true
}

// maxOriginHops is how many calls up origins follows a stored parameter.
const maxOriginHops = 3

// shareRoot returns the root of call strings whose values are there in
// share s of the runs, or nil for all of them.
func (sl *slicer) shareRoot(s float64) *callCtx {
	if s >= 1 {
		return nil
	}
	if sl.roots == nil {
		sl.roots = make(map[float64]*callCtx)
	}
	r := sl.roots[s]
	if r == nil {
		r = &callCtx{share: s}
		sl.roots[s] = r
	}
	return r
}

// shareOf is the share of the runs in which a value reached in ctx is
// there: its root's, or all of them.
func shareOf(ctx *callCtx) float64 {
	for ; ctx != nil; ctx = ctx.parent {
		if ctx.site == nil {
			return ctx.share
		}
	}
	return 1
}

// enter returns the call string of callee entered at site from ctx.
func (sl *slicer) enter(site ssa.CallInstruction, ctx *callCtx, callee *ssa.Function) *callCtx {
	if ctx != nil && ctx.depth >= sl.a.limits.MaxContext {
		return nil
	}
	key := ctxKey{site, ctx}
	c := sl.ctxs[key]
	if c == nil {
		depth := 1
		if ctx != nil {
			depth = ctx.depth + 1
		}
		c = &callCtx{site: site, parent: ctx, depth: depth}
		sl.ctxs[key] = c
	}
	in := sl.entered[callee]
	if !in[c] {
		if len(in) >= sl.a.limits.MaxFuncContexts {
			return nil
		}
		if in == nil {
			in = make(map[*callCtx]bool)
			sl.entered[callee] = in
		}
		in[c] = true
	}
	return c
}

// value follows v to every instruction that uses it.
func (sl *slicer) value(v ssa.Value, ctx *callCtx) {
	refs := v.Referrers()
	if refs == nil {
		return
	}
	if sl.nilOnly[v] {
		sl.nilUses(v, *refs, ctx)
		return
	}
	str := IsString(v.Type()) || isStrings(v.Type())
	texts := textMap(v.Type())
	for _, r := range *refs {
		if sl.nilness[v] && sl.emptyTest(r, v, ctx) {
			continue
		}
		if str && stringData(r, v, sl.a.user, sl.a.parsers) {
			continue
		}
		if texts && textMapData(r, sl.a.user) {
			continue
		}
		if sl.lists[v] && sl.entries(r, ctx) {
			continue
		}
		switch r := r.(type) {
		case *ssa.DebugRef, *ssa.Jump, *ssa.RunDefers:
			continue
		case *ssa.FieldAddr:
			if r.X == v {
				// Base pointer: thin slicing does not follow it, but for
				// the lock it holds: the option decides which is taken.
				if isMutex(r.Type()) {
					sl.locks(r)
				}
				continue
			}
		case *ssa.IndexAddr:
			if r.Index == v && sl.picksAmong(v, ctx) {
				// Which element: thin slicing does not follow it, but for
				// the lock the element holds (a shard picked by a hash
				// modulo the option's count).
				sl.elementLocks(r)
			}
			continue // base or index: thin slicing follows neither
		case *ssa.Index:
			if r.Index == v {
				continue
			}
		case *ssa.Lookup:
			if r.Index == v {
				continue
			}
			if _, named := r.Index.(*ssa.Const); named && textParams(r.X.Type()) {
				// Text parameters looked up by a constant key: the
				// entry is a setting of its own, which the map only
				// carries (extra parameters parsed out of a connection
				// string into typed options), not the map's influence.
				continue
			}
		case *ssa.UnOp:
			if (r.Op == token.MUL || r.Op == token.ARROW) && r.X == v && (!basicPointer(v.Type()) || addressChoice(v)) {
				continue // a load or receive through the value: a handle
			}
			// A load through a pointer to a number, bool or string is
			// the option's value (a field left nil when unset), unless
			// the option only chose which variable it points at.
		case *ssa.Select:
			if selectsOn(r, v) {
				// Waiting on a channel is no use of its value, unless the
				// option decides whether it is nil: a nil channel's case
				// never runs; or the select waits to send to it (see
				// Send).
				if r.Blocking && sendsOn(r, v) {
					sl.mark(r)
					sl.influence(r, Lock)
				}
				sl.selectNil(r, v, ctx)
				continue
			}
		case ssa.CallInstruction:
			sl.call(r, v, ctx)
			continue
		case *ssa.Store:
			if r.Val == v {
				sl.mark(r)
				sl.store(r.Addr, v, ctx)
			}
			continue
		case *ssa.MapUpdate:
			switch {
			case r.Value == v:
				sl.mark(r)
				sl.loads(sl.elemLoads(r.Map.Type()))
				if loc := containerLoc(r.Map); loc != nil && countedElems(r.Map.Type()) {
					sl.loads(sl.a.fieldElems.at(loc))
				}
			case r.Key == v: // only ranging over the map sees the key
				sl.mark(r)
				sl.loads(slices.DeleteFunc(slices.Clone(sl.elemLoads(r.Map.Type())), func(l ssa.Value) bool {
					_, lookup := l.(*ssa.Lookup)
					return lookup
				}))
			}
			continue
		case *ssa.Send:
			if r.Chan == v {
				// A send waits while the channel is full: the option
				// sized the channel (a semaphore's capacity bounds how
				// many hold a slot at once) or chose it.
				sl.mark(r)
				sl.influence(r, Lock)
			}
			if r.X == v {
				sl.mark(r)
				if vs, ok := sl.a.recvs.At(chanElem(r.Chan.Type())).([]ssa.Value); ok {
					sl.loads(vs)
				}
			}
			continue
		case *ssa.Return:
			sl.mark(r)
			sl.ret(r, v, ctx)
			continue
		case *ssa.If:
			sl.mark(r)
			sl.branch(r, ctx)
			continue
		case *ssa.MakeSlice:
			sl.influence(r, Size)
		case *ssa.MakeChan:
			sl.influence(r, Size)
		case *ssa.MakeMap:
			sl.influence(r, Size)
		case *ssa.MakeClosure:
			sl.mark(r)
			fn := r.Fn.(*ssa.Function)
			for i, b := range r.Bindings {
				if b == v {
					sl.flow(v, fn.FreeVars[i], nil, sl.hops)
				}
			}
			continue
		case *ssa.Phi, *ssa.ChangeType, *ssa.ChangeInterface:
			sl.mark(r)
			sl.flow(v, r.(ssa.Value), ctx, sl.hops)
			continue
		case *ssa.BinOp:
			if b, ok := sl.bits[v]; ok {
				switch r.Op {
				case token.AND:
					if m, ok := otherOperand(r, v).(*ssa.Const); ok && m.Value != nil && m.Value.Kind() == constant.Int {
						if u, exact := constant.Uint64Val(m.Value); exact {
							if b&u == 0 {
								continue // masked out: none of the option's bits is left
							}
							b &= u
						}
					}
					sl.mark(r)
					sl.someBits(r, b, ctx, sl.hops)
					sl.push(r, ctx)
					continue
				case token.OR, token.XOR, token.AND_NOT:
					sl.mark(r)
					sl.someBits(r, b, ctx, sl.hops)
					sl.push(r, ctx)
					continue
				}
			}
			if (r.Op == token.EQL || r.Op == token.NEQ) && (isError(r.X.Type()) || (isNil(r.X) || isNil(r.Y)) && !sl.nilness[v]) {
				// "This may fail" is no resource influence, nor "is it
				// set": unless the option decides whether it is.
				continue
			}
			if (r.Op == token.EQL || r.Op == token.NEQ) && elementField(otherOperand(r, v)) {
				// Matching an element's field (p.ID == partition) finds
				// a record by its key: which one, not how much work.
				continue
			}
			if (comparesLen(r, v) || sl.comparesCount(r, v)) && !induction(v) {
				sl.influence(r, Bound)
			}
		case *ssa.Extract:
			if isError(r.Type()) {
				continue
			}
			if recv, ok := v.(*ssa.UnOp); ok && recv.Op == token.ARROW && recv.CommaOk && r.Index == 1 {
				continue // whether the channel is open: its close decides that, not a value sent on it
			}
		}
		sl.mark(r)
		if rv, ok := r.(ssa.Value); ok {
			if _, conv := r.(*ssa.Convert); conv && sl.bits[v] != 0 {
				sl.someBits(rv, sl.bits[v], ctx, sl.hops) // the same bits, in another integer type
			} else {
				sl.allBits(rv, ctx, sl.hops)
			}
			sl.push(rv, ctx)
		}
	}
}

// nilUses follows a value the option decides only the nilness of: to its
// tests against nil, which are the option's branches, through its copies.
func (sl *slicer) nilUses(v ssa.Value, refs []ssa.Instruction, ctx *callCtx) {
	for _, r := range refs {
		switch r := r.(type) {
		case *ssa.BinOp:
			if (r.Op == token.EQL || r.Op == token.NEQ) && (isNil(r.X) || isNil(r.Y)) {
				sl.mark(r)
				sl.push(r, ctx)
			}
		case *ssa.Phi, *ssa.ChangeType, *ssa.ChangeInterface:
			sl.flow(v, r.(ssa.Value), ctx, sl.hops)
		case *ssa.Select:
			sl.selectNil(r, v, ctx)
		case *ssa.Store:
			if _, elem := r.Addr.(*ssa.IndexAddr); r.Val == v && !elem {
				// Whether one element of a list is set (a record given
				// to append) says nothing of the list.
				sl.store(r.Addr, v, ctx)
			}
		case *ssa.Return:
			sl.ret(r, v, ctx)
		case *ssa.MakeClosure:
			fn := r.Fn.(*ssa.Function)
			for i, b := range r.Bindings {
				if b == v {
					sl.flow(v, fn.FreeVars[i], nil, sl.hops)
				}
			}
		case ssa.CallInstruction:
			common := r.Common()
			if common.Value == v {
				if sl.chosen[v] {
					sl.dispatch(r)
				}
				continue
			}
			for _, callee := range sl.a.Callees(r) {
				if !sl.a.user[callee] {
					continue
				}
				off := 0
				if common.IsInvoke() {
					off = 1
				}
				for i, arg := range common.Args {
					if arg == v && i+off < len(callee.Params) {
						sl.flow(v, callee.Params[i+off], sl.enter(r, ctx, callee), sl.hops)
					}
				}
			}
		}
	}
}

// emptyTest follows r, when it takes the length of v, a list whose
// nilness the option decides, only to compare it with zero (if
// len(offers) == 0 { return w }): whether it is empty is whether the
// option left it nil. It says whether r was such a use. Not for a map
// (one made empty under the option is as long as none), nor for a field
// set under the option (see storedUnder), which other code fills and
// empties too: there only a test against nil is the option's.
func (sl *slicer) emptyTest(r ssa.Instruction, v ssa.Value, ctx *callCtx) bool {
	call, ok := r.(*ssa.Call)
	if !ok {
		return false
	}
	if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" {
		return false
	}
	if _, list := v.Type().Underlying().(*types.Slice); !list {
		return false
	}
	refs := *call.Referrers()
	if len(refs) == 0 || slices.ContainsFunc(refs, func(r ssa.Instruction) bool {
		cmp, ok := r.(*ssa.BinOp)
		return !ok || !comparison(cmp.Op) || !isZero(otherOperand(cmp, call))
	}) {
		return false
	}
	sl.mark(call)
	for _, r := range refs {
		sl.mark(r)
		sl.push(r.(*ssa.BinOp), ctx)
	}
	return true
}

// entries handles r, a use of a list the user gives (see lists), when it
// counts the list's entries: its length or capacity, or whether a range
// over it has another entry. How many entries the user gave bounds no
// loop and sizes nothing, so only comparisons of the count with a
// constant are followed (whether there are any, or more than one). It
// says whether r was such a count. Ranges, parts of the list, and
// entries that are lists in turn are lists the user gives too.
func (sl *slicer) entries(r ssa.Instruction, ctx *callCtx) bool {
	switch r := r.(type) {
	case *ssa.Call:
		b, ok := r.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "len" && b.Name() != "cap" {
			return false
		}
		if loopCarried(r.Call.Args[0]) {
			return true // a copy a loop shrinks as it takes the entries: its test is the loop's over them
		}
		n := []ssa.Value{r}
		for _, ref := range *r.Referrers() {
			if conv, ok := ref.(*ssa.Convert); ok {
				n = append(n, conv) // int32(len(list)) > 0
			}
		}
		for _, x := range n {
			for _, ref := range *x.Referrers() {
				cmp, ok := ref.(*ssa.BinOp)
				if !ok || !comparison(cmp.Op) {
					continue
				}
				if _, c := otherOperand(cmp, x).(*ssa.Const); c {
					sl.mark(r)
					sl.mark(x.(ssa.Instruction))
					sl.mark(cmp)
					sl.counts[cmp] = true
					sl.push(cmp, ctx)
				}
			}
		}
		return true
	case *ssa.Range, *ssa.Next, *ssa.Slice:
		// The range and its iteration, or a part of the list: the
		// list still.
		sl.mark(r)
		sl.lists[r.(ssa.Value)] = true
		sl.push(r.(ssa.Value), ctx)
		return true
	case *ssa.Extract:
		if _, next := r.Tuple.(*ssa.Next); next && r.Index == 0 {
			return true // another entry or not: the loop's test
		}
		if collection(r.Type()) {
			sl.lists[r] = true // an entry that is a list in turn
		}
	case *ssa.Lookup:
		if !r.CommaOk {
			if collection(r.Type()) {
				sl.lists[r] = true
			}
			break
		}
		for _, ref := range *r.Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok && ex.Index == 0 && collection(ex.Type()) {
				sl.lists[ex] = true
			}
		}
	}
	return false
}

// listCopy marks call, which v's value reaches, as a list the user gives
// when v is one and call answers a list: append, a library's clone.
func (sl *slicer) listCopy(v ssa.Value, call *ssa.Call) {
	if sl.lists[v] && collection(call.Type()) {
		sl.lists[call] = true
	}
}

// loopCarried reports whether v is a value a loop carries round: a phi in
// a block that one of its own predecessors comes back to.
func loopCarried(v ssa.Value) bool {
	phi, ok := v.(*ssa.Phi)
	if !ok {
		return false
	}
	b := phi.Block()
	return slices.ContainsFunc(b.Preds, b.Dominates)
}

// listOption reports whether every value read of o is a slice or a map.
func listOption(o *Option) bool {
	read := false
	for _, site := range o.Sites {
		if site.Value == nil {
			continue
		}
		if !collection(site.Value.Type()) {
			return false
		}
		read = true
	}
	return read
}

// comparison says whether op compares.
func comparison(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

// isZero says whether v is the constant 0.
func isZero(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Int && constant.Sign(c.Value) == 0
}

// selectNil handles a select on v, a channel whose nilness the option
// decides: the cases on v run as the option says.
func (sl *slicer) selectNil(sel *ssa.Select, v ssa.Value, ctx *callCtx) {
	if !sl.nilness[v] {
		return
	}
	for i, st := range sel.States {
		if st.Chan != v {
			continue
		}
		if st.Dir == types.SendOnly {
			sl.handoff(st.Chan.Type())
		}
		if br := selectCase(sel, i); br != nil {
			sl.mark(sel)
			sl.caseBody(br, ctx)
		}
	}
}

// selectCase returns the branch that tests whether sel chose its case i.
func selectCase(sel *ssa.Select, i int) *ssa.If {
	for _, r := range *sel.Referrers() {
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != 0 {
			continue
		}
		for _, r := range *ex.Referrers() {
			cmp, ok := r.(*ssa.BinOp)
			if !ok || cmp.Op != token.EQL {
				continue
			}
			c, ok := cmp.Y.(*ssa.Const)
			if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
				continue
			}
			if n, ok := constant.Int64Val(c.Value); !ok || n != int64(i) {
				continue
			}
			for _, r := range *cmp.Referrers() {
				if br, ok := r.(*ssa.If); ok {
					return br
				}
			}
		}
	}
	return nil
}

// loads follows a value into the loads of a shared location: one hop.
func (sl *slicer) loads(vs []ssa.Value) {
	sl.loadsOf(nil, vs, nil)
}

// loadsOf follows v into the loads vs of the location it is stored at;
// root, if not nil, is the share of the runs in which the loads find it.
func (sl *slicer) loadsOf(v ssa.Value, vs []ssa.Value, root *callCtx) {
	if sl.hops+1 > sl.a.limits.MaxHops {
		return
	}
	for _, l := range vs {
		if instr, ok := l.(ssa.Instruction); ok {
			sl.mark(instr)
		}
		if next, ok := l.(*ssa.Next); ok {
			// A range over the container: its key and value carry the
			// element on; its ok, whether elements remain, depends on how
			// many there are, not on what one of them holds.
			for _, ref := range *next.Referrers() {
				if ex, ok := ref.(*ssa.Extract); ok && ex.Index > 0 {
					sl.mark(ex)
					sl.pushHops(ex, nil, sl.hops+1)
				}
			}
			continue
		}
		if v != nil {
			sl.flow(v, l, root, sl.hops+1)
		} else {
			sl.pushHops(l, root, sl.hops+1)
		}
	}
}

func (sl *slicer) elemLoads(t types.Type) []ssa.Value {
	vs, _ := sl.a.elemLoads.At(containerType(t)).([]ssa.Value)
	return vs
}

// store follows a value stored at addr to the loads of the same abstract
// location: a global, a field of a struct type, an element of a container
// type, or an address-taken local.
func (sl *slicer) store(addr, v ssa.Value, ctx *callCtx) {
	switch addr := addr.(type) {
	case *ssa.Global, *ssa.FieldAddr:
		sl.loadsOf(v, sl.a.loads.at(addr), sl.shareRoot(shareOf(ctx)*sl.shared(addr)))
		// Set plainly (at start-up), read with atomic loads (while
		// goroutines run): the loads read it all the same.
		sl.loadsOf(v, sl.a.atomics.at(addr), nil)
	case *ssa.IndexAddr:
		if arr, ok := addr.X.(*ssa.Alloc); ok {
			// An element of a local array, such as the backing array of
			// variadic arguments: the array carries the value on.
			sl.mark(arr)
			sl.push(arr, ctx)
			return
		}
		sl.loads(sl.elemLoads(addr.X.Type()))
		// A number kept in an element of a container a field holds (a
		// limit per level cached in a slice): the loads of that field's
		// elements read it.
		if loc := containerLoc(addr.X); loc != nil && countedElems(addr.X.Type()) {
			sl.loads(sl.a.fieldElems.at(loc))
		}
	case *ssa.Alloc:
		for _, l := range localLoads(addr, make(map[ssa.Value]bool)) {
			sl.mark(l.(ssa.Instruction))
			sl.flow(v, l, ctx, sl.hops)
		}
	case *ssa.FreeVar:
		// A variable a closure shares with the function that makes it,
		// set in the closure (var shrink bool; db.Update(func(tx *Tx)
		// error { shrink = size > limit; ... }); if shrink { ... }): its
		// loads there and in the other closures that capture it.
		if cell := capturedCell(addr); cell != nil {
			for _, l := range localLoads(cell, make(map[ssa.Value]bool)) {
				sl.mark(l.(ssa.Instruction))
				sl.flow(v, l, nil, sl.hops)
			}
		}
	}
}

// capturedCell returns the variable, a heap cell of an enclosing
// function, that the free variable fv of a closure is bound to, through
// closures nested in closures; nil when a closure is made more than once
// or is not made in its parent.
func capturedCell(fv *ssa.FreeVar) *ssa.Alloc {
	for range 4 {
		fn := fv.Parent()
		i := slices.Index(fn.FreeVars, fv)
		if fn.Parent() == nil || i < 0 {
			return nil
		}
		var binding ssa.Value
		for _, b := range fn.Parent().Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
					if binding != nil {
						return nil
					}
					binding = mc.Bindings[i]
				}
			}
		}
		switch b := binding.(type) {
		case *ssa.Alloc:
			return b
		case *ssa.FreeVar:
			fv = b
		default:
			return nil
		}
	}
	return nil
}

// localLoads returns the loads of an address-taken local, in its function
// and in the closures that capture it.
func localLoads(addr ssa.Value, seen map[ssa.Value]bool) []ssa.Value {
	if seen[addr] {
		return nil
	}
	seen[addr] = true
	var out []ssa.Value
	for _, r := range *addr.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op == token.MUL {
				out = append(out, r)
			}
		case *ssa.MakeClosure:
			fn := r.Fn.(*ssa.Function)
			for i, b := range r.Bindings {
				if b == addr {
					out = append(out, localLoads(fn.FreeVars[i], seen)...)
				}
			}
		}
	}
	return out
}

// call handles v used by a call: as receiver of a handle it stops; as an
// argument it enters analysed callees (with the call site pushed on the
// context) and flows to the result of library calls.
func (sl *slicer) call(c ssa.CallInstruction, v ssa.Value, ctx *callCtx) {
	common := c.Common()
	if common.Value == v && sl.chosen[v] {
		sl.dispatch(c)
	}
	if common.Value != v && sl.chosen[v] && types.IsInterface(v.Type()) && !sl.entersAnalysed(c) {
		// An implementation handed to a library (a listener to
		// http.Server.Serve, a writer to an encoder): what the library
		// does with it is the library's work whichever one it is given.
		return
	}
	if common.Value == v && !common.IsInvoke() {
		return // calling an affected function value
	}
	if common.IsInvoke() && common.Value == v && isHandle(v.Type()) {
		return
	}
	if addr, val, ok := atomicOp(common, "Store"); ok && val == v {
		// A value kept in an atomic (a limit reloaded at run time) is
		// read back by its atomic loads.
		sl.mark(c)
		sl.loadsOf(v, sl.a.atomics.at(addr), nil)
		return
	}
	callees := sl.a.Callees(c)
	static := common.StaticCallee()
	if static != nil && static.Signature.Recv() != nil && len(common.Args) > 0 && common.Args[0] == v && isHandle(v.Type()) {
		if isMutex(v.Type()) || sl.lockMade[v] {
			sl.locks(v)
		}
		return // the receiver of a handle: opening it was the influence
	}
	sl.mark(c)
	sl.callInfluence(c, v)
	sl.ticks(c, v, ctx)

	if b, ok := common.Value.(*ssa.Builtin); ok {
		if call, ok := c.(*ssa.Call); ok && b.Name() != "copy" && !(b.Name() == "append" && isBytes(call.Type()) && common.Args[0] != v) {
			// Bytes the option's value adds to a buffer are data (a
			// frame's padding, an encoded field): what reads the buffer
			// reads data, not the option.
			sl.listCopy(v, call)
			sl.push(call, ctx)
		}
		return
	}
	entered := false
	for _, callee := range callees {
		if !sl.a.user[callee] {
			continue
		}
		entered = true
		off := 0
		if common.IsInvoke() {
			off = 1 // the receiver is Params[0] and not in Args
			if common.Value == v && len(callee.Params) > 0 {
				sl.flow(v, callee.Params[0], sl.enter(c, ctx, callee), sl.hops)
			}
		}
		for i, arg := range common.Args {
			if arg == v && i+off < len(callee.Params) {
				sl.flow(v, callee.Params[i+off], sl.enter(c, ctx, callee), sl.hops)
			}
		}
	}
	if !entered {
		// A library call: arguments flow to results, unless the result is
		// a handle (a file, a connection, a client) or was read by IO (the
		// entries of a directory, the bytes of a file named by the option),
		// or the argument is a context: a context bounds how long the call
		// may take, it is not data the result is computed from.
		r, _ := sl.a.Resource(c)
		if call, ok := c.(*ssa.Call); ok && !isHandle(resultValueType(call)) && r.IO == 0 && !r.Text && !isContext(v.Type()) {
			sl.listCopy(v, call)
			sl.push(call, ctx)
		} else if in, _ := ParseInfluence(r.Influence); ok && r.SYNC == 0 && in == Lock {
			// A lock the value sizes (a semaphore's capacity): its
			// acquires, wherever the handle goes, wait on it.
			sl.lockMade[call] = true
			sl.push(call, ctx)
		}
	}
}

// callInfluence records what a call in the slice does, from the catalogue:
// v is the option's value the call takes as an argument, nil when the call
// runs under a branch on the option. A call sizes or scales only with a
// number: a reader, a connection or a buffer the option's value reached
// does not make bufio.NewReaderSize or a compressor's level grow with it.
func (sl *slicer) callInfluence(c ssa.CallInstruction, v ssa.Value) {
	data := v != nil
	if _, ok := c.(*ssa.Go); ok {
		if !data {
			sl.influence(c, Conc)
		}
	}
	r, ok := sl.a.Resource(c)
	if !ok {
		if lib, ok := sl.a.Library(c); ok && lib.IO > 0 {
			sl.influence(c, IO) // a library function that does IO in its body
		}
		return
	}
	if r.IO > 0 && !r.Text {
		sl.influence(c, IO)
	}
	number := data && isNumber(v.Type())
	if in, ok := ParseInfluence(r.Influence); ok && (in != Size || number) {
		sl.influence(c, in)
	}
	if number && r.Scales != "" {
		sl.scale(c)
		if v := c.Value(); v != nil {
			sl.scaledUses(v)
		}
	}
}

// scale records that c's cost grows with the option's value.
func (sl *slicer) scale(c ssa.Instruction) {
	fs := sl.fn(c.Parent())
	if fs.Scaled == nil {
		fs.Scaled = make(map[ssa.Instruction]bool)
	}
	fs.Scaled[c] = true
}

// scaledUses records that the catalogued calls made on what a call that
// scales with the option returns (a compressor made with the option's
// level: its Write, Flush and Close) scale too: the object keeps the
// value. It follows the object where the function uses it, and into the
// field or global it is stored in, to the calls on its loads.
func (sl *slicer) scaledUses(made ssa.Value) {
	objs := []ssa.Value{made}
	if t, ok := made.Type().(*types.Tuple); ok && t.Len() > 0 {
		objs = nil // (w, err): the object is the first result
		for _, r := range *made.Referrers() {
			if x, ok := r.(*ssa.Extract); ok && x.Index == 0 {
				objs = append(objs, x)
			}
		}
	}
	seen := make(map[ssa.Value]bool)
	for len(objs) > 0 {
		v := objs[len(objs)-1]
		objs = objs[:len(objs)-1]
		if seen[v] || v.Referrers() == nil {
			continue
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.ChangeInterface, *ssa.MakeInterface, *ssa.ChangeType, *ssa.Phi:
				objs = append(objs, r.(ssa.Value))
			case *ssa.Store:
				if r.Val == v && len(seen) < maxScaledUses {
					objs = append(objs, sl.a.loads.at(r.Addr)...)
				}
			case ssa.CallInstruction:
				com := r.Common()
				recv := com.IsInvoke() && com.Value == v || !com.IsInvoke() && com.Signature().Recv() != nil && len(com.Args) > 0 && com.Args[0] == v
				if res, ok := sl.a.Resource(r); ok && recv && res.CPU > 0 {
					sl.mark(r)
					sl.scale(r)
				}
			}
		}
	}
}

// maxScaledUses bounds the values scaledUses follows an object through.
const maxScaledUses = 64

// ret follows a returned value back to the call sites: the one it came
// in through when the context says, every caller otherwise.
func (sl *slicer) ret(r *ssa.Return, v ssa.Value, ctx *callCtx) {
	fn := r.Parent()
	if sl.a.isMessage(fn) {
		return
	}
	var sites []ssa.CallInstruction
	var outer *callCtx
	hops := sl.hops
	every := false
	if ctx != nil && ctx.site != nil && slicesContains(sl.a.Callees(ctx.site), fn) {
		sites, outer = []ssa.CallInstruction{ctx.site}, ctx.parent
	} else {
		sites, every = sl.a.callers[fn], true
		if !sl.chosen[v] || !sl.nilOnly[v] || !handedUp(v) {
			// To every caller: a hop. Not for an implementation the
			// option chose, followed only for the calls through it
			// (see returnedUnder), that fn hands up as a function it
			// called returned it: those calls charge only the
			// implementations the option chooses among, and a factory's
			// choice is handed up through as many functions as build
			// it (an encoder made three calls below the cache that
			// keeps it) before anything calls it. One that fn loads
			// from where others store theirs costs its hop.
			hops++
		}
	}
	for i, res := range r.Results {
		if res != v {
			continue
		}
		for _, site := range sites {
			call, ok := site.(*ssa.Call)
			if !ok {
				continue
			}
			if every {
				outer = sl.shareRoot(shareOf(ctx) / dispatchWays(sl.a, site))
			}
			sl.mark(call)
			if len(r.Results) == 1 {
				sl.flow(v, call, outer, hops)
				continue
			}
			for _, ref := range *call.Referrers() {
				if ex, ok := ref.(*ssa.Extract); ok && ex.Index == i && !isError(ex.Type()) {
					sl.mark(ex)
					sl.flow(v, ex, outer, hops)
				}
			}
		}
	}
}

// handedUp reports whether v is what a call returned, through phis
// merging it with others: a function handing up what a function it
// calls made, not a value it loads from where others store theirs.
func handedUp(v ssa.Value) bool {
	seen := make(map[*ssa.Phi]bool)
	var up func(v ssa.Value) bool
	up = func(v ssa.Value) bool {
		switch x := v.(type) {
		case *ssa.Call:
			return true
		case *ssa.Extract:
			_, ok := x.Tuple.(*ssa.Call)
			return ok
		case *ssa.ChangeInterface:
			return up(x.X)
		case *ssa.Phi:
			if seen[x] {
				return false
			}
			seen[x] = true
			return slices.ContainsFunc(x.Edges, up)
		}
		return false
	}
	return up(v)
}

// dispatchWays is how many implementations a call through an interface
// may run, one each time: a value one of them returns comes back in that
// share of the call's runs (one backend's answer among every backend's).
// A method and the wrapper go/ssa makes of it for its pointer type are
// one. A call through a func value counts once: the func values a helper
// is given (withLock(func() { … })) are told apart by its callers, not by
// its call. Where several implementations return the same option's value,
// each brings its own share, and the largest stands (an approximation:
// they add up).
func dispatchWays(a *Analysis, site ssa.CallInstruction) float64 {
	return float64(max(a.ways[site], 1))
}

// distinctCallees counts fns, the callees of an interface call, a method
// and go/ssa's wrapper of it as one.
func distinctCallees(fns []*ssa.Function) int {
	ways := make(map[any]bool, len(fns))
	for _, fn := range fns {
		if obj := fn.Object(); obj != nil {
			ways[obj] = true
		} else {
			ways[fn] = true
		}
	}
	return len(ways)
}

// branch adds the blocks control-dependent on an affected branch, the
// callees of their calls, and the phis that merge its sides.
func (sl *slicer) branch(br *ssa.If, ctx *callCtx) {
	if sl.branches[br] {
		return
	}
	sl.branches[br] = true
	b := br.Block()
	fn := b.Parent()
	kind := Path
	for _, l := range sl.a.Loops(fn) {
		if l.Exits(b) {
			kind = Trip
		}
	}
	sl.influence(br, kind)
	pd := sl.a.PostDom(fn)
	dep := pd.Dependent(fn, b)
	inDep := make(map[*ssa.BasicBlock]bool, len(dep)+1)
	inDep[b] = true
	fs := sl.fn(fn)
	if fs.Blocks == nil {
		fs.Blocks = make([]bool, len(fn.Blocks))
	}
	for _, d := range dep {
		inDep[d] = true
	}
	direct := len(dep)
	// The branches inside a side decide in turn what runs there
	// (if opt && !done { work }: work depends on the second test, which
	// runs only as the option says): every block a side's first block
	// dominates runs only on that side. A side's inner test that leaves
	// (an error check returning) does not make what follows the join
	// the option's.
	for _, s := range b.Succs {
		if !inDep[s] || !b.Dominates(s) {
			continue // the join, or a block reached another way too
		}
		// The blocks s dominates: its subtree of the dominator tree.
		for stack := []*ssa.BasicBlock{s}; len(stack) > 0; {
			x := stack[len(stack)-1]
			stack = append(stack[:len(stack)-1], x.Dominees()...)
			if !inDep[x] {
				dep = append(dep, x)
			}
		}
	}
	sl.control(fs, dep, ctx, b)
	// Phis merging a path through the dependent blocks carry the branch's
	// decision on: at the join, and at loop headers the branch drives.
	merges := dep[:direct:direct]
	if slices.ContainsFunc(b.Succs, pd.Fails) {
		// One side fails (a limit checked in a loop that gathers items,
		// which gives up past it): the branch decides whether the
		// function goes on, and what goes on is what came in, not a
		// value it chose.
		merges = nil
	} else if j := pd.IPostDom(b.Index); j >= 0 {
		merges = append(merges, fn.Blocks[j])
	}
	for _, m := range merges {
		for _, instr := range m.Instrs {
			phi, ok := instr.(*ssa.Phi)
			if !ok {
				break
			}
			if sameOnEverySide(phi, m, inDep) {
				continue // both sides bring the value they were given
			}
			if readOnEverySide(phi, m, inDep) {
				continue // the option picks how a number is read, not the number
			}
			if counter(phi, m, inDep) {
				continue // a loop's counter: how far it goes is the trips the branch decides, its values are not the option's
			}
			if sl.counts[br.Cond] && loopCarried(phi) {
				continue // a loop over the list, run or not as it is empty or not: what it carries round is not the list's length
			}
			if appendedTo(phi) {
				continue // a list with or without the data the branch appends (a header, a command): its content is data
			}
			for i, e := range phi.Edges {
				if inDep[m.Preds[i]] && !isError(e.Type()) {
					sl.mark(phi)
					if impls := implementations(phi.Edges); choice(impls) {
						sl.chosen[phi] = true // the sides bring different implementations
						sl.implOf(impls...)
					}
					if slices.ContainsFunc(phi.Edges, isNil) {
						sl.pushNil(phi, ctx, sl.hops, true)
					} else {
						if b, ok := orBits(phi); ok {
							sl.someBits(phi, b, ctx, sl.hops)
						}
						sl.push(phi, ctx)
					}
					break
				}
			}
		}
	}
}

// sameOnEverySide says whether the edges of phi that the branch decides
// (from its block or the blocks under it, at least two) all bring one
// value: a counter both sides leave as it is (if n >= max { report() }
// else { log() }; continue) is not chosen by the branch.
func sameOnEverySide(phi *ssa.Phi, m *ssa.BasicBlock, decided map[*ssa.BasicBlock]bool) bool {
	var v ssa.Value
	n := 0
	for i, e := range phi.Edges {
		if !decided[m.Preds[i]] {
			continue
		}
		if n > 0 && e != v {
			return false
		}
		v = e
		n++
	}
	return n >= 2
}

// counter says whether phi is a loop's counter: every edge the branch
// decides steps it by a constant (i = i + 1).
func counter(phi *ssa.Phi, m *ssa.BasicBlock, decided map[*ssa.BasicBlock]bool) bool {
	n := 0
	for i, e := range phi.Edges {
		if !decided[m.Preds[i]] {
			continue
		}
		if !step(e, phi) {
			return false
		}
		n++
	}
	return n > 0
}

// readOnEverySide says whether phi is a number that every side the branch
// decides reads with a call (a length decoded one way or another, as a
// protocol version picks the encoding): what the number is comes from
// what the calls read, not from the option.
func readOnEverySide(phi *ssa.Phi, m *ssa.BasicBlock, decided map[*ssa.BasicBlock]bool) bool {
	if !isNumber(phi.Type()) {
		return false
	}
	n := 0
	for i, e := range phi.Edges {
		if !decided[m.Preds[i]] {
			continue
		}
		if ex, ok := e.(*ssa.Extract); ok {
			e = ex.Tuple
		}
		if _, ok := e.(*ssa.Call); !ok {
			return false
		}
		n++
	}
	return n >= 2
}

// storedUnder follows a pointer, map, slice, channel, function or
// interface stored under a branch on the option into the loads of where
// it is stored: whether they find it set is the option's decision.
func (sl *slicer) storedUnder(u hopStore) {
	st := u.st
	if sl.data[st.Val] {
		return // the option's own value: whether it is set is no decision
	}
	if cell := localCell(st.Addr); cell != nil {
		sl.cellUnder(u, cell)
		return
	}
	loads := sl.a.loads.at(st.Addr)
	if len(loads) == 0 || sl.hops+1 > sl.a.limits.MaxHops {
		return
	}
	// Set again, but to nil (or the flag to the same, on the same path),
	// by the function that sets it under the option, outside the
	// option's branch: it is set whatever the option says (a connection
	// dialled, then wrapped under the option in a library's type). Unless
	// the field holds an implementation, set to another one elsewhere in
	// that function: the option chooses which one the field holds, and
	// the calls through it are its own. So it does when what the field
	// held is wrapped under the option in a type of the module's own (a
	// prepared-statement pool around the connection pool, whoever set
	// that; see wraps), unless it is set again after the wrapping.
	raised := flag(st.Val)
	var inner []ssa.Value // what the wrapper wraps, when it does
	if !raised {
		inner = sl.wraps(st.Val, loads)
	}
	wrapped := inner != nil
	var past func(ssa.Instruction) bool // after the store, in its function
	if wrapped {
		past = pastOf(st)
	}
	var others []ssa.Value // other implementations set there
	for _, other := range sl.a.stores.at(st.Addr) {
		if other == st {
			continue
		}
		if choice([]ssa.Value{st.Val, other.Val}) {
			// Another implementation the field holds, set here or where
			// the object is made (w: &plainWriter{} in its literal).
			others = append(others, other.Val)
			continue
		}
		if other.Parent() != st.Parent() {
			continue
		}
		if sl.under(other) {
			continue
		}
		if raised && !opposite(other.Val, st.Val) && !other.Block().Dominates(st.Block()) && !sl.a.postDominates(other.Block(), st.Block()) {
			// Raised on another path (a timer's case, another
			// threshold): the flag has several triggers, and the
			// option is one of them.
			continue
		}
		if wrapped && !past(other) {
			continue // what the wrapper wraps, set before it
		}
		if raised && !opposite(other.Val, st.Val) || !raised && !isNil(other.Val) {
			return
		}
	}
	impl := others != nil || wrapped
	if impl {
		sl.implOf(append(others, st.Val)...)
	}
	for _, l := range loads {
		if !raised {
			if impl && implementation(l.Type()) && !slices.Contains(inner, l) {
				// Not the wrapper's own load of what it wraps: the calls
				// it forwards are not the choice.
				sl.chosen[l] = true
			}
			sl.pushNil(l, nil, sl.hops+1, false)
			continue
		}
		if instr, ok := l.(ssa.Instruction); ok {
			sl.mark(instr)
		}
		sl.pushHops(l, nil, sl.hops+1)
	}
}

// wraps returns the loads among loads (what the location v is stored to
// held) that v, an implementation of a type the main module declares,
// is made around: given to the call making it (NewCachedStore(s.store)),
// or held by the struct literal it is (&cached{inner: s.store}); nil
// when there are none. A library's wrapper (tls.Client(conn, cfg)) is
// not a choice the code names: what it does is the library's.
func (sl *slicer) wraps(v ssa.Value, loads []ssa.Value) []ssa.Value {
	mi, ok := v.(*ssa.MakeInterface)
	if !ok || !known(v) || !sl.ownType(mi.X.Type()) {
		return nil
	}
	var inner []ssa.Value
	held := func(x ssa.Value) {
		if c, ok := x.(*ssa.ChangeInterface); ok {
			x = c.X
		}
		if slices.Contains(loads, x) {
			inner = append(inner, x)
		}
	}
	switch x := mi.X.(type) {
	case *ssa.Call:
		for _, arg := range x.Call.Args {
			held(arg)
		}
	case *ssa.Alloc:
		for _, r := range *x.Referrers() {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			for _, fr := range *fa.Referrers() {
				if st, ok := fr.(*ssa.Store); ok && st.Addr == fa {
					held(st.Val)
				}
			}
		}
	}
	return inner
}

// ownType reports whether t, or what it points to, is a named type of
// the main module.
func (sl *slicer) ownType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path, mod := n.Obj().Pkg().Path(), sl.a.prog.Module
	return mod != "" && (path == mod || strings.HasPrefix(path, mod+"/"))
}

// cellUnder follows a variable closures capture (a heap cell, which SSA
// does not lift into phis), set under a branch on the option, into its
// loads past the branch's join, as a phi there would carry it on: a
// list of encodings built unless the option disables them, read by the
// handler the function returns. Set in a callback, into the loads past
// the callback's making. Not data appended to the list it held (see
// appendedTo: a list set before the branch, or gathered by a callback
// call by call, gets one element), nor a variable set again past the
// join whatever the option says.
func (sl *slicer) cellUnder(u hopStore, cell *ssa.Alloc) {
	st := u.st
	if u.hops+1 > sl.a.limits.MaxHops {
		return
	}
	loads, stores, ok := cellUses(cell)
	if !ok {
		return // the variable goes elsewhere: who reads it is unknown
	}
	home := cell.Parent()
	extends := dataList(st.Val.Type()) && appendsToCell(st.Val, cell)
	var join ssa.Instruction // where the sides have joined in home
	if st.Parent() == home {
		if u.from == nil {
			return
		}
		pd := sl.a.PostDom(home)
		j := pd.IPostDom(u.from.Index)
		if j < 0 || slices.ContainsFunc(u.from.Succs, pd.Fails) {
			return // no join: the rest runs on one side only, as the option says already
		}
		join = home.Blocks[j].Instrs[0]
	} else {
		if extends {
			return
		}
		mc := madeIn(st.Parent(), home)
		if mc == nil {
			return
		}
		join = mc
	}
	past := pastOf(join)
	// The store's place in home: itself, or the making of the callback.
	var at ssa.Instruction = st
	if st.Parent() != home {
		at = join
	}
	var others []ssa.Value // other implementations it holds
	for _, other := range stores {
		switch {
		case other == st:
		case choice([]ssa.Value{st.Val, other.Val}):
			others = append(others, other.Val)
		case other.Parent() != home || sl.under(other):
		case extends && !isNil(other.Val) && other.Parent() == st.Parent() && other.Block().Dominates(st.Block()):
			return // data appended to a list set before
		case past(other) && !runsBefore(other, at) && !isNil(other.Val) && !appendsToCell(other.Val, cell):
			// Set again whatever the option says; not reset on each
			// turn of a loop before the branch, nor cleared after use.
			return
		}
	}
	if others != nil {
		sl.implOf(append(others, st.Val)...)
	}
	// A list or map built under the branch holds what the option
	// decides; an object set there (a record found, a writer made) is
	// the option's only in whether it is set, as in a field.
	whole := !nilable(st.Val.Type()) || collection(st.Val.Type())
	for _, l := range loads {
		// The load's place in home: itself, or the making of its closure.
		var where ssa.Instruction = l.(ssa.Instruction)
		if l.Parent() != home {
			mc := madeIn(l.Parent(), home)
			if mc == nil {
				continue
			}
			where = mc
		}
		if !past(where) {
			continue
		}
		if whole {
			sl.mark(l.(ssa.Instruction))
		}
		if others != nil && implementation(l.Type()) {
			sl.chosen[l] = true
		}
		sl.pushNil(l, nil, u.hops+1, whole)
	}
}

// collection says whether t is a slice or a map.
func collection(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

// cellUses returns the loads of the variable cell and the stores into
// it, in its function and in the closures it is bound to; ok is false
// when the cell goes anywhere else (its address handed to a call, kept
// in a field), where others may read or set it.
func cellUses(cell *ssa.Alloc) (loads []ssa.Value, stores []*ssa.Store, ok bool) {
	var visit func(v ssa.Value, depth int) bool
	visit = func(v ssa.Value, depth int) bool {
		if depth > 4 || v.Referrers() == nil {
			return depth <= 4
		}
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return false
				}
				loads = append(loads, r)
			case *ssa.Store:
				if r.Addr != v {
					return false
				}
				stores = append(stores, r)
			case *ssa.MakeClosure:
				fn := r.Fn.(*ssa.Function)
				i := slices.Index(r.Bindings, v)
				if i < 0 || !visit(fn.FreeVars[i], depth+1) {
					return false
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
		return true
	}
	if !visit(cell, 0) {
		return nil, nil, false
	}
	return loads, stores, true
}

// runsBefore says whether x runs before y on every path to y in their
// function: earlier in y's block, or in a block dominating it.
func runsBefore(x, y ssa.Instruction) bool {
	if x.Block() == y.Block() {
		return slices.Index(x.Block().Instrs, x) < slices.Index(y.Block().Instrs, y)
	}
	return x.Block().Dominates(y.Block())
}

// madeIn returns the instruction of home that makes the closure fn, or
// the one it is nested in; nil when it is made more than once there or
// not in home at all.
func madeIn(fn, home *ssa.Function) *ssa.MakeClosure {
	for range 4 {
		parent := fn.Parent()
		if parent == nil {
			return nil
		}
		if parent == home {
			var at *ssa.MakeClosure
			for _, b := range home.Blocks {
				for _, instr := range b.Instrs {
					if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
						if at != nil {
							return nil
						}
						at = mc
					}
				}
			}
			return at
		}
		fn = parent
	}
	return nil
}

// pastOf returns whether an instruction of from's function runs after
// from: later in its block, or in a block reached from there.
func pastOf(from ssa.Instruction) func(ssa.Instruction) bool {
	start := from.Block()
	seen := make(map[*ssa.BasicBlock]bool)
	for stack := slices.Clone(start.Succs); len(stack) > 0; {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !seen[x] {
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
	}
	i := slices.Index(start.Instrs, from)
	return func(x ssa.Instruction) bool {
		// start's block again, around a loop, or later in it.
		return seen[x.Block()] || x.Block() == start && slices.Index(start.Instrs, x) >= i
	}
}

// localCell returns the variable a closure may capture that addr is:
// an address-taken local, or the one the free variable addr is bound to;
// nil for any other address. Whether only closures use it, cellUses says.
func localCell(addr ssa.Value) *ssa.Alloc {
	switch addr := addr.(type) {
	case *ssa.Alloc:
		return addr
	case *ssa.FreeVar:
		return capturedCell(addr)
	}
	return nil
}

// appendsToCell says whether v appends to what the variable cell holds.
func appendsToCell(v ssa.Value, cell *ssa.Alloc) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "append" {
		return false
	}
	l, ok := call.Call.Args[0].(*ssa.UnOp)
	return ok && l.Op == token.MUL && localCell(l.X) == cell
}

// returnedUnder follows an implementation a function returns under a
// branch on the option, when it returns another one elsewhere: its
// callers get the one the option chose.
func (sl *slicer) returnedUnder(r *ssa.Return, hops int) {
	fn := r.Parent()
	if hops+1 > sl.a.limits.MaxHops {
		return
	}
	for i, res := range r.Results {
		if !known(res) || sl.data[res] {
			continue
		}
		others := returnsOther(fn, i, implKey(res))
		if others == nil {
			continue
		}
		sl.implOf(res)
		sl.implOf(others...)
		for _, site := range sl.a.callers[fn] {
			call, ok := site.(*ssa.Call)
			if !ok {
				continue
			}
			var v ssa.Value = call
			if len(r.Results) > 1 {
				v = nil
				for _, ref := range *call.Referrers() {
					if ex, ok := ref.(*ssa.Extract); ok && ex.Index == i {
						v = ex
					}
				}
			}
			if v == nil || sl.chosen[v] {
				continue
			}
			sl.mark(call)
			sl.chosen[v] = true
			sl.pushNil(v, nil, hops+1, false)
		}
	}
}

// hopStore is a store under the option's branch from (nil for a select
// case's body or a receive's), reached at hops.
type hopStore struct {
	st   *ssa.Store
	from *ssa.BasicBlock
	hops int
}

type hopReturn struct {
	r    *ssa.Return
	hops int
}

// returnsOther returns the known implementations other than key that fn
// returns as its result i, or nil when it returns one it does not know.
func returnsOther(fn *ssa.Function, i int, key any) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(r.Results) {
			v := r.Results[i]
			switch {
			case isNil(v):
			case !known(v):
				return nil
			case implKey(v) != key:
				out = append(out, v)
			}
		}
	}
	return out
}

// implOf records the implementations the option chooses among.
func (sl *slicer) implOf(vs ...ssa.Value) {
	if sl.s.Impls == nil {
		sl.s.Impls = make(map[any]bool)
	}
	for _, v := range vs {
		sl.s.Impls[implKey(v)] = true
	}
}

// entersAnalysed reports whether c may call analysed code.
func (sl *slicer) entersAnalysed(c ssa.CallInstruction) bool {
	return slices.ContainsFunc(sl.a.Callees(c), func(fn *ssa.Function) bool { return sl.a.user[fn] })
}

// dispatch records a call through a value whose implementation the
// option chooses: it runs the implementation the option picked.
func (sl *slicer) dispatch(c ssa.CallInstruction) {
	if accessor(c.Common().Signature()) {
		return
	}
	sl.mark(c)
	fs := sl.fn(c.Parent())
	if fs.Dispatch == nil {
		fs.Dispatch = make(map[ssa.Instruction]bool)
	}
	fs.Dispatch[c] = true
	sl.influence(c, Path)
}

// accessor reports whether a call of sig only reads a value: it takes
// nothing and returns numbers, strings or bools (an address's String, a
// codec's Name). Implementations differ there in what they hold, not in
// the work they do.
func accessor(sig *types.Signature) bool {
	if sig.Params().Len() > 0 || sig.Results().Len() == 0 {
		return false
	}
	for v := range sig.Results().Variables() {
		if _, ok := v.Type().Underlying().(*types.Basic); !ok {
			return false
		}
	}
	return true
}

// implementation reports whether values of type t are implementations
// one may choose: an interface with methods (not an error or a
// context), or a function.
func implementation(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Interface:
		return u.NumMethods() > 0 && !isError(t) && !isContext(t)
	}
	return false
}

// choice reports whether vs are implementations the code names, two
// different ones at least.
func choice(vs []ssa.Value) bool {
	keys := make(map[any]bool)
	for _, v := range vs {
		if !known(v) {
			return false
		}
		keys[implKey(v)] = true
	}
	return len(keys) > 1
}

// implementations returns the values vs, a phi's edges, merge: through
// the phis among them, without nil (none chosen yet). Two tests in a row
// (if mode == A { m = a() }; if mode == B { m = b() }) merge nil, a and b
// in two phis.
func implementations(vs []ssa.Value) []ssa.Value {
	var out []ssa.Value
	seen := make(map[*ssa.Phi]bool)
	var walk func(vs []ssa.Value)
	walk = func(vs []ssa.Value) {
		for _, v := range vs {
			switch x := v.(type) {
			case *ssa.Phi:
				if !seen[x] {
					seen[x] = true
					walk(x.Edges)
				}
			default:
				if !isNil(v) {
					out = append(out, v)
				}
			}
		}
	}
	walk(vs)
	return out
}

// known reports whether v is an implementation the code names: a value
// of a concrete type made into an interface, a function or a closure.
// One a call returns (a connection dialled, a client wrapped) is not: what
// it does is the called code's, whichever the option picked.
func known(v ssa.Value) bool {
	if !implementation(v.Type()) {
		return false
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return true
	case *ssa.Function, *ssa.MakeClosure:
		return true
	case *ssa.ChangeInterface:
		return known(x.X)
	}
	return false
}

// implKey tells implementations apart: by concrete type when made into
// an interface, by function for a function or closure, by value
// otherwise.
func implKey(v ssa.Value) any {
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return typeKey(x.X.Type())
	case *ssa.MakeClosure:
		return x.Fn
	case *ssa.ChangeInterface:
		return implKey(x.X)
	}
	return v
}

// ImplKey is the key Slice.Impls holds for fn when it implements a
// choice: its receiver's type for a method, the function otherwise.
func ImplKey(fn *ssa.Function) any {
	if recv := fn.Signature.Recv(); recv != nil {
		return typeKey(recv.Type())
	}
	return fn
}

// typeKey is a comparable key for a type: its name when it has one.
func typeKey(t types.Type) any {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj()
	}
	return t.String()
}

// flag says whether v is a boolean constant: a flag raised or lowered.
func flag(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool
}

// postDominates says whether every path from b to a return of its
// function goes through d. In a function that never returns (a loop
// serving a queue for ever) no block does: the post-dominators that
// PostDominators makes up for it through the loop's last latch do not
// say what runs after what.
func (a *Analysis) postDominates(d, b *ssa.BasicBlock) bool {
	if !slices.ContainsFunc(b.Parent().Blocks, func(x *ssa.BasicBlock) bool {
		_, ok := x.Instrs[len(x.Instrs)-1].(*ssa.Return)
		return ok
	}) {
		return false
	}
	pd := a.PostDom(b.Parent())
	for v := b.Index; v >= 0; v = pd.IPostDom(v) {
		if v == d.Index {
			return true
		}
	}
	return false
}

// opposite says whether x and y are the two boolean constants.
func opposite(x, y ssa.Value) bool {
	return flag(x) && flag(y) && constant.BoolVal(x.(*ssa.Const).Value) != constant.BoolVal(y.(*ssa.Const).Value)
}

// under says whether instr runs as the option decides: in a block under
// its branch, or in a function it runs wholly.
func (sl *slicer) under(instr ssa.Instruction) bool {
	fs := sl.s.Funcs[instr.Parent()]
	return fs != nil && (fs.Whole || fs.Blocks != nil && fs.Blocks[instr.Block().Index])
}

// control records that the blocks dep of fs's function run as the
// option decides: their calls run wholly under it, what they return and
// the pointers they store carry the decision on. from is the block of
// the branch deciding them, nil for a select case's body or a receive's.
func (sl *slicer) control(fs *FuncSlice, dep []*ssa.BasicBlock, ctx *callCtx, from *ssa.BasicBlock) {
	if fs.Blocks == nil {
		fs.Blocks = make([]bool, len(fs.Func.Blocks))
	}
	for _, d := range dep {
		if fs.Blocks[d.Index] {
			continue
		}
		fs.Blocks[d.Index] = true
		for _, instr := range d.Instrs {
			switch instr := instr.(type) {
			case *ssa.Send:
				if !isNil(instr.X) { // a nil sentinel hands over no work
					sl.handoff(instr.Chan.Type())
				}
			case *ssa.Select:
				for _, st := range instr.States {
					if st.Dir == types.SendOnly && !isNil(st.Send) {
						sl.handoff(st.Chan.Type())
					}
				}
			case ssa.CallInstruction:
				if p := sl.passed(instr, ctx); p != nil {
					if fs.Passed == nil {
						fs.Passed = make(map[ssa.CallInstruction]*ssa.Function)
					}
					fs.Passed[instr] = p
				}
				sl.controlled(instr, 1)
			case *ssa.Store:
				// A field or global set only here is set as the option
				// says: whether it is nil, or the flag it raises, later
				// tests the option. Not where the block is reached
				// without passing the branch too (the rest of a function
				// after a guard that returns early): there it is set
				// whatever the option says in the other runs. A variable
				// closures capture is set as the option says whatever it
				// holds, as a phi at the join would carry it.
				if from != nil && !from.Dominates(d) || isError(instr.Val.Type()) {
					continue
				}
				if localCell(instr.Addr) != nil || nilable(instr.Val.Type()) && !isNil(instr.Val) || flag(instr.Val) {
					sl.stores = append(sl.stores, hopStore{instr, from, sl.hops})
				}
			case *ssa.Return:
				// An implementation returned on a side of the branch (a
				// constructor switching on the option): its callers get
				// the one the option chose.
				if from != nil && from.Dominates(d) && slices.ContainsFunc(instr.Results, known) {
					sl.returns = append(sl.returns, hopReturn{instr, sl.hops})
				}
			}
		}
	}
}

// caseBody handles the branch that tests whether a select chose a case
// the option decides: the case's body runs as the option says, not the
// other cases tested after it.
func (sl *slicer) caseBody(br *ssa.If, ctx *callCtx) {
	if sl.branches[br] {
		return
	}
	sl.branches[br] = true
	sl.mark(br)
	body := br.Block().Succs[0]
	if !br.Block().Dominates(body) {
		return
	}
	var dep []*ssa.BasicBlock
	for stack := []*ssa.BasicBlock{body}; len(stack) > 0; {
		x := stack[len(stack)-1]
		stack = append(stack[:len(stack)-1], x.Dominees()...)
		dep = append(dep, x)
	}
	sl.control(sl.fn(br.Parent()), dep, ctx, nil)
}

// handoff handles a send the option decides on a channel of type ch:
// what a receiver does with each value it takes from such a channel in a
// loop (a worker's or a flusher's body) runs as often as the option lets
// values through. Channels are told apart by their element type, as the
// values sent on them are; channels of signals, numbers, errors or any
// value are shared by too much of a program to be told apart so. Nor
// does a channel used as a pool (see Analysis.pooled) hand over work: a
// value sent on it is put back.
func (sl *slicer) handoff(ch types.Type) {
	elem := chanElem(ch)
	if sl.handed.At(elem) != nil || isBasic(elem) || isError(elem) || isEmptyInterface(elem) || isEmptyStruct(elem) {
		return
	}
	sl.handed.Set(elem, true)
	if sl.a.pooled.At(elem) != nil {
		return
	}
	vs, _ := sl.a.recvs.At(elem).([]ssa.Value)
	for _, v := range vs {
		loop := sl.a.innermostLoop(v.(ssa.Instruction).Block())
		if loop == nil {
			continue // one value awaited (a reply), not a stream of work
		}
		switch v := v.(type) {
		case *ssa.UnOp:
			sl.received(v, loop)
		case *ssa.Select:
			for i, st := range v.States {
				if st.Dir == types.RecvOnly && types.Identical(chanElem(st.Chan.Type()), elem) {
					if br := selectCase(v, i); br != nil {
						sl.mark(v)
						sl.caseBody(br, nil)
					}
				}
			}
		}
	}
}

// received handles a receive in loop of a value handed off (see
// handoff): what follows it in the loop runs once per value; with a
// range over the channel, the loop's body.
func (sl *slicer) received(recv *ssa.UnOp, loop *Loop) {
	sl.mark(recv)
	if recv.CommaOk {
		for _, r := range *recv.Referrers() {
			if ex, ok := r.(*ssa.Extract); ok && ex.Index == 1 {
				for _, r := range *ex.Referrers() {
					if br, ok := r.(*ssa.If); ok {
						sl.caseBody(br, nil)
					}
				}
			}
		}
		return
	}
	var dep []*ssa.BasicBlock
	for stack := []*ssa.BasicBlock{recv.Block()}; len(stack) > 0; {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if loop.Contains(x) {
			dep = append(dep, x)
			stack = append(stack, x.Dominees()...)
		}
	}
	sl.control(sl.fn(recv.Parent()), dep, nil, nil)
}

// controlled handles a call that runs under a branch on the option, depth
// calls below it: its callees run wholly under the branch too.
func (sl *slicer) controlled(c ssa.CallInstruction, depth int) {
	if r, ok := sl.a.Resource(c); ok && r.SYNC > 0 && depth > 1 {
		// A lock a callee takes is the callee's: the option decides
		// whether or which lock is taken only where it branches.
		return
	}
	sl.callInfluence(c, nil)
	if _, ok := c.(*ssa.Go); ok {
		// Starting a goroutine is the influence (conc); the work it does is
		// driven by what it receives, not by how many of it run.
		return
	}
	if depth > sl.a.limits.MaxWhole {
		return
	}
	callees := sl.a.Callees(c)
	if p := sl.fn(c.Parent()).Passed[c]; p != nil {
		callees = []*ssa.Function{p}
	}
	var expanded []*ssa.Function
	for _, callee := range callees {
		if sl.a.user[callee] {
			expanded = append(expanded, callee)
			continue
		}
		// A method value called through a func (f() where the caller
		// passed m.gossip): the method runs, or one of the interface's.
		expanded = append(expanded, sl.a.Methods(callee)...)
	}
	for _, callee := range expanded {
		fs := sl.fn(callee)
		if !fs.Whole {
			fs.Whole = true
			sl.depth[callee] = depth
			sl.wholeQ = append(sl.wholeQ, callee)
		}
	}
}

// PassedFunc returns the function v is, made where it is passed (a
// function, a closure or a method value; a generic one by its origin, as
// the call graph names it), or nil.
func PassedFunc(v ssa.Value) *ssa.Function {
	for {
		var fn *ssa.Function
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Function:
			fn = x
		case *ssa.MakeClosure:
			fn = x.Fn.(*ssa.Function)
		default:
			return nil
		}
		if o := fn.Origin(); o != nil {
			return o
		}
		return fn
	}
}

// passed returns, for c, a call of a func parameter of its function,
// the function the call that entered it in ctx passed (go s.trigger(t.C,
// s.gossip): s.gossip's wrapper, not every function other callers
// pass); nil
// when c is no such call, or the caller is not known or passed a func
// value made elsewhere.
func (sl *slicer) passed(c ssa.CallInstruction, ctx *callCtx) *ssa.Function {
	common := c.Common()
	p, ok := common.Value.(*ssa.Parameter)
	if !ok || common.IsInvoke() {
		return nil
	}
	arg := sl.argument(p, ctx)
	if arg == nil {
		return nil
	}
	f := PassedFunc(arg)
	if f == nil || !sl.a.user[f] && sl.a.Methods(f) == nil {
		return nil
	}
	return f // a method value's wrapper stands for its methods (see Methods)
}

// argument returns what the call that entered p's function in ctx
// passed as p; nil when ctx is no such call.
func (sl *slicer) argument(p *ssa.Parameter, ctx *callCtx) ssa.Value {
	if ctx == nil || ctx.site == nil {
		return nil
	}
	fn := p.Parent()
	i := slices.Index(fn.Params, p)
	site := ctx.site.Common()
	if i < 0 || !slices.Contains(sl.a.Callees(ctx.site), fn) {
		return nil
	}
	if site.IsInvoke() {
		i-- // the receiver is not among an interface call's arguments
	}
	if i < 0 || i >= len(site.Args) {
		return nil
	}
	return site.Args[i]
}

// wholeBody records the influence of a function that runs wholly under
// the option, and enters its callees.
func (sl *slicer) wholeBody(fn *ssa.Function) {
	depth := sl.depth[fn]
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				sl.controlled(c, depth+1)
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		fs := sl.fn(anon)
		if !fs.Whole {
			fs.Whole = true
			sl.depth[anon] = depth
			sl.wholeQ = append(sl.wholeQ, anon)
		}
	}
}

// selectsOn reports whether v is a channel of one of sel's cases.
func selectsOn(sel *ssa.Select, v ssa.Value) bool {
	for _, st := range sel.States {
		if st.Chan == v {
			return true
		}
	}
	return false
}

// sendsOn reports whether one of sel's cases sends to v.
func sendsOn(sel *ssa.Select, v ssa.Value) bool {
	for _, st := range sel.States {
		if st.Chan == v && st.Dir == types.SendOnly {
			return true
		}
	}
	return false
}

// isMessage reports whether fn renders its receiver as text for people
// (an Error or String method, configs.Sources.Messages): what it returns
// is a message, not work.
func (a *Analysis) isMessage(fn *ssa.Function) bool {
	sig := fn.Signature
	return sig.Recv() != nil && sig.Params().Len() == 0 && sig.Results().Len() == 1 &&
		IsString(sig.Results().At(0).Type()) && a.messages[fn.Name()]
}

func slicesContains(fns []*ssa.Function, fn *ssa.Function) bool {
	for _, f := range fns {
		if f == fn {
			return true
		}
	}
	return false
}

// locks records the locks taken on mu, a mutex the option chooses (one
// shared lock or a shard's): which lock a call takes is its influence.
// It says whether there were any.
func (sl *slicer) locks(mu ssa.Value) bool {
	found := false
	for _, r := range *mu.Referrers() {
		c, ok := r.(ssa.CallInstruction)
		if !ok || len(c.Common().Args) == 0 || c.Common().Args[0] != mu {
			continue
		}
		if r, ok := sl.a.Resource(c); ok && r.SYNC > 0 {
			sl.mark(c)
			sl.callInfluence(c, nil)
			found = true
		}
	}
	return found
}

// picksAmong says whether v, an index, reduces something else (a key's
// hash) to the option's count: the hash modulo the count, or masked by
// it, the count coming from the option (a list's length made with it, a
// mask of it) and the hash not; computed here, or by the caller that
// passed it in ctx (m.pipe(slot & uint16(len(m.wires)-1))).
func (sl *slicer) picksAmong(v ssa.Value, ctx *callCtx) bool {
	for {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Parameter:
			if v = sl.argument(x, ctx); v == nil {
				return false
			}
			ctx = ctx.parent
			continue
		case *ssa.BinOp:
			switch x.Op {
			case token.REM:
				return sl.data[x.Y] && !sl.data[x.X]
			case token.AND:
				return sl.data[x.X] != sl.data[x.Y]
			}
		}
		return false
	}
}

// elementLocks records the locks taken on the element of a list that
// ia picks by an index the option's count reduces a hash to (see
// picksAmong): how many elements there are to pick from (a shard count)
// decides how many goroutines share each lock. They are the locks of
// the element's mutex fields, taken where the element is picked or in a
// method called on it.
func (sl *slicer) elementLocks(ia *ssa.IndexAddr) {
	elems := []ssa.Value{ia} // a list of structs: &shards[i].mu
	for _, r := range *ia.Referrers() {
		if load, ok := r.(*ssa.UnOp); ok && load.Op == token.MUL {
			elems = append(elems, load) // a list of pointers: shards[i].mu
		}
	}
	found := false
	for _, elem := range elems {
		for _, r := range *elem.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				if r.X == elem && isMutex(r.Type()) && sl.locks(r) {
					found = true
				}
			case ssa.CallInstruction:
				common := r.Common()
				callee := common.StaticCallee()
				if callee != nil && callee.Origin() != nil {
					callee = callee.Origin() // a generic type's method: its body
				}
				if callee == nil || callee.Signature.Recv() == nil || len(common.Args) == 0 || common.Args[0] != elem || len(callee.Params) == 0 || !sl.a.user[callee] {
					continue
				}
				// The method's own work is the same whichever element
				// runs it: only its locks are the option's.
				for _, pr := range *callee.Params[0].Referrers() {
					if fa, ok := pr.(*ssa.FieldAddr); ok && isMutex(fa.Type()) && sl.locks(fa) {
						found = true
					}
				}
			}
		}
	}
	if found {
		sl.mark(ia)
		sl.influence(ia, Lock)
	}
}

// isMutex reports whether t is a pointer to a sync.Mutex or RWMutex.
func isMutex(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && (n.Obj().Name() == "Mutex" || n.Obj().Name() == "RWMutex")
}

// nilable reports whether values of type t can be nil.
func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Chan, *types.Signature, *types.Map, *types.Slice:
		return true
	}
	return false
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

var errorType = types.Universe.Lookup("error").Type()

// stringData reports whether r uses the string v as data rather than as
// a choice. A string option is a name, a path, an address or a mode: what
// its value changes is the way the code goes where it is compared with a
// constant, and what it is parsed into; not the bytes it is copied,
// concatenated, printed or measured as (its length sizes messages and
// buffers, which nobody tunes by). Comparing it with "" asks whether it
// is set, not what it is. user are the program's functions, parsers the
// functions that parse a setting's text.
func stringData(r ssa.Instruction, v ssa.Value, user map[*ssa.Function]bool, parsers map[string]bool) bool {
	switch r := r.(type) {
	case *ssa.BinOp:
		switch r.Op {
		case token.ADD:
			return true
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			// A choice compares with a named constant; comparing with ""
			// or with another string (a name looked up) is not one.
			c, ok := otherOperand(r, v).(*ssa.Const)
			return !ok || c.Value == nil || c.Value.Kind() != constant.String || constant.StringVal(c.Value) == ""
		}
	case *ssa.Convert, *ssa.MakeInterface, *ssa.Slice, *ssa.Index, *ssa.Range, *ssa.MapUpdate:
		return true
	case *ssa.Store:
		// Into an element of a list or map it is a record among others;
		// into a field it is copied on as the option.
		_, field := r.Addr.(*ssa.FieldAddr)
		_, global := r.Addr.(*ssa.Global)
		return !field && !global
	case *ssa.Call:
		if b, ok := r.Call.Value.(*ssa.Builtin); ok {
			return b.Name() == "len"
		}
		// Into code outside the program a string is data (written,
		// split, hashed, a target named) unless it is parsed into a
		// value or opens something to close (a file, a connection).
		if callee := r.Call.StaticCallee(); callee != nil && !user[callee] {
			return !parsers[callee.String()] && !opensHandle(callee.Signature)
		}
	}
	return false
}

// otherOperand is the operand of r that is not v.
func otherOperand(r *ssa.BinOp, v ssa.Value) ssa.Value {
	if r.X == v {
		return r.Y
	}
	return r.X
}

// basicPointer reports whether t is a pointer to a number, a bool or a
// string (*int, *time.Duration): what it points at is a value, not a
// handle's state.
func basicPointer(t types.Type) bool {
	p, ok := types.Unalias(t).Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	b, ok := p.Elem().Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsNumeric|types.IsBoolean|types.IsString) != 0
}

// addressChoice reports whether v merges addresses of variables (p :=
// &st.slow; if fast { p = &st.fast }): a branch on the option chose
// which one is read, and what is read there is not the option's value.
func addressChoice(v ssa.Value) bool {
	phi, ok := v.(*ssa.Phi)
	if !ok {
		return false
	}
	for _, e := range phi.Edges {
		switch e.(type) {
		case *ssa.Alloc, *ssa.FieldAddr, *ssa.Global, *ssa.IndexAddr:
		default:
			return false
		}
	}
	return true
}

// elementField reports whether x is a field of an element of a slice,
// array or map (p.ID in a loop over partitions): a record's data.
func elementField(x ssa.Value) bool {
	field := false
	for range 8 {
		switch y := Unconvert(x).(type) {
		case *ssa.Field:
			x, field = y.X, true
		case *ssa.FieldAddr:
			x, field = y.X, true
		case *ssa.UnOp:
			if y.Op != token.MUL {
				return false
			}
			x = y.X
		case *ssa.IndexAddr, *ssa.Index, *ssa.Lookup:
			return field
		case *ssa.Alloc: // a loop variable the element is copied into
			var from ssa.Value
			for _, r := range *y.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == y {
					from = st.Val
				}
			}
			if from == nil {
				return false
			}
			x = from
		case *ssa.Extract:
			_, next := y.Tuple.(*ssa.Next)
			return field && next
		default:
			return false
		}
	}
	return false
}

// comparesLen reports whether r compares v with the length of a slice,
// map or channel (len(cache) >= max): v bounds how much the container holds.
func comparesLen(r *ssa.BinOp, v ssa.Value) bool {
	switch r.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL:
	default:
		return false
	}
	call, ok := Unconvert(otherOperand(r, v)).(*ssa.Call)
	if !ok {
		return false
	}
	if b, ok := call.Call.Value.(*ssa.Builtin); ok {
		return (b.Name() == "len" || b.Name() == "cap") && !IsString(call.Call.Args[0].Type())
	}
	return lengthMethod(call.Common())
}

// comparesCount reports whether r compares v with a count kept in a
// field that the program steps up and down (if p.open < max { p.open++;
// dial() }, and p.open-- where one closes; used += n.Size() as a cache
// takes an entry, used -= n.Size() as it evicts one): a gauge of how
// many of something, or how many bytes, are held at once, which v
// bounds. A count only ever stepped up (a message's retries, the bytes
// sent) counts attempts, not what is held. The gauge may be read through
// a method that returns it (c.bytes()), and be a sum of such (main +
// hot: what two caches hold together).
func (sl *slicer) comparesCount(r *ssa.BinOp, v ssa.Value) bool {
	switch r.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false
	}
	return sl.gauge(Unconvert(otherOperand(r, v)), 0)
}

// gauge reports whether x reads a gauge (see comparesCount): a load of
// the field, a call of a method returning it, or a sum of gauges.
func (sl *slicer) gauge(x ssa.Value, depth int) bool {
	if depth > 2 {
		return false
	}
	switch x := x.(type) {
	case *ssa.BinOp:
		return x.Op == token.ADD && sl.gauge(Unconvert(x.X), depth+1) && sl.gauge(Unconvert(x.Y), depth+1)
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil || !sl.a.user[callee] || callee.Signature.Recv() == nil {
			return false
		}
		f, ok := returnedField(callee)
		return ok && sl.stepped(f)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok {
			return false
		}
		s := structOf(fa.X.Type())
		return s != nil && sl.stepped(field{s, fa.Field})
	}
	return false
}

// returnedField returns the field of its receiver that every return of
// the method fn returns, loaded as it is (func (c *cache) bytes() int64
// { c.mu.Lock(); defer c.mu.Unlock(); return c.nbytes }).
func returnedField(fn *ssa.Function) (field, bool) {
	var out field
	found := false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || b == fn.Recover {
			continue // the zero a recovered panic returns is no read
		}
		if len(ret.Results) != 1 || len(fn.Params) == 0 {
			return field{}, false
		}
		i, ok := receiverField(ret.Results[0], fn.Params[0])
		s := structOf(fn.Params[0].Type())
		f := field{s, i}
		if !ok || s == nil || found && f != out {
			return field{}, false
		}
		out, found = f, true
	}
	return out, found
}

// stepped reports whether the program steps the field f up and down.
func (sl *slicer) stepped(f field) bool {
	up, down := false, false
	for _, st := range sl.a.stores.fields[f] {
		step, ok := st.Val.(*ssa.BinOp)
		if !ok || !loadsField(step.X, f.s, f.i) {
			continue // not the count itself stepped
		}
		sign := 1 // a size held or let go (used += n.Size(), used -= n.Size())
		if c, ok := step.Y.(*ssa.Const); ok {
			if c.Value == nil || c.Value.Kind() != constant.Int {
				continue
			}
			sign = constant.Sign(c.Value)
		}
		switch {
		case step.Op == token.ADD && sign > 0, step.Op == token.SUB && sign < 0:
			up = true
		case step.Op == token.SUB && sign > 0, step.Op == token.ADD && sign < 0:
			down = true
		}
	}
	return up && down
}

// loadsField reports whether v loads field i of a struct of type s.
func loadsField(v ssa.Value, s *types.Struct, i int) bool {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	return ok && fa.Field == i && structOf(fa.X.Type()) == s
}

// lengthMethod reports whether c calls a container's length method, as Go
// names them (list.List.Len, heap.Interface's Len, a queue's Length): no
// arguments, an integer result.
func lengthMethod(c *ssa.CallCommon) bool {
	var name string
	var sig *types.Signature
	switch {
	case c.IsInvoke():
		name, sig = c.Method.Name(), c.Method.Type().(*types.Signature)
	case c.StaticCallee() != nil && c.StaticCallee().Signature.Recv() != nil:
		name, sig = c.StaticCallee().Name(), c.StaticCallee().Signature
	default:
		return false
	}
	if (name != "Len" && name != "Length") || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// induction reports whether v is a loop counter (i = phi(start, i+k)): a
// counter compared with a length is a loop's test over the container, not
// a bound on how large it grows.
func induction(v ssa.Value) bool {
	phiOf := func(x ssa.Value) *ssa.Phi {
		if b, ok := x.(*ssa.BinOp); ok {
			if p, ok := b.X.(*ssa.Phi); ok {
				return p
			}
			if p, ok := b.Y.(*ssa.Phi); ok {
				return p
			}
		}
		p, _ := x.(*ssa.Phi)
		return p
	}
	phi := phiOf(v)
	if phi == nil {
		return false
	}
	for _, e := range phi.Edges {
		if step(e, phi) {
			return true
		}
	}
	return false
}

// step says whether x is phi stepped by a constant (phi + 1, phi - 2).
func step(x, phi ssa.Value) bool {
	b, ok := x.(*ssa.BinOp)
	if !ok || (b.Op != token.ADD && b.Op != token.SUB) {
		return false
	}
	_, c1 := b.X.(*ssa.Const)
	_, c2 := b.Y.(*ssa.Const)
	return (b.X == phi && c2) || (b.Y == phi && c1)
}

// isStrings reports whether t is a list of strings (names, addresses,
// members): records the program serves, not a setting it is tuned by.
func isStrings(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return IsString(u.Elem())
	case *types.Array:
		return IsString(u.Elem())
	}
	return false
}

// opensHandle reports whether a function returns a handle it opens, one
// that can be closed (a file, a connection, a database): what a string
// passed to it names is opened, and the open is the string's cost. A
// call returning anything else (a result, a file's description, a
// client's answer about a bucket) is made whatever the name.
func opensHandle(sig *types.Signature) bool {
	for i := range sig.Results().Len() {
		if t := sig.Results().At(i).Type(); isHandle(t) && closable(t) {
			return true
		}
	}
	return false
}

// closable reports whether t, or a pointer to it, has a Close method.
func closable(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Close")
	_, ok := obj.(*types.Func)
	return ok
}

func isError(t types.Type) bool {
	return types.Identical(t, errorType)
}

// isHandle reports whether values of type t are handles to something
// else (pointers, interfaces, channels, functions), whose later use is
// not influence of the value that opened them.
func isHandle(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Chan, *types.Signature:
		return true
	}
	return false
}

func resultValueType(call *ssa.Call) types.Type {
	t := call.Type()
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() == 0 {
			return t
		}
		return tup.At(0).Type()
	}
	return t
}

// textParams says whether t is a map from strings to strings: parameters
// in text, each parsed where it is looked up.
func textParams(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	return ok && IsString(m.Key()) && IsString(m.Elem())
}

// isBytes says whether t is a slice of bytes.
func isBytes(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// appendedTo says whether phi merges a list of data (bytes, strings,
// lists of them) with what a side appended to it: one of its values is
// the base every other extends (append(base, ...), or a call returning
// what it appends to the argument it was given the base in). A branch
// that adds a header or a checksum to a buffer, or a command to those a
// connection sends when it opens, decides an element of data, not the
// work done with the list; one that replaces the buffer (compressed,
// encrypted) does, and so does one adding a stage, a handler or a
// record to a list of them.
func appendedTo(phi *ssa.Phi) bool {
	if !dataList(phi.Type()) && !optionList(phi.Type()) || slices.ContainsFunc(phi.Edges, isNil) {
		return false
	}
	for _, base := range phi.Edges {
		if !slices.ContainsFunc(phi.Edges, func(e ssa.Value) bool { return !extends(e, base, 0, map[*ssa.Phi]bool{phi: true}) }) {
			return true
		}
	}
	return false
}

// dataList says whether t is a list of bytes, numbers, strings or lists
// of them.
func dataList(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	switch e := s.Elem().Underlying().(type) {
	case *types.Basic:
		return e.Kind() != types.UnsafePointer
	case *types.Slice:
		return dataList(e)
	}
	return false
}

// optionList says whether t is a list of functional options: funcs, or
// an interface of one method, taking only a pointer to a struct they set
// and returning nothing or an error (func(*Options), an Apply(*Config)
// error). One more of them sets a field, which is an option of its own;
// the list's loop is not the work the option decides.
func optionList(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	var sig *types.Signature
	switch e := s.Elem().Underlying().(type) {
	case *types.Signature:
		sig = e
	case *types.Interface:
		if e.NumMethods() != 1 {
			return false
		}
		sig = e.Method(0).Type().(*types.Signature)
	default:
		return false
	}
	if sig.Params().Len() != 1 || structOf(sig.Params().At(0).Type()) == nil {
		return false
	}
	if _, ptr := sig.Params().At(0).Type().Underlying().(*types.Pointer); !ptr {
		return false
	}
	switch sig.Results().Len() {
	case 0:
		return true
	case 1:
		return types.Identical(sig.Results().At(0).Type(), errorType)
	}
	return false
}

// madeByCalls says whether the elements that appending elems adds (the
// variadic arguments of append) are each a call's result, as options
// made by WithX(...) are, not a function named as a value (a hook, a
// stage: append(hooks, compress)).
func madeByCalls(elems ssa.Value) bool {
	sl, ok := elems.(*ssa.Slice)
	if !ok {
		return false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok || arr.Referrers() == nil {
		return false
	}
	n := 0
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok || ia.Referrers() == nil {
			continue
		}
		for _, u := range *ia.Referrers() {
			st, ok := u.(*ssa.Store)
			if !ok || st.Addr != ia {
				continue
			}
			v := st.Val
			if mi, ok := v.(*ssa.MakeInterface); ok {
				v = mi.X
			}
			if ct, ok := v.(*ssa.ChangeType); ok {
				v = ct.X
			}
			if _, ok := v.(*ssa.Call); !ok {
				return false
			}
			n++
		}
	}
	return n > 0
}

// maxAppendDepth bounds the calls extends follows.
const maxAppendDepth = 3

// extends says whether v is base or data appended to it, through at
// most maxAppendDepth calls; seen holds the phis being judged.
func extends(v, base ssa.Value, depth int, seen map[*ssa.Phi]bool) bool {
	if v == base {
		return true
	}
	switch x := v.(type) {
	case *ssa.Phi:
		if seen[x] {
			return true // a loop's own edge: the other edges decide
		}
		seen[x] = true
		defer delete(seen, x)
		for _, e := range x.Edges {
			if !extends(e, base, depth, seen) {
				return false
			}
		}
		return len(x.Edges) > 0
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok {
			return b.Name() == "append" && extends(x.Call.Args[0], base, depth, seen) && (!optionList(x.Type()) || madeByCalls(x.Call.Args[1]))
		}
		return callExtends(x, 0, base, depth, seen)
	case *ssa.Extract:
		// A result beside an error: dst, err = frame(dst, n).
		call, ok := x.Tuple.(*ssa.Call)
		return ok && callExtends(call, x.Index, base, depth, seen)
	}
	return false
}

// callExtends says whether result i of a static call is base, given in
// one of its arguments, or data appended to it.
func callExtends(call *ssa.Call, i int, base ssa.Value, depth int, seen map[*ssa.Phi]bool) bool {
	fn := call.Call.StaticCallee()
	if fn == nil || len(fn.Blocks) == 0 || depth >= maxAppendDepth {
		return false
	}
	// A static call's arguments are its parameters, the receiver first.
	for j, arg := range call.Call.Args {
		if j < len(fn.Params) && extends(arg, base, depth, seen) && returnsAppended(fn, i, fn.Params[j], depth+1) {
			return true
		}
	}
	return false
}

// returnsAppended says whether every return of fn gives, as its result
// i, p or data appended to it.
func returnsAppended(fn *ssa.Function, i int, p *ssa.Parameter, depth int) bool {
	found := false
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if i >= len(r.Results) || !extends(r.Results[i], p, depth, make(map[*ssa.Phi]bool)) {
				return false
			}
			found = true
		}
	}
	return found
}

// textMap reports whether t maps strings to strings or to lists of them:
// a header, a connection's parameters, labels.
func textMap(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	return ok && IsString(m.Key()) && (IsString(m.Elem()) || isStrings(m.Elem()))
}

// textMapData reports whether r uses a map of text as data: its length,
// or a call of code outside the program given it (a header sent with a
// request, a connection opened with it): what such a map changes is
// what its entries are where they are looked up by key or copied one by
// one, not the work of the call that carries it.
func textMapData(r ssa.Instruction, user map[*ssa.Function]bool) bool {
	switch r := r.(type) {
	case *ssa.MakeInterface: // handed on as an interface (json.Marshal(p))
		for _, ref := range *r.Referrers() {
			if !textMapData(ref, user) {
				return false
			}
		}
		return true
	case *ssa.Call:
		if b, ok := r.Call.Value.(*ssa.Builtin); ok {
			return b.Name() == "len"
		}
		callee := r.Call.StaticCallee()
		return callee != nil && !user[callee]
	}
	return false
}

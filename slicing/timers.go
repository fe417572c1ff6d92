package slicing

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// NotWaited reports whether nothing waits through the timer a call
// starts or resets while things go well, so that it costs no latency:
//   - nobody receives from its channel: a timer from time.AfterFunc runs
//     a function and delays no one;
//   - or it only bounds a failure: its channel is received only in
//     selects that also wait for the work itself (a data channel, a send),
//     and when it fires first the code fails (returns an error or
//     panics). Such a timer is a deadline.
//
// A timer received alone, beside nothing but done signals (see
// Analysis.Signal), or whose firing does work (a batch flushed when it times
// out) is a delay or a rate. A timer kept in a field is followed to the
// field's other loads.
func (a *Analysis) NotWaited(call ssa.CallInstruction) bool {
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "time" {
		return false
	}
	var timers []ssa.Value
	switch callee.Name() {
	case "AfterFunc":
		return true // it runs a function; nobody waits for it
	case "After":
		c, ok := call.(*ssa.Call)
		if !ok {
			return false
		}
		return failureBound(a, []ssa.Value{c})
	case "NewTimer":
		c, ok := call.(*ssa.Call)
		if !ok {
			return false
		}
		timers = a.timerValues(c)
	case "Reset":
		recv := callee.Signature.Recv()
		if recv == nil || len(call.Common().Args) == 0 || !isTimer(recv.Type()) {
			return false
		}
		timers = a.timerValues(call.Common().Args[0])
	default:
		return false
	}
	if timers == nil {
		return false // the timer escapes: who waits on it is unknown
	}
	var chans []ssa.Value
	for _, t := range timers {
		chans = append(chans, timerChans(t)...)
	}
	return len(chans) == 0 || failureBound(a, chans)
}

// failureBound reports whether every receive from chans is in a select
// that the timer only bounds (see NotWaited).
func failureBound(a *Analysis, chans []ssa.Value) bool {
	for _, ch := range chans {
		refs := ch.Referrers()
		if refs == nil || len(*refs) == 0 {
			return false
		}
		for _, r := range *refs {
			sel, ok := r.(*ssa.Select)
			if ok && !sel.Blocking && len(sel.States) == 1 {
				continue // drained after a Stop: no one waits
			}
			if !ok || !boundsWork(a, sel, ch) {
				return false
			}
		}
	}
	return true
}

func isTimer(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Timer"
}

// timerValues returns the values that hold the same *time.Timer as t: t,
// and when t is kept in or loaded from a field, every load of that field;
// when it is a variable a closure shares with its function, every load of
// it in both. It returns nil when the timer goes anywhere else (an
// argument, a result, an interface), where its receivers cannot be seen.
func (a *Analysis) timerValues(t ssa.Value) []ssa.Value {
	cell := variable(t)
	if cell == nil {
		cell = storedInVariable(t)
	}
	if cell != nil {
		// A variable a closure shares with its function (a deferred
		// Stop, a Reset passed on as a callback): its loads in both.
		loads := sharedLoads(cell)
		for _, l := range loads {
			if _, ok := timerUses(l); !ok {
				return nil
			}
		}
		return loads
	}
	var fields []field
	if u, ok := t.(*ssa.UnOp); ok && u.Op == token.MUL {
		if fa, ok := u.X.(*ssa.FieldAddr); ok {
			if s := structOf(fa.X.Type()); s != nil {
				fields = append(fields, field{s, fa.Field})
			}
		}
	}
	stored, ok := timerUses(t)
	if !ok {
		return nil
	}
	fields = append(fields, stored...)
	out := []ssa.Value{t}
	for _, f := range fields {
		for _, l := range a.loads.fields[f] {
			if _, ok := timerUses(l); !ok {
				return nil
			}
			out = append(out, l)
		}
	}
	return out
}

// variable returns the variable cell t is loaded from, when a closure
// shares it with its function (the function's heap cell, whichever of
// them t is in), or nil.
func variable(t ssa.Value) *ssa.Alloc {
	u, ok := t.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	switch x := u.X.(type) {
	case *ssa.Alloc:
		if x.Heap {
			return x
		}
	case *ssa.FreeVar:
		fn := x.Parent()
		i := slices.Index(fn.FreeVars, x)
		if fn.Parent() == nil || i < 0 {
			return nil
		}
		for _, b := range fn.Parent().Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
					cell, _ := mc.Bindings[i].(*ssa.Alloc)
					return cell
				}
			}
		}
	}
	return nil
}

// storedInVariable returns the variable a closure shares with its
// function that t, a new timer, is only stored into, or nil.
func storedInVariable(t ssa.Value) *ssa.Alloc {
	refs := t.Referrers()
	if refs == nil {
		return nil
	}
	var cell *ssa.Alloc
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			a, ok := r.Addr.(*ssa.Alloc)
			if !ok || !a.Heap || r.Val != t || cell != nil && cell != a {
				return nil
			}
			cell = a
		default:
			return nil
		}
	}
	return cell
}

// sharedLoads returns the loads of the timer variable cell in its
// function and in the closures it is bound to, or nil when the cell goes
// anywhere else.
func sharedLoads(cell *ssa.Alloc) []ssa.Value {
	loads, _, ok := cellUses(cell)
	if !ok {
		return nil
	}
	return loads
}

// timerUses checks that a *time.Timer value is only used by package time
// (Stop, Reset), through its fields (C), or kept in a struct field, and
// returns those fields.
func timerUses(t ssa.Value) (stored []field, ok bool) {
	refs := t.Referrers()
	if refs == nil {
		return nil, true
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.FieldAddr, *ssa.DebugRef:
		case *ssa.Store:
			fa, ok := r.Addr.(*ssa.FieldAddr)
			if !ok || r.Val != t {
				return nil, false
			}
			if s := structOf(fa.X.Type()); s != nil {
				stored = append(stored, field{s, fa.Field})
			}
		case ssa.CallInstruction:
			callee := r.Common().StaticCallee()
			if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "time" {
				return nil, false // handed to other code
			}
		default:
			return nil, false
		}
	}
	return stored, true
}

// timerChans returns the loads of t.C for a *time.Timer value t.
func timerChans(t ssa.Value) []ssa.Value {
	var out []ssa.Value
	refs := t.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.X != t {
			continue
		}
		for _, l := range *fa.Referrers() {
			if u, ok := l.(*ssa.UnOp); ok && u.Op == token.MUL {
				out = append(out, u)
			}
		}
	}
	return out
}

// boundsWork reports whether sel, receiving from the timer channel ch,
// also waits for work (a send, a receive of data rather than a done
// signal, or a signal after which the code goes on rather than fails: a
// reply arrived) and fails when the timer fires first.
func boundsWork(a *Analysis, sel *ssa.Select, ch ssa.Value) bool {
	k, work := -1, false
	for i, st := range sel.States {
		switch {
		case st.Chan == ch && st.Dir == types.RecvOnly:
			k = i
		case st.Dir == types.SendOnly:
			work = true
		case !a.Signal(st.Chan):
			work = true
		default:
			if b := caseBlock(sel, i); b != nil && !fails(b, make(map[*ssa.BasicBlock]bool), false) {
				work = true
			}
		}
	}
	if k < 0 || !work {
		return false
	}
	then := caseBlock(sel, k)
	return then != nil && fails(then, make(map[*ssa.BasicBlock]bool), false)
}

// caseBlock returns the first block of the select's case k: the then side
// of the branch on the select's index equal to k.
func caseBlock(sel *ssa.Select, k int) *ssa.BasicBlock {
	for _, r := range *sel.Referrers() {
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != 0 {
			continue
		}
		for _, u := range *ex.Referrers() {
			cmp, ok := u.(*ssa.BinOp)
			if !ok || cmp.Op != token.EQL {
				continue
			}
			c, ok := cmp.Y.(*ssa.Const)
			if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
				continue
			}
			if v, exact := constant.Int64Val(c.Value); !exact || v != int64(k) {
				continue
			}
			for _, cu := range *cmp.Referrers() {
				if br, ok := cu.(*ssa.If); ok {
					return br.Block().Succs[0]
				}
			}
		}
	}
	return nil
}

// Rejects reports whether every path from b ends in a panic or in a
// return of an error made there (by errors or fmt, a package's error
// variable, a value of an error type), within the blocks b dominates: b
// is where a check rejects a value, not where a call's error is passed
// on.
func Rejects(b *ssa.BasicBlock) bool { return fails(b, make(map[*ssa.BasicBlock]bool), true) }

// fails reports whether every path from b ends in a panic or in a return
// of a non-nil error (with made, one Rejects calls made there), or,
// without made, passes a call closing an io.Closer (a timer's case that
// closes the session it bounds), within the blocks b dominates.
func fails(b *ssa.BasicBlock, seen map[*ssa.BasicBlock]bool, made bool) bool {
	if seen[b] {
		return true // a loop back into the case: judged by its exits
	}
	seen[b] = true
	if len(b.Instrs) == 0 {
		return false
	}
	if !made && closes(b) {
		return true // it tears down what it serves: a session or connection closed
	}
	switch last := b.Instrs[len(b.Instrs)-1].(type) {
	case *ssa.Panic:
		return true
	case *ssa.Return:
		for _, r := range last.Results {
			if made {
				r = stored(b, r)
			}
			if types.Identical(r.Type(), errorType) && !isNil(r) && (!made || madeError(r)) {
				return true
			}
		}
		return false
	}
	if len(b.Succs) == 0 {
		return false
	}
	for _, s := range b.Succs {
		if !b.Dominates(s) || !fails(s, seen, made) {
			return false
		}
	}
	return true
}

// closes reports whether b calls an io.Closer's Close method.
func closes(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		if c, ok := instr.(ssa.CallInstruction); ok {
			if fn := c.Common().StaticCallee(); fn != nil && IsClose(fn) {
				return true
			}
			if c.Common().IsInvoke() && c.Common().Method.Name() == "Close" && closeSig(c.Common().Method.Type().(*types.Signature)) {
				return true
			}
		}
	}
	return false
}

// IsClose reports whether fn is a method with io.Closer's Close: it ends
// the value's life.
func IsClose(fn *ssa.Function) bool {
	return fn.Name() == "Close" && fn.Signature.Recv() != nil && closeSig(fn.Signature)
}

func closeSig(sig *types.Signature) bool {
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), errorType)
}

// stored is what a function returns as v at the end of b: with named
// results and defers, v loads a result variable, and the value is the
// one b stored there last.
func stored(b *ssa.BasicBlock, v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	for i := len(b.Instrs) - 1; i >= 0; i-- {
		if st, ok := b.Instrs[i].(*ssa.Store); ok && st.Addr == load.X {
			return st.Val
		}
	}
	return v
}

// madeError says whether the error v is made where it is returned rather
// than a call's result passed on: errors.New, fmt.Errorf, a package's
// error variable, or a value converted to error.
func madeError(v ssa.Value) bool {
	if e, ok := v.(*ssa.Extract); ok {
		v = e.Tuple
	}
	call, ok := v.(*ssa.Call)
	return !ok || errorsCall(call)
}

// ticks handles a call that sets a timer's or a ticker's period to the
// option's value v (time.After, time.Tick, time.NewTicker, time.NewTimer,
// and their Reset methods): a loop that waits on the timer's channel does
// its work as often as the timer fires, so the blocks of an iteration
// that run only after a tick (the tick's case of a select, and what
// follows it when the select's other cases leave the loop) run at the
// rate the option sets, and are the option's. A deadline (see NotWaited)
// bounds a failure and sets no rate; a wait outside a loop is a delay,
// charged as such.
func (sl *slicer) ticks(c ssa.CallInstruction, v ssa.Value, ctx *callCtx) {
	common := c.Common()
	callee := common.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "time" || len(common.Args) == 0 || common.Args[len(common.Args)-1] != v {
		return
	}
	var chans []ssa.Value
	switch callee.Name() {
	case "After", "Tick":
		if call, ok := c.(*ssa.Call); ok {
			chans = []ssa.Value{call}
		}
	case "NewTicker", "NewTimer":
		if call, ok := c.(*ssa.Call); ok {
			chans = tickerChans(sl.a, call)
		}
	case "Reset":
		if callee.Signature.Recv() != nil && len(common.Args) == 2 {
			chans = tickerChans(sl.a, common.Args[0])
		}
	}
	if len(chans) == 0 || sl.a.NotWaited(c) {
		return
	}
	for _, ch := range chans {
		sl.tickWaits(ch, ctx, 0)
	}
}

// tickerChans returns the loads of the channel C of a *time.Timer or
// *time.Ticker value t, and of the other values holding it that
// timerValues finds.
func tickerChans(a *Analysis, t ssa.Value) []ssa.Value {
	chans := timerChans(t)
	for _, x := range a.timerValues(t) {
		if x != t {
			chans = append(chans, timerChans(x)...)
		}
	}
	return chans
}

// tickWaits finds where ch, a timer's channel, is waited on in a loop:
// in a select, or by a plain receive (for range ticker.C), in the
// function that has it or in an analysed function it is handed to (a
// trigger loop started with the channel and the work to run).
func (sl *slicer) tickWaits(ch ssa.Value, ctx *callCtx, depth int) {
	refs := ch.Referrers()
	if refs == nil || depth > 3 {
		return
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Select:
			if !r.Blocking {
				continue // a poll: nothing waits
			}
			for k, st := range r.States {
				if st.Chan == ch && st.Dir == types.RecvOnly {
					if first := caseBlock(r, k); first != nil {
						sl.tickRegion(r, first, r.Block(), ctx)
					}
				}
			}
		case *ssa.UnOp:
			if r.Op == token.ARROW {
				sl.tickRegion(r, r.Block(), r.Block(), ctx)
			}
		case *ssa.ChangeType, *ssa.Phi:
			sl.tickWaits(r.(ssa.Value), ctx, depth+1)
		case ssa.CallInstruction:
			common := r.Common()
			callee := common.StaticCallee()
			if callee == nil || !sl.a.user[callee] || common.IsInvoke() {
				continue
			}
			for i, arg := range common.Args {
				if arg == ch && i < len(callee.Params) {
					sl.tickWaits(callee.Params[i], sl.enter(r, ctx, callee), depth+1)
				}
			}
		}
	}
}

// tickRegion adds the blocks of the loop around wait (a select or a
// receive in block at) that run only once the tick arrived: those
// reachable from first without passing the loop's header again, less
// those the select's other cases reach too. first itself is one of them
// when it is the receive's own block (what follows the receive in it).
func (sl *slicer) tickRegion(wait ssa.Instruction, first, at *ssa.BasicBlock, ctx *callCtx) {
	fn := at.Parent()
	var loop *Loop
	for _, l := range sl.a.Loops(fn) {
		if l.Contains(at) && (loop == nil || loop.Contains(l.Header)) {
			loop = l // the innermost
		}
	}
	if loop == nil {
		return // a delay waited once, not a rate
	}
	reach := func(from *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
		seen := make(map[*ssa.BasicBlock]bool)
		stack := []*ssa.BasicBlock{from}
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[b] || !loop.Contains(b) || b == loop.Header && b != from {
				continue
			}
			seen[b] = true
			stack = append(stack, b.Succs...)
		}
		return seen
	}
	region := reach(first)
	if sel, ok := wait.(*ssa.Select); ok {
		for k := range sel.States {
			if other := caseBlock(sel, k); other != nil && other != first {
				for b := range reach(other) {
					delete(region, b)
				}
			}
		}
	}
	if len(region) == 0 {
		return
	}
	dep := make([]*ssa.BasicBlock, 0, len(region))
	for _, b := range fn.Blocks {
		if region[b] {
			dep = append(dep, b)
		}
	}
	sl.mark(wait)
	sl.control(sl.fn(fn), dep, ctx, first)
}

package slicing

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// FailureBound reports whether the timer a call starts or resets only
// bounds a failure: its channel is received only in selects that also
// wait for the work itself (a data channel, a send), and when it fires
// first the code fails (returns an error or panics). Such a timer is a
// deadline: nothing waits through it while things go well, so it costs
// no latency. A timer received alone, beside nothing but done signals
// (chan struct{}), or whose firing does work (a batch flushed when it
// times out) is a delay or a rate.
func FailureBound(call ssa.CallInstruction) bool {
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "time" {
		return false
	}
	chans := timerChannels(call)
	if len(chans) == 0 || callee.Name() == "NewTicker" || callee.Name() == "Tick" {
		return false
	}
	for _, ch := range chans {
		refs := ch.Referrers()
		if refs == nil || len(*refs) == 0 {
			return false
		}
		for _, r := range *refs {
			sel, ok := r.(*ssa.Select)
			if !ok || !boundsWork(sel, ch) {
				return false
			}
		}
	}
	return true
}

// timerChannels returns the channel values a call to package time's timers
// and tickers fires on: the result of After and Tick, the C of the Timer or
// Ticker that NewTimer and NewTicker return or that Reset resets.
func timerChannels(call ssa.CallInstruction) []ssa.Value {
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "time" {
		return nil
	}
	c, isCall := call.(*ssa.Call)
	switch callee.Name() {
	case "After", "Tick":
		if isCall {
			return []ssa.Value{c}
		}
	case "NewTimer", "NewTicker":
		if isCall {
			return timerChans(c)
		}
	case "Reset":
		if recv := callee.Signature.Recv(); recv != nil && len(call.Common().Args) > 0 && isTimeType(recv.Type()) {
			return timerChans(call.Common().Args[0])
		}
	}
	return nil
}

// isTimeType reports whether t is (a pointer to) time.Timer or time.Ticker.
func isTimeType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && (n.Obj().Name() == "Timer" || n.Obj().Name() == "Ticker")
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
// also waits for work (a send, or a receive of data rather than a done
// signal) and fails when the timer fires first.
func boundsWork(sel *ssa.Select, ch ssa.Value) bool {
	k, work := -1, false
	for i, st := range sel.States {
		switch {
		case st.Chan == ch && st.Dir == types.RecvOnly:
			k = i
		case st.Dir == types.SendOnly:
			work = true
		default:
			if !signal(st.Chan.Type()) {
				work = true
			}
		}
	}
	if k < 0 || !work {
		return false
	}
	then := caseBlock(sel, k)
	return then != nil && fails(then, make(map[*ssa.BasicBlock]bool))
}

// signal reports whether a channel carries no data: chan struct{}.
func signal(t types.Type) bool {
	c, ok := t.Underlying().(*types.Chan)
	if !ok {
		return false
	}
	s, ok := c.Elem().Underlying().(*types.Struct)
	return ok && s.NumFields() == 0
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

// fails reports whether every path from b ends in a panic or in a return
// of a non-nil error, within the blocks b dominates.
func fails(b *ssa.BasicBlock, seen map[*ssa.BasicBlock]bool) bool {
	if seen[b] {
		return true // a loop back into the case: judged by its exits
	}
	seen[b] = true
	if len(b.Instrs) == 0 {
		return false
	}
	switch last := b.Instrs[len(b.Instrs)-1].(type) {
	case *ssa.Panic:
		return true
	case *ssa.Return:
		for _, r := range last.Results {
			if types.Identical(r.Type(), errorType) && !isNil(r) {
				return true
			}
		}
		return false
	}
	if len(b.Succs) == 0 {
		return false
	}
	for _, s := range b.Succs {
		if !b.Dominates(s) || !fails(s, seen) {
			return false
		}
	}
	return true
}

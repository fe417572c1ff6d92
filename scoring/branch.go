package scoring

import (
	"go/token"
	"go/types"
	"math"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/slicing"
)

// underBranch weighs the work that runs under a branch an option decides.
//
// A call under the branch is charged, at the frequency of its block, with
// what its analysed callees do per call, to the depth the slicer enters
// them (Limits.MaxWhole): a helper the branch calls costs what this call
// of it costs, not what all its callers make it run.
//
// A branch both of whose sides do work charges only the share of the
// work that depends on which side runs: |cost(then) − cost(else)| over
// their sum. A flag choosing between two equal pieces of work costs
// nothing; one choosing between a cheap and a costly path costs the
// difference. A side that only joins (an if without an else) does no
// work of its own, so the other side is charged whole.
type underBranch struct {
	w     *weigher
	freq  func(*ssa.Function) counts.Frequencies
	depth int
	memo  map[depthKey]Cost
	doing map[*ssa.Function]bool

	quietMemo map[depthKey][2]bool   // quietFunc: whether a function is quiet, and observes
	sinks     map[*ssa.Function]bool // givenMessages
	tentative []*ssa.Function        // givenMessages: true while an assumption is open
}

type depthKey struct {
	fn    *ssa.Function
	depth int
}

// unlimited is the depth of an underBranch that follows calls to any
// depth (Direction's sides), memoised per function.
const unlimited = -1

// newUnderBranch follows calls depth calls below the branch, or to any
// depth when depth is unlimited.
func newUnderBranch(w *weigher, freq func(*ssa.Function) counts.Frequencies, depth int) *underBranch {
	return &underBranch{w: w, freq: freq, depth: depth, memo: make(map[depthKey]Cost), doing: make(map[*ssa.Function]bool), quietMemo: make(map[depthKey][2]bool), sinks: make(map[*ssa.Function]bool)}
}

// call is the cost per run of c's analysed callees, averaged (a dynamic
// call runs one of them), depth calls below the branch. A goroutine the
// branch starts is charged with its work: the option decides whether
// (and, in a loop it bounds, how many times) it runs; but not a worker
// that takes its work from a queue it shares with others (see worker):
// how many of them run does not change how much work there is.
func (u *underBranch) call(c ssa.CallInstruction, depth int) Cost {
	if u.depth == unlimited {
		depth = 0 // one entry per function in the memo
	} else if depth > u.depth {
		return Cost{}
	}
	_, isGo := c.(*ssa.Go)
	var sum Cost
	n := 0
	for _, fn := range u.w.a.Callees(c) {
		if isGo && u.worker(fn, true) {
			return Cost{}
		}
		sum, n = u.runs(fn, depth, sum, n)
	}
	if n == 0 {
		return Cost{}
	}
	return sum.scale(1 / float64(n))
}

// runs adds to sum the cost of fn, a callee of a dynamic call, and counts
// it in n: an analysed function's, or, for go/ssa's wrapper of a method
// value, the average of the methods it may call (one of them runs).
func (u *underBranch) runs(fn *ssa.Function, depth int, sum Cost, n int) (Cost, int) {
	if u.w.a.Analysed(fn) {
		if !u.w.a.InHelper(fn) {
			sum, n = sum.add(u.fn(fn, depth), 1), n+1
		}
		return sum, n
	}
	var ms Cost
	k := 0
	for _, m := range u.w.a.Methods(fn) {
		if u.w.a.Analysed(m) && !u.w.a.InHelper(m) {
			ms, k = ms.add(u.fn(m, depth), 1), k+1
		}
	}
	if k == 0 {
		return sum, n
	}
	return sum.add(ms.scale(1/float64(k)), 1), n + 1
}

// spread is what the choice of implementation changes at c, a call
// through an interface or a function value: the difference between its
// costliest callee and its cheapest, each with its callees below; a
// callee outside the analysed code costs own, what the catalogue says
// the call costs. Where the code names the implementations the option
// chooses among (impls), only those count. Where it does not (the option
// is an implementation a user brings: a filter, a hash), what one of
// the implementations the call may reach costs on average: the choice is
// between those and what a user brings; nothing if they do IO.
func (u *underBranch) spread(c ssa.CallInstruction, own Cost, impls map[any]bool) Cost {
	var lo, hi, sum Cost
	n := 0
	for _, fn := range u.w.a.Callees(c) {
		if u.w.a.InHelper(fn) || len(impls) > 0 && !impls[slicing.ImplKey(fn)] {
			continue
		}
		cost := own
		if u.w.a.Analysed(fn) {
			cost = u.fn(fn, 1)
		}
		if n == 0 || cost.sum() < lo.sum() {
			lo = cost
		}
		if n == 0 || cost.sum() > hi.sum() {
			hi = cost
		}
		sum = sum.add(cost, 1)
		n++
	}
	switch {
	case n == 0:
		return Cost{}
	case len(impls) == 0 && sum.IO > 0:
		// One that does IO is a handle on what is outside (a transport,
		// a dialer, a file system): what is done through it is its
		// caller's work, not the option's choice.
		return Cost{}
	case len(impls) == 0:
		return sum.scale(1 / float64(n))
	case n == 1:
		return hi
	}
	return hi.sub(lo)
}

// fn is the cost of one call of fn at depth, with its callees below.
// A recursive call adds nothing.
func (u *underBranch) fn(fn *ssa.Function, depth int) Cost {
	key := depthKey{fn, depth}
	if v, ok := u.memo[key]; ok {
		return v
	}
	if u.doing[fn] {
		return Cost{}
	}
	u.doing[fn] = true
	f := u.freq(fn)
	var sum Cost
	for _, b := range fn.Blocks {
		sum = sum.add(u.block(b, depth), f.Block[b.Index])
	}
	delete(u.doing, fn)
	u.memo[key] = sum
	return sum
}

// block is the cost of one run of b, depth calls below the branch. The
// locks its callees take are theirs (SYNC is where the option decides
// whether or which lock is taken), but for a callee's own.
func (u *underBranch) block(b *ssa.BasicBlock, depth int) Cost {
	var sum Cost
	for _, instr := range b.Instrs {
		c := u.w.cost(instr)
		if depth > 0 {
			c.SYNC = 0
		}
		sum = sum.add(c, 1)
		if c, ok := instr.(ssa.CallInstruction); ok {
			sum = sum.add(u.call(c, depth+1), 1)
		}
	}
	return sum
}

// shares returns, per block of fs's function, the share of its work that
// depends on the option's branches: 1 but for the blocks on a side of a
// branch on the option both of whose sides do work, where it is
// |then − else| / (then + else), the least over such branches, and for
// the blocks such a branch decides that other paths reach too, where it
// is at most the share of their runs that come through it (see
// through). Branches that exit a loop (trip) are left whole: the body's
// work is what more trips add.
func (u *underBranch) shares(fs *slicing.FuncSlice, times float64) []float64 {
	fn := fs.Func
	var share []float64
	var cost []float64
	for _, b := range fn.Blocks {
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !fs.Contains(br) || fs.Influence[br]&slicing.Path == 0 || fs.Influence[br]&slicing.Trip != 0 {
			continue
		}
		if cost == nil {
			f := u.freq(fn)
			cost = make([]float64, len(fn.Blocks))
			for _, x := range fn.Blocks {
				cost[x.Index] = u.block(x, 0).sum() * f.Block[x.Index] * times
			}
		}
		// A side that only observes (logs, traces, counts) costs the
		// option nothing: what it decides is whether it is watched.
		sides := []float64{1, 1}
		for i, first := range b.Succs {
			if u.textSink(fn) || u.observes(fn, first) {
				sides[i] = 0
			}
		}
		r := 1.0
		switch {
		case runsOrNot(fn, b), fails(b.Succs[0], b.Succs[1]), fails(b.Succs[1], b.Succs[0]):
			r = 0
		case sides[0] == 0 || sides[1] == 0:
		default:
			then, els := side(fn, b.Succs[0], cost), side(fn, b.Succs[1], cost)
			if then == 0 || els == 0 {
				continue
			}
			r = math.Abs(then-els) / (then + els)
		}
		if share == nil {
			share = make([]float64, len(fn.Blocks))
			for i := range share {
				share[i] = 1
			}
		}
		for i, first := range b.Succs {
			for _, x := range fn.Blocks {
				if first.Dominates(x) {
					share[x.Index] = min(share[x.Index], r, sides[i])
				}
			}
		}
	}
	// A block the option's branch decides that other paths reach too
	// (the code after a switch, one case of which returns early on the
	// option) runs through the branch in only part of its runs.
	if flow := u.through(fs); flow != nil {
		if share == nil {
			share = make([]float64, len(fn.Blocks))
			for i := range share {
				share[i] = 1
			}
		}
		for i, p := range flow {
			if p >= 0 {
				share[i] = min(share[i], p)
			}
		}
	}
	return share
}

// maxThroughPasses bounds the passes of through over a function's blocks
// towards the fixed point; each pass carries the shares one turn of the
// loops further.
const maxThroughPasses = 64

// through returns, for each block of fs's function that a branch on the
// option decides without dominating it, the share of its runs that come
// through a branch on the option, or -1 for the other blocks; nil when
// there is no such block. Such a block is reached by other paths too:
// the code after a switch one case of which returns early under the
// option runs for the other cases whatever the option. A block's share
// is the mean of its predecessors' shares weighed by the frequencies of
// the edges from them (the predecessor's frequency times the edge's
// estimated probability, as Estimate takes a branch), an edge out of a
// branch on the option bringing 1, to a fixed point over the loops' back
// edges: a turn a branch on the option starts again (a continue past an
// expired connection, to acquire another) comes through it, as does
// every later turn of a loop over items that passes the branch in each.
func (u *underBranch) through(fs *slicing.FuncSlice) []float64 {
	fn := fs.Func
	if fs.Blocks == nil {
		return nil
	}
	source := make([]bool, len(fn.Blocks))
	reached := make([]bool, len(fn.Blocks))
	some := false
	for _, b := range fn.Blocks {
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !fs.Contains(br) || fs.Influence[br]&slicing.Path == 0 || fs.Influence[br]&slicing.Trip != 0 {
			continue
		}
		source[b.Index] = true
		for _, x := range u.w.a.PostDom(fn).Dependent(fn, b) {
			if fs.Blocks[x.Index] && !b.Dominates(x) {
				reached[x.Index], some = true, true
			}
		}
	}
	if !some {
		return nil
	}
	loops := u.w.a.Loops(fn)
	trips := make(map[*slicing.Loop]float64, len(loops))
	for _, l := range loops {
		trips[l] = u.w.est.LoopTrips
	}
	f := u.freq(fn).Block
	order := reversePostorder(fn)
	p := make([]float64, len(fn.Blocks))
	for pass := range maxThroughPasses {
		moved := 0.0
		for _, x := range order {
			var in, via float64
			for _, pred := range x.Preds {
				if pass == 0 && x.Dominates(pred) {
					// A back edge: first as if the loop's turns kept the
					// share they came in with, which is where a loop
					// without a branch on the option stays.
					continue
				}
				w := f[pred.Index] * branchProb(pred, x, loops, trips, u.w.est)
				in += w
				if source[pred.Index] {
					via += w
				} else {
					via += w * p[pred.Index]
				}
			}
			if in > 0 {
				moved = max(moved, math.Abs(via/in-p[x.Index]))
				p[x.Index] = via / in
			}
		}
		if moved < 1e-9 {
			break
		}
	}
	out := make([]float64, len(fn.Blocks))
	for i := range out {
		out[i] = -1
		if reached[i] {
			out[i] = p[i]
		}
	}
	return out
}

// observes reports whether the side of a branch that starts at first
// (the blocks it dominates; none when other paths join it there) does
// nothing but observe: it calls a logger, tracer or metrics sink (a
// catalogued text function, or an interface none of whose methods
// returns anything and whose implementations in the program only
// observe too, as an event sink's), and otherwise only computes
// their arguments (also through an interface method that answers, a
// value's Short or String, whose implementations in the program have no
// effect): no store but into memory it made (or the slice of a variadic
// function's arguments, which its callers make), no channel operation,
// goroutine or other call with an effect, and no value used past it.
func (u *underBranch) observes(fn *ssa.Function, first *ssa.BasicBlock) bool {
	if len(first.Preds) != 1 {
		return false
	}
	inside := func(b *ssa.BasicBlock) bool { return first.Dominates(b) }
	observed := false
	for _, b := range fn.Blocks {
		if !inside(b) {
			continue
		}
		for _, instr := range b.Instrs {
			ok, obs := u.quiet(instr, inside, 0)
			if !ok {
				return false
			}
			observed = observed || obs
		}
	}
	return observed
}

// quiet reports whether instr, in the blocks inside says are its
// function's part being judged, has no effect but observing (see
// observes), and whether it observes.
func (u *underBranch) quiet(instr ssa.Instruction, inside func(*ssa.BasicBlock) bool, depth int) (ok, observes bool) {
	if v, isValue := instr.(ssa.Value); isValue && v.Referrers() != nil {
		for _, r := range *v.Referrers() {
			if r.Block() != nil && !inside(r.Block()) {
				return false, false // a value the rest of the function uses
			}
		}
	}
	switch x := instr.(type) {
	case *ssa.Go, *ssa.Defer, *ssa.Send, *ssa.Panic, *ssa.RunDefers, *ssa.Select:
		return false, false
	case *ssa.UnOp:
		return x.Op != token.ARROW, false
	case *ssa.Store:
		return u.fresh(x.Addr), false
	case *ssa.MapUpdate:
		return u.fresh(x.Map), false
	case *ssa.Return:
		for _, r := range x.Results {
			if _, isConst := r.(*ssa.Const); !isConst {
				return false, false
			}
		}
		return true, false
	case *ssa.Call:
		return u.observing(x, depth)
	}
	return true, false
}

// observing reports whether a call has no effect but observing, and
// whether it observes.
func (u *underBranch) observing(c *ssa.Call, depth int) (ok, observes bool) {
	a := u.w.a
	if r, found := a.Resource(c); found {
		return r.Text, r.Text
	}
	common := c.Common()
	if b, builtin := common.Value.(*ssa.Builtin); builtin {
		switch b.Name() {
		case "copy", "delete", "clear": // they write into their first argument
			return u.fresh(common.Args[0]), false
		}
		return true, false
	}
	if callees := a.Callees(c); len(callees) > 0 && !slices.ContainsFunc(callees, func(fn *ssa.Function) bool { return !u.textSink(fn) }) {
		return true, true // a log's writer
	}
	if common.IsInvoke() {
		it, isIface := common.Value.Type().Underlying().(*types.Interface)
		if !isIface || it.NumMethods() == 0 {
			return false, false
		}
		for m := range it.Methods() {
			if m.Type().(*types.Signature).Results().Len() > 0 {
				return u.quietCallees(c, depth)
			}
		}
		// An event sink: none of its methods answers, and what the
		// program's own implementations do is observe too (a lock's
		// Lock or a worker's Run answers nothing either, but works).
		for _, fn := range a.Callees(c) {
			if !a.Analysed(fn) {
				return false, false
			}
			if ok, _ := u.quietFunc(fn, depth); !ok {
				return false, false
			}
		}
		return true, true
	}
	if adapterReceiver(c) {
		return true, true // a func adapter hands the event to its user's function
	}
	callee := common.StaticCallee()
	if callee != nil && strings.HasPrefix(callee.Synthetic, "bound method wrapper") {
		return u.quietFunc(callee, depth) // a method value: what its method does
	}
	if callee != nil && !a.Analysed(callee) && printfLike(callee.Signature) {
		return true, true // a library's Printf: text for people (a banner, a log line)
	}
	if callee != nil && !a.Analysed(callee) && textMaker(callee.Signature) {
		return true, false // a library's text made of its arguments (a colour around a word)
	}
	if callee != nil && !a.Analysed(callee) {
		return valueFunc(callee.Signature), false
	}
	if callee == nil {
		return false, false
	}
	return u.quietFunc(callee, depth)
}

// quietCallees reports whether a dynamic call that answers (a String or
// a Str method) has no effect but observing in every function it may
// call, all of them the program's own, and whether one observes.
func (u *underBranch) quietCallees(c *ssa.Call, depth int) (ok, observes bool) {
	callees := u.w.a.Callees(c)
	if len(callees) == 0 {
		return false, false
	}
	for _, fn := range callees {
		if !u.w.a.Analysed(fn) {
			return false, false
		}
		q, obs := u.quietFunc(fn, depth)
		if !q {
			return false, false
		}
		observes = observes || obs
	}
	return true, observes
}

// quietFunc reports whether a call of fn has no effect but observing,
// and whether it observes.
func (u *underBranch) quietFunc(fn *ssa.Function, depth int) (ok, observes bool) {
	if depth >= maxQuietDepth {
		return false, false
	}
	key := depthKey{fn, depth} // deeper, less of its callees is followed
	if q, done := u.quietMemo[key]; done {
		return q[0], q[1]
	}
	u.quietMemo[key] = [2]bool{} // a recursive call: not known quiet
	all := func(*ssa.BasicBlock) bool { return true }
	ok, observed := true, false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ret := instr.(*ssa.Return); ret {
				continue // what it returns, its caller uses or not
			}
			q, obs := u.quiet(instr, all, depth+1)
			ok, observed = ok && q, observed || obs
		}
	}
	u.quietMemo[key] = [2]bool{ok, ok && observed}
	return ok, ok && observed
}

// textSink reports whether fn only takes text to write down: besides
// its receiver it takes one string and returns nothing, it is called,
// and every call of it in the analysed code passes it a message: what a
// catalogued text function (fmt.Sprintf) made, a constant, their
// concatenation, or the text another such function was given. A log's
// writer (a storage's Log(string) appending to its LOG file) is such a
// sink, whatever it does with the text: what it costs is what watching
// the program costs.
func (u *underBranch) textSink(fn *ssa.Function) bool {
	return u.givenMessages(fn) && len(u.w.a.Callers(fn)) > 0
}

// givenMessages reports whether fn has a sink's signature and every
// analysed call of it passes a message. Functions handing text to each
// other in a cycle are taken to be given messages unless a call says
// not: a result that rested on such an assumption is forgotten when the
// assumption fails.
func (u *underBranch) givenMessages(fn *ssa.Function) bool {
	if is, done := u.sinks[fn]; done {
		return is
	}
	a := u.w.a
	params := fn.Params
	if fn.Signature.Recv() != nil && len(params) > 0 {
		params = params[1:]
	}
	if len(params) != 1 || fn.Signature.Results().Len() > 0 || !slicing.IsString(params[0].Type()) || !a.Analysed(fn) {
		u.sinks[fn] = false
		return false
	}
	mark := len(u.tentative)
	u.sinks[fn] = true // while its callers are judged
	u.tentative = append(u.tentative, fn)
	for _, site := range a.Callers(fn) {
		if !a.Analysed(site.Parent()) {
			continue
		}
		args := site.Common().Args
		if len(args) == 0 || !u.message(args[len(args)-1]) {
			for _, g := range u.tentative[mark:] {
				delete(u.sinks, g)
			}
			u.tentative = u.tentative[:mark]
			u.sinks[fn] = false
			return false
		}
	}
	if mark == 0 {
		u.tentative = u.tentative[:0] // nothing assumed is still open
	}
	return true
}

// message reports whether v is a message: a constant, what a catalogued
// text function returned, a concatenation of messages, or the text a
// function given messages hands on.
func (u *underBranch) message(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.Call:
		r, found := u.w.a.Resource(x)
		return found && r.Text
	case *ssa.BinOp:
		return x.Op == token.ADD && u.message(x.X) && u.message(x.Y)
	case *ssa.Parameter:
		return u.givenMessages(x.Parent())
	}
	return false
}

// adapterReceiver reports whether c calls the receiver of a method of a
// func type (a LoggerFunc's Log calling the function it is): a user's
// function an event sink's adapter hands the event to.
func adapterReceiver(c *ssa.Call) bool {
	p, ok := c.Common().Value.(*ssa.Parameter)
	if !ok || c.Common().IsInvoke() {
		return false
	}
	fn := c.Parent()
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || fn.Params[0] != p {
		return false
	}
	_, isFunc := p.Type().Underlying().(*types.Signature)
	return isFunc
}

// valueFunc reports whether a library function with signature sig can
// only compute from its arguments (time.Since, strconv.Itoa): it is no
// method and takes no pointer, map, channel or function it could change
// or call.
func valueFunc(sig *types.Signature) bool {
	if sig.Recv() != nil {
		return false
	}
	for p := range sig.Params().Variables() {
		switch p.Type().Underlying().(type) {
		case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
			return false
		}
	}
	return true
}

// printfLike reports whether sig is a printf's: a format and ...any
// to fill it with, answering nothing, an error, or a count and an error.
// Such a call formats text for people, whatever library it comes from.
func printfLike(sig *types.Signature) bool {
	ps := sig.Params()
	if !sig.Variadic() || ps.Len() < 2 || !slicing.IsString(ps.At(ps.Len()-2).Type()) {
		return false
	}
	last, ok := ps.At(ps.Len() - 1).Type().(*types.Slice)
	if !ok {
		return false
	}
	if it, ok := last.Elem().Underlying().(*types.Interface); !ok || !it.Empty() {
		return false
	}
	rs := sig.Results()
	switch rs.Len() {
	case 0:
		return true
	case 1:
		return types.Identical(rs.At(0).Type(), errType)
	case 2:
		b, ok := rs.At(0).Type().Underlying().(*types.Basic)
		return ok && b.Info()&types.IsInteger != 0 && types.Identical(rs.At(1).Type(), errType)
	}
	return false
}

var errType = types.Universe.Lookup("error").Type()

// textMaker reports whether sig makes a text out of its arguments: it
// answers one string and takes texts, numbers, bools or ...any.
func textMaker(sig *types.Signature) bool {
	if sig.Results().Len() != 1 || !slicing.IsString(sig.Results().At(0).Type()) {
		return false
	}
	for p := range sig.Params().Variables() {
		t := p.Type()
		if s, ok := t.(*types.Slice); ok {
			t = s.Elem()
		}
		switch u := t.Underlying().(type) {
		case *types.Basic:
		case *types.Interface:
			if !u.Empty() {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// maxQuietDepth bounds how deep observes follows calls.
const maxQuietDepth = 3

// fresh reports whether addr is memory its function made: a field or
// element of an allocation, a new slice or map, or the slice of a
// variadic function's arguments that every caller makes for the call
// (also kept in a variable a closure captures).
func (u *underBranch) fresh(addr ssa.Value) bool {
	for {
		switch x := addr.(type) {
		case *ssa.FieldAddr:
			addr = x.X
		case *ssa.IndexAddr:
			addr = x.X
		case *ssa.Slice:
			addr = x.X
		case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
			return true
		case *ssa.Parameter:
			return u.madeForCall(x)
		case *ssa.UnOp:
			cell, ok := x.X.(*ssa.Alloc)
			return ok && x.Op == token.MUL && u.onlyArguments(cell)
		default:
			return false
		}
	}
}

// madeForCall reports whether p is the slice of its function's variadic
// arguments and every call of the function makes it (f(a, b), or no
// argument at all) or hands on such a slice of its own, as a logger
// forwarding its arguments to another does (Warnf(format, args...)
// calling Log(format, args...)), none handing on a slice it keeps
// (f(s...)), whose entries a store into p would change.
func (u *underBranch) madeForCall(p *ssa.Parameter) bool {
	return u.madeForCallIn(p, maxQuietDepth)
}

func (u *underBranch) madeForCallIn(p *ssa.Parameter, depth int) bool {
	if depth == 0 {
		return false
	}
	fn := p.Parent()
	params := fn.Params
	if !fn.Signature.Variadic() || len(params) == 0 || params[len(params)-1] != p {
		return false
	}
	a := u.w.a
	callers := a.Callers(fn)
	if len(callers) == 0 || len(a.BoundCallers(fn)) > 0 || a.CalledBack(fn) {
		return false // a method value's calls, or a library's, are not seen
	}
	for _, c := range callers {
		args := c.Common().Args
		if len(args) == 0 {
			return false
		}
		switch last := args[len(args)-1].(type) {
		case *ssa.Const: // nil: no arguments
		case *ssa.Slice:
			if al, ok := last.X.(*ssa.Alloc); !ok || al.Comment != "varargs" {
				return false // f(arr[:]...): an array the caller has
			}
		case *ssa.Parameter:
			if !u.madeForCallIn(last, depth-1) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// onlyArguments reports whether the variable cell holds only its
// function's variadic arguments, made for each call (madeForCall): every
// store into it stores them.
func (u *underBranch) onlyArguments(cell *ssa.Alloc) bool {
	stored := false
	for _, r := range *cell.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == cell {
			p, ok := st.Val.(*ssa.Parameter)
			if !ok || !u.madeForCall(p) {
				return false
			}
			stored = true
		}
	}
	return stored
}

// runsOrNot reports whether the branch ending b, in a command's main
// function, decides whether the program runs at all: one side leaves
// main (returns, or ends the process: os.Exit, log.Fatal) without
// reaching the other, as -version, -help or a missing required flag do.
// Such an option is a mode of the command, not a knob: the work on the
// other side is the program's, whatever its settings.
func runsOrNot(fn *ssa.Function, b *ssa.BasicBlock) bool {
	if fn.Pkg == nil || fn.Pkg.Pkg.Name() != "main" || fn.Name() != "main" || fn.Parent() != nil {
		return false
	}
	return leaves(b.Succs[0], b.Succs[1]) || leaves(b.Succs[1], b.Succs[0])
}

// leaves reports whether every path from first ends the function or
// the process without reaching other.
func leaves(first, other *ssa.BasicBlock) bool {
	return reachesOnly(first, other, func(*ssa.BasicBlock) bool { return true })
}

// fails reports whether every path from first fails without reaching
// other: it returns an error that is not nil, panics or ends the
// process. A branch one side of which fails is a check (a size over
// its limit, a mode that forbids the call): the option decides whether
// the operation fails, not how much work it does when it succeeds.
func fails(first, other *ssa.BasicBlock) bool {
	return reachesOnly(first, other, func(b *ssa.BasicBlock) bool {
		switch x := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Panic:
			return true
		case *ssa.Return:
			if len(x.Results) == 0 {
				return false
			}
			last := x.Results[len(x.Results)-1]
			return types.Identical(last.Type(), errType) && anError(last, nil)
		}
		return false
	})
}

// anError reports whether v, an error, is one for certain: made where it
// is returned (slicing.NewError: ErrTooLarge, errors.New, fmt.Errorf),
// or a phi every edge of which is.
func anError(v ssa.Value, seen map[*ssa.Phi]bool) bool {
	switch v := v.(type) {
	case *ssa.Phi:
		if seen[v] {
			return true
		}
		if seen == nil {
			seen = make(map[*ssa.Phi]bool)
		}
		seen[v] = true
		for _, e := range v.Edges {
			if !anError(e, seen) {
				return false
			}
		}
		return true
	}
	return slicing.NewError(v)
}

// reachesOnly reports whether every path from first ends the process,
// or ends the function in a block last accepts, without reaching other.
func reachesOnly(first, other *ssa.BasicBlock, last func(*ssa.BasicBlock) bool) bool {
	seen := map[*ssa.BasicBlock]bool{first: true}
	work := []*ssa.BasicBlock{first}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == other || other.Dominates(b) {
			return false
		}
		if ends(b) {
			continue
		}
		if len(b.Succs) == 0 && !last(b) {
			return false
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return true
}

// ends reports whether b calls a function that ends the process.
func ends(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		c, ok := instr.(*ssa.Call)
		if !ok {
			continue
		}
		if fn := c.Call.StaticCallee(); fn != nil && exits[fn.String()] {
			return true
		}
	}
	return false
}

// exits are the functions that end the process.
var exits = map[string]bool{"os.Exit": true, "log.Fatal": true, "log.Fatalf": true, "log.Fatalln": true}

// worker reports whether fn, run as a goroutine, is a worker of a pool:
// it receives, in a loop, from a channel it did not make (a field, a
// parameter, a captured or global channel), not from its own ticker or
// timer. A wrapper (go func() { s.work(); wg.Done() }()) is a worker when
// a function it calls is.
func (u *underBranch) worker(fn *ssa.Function, wrapper bool) bool {
	return poolWorker(u.w.a, fn, wrapper)
}

// poolWorker is underBranch.worker over the analysis a.
func poolWorker(a *slicing.Analysis, fn *ssa.Function, wrapper bool) bool {
	if !a.Analysed(fn) {
		return false
	}
	for _, l := range a.Loops(fn) {
		for _, b := range fn.Blocks {
			if !l.Contains(b) {
				continue
			}
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.UnOp:
					if x.Op == token.ARROW && shared(x.X) {
						return true
					}
				case *ssa.Select:
					for _, st := range x.States {
						if st.Dir == types.RecvOnly && shared(st.Chan) {
							return true
						}
					}
				}
			}
		}
	}
	if !wrapper {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				for _, callee := range a.Callees(c) {
					if poolWorker(a, callee, false) {
						return true
					}
				}
			}
		}
	}
	return false
}

// shared reports whether a channel comes from outside the function
// receiving from it: a parameter, a captured variable or a global, or a
// field of one; not a channel it made or a call returned (a ticker's, a
// timer's).
func shared(ch ssa.Value) bool {
	for {
		switch x := ch.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			ch = x.X
		case *ssa.FieldAddr:
			ch = x.X
		case *ssa.Field:
			ch = x.X
		case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
			return true
		default:
			return false
		}
	}
}

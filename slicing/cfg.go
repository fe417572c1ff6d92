package slicing

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Pos is the source position of an instruction: its own, or for a branch
// (whose own position is unset) that of its condition.
func Pos(instr ssa.Instruction) token.Pos {
	if p := instr.Pos(); p.IsValid() {
		return p
	}
	if br, ok := instr.(*ssa.If); ok {
		return br.Cond.Pos()
	}
	return token.NoPos
}

// PostDom is the post-dominator tree of a function's blocks, computed with
// Cooper, Harvey and Kennedy's iterative algorithm on the reversed CFG
// with a virtual exit. Blocks that never reach a return (such as the body
// of for { select {} }) get a fake edge to the virtual exit, so every
// block has an immediate post-dominator.
type PostDom struct {
	idom []int // immediate post-dominator by block index; len(blocks) is the virtual exit
}

// BodyStart is the position of the brace opening fn's body: where the
// coverage block of its first statements starts, and where a probe of
// its time goes.
func BodyStart(fn *ssa.Function) token.Pos {
	switch syn := fn.Syntax().(type) {
	case *ast.FuncDecl:
		if syn.Body != nil {
			return syn.Body.Lbrace
		}
	case *ast.FuncLit:
		return syn.Body.Lbrace
	case *ast.RangeStmt: // the yield function of a range-over-func loop
		return syn.Body.Lbrace
	}
	return token.NoPos
}

// PostDominators computes the post-dominator tree of fn over its normal
// exits. A block that fails (Failure) leads nowhere: what follows an
// error check post-dominates the check, so that a branch around it
// (if opt { if err := f(); err != nil { return err } }) does not decide
// whether the rest of the function runs. So does a turn of a loop that
// gives up on its item (see givesUpItem). A failing block has no
// post-dominator (IPostDom -1).
func PostDominators(fn *ssa.Function) *PostDom {
	n := len(fn.Blocks)
	exit := n
	// rsucc: successors in the reversed graph (original predecessors);
	// rpred: predecessors in the reversed graph (original successors).
	loops := Loops(fn)
	rsucc := make([][]int, n+1)
	rpred := make([][]int, n+1)
	failing := make([]bool, n)
	for _, b := range fn.Blocks {
		if givesUpItem(b, loops) {
			failing[b.Index] = true
			continue // leads nowhere, as a failing return does
		}
		for _, s := range b.Succs {
			rsucc[s.Index] = append(rsucc[s.Index], b.Index)
			rpred[b.Index] = append(rpred[b.Index], s.Index)
		}
		if len(b.Succs) == 0 {
			if failing[b.Index] = failure(b, loops); !failing[b.Index] {
				rsucc[exit] = append(rsucc[exit], b.Index)
				rpred[b.Index] = append(rpred[b.Index], exit)
			}
		}
	}
	// A block whose every successor fails fails too: the if/else of an
	// error path before its return (log one way or another, then fail)
	// leads nowhere either, and must not get the fake edge below. (Only
	// where the function has a normal exit: one that has none keeps its
	// blocks for the fake edges.)
	// So does a loop over a collection whose every way out fails (the
	// waiters told of the error before the return): it ends, as a range
	// over a slice, an array, a string or a map does, and so fails as
	// its exits do. (Not a loop over a channel or one with a condition
	// of its own, nor one holding such a loop: it may serve the
	// function's whole run.)
	var ranges []*Loop
	ranged := func(l *Loop) bool {
		c := l.Header.Comment
		return strings.HasPrefix(c, "rangeindex") || strings.HasPrefix(c, "rangeiter")
	}
	for _, l := range loops {
		// Every loop inside it must end too: one over a channel nested
		// in it may serve the whole run.
		if ranged(l) && !slices.ContainsFunc(loops, func(in *Loop) bool { return in != l && l.Contains(in.Header) && !ranged(in) }) {
			ranges = append(ranges, l)
		}
	}
	for changed := len(rsucc[exit]) > 0; changed; {
		changed = false
		for _, b := range fn.Blocks {
			if failing[b.Index] || len(b.Succs) == 0 {
				continue
			}
			if !slices.ContainsFunc(b.Succs, func(s *ssa.BasicBlock) bool { return !failing[s.Index] }) {
				failing[b.Index] = true
				changed = true
			}
		}
		for _, l := range ranges {
			if failing[l.Header.Index] || !failsOut(fn, l, failing) {
				continue
			}
			for _, b := range fn.Blocks {
				if l.Contains(b) {
					failing[b.Index] = true
				}
			}
			changed = true
		}
	}
	// Give blocks that cannot reach the exit (an endless loop) a fake edge
	// to it, one at a time, until every block but the failing ones reaches
	// the exit: from the last such block that jumps back to a loop's
	// header, where an iteration ends, so that the branches inside the
	// loop decide only their sides, not whether it goes on; from the last
	// such block when none does.
	for {
		reached := reach(rsucc, exit)
		last, latch := -1, -1
		for i := n - 1; i >= 0; i-- {
			b := fn.Blocks[i]
			if reached[i] || b == nil || failing[i] {
				continue
			}
			if last < 0 {
				last = i
			}
			if slices.ContainsFunc(b.Succs, func(s *ssa.BasicBlock) bool { return s.Dominates(b) }) {
				latch = i
				break
			}
		}
		if latch >= 0 {
			last = latch
		}
		if last < 0 {
			break
		}
		rsucc[exit] = append(rsucc[exit], last)
		rpred[last] = append(rpred[last], exit)
	}

	// Postorder numbering of the reversed graph from the exit.
	post := make([]int, n+1)
	for i := range post {
		post[i] = -1
	}
	var order []int
	visited := make([]bool, n+1)
	var dfs func(int)
	dfs = func(v int) {
		visited[v] = true
		for _, w := range rsucc[v] {
			if !visited[w] {
				dfs(w)
			}
		}
		post[v] = len(order)
		order = append(order, v)
	}
	dfs(exit)

	idom := make([]int, n+1)
	for i := range idom {
		idom[i] = -1
	}
	idom[exit] = exit
	intersect := func(a, b int) int {
		for a != b {
			for post[a] < post[b] {
				a = idom[a]
			}
			for post[b] < post[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(order) - 1; i >= 0; i-- { // reverse postorder
			v := order[i]
			if v == exit {
				continue
			}
			nd := -1
			for _, p := range rpred[v] {
				if idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd >= 0 && idom[v] != nd {
				idom[v] = nd
				changed = true
			}
		}
	}
	return &PostDom{idom: idom}
}

// failsOut reports whether every way out of the loop l fails: each
// block of it that ends the function fails, and so does each block
// outside it that one of its blocks goes to.
func failsOut(fn *ssa.Function, l *Loop, failing []bool) bool {
	for _, b := range fn.Blocks {
		if !l.Contains(b) {
			continue
		}
		if len(b.Succs) == 0 && !failing[b.Index] {
			return false
		}
		for _, s := range b.Succs {
			if !l.Contains(s) && !failing[s.Index] {
				return false
			}
		}
	}
	return true
}

func reach(succ [][]int, from int) []bool {
	seen := make([]bool, len(succ))
	stack := []int{from}
	seen[from] = true
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, w := range succ[v] {
			if !seen[w] {
				seen[w] = true
				stack = append(stack, w)
			}
		}
	}
	return seen
}

// Fails says whether b leads only to failing (see Failure and
// PostDominators).
func (pd *PostDom) Fails(b *ssa.BasicBlock) bool { return pd.idom[b.Index] < 0 }

// IPostDom returns the index of b's immediate post-dominator, or -1 for
// the virtual exit.
func (pd *PostDom) IPostDom(b int) int {
	if d := pd.idom[b]; d >= 0 && d < len(pd.idom)-1 {
		return d
	}
	return -1
}

// Dependent returns the blocks control-dependent on the branch at block
// b: for each successor s, the blocks on the post-dominator tree path from
// s up to, not including, b's immediate post-dominator.
func (pd *PostDom) Dependent(fn *ssa.Function, b *ssa.BasicBlock) []*ssa.BasicBlock {
	stop := pd.idom[b.Index]
	var out []*ssa.BasicBlock
	seen := make(map[int]bool)
	for _, s := range b.Succs {
		for v := s.Index; v != stop && v >= 0 && v < len(fn.Blocks) && !seen[v]; v = pd.idom[v] {
			seen[v] = true
			out = append(out, fn.Blocks[v])
		}
	}
	return out
}

// Loop is a natural loop: a header and the blocks of its back edges'
// bodies, merged per header.
type Loop struct {
	Header *ssa.BasicBlock
	Blocks []bool // by block index
}

// Contains reports whether b is in the loop.
func (l *Loop) Contains(b *ssa.BasicBlock) bool { return l.Blocks[b.Index] }

// Exits reports whether the branch at b leaves the loop: b is in it and
// one of its successors is not.
func (l *Loop) Exits(b *ssa.BasicBlock) bool {
	if !l.Contains(b) {
		return false
	}
	for _, s := range b.Succs {
		if !l.Contains(s) {
			return true
		}
	}
	return false
}

// Loops returns the natural loops of fn, ordered by header index.
func Loops(fn *ssa.Function) []*Loop {
	byHeader := make(map[int]*Loop)
	var out []*Loop
	for _, b := range fn.Blocks {
		for _, h := range b.Succs {
			if !h.Dominates(b) {
				continue
			}
			l := byHeader[h.Index]
			if l == nil {
				l = &Loop{Header: h, Blocks: make([]bool, len(fn.Blocks))}
				l.Blocks[h.Index] = true
				byHeader[h.Index] = l
				out = append(out, l)
			}
			stack := []*ssa.BasicBlock{b}
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if l.Blocks[x.Index] {
					continue
				}
				l.Blocks[x.Index] = true
				stack = append(stack, x.Preds...)
			}
		}
	}
	for i := 1; i < len(out); i++ { // few loops per function: insertion sort
		for j := i; j > 0 && out[j].Header.Index < out[j-1].Header.Index; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// Failure reports whether b ends the function by failing: a panic, a
// return of an error that b's path made (errors.New, fmt.Errorf, a
// package's error variable, a value converted to error) or found not to
// be nil (if err != nil { return err }), or, in a function that returns
// no error, a return where a test found an error not nil (it gives up:
// if err != nil { report(err); return }), after answering its request
// with an error status (http.Error(w, "too large", 413); return), or
// after reporting an error it made, on a test of what a loop works on,
// giving up on what the loop serves (see reportsError and itemTest).
func Failure(b *ssa.BasicBlock) bool { return failure(b, Loops(b.Parent())) }

// failure is Failure, with loops the loops of b's function.
func failure(b *ssa.BasicBlock, loops []*Loop) bool {
	if len(b.Instrs) == 0 {
		return false
	}
	switch last := b.Instrs[len(b.Instrs)-1].(type) {
	case *ssa.Panic:
		return true
	case *ssa.Return:
		if !returnsError(b.Parent().Signature) && (errorChecked(b) || repliesError(b) || reportsError(b, loops) && slices.ContainsFunc(b.Preds, func(p *ssa.BasicBlock) bool { return itemTest(p, loops) })) {
			return true
		}
		for _, r := range last.Results {
			r = stored(b, r)
			if !types.Identical(r.Type(), errorType) || isNil(r) {
				continue
			}
			if NewError(r) || errorChecked(b) {
				return true
			}
		}
	}
	return false
}

// givesUpItem reports whether b gives up on one item of a loop: on one
// side of a test of the item (see itemTest), it reports an error (see
// reportsError) and goes on to the next item (if !readonly &&
// s.readOnly { reply(statusFromError(id, EPERM)); continue }), where the
// loop has another way to go on (a block other than b and the one b goes
// on through, itself no report). As a failing return, it leads nowhere:
// what the loop does with the items it does not give up on
// post-dominates the test.
func givesUpItem(b *ssa.BasicBlock, loops []*Loop) bool {
	if len(b.Succs) != 1 {
		return false
	}
	var in *Loop // the innermost loop holding b
	for _, l := range loops {
		if l.Contains(b) && (in == nil || in.Contains(l.Header)) {
			in = l
		}
	}
	if in == nil || !nextItem(b, b.Succs[0], in) || !reportsError(b, loops) || !slices.ContainsFunc(b.Preds, func(p *ssa.BasicBlock) bool { return itemTest(p, loops) }) {
		return false
	}
	// Another block of the loop goes on to the next item too, not
	// through b or another report.
	for _, x := range b.Parent().Blocks {
		if x == b || x == b.Succs[0] || !in.Contains(x) || reportsError(x, loops) {
			continue
		}
		if slices.ContainsFunc(x.Succs, func(s *ssa.BasicBlock) bool {
			return s != b && nextItem(x, s, in) && (s == in.Header || !reportsError(s, loops))
		}) {
			return true
		}
	}
	return false
}

// nextItem reports whether b, in the loop l, goes on to its next turn
// through its successor s: s is the header, or a block of the loop whose
// only successor in the loop is the header (a three-clause loop's post
// statement, a range over an integer's test, a last test that breaks).
func nextItem(b, s *ssa.BasicBlock, l *Loop) bool {
	if s == l.Header {
		return true
	}
	if s == b || !l.Contains(s) {
		return false
	}
	on := false
	for _, t := range s.Succs {
		if l.Contains(t) {
			if t != l.Header {
				return false
			}
			on = true
		}
	}
	return on
}

// itemTest reports whether p, in a loop, is reached through a test of
// what the loop's turn works on (the frame read, the item ranged over: a
// value that varies in the loop, see varies): p itself, or a test one of
// whose sides leads only to p, the loop's own test aside. A report after
// such a test gives up on one item or what the loop serves (a
// connection); one after a test of a setting alone (a Close's graceful,
// a server's read-only mode) ends the loop, or turns it down for every
// item alike: the setting decides that work.
func itemTest(p *ssa.BasicBlock, loops []*Loop) bool {
	var in *Loop // the innermost loop holding p
	for _, l := range loops {
		if l.Contains(p) && (in == nil || in.Contains(l.Header)) {
			in = l
		}
	}
	if in == nil {
		return false
	}
	for d := p; d != nil && !ownTest(in, d) && in.Contains(d); d = d.Idom() {
		br, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || d != p && !slices.ContainsFunc(d.Succs, func(s *ssa.BasicBlock) bool { return len(s.Preds) == 1 && s.Dominates(p) }) {
			continue // no test, or one both of whose sides lead to p
		}
		if varies(br.Cond, in, 0) {
			return true
		}
	}
	return false
}

// ownTest reports whether b holds the loop l's own test: its header, when
// the header's test is a range's (it has no position) or the condition
// of a for statement (not a test of the body, which go/ssa puts in the
// header of a loop with no condition).
func ownTest(l *Loop, b *ssa.BasicBlock) bool {
	if b != l.Header {
		return false
	}
	br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	pos := br.Cond.Pos()
	syntax := b.Parent().Syntax()
	if !pos.IsValid() || syntax == nil {
		return true
	}
	own := false
	ast.Inspect(syntax, func(n ast.Node) bool {
		if f, ok := n.(*ast.ForStmt); ok && f.Cond != nil && f.Cond.Pos() <= pos && pos < f.Cond.End() {
			own = true
		}
		return !own
	})
	return own
}

// varies reports whether v may differ from one turn of the loop l to the
// next: it is computed in l from what a turn reads or receives (a phi of
// the loop's header, a call's result, a receive, a range's next element,
// a select's choice, a new variable), not only from parameters, globals,
// loads through them, builtins (len, min) and getters (a method of one
// block calling nothing) of them.
func varies(v ssa.Value, l *Loop, depth int) bool {
	instr, ok := v.(ssa.Instruction)
	if !ok || instr.Block() == nil || !l.Contains(instr.Block()) || depth > maxVariesDepth {
		return false
	}
	switch x := v.(type) {
	case *ssa.Phi:
		if x.Block() == l.Header {
			return true
		}
	case *ssa.Call:
		if !onlyComputes(x.Common()) {
			return true
		}
	case *ssa.Next, *ssa.Alloc, *ssa.Select:
		return true
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return true
		}
	}
	for _, op := range instr.Operands(nil) {
		if *op != nil && varies(*op, l, depth+1) {
			return true
		}
	}
	return false
}

// onlyComputes reports whether a call only computes from its operands: a
// builtin (len, min), or a getter (a function of one block that calls
// nothing and receives nothing).
func onlyComputes(c *ssa.CallCommon) bool {
	if _, ok := c.Value.(*ssa.Builtin); ok {
		return true
	}
	fn := c.StaticCallee()
	if fn == nil || len(fn.Blocks) != 1 {
		return false
	}
	for _, instr := range fn.Blocks[0].Instrs {
		switch x := instr.(type) {
		case ssa.CallInstruction:
			return false
		case *ssa.UnOp:
			if x.Op == token.ARROW {
				return false
			}
		}
	}
	return true
}

// maxVariesDepth bounds the operands varies follows.
const maxVariesDepth = 8

// returnsError says whether one of sig's results is an error.
func returnsError(sig *types.Signature) bool {
	for v := range sig.Results().Variables() {
		if types.Identical(v.Type(), errorType) {
			return true
		}
	}
	return false
}

// NewError reports whether the error v is made where it is returned: by
// package errors or fmt, loaded from a package variable, or converted
// from a concrete error value.
func NewError(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return true
	case *ssa.UnOp:
		_, global := v.X.(*ssa.Global)
		return v.Op == token.MUL && global
	case *ssa.Call:
		return errorsCall(v)
	}
	return false
}

// errorsCall reports whether call makes an error with package errors or
// fmt.
func errorsCall(call *ssa.Call) bool {
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Pkg == nil {
		return false
	}
	switch fn.Pkg.Pkg.Path() {
	case "errors", "fmt":
		return true
	}
	return false
}

// errorChecked reports whether b runs only where a test found an error
// not nil.
func errorChecked(b *ssa.BasicBlock) bool {
	for d := b.Idom(); d != nil; d = d.Idom() {
		br, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := br.Cond.(*ssa.BinOp)
		if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) {
			continue
		}
		x := cmp.X
		if isNil(x) {
			x = cmp.Y
		} else if !isNil(cmp.Y) {
			continue
		}
		if !types.Identical(x.Type(), errorType) {
			continue
		}
		notNil := d.Succs[0]
		if cmp.Op == token.EQL {
			notNil = d.Succs[1]
		}
		// Only a side of its own: in if err == nil { err = f() }; return
		// err the else edge goes straight to the join, which the nil
		// side reaches too.
		if len(notNil.Preds) == 1 && notNil.Dominates(b) {
			return true
		}
	}
	return false
}

// reportsError says whether b, run only on one side of tests (every
// block leading to it ends in a test, none a loop's own, which b
// follows; a loop left by a break elsewhere is not told from a return
// in its body),
// hands on an error its path made (see NewError) to a call or a
// channel: a loop serving a connection giving up on it
// (s.notifyProtoError(ErrInvalidProtocol); return). Not to a call
// answering a bool (errors.Is(err, io.EOF) tests an error), nor to a
// goroutine or a deferred call.
func reportsError(b *ssa.BasicBlock, loops []*Loop) bool {
	if len(b.Preds) == 0 {
		return false
	}
	for _, p := range b.Preds {
		if _, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); !ok {
			return false
		}
		if slices.ContainsFunc(loops, func(l *Loop) bool { return ownTest(l, p) && !l.Contains(b) }) {
			return false // the end of a loop, not a side of a test
		}
	}
	made := func(v ssa.Value) bool { return types.Identical(v.Type(), errorType) && NewError(v) }
	for _, instr := range b.Instrs {
		switch instr := instr.(type) {
		case *ssa.Call:
			if t, ok := instr.Type().Underlying().(*types.Basic); ok && t.Kind() == types.Bool {
				continue
			}
			if slices.ContainsFunc(instr.Call.Args, made) {
				return true
			}
		case *ssa.Send:
			if made(instr.X) {
				return true
			}
		}
	}
	return false
}

// repliesError says whether b answers its request with an error status
// (net/http.Error) and returns: a handler giving up.
func repliesError(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		if c, ok := instr.(*ssa.Call); ok {
			if fn := c.Common().StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "net/http" && fn.Name() == "Error" {
				return true
			}
		}
	}
	return false
}

package scoring

import (
	"cmp"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/slicing"
)

// Direction says which values of an option cost, as far as the code
// shows it: larger ones, where the value bounds loops, sizes allocations
// or containers, starts goroutines or sets a delay; and, at each branch
// it decides, which side does more work.
type Direction struct {
	// Larger names the ways larger values cost more (trip, size, bound,
	// conc, time), none when the option acts only through branches or has
	// no order (a bool, an implementation).
	Larger []string
	// Smaller names the ways smaller values cost more: rate, a ticker's
	// or a re-armed timer's period, whose work runs more often the
	// shorter it is; slots, the capacity of a channel sends wait on (a
	// semaphore's: fewer, more waiting); locks, the number of elements
	// a lock is picked among (shards: fewer, more goroutines share each
	// lock); and a kind the option reaches
	// only as a divisor (buckets := window / step sizes a make: smaller
	// steps, more).
	Smaller []string
	// Branches are the branches the option decides whose sides differ in
	// cost, the largest difference first (at most maxBranches).
	Branches []Branch
}

// Branch is one branch an option decides and the cost of its sides.
type Branch struct {
	Pos string // file:line
	// Costly is the condition of the costlier side in terms of the value
	// tested: "true", "false", "> 5", "== 0", or "then"/"else" when the
	// test is not a constant comparison of the option's value.
	Costly string
	// Costlier and Cheaper are the weighted costs per run of the work
	// only the costlier and only the cheaper side do, with what they call
	// in analysed code.
	Costlier, Cheaper float64

	// full is Pos with its column.
	full string

	// test is Costly as a comparison of the option's own value with a
	// constant (a bool is == true or == false), when it is one: what
	// CheckValues holds a deployment's value against. Zero when the
	// branch tests something derived from the value (n*2 > k, len(s)).
	test valueTest
}

// valueTest is a comparison of an option's value with a constant.
type valueTest struct {
	op token.Token
	k  constant.Value
}

const maxBranches = 3

// largerKinds are the influences through which a larger value costs more.
var largerKinds = []struct {
	kind slicing.Influence
	name string
}{{slicing.Trip, "trip"}, {slicing.Size, "size"}, {slicing.Bound, "bound"}, {slicing.Conc, "conc"}, {slicing.Time, "time"}}

// direction computes the Direction of a slice.
func direction(a *slicing.Analysis, prog *slicing.Program, sl *slicing.Slice, blockCosts func(*ssa.Function) []float64) Direction {
	var d Direction
	periods, waits := timeSites(a, sl)
	for _, k := range largerKinds {
		if sl.Influence&k.kind == 0 || !ordered(sl) {
			continue
		}
		if k.kind == slicing.Time && periods > 0 && waits == 0 {
			d.Smaller = append(d.Smaller, "rate")
			continue
		}
		if divided(sl, k.kind) {
			// n := total / opt; make([]T, n): a larger option, less work
			d.Smaller = append(d.Smaller, k.name)
			continue
		}
		d.Larger = append(d.Larger, k.name)
	}
	if ordered(sl) && waitsToSend(sl) {
		d.Smaller = append(d.Smaller, "slots")
	}
	if ordered(sl) && picksLock(sl) {
		d.Smaller = append(d.Smaller, "locks")
	}
	for _, fs := range sl.Functions() {
		fn := fs.Func
		for _, b := range fn.Blocks {
			br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok || !fs.Contains(br) || fs.Influence[br]&slicing.Path == 0 {
				continue
			}
			if slicing.Rejects(b.Succs[0]) || slicing.Rejects(b.Succs[1]) {
				continue // a check that rejects a value: not a cost either way
			}
			if plain(b.Succs[0], b) && plain(b.Succs[1], b) {
				continue // a default put in place of the value (if n <= 0 { n = 16 }): no work either way
			}
			cost := blockCosts(fn)
			then, els := side(fn, b.Succs[0], cost), side(fn, b.Succs[1], cost)
			if then == els {
				continue
			}
			taken, costlier, cheaper := true, then, els
			if els > then {
				taken, costlier, cheaper = false, els, then
			}
			costly, test := condition(br.Cond, sl, fs, taken)
			full := prog.Position(branchPos(br))
			d.Branches = append(d.Branches, Branch{Pos: trimColumn(full), Costly: costly, Costlier: costlier, Cheaper: cheaper, test: test, full: full})
		}
	}
	slices.SortStableFunc(d.Branches, func(a, b Branch) int {
		return cmp.Or(cmp.Compare(b.Costlier-b.Cheaper, a.Costlier-a.Cheaper), cmp.Compare(a.Pos, b.Pos), cmp.Compare(a.full, b.full))
	})
	if len(d.Branches) > maxBranches {
		d.Branches = d.Branches[:maxBranches]
	}
	// Two tests on one line (a && b) are told apart by their columns.
	lines := make(map[string]int)
	for _, b := range d.Branches {
		lines[b.Pos]++
	}
	for i, b := range d.Branches {
		if lines[b.Pos] > 1 {
			d.Branches[i].Pos = b.full
		}
	}
	return d
}

// waitsToSend reports whether the option's value reaches a send that
// waits while its channel is full: the channel's capacity, the slots of
// a semaphore, of which fewer make more sends wait.
func waitsToSend(sl *slicing.Slice) bool {
	for _, fs := range sl.Functions() {
		for instr, in := range fs.Influence {
			switch instr.(type) {
			case *ssa.Send, *ssa.Select:
				if in&slicing.Lock != 0 {
					return true
				}
			}
		}
	}
	return false
}

// picksLock reports whether the option's value picks, by index, the
// element of a list whose lock is taken (a shard by a hash modulo the
// count): the fewer elements, the more goroutines share each lock.
func picksLock(sl *slicing.Slice) bool {
	for _, fs := range sl.Functions() {
		for instr, in := range fs.Influence {
			if _, ok := instr.(*ssa.IndexAddr); ok && in&slicing.Lock != 0 {
				return true
			}
		}
	}
	return false
}

// divided reports whether the option reaches every instruction where
// influence kind k arises as a divisor: through a quotient whose
// dividend is not the option's (buckets := interval / period), an odd
// number of times, within the instruction's function.
func divided(sl *slicing.Slice, k slicing.Influence) bool {
	found := false
	for _, fs := range sl.Functions() {
		for instr, in := range fs.Influence {
			if in&k == 0 {
				continue
			}
			inverted, ok := false, false
			for _, op := range instr.Operands(nil) {
				if inv, reached := polarity(fs, *op, 0); reached {
					if ok && inv != inverted {
						return false // larger and smaller at once
					}
					inverted, ok = inv, true
				}
			}
			if !ok || !inverted {
				return false
			}
			found = true
		}
	}
	return found
}

// polarity follows v back through the slice's instructions of its
// function: whether it is the option's (reached), and whether through
// an odd number of quotients where the option's value is the divisor.
func polarity(fs *slicing.FuncSlice, v ssa.Value, depth int) (inverted, reached bool) {
	instr, ok := v.(ssa.Instruction)
	if v == nil || !ok || !fs.Instrs[instr] || depth > 16 {
		return false, false
	}
	switch x := v.(type) {
	case *ssa.BinOp:
		inX, rx := polarity(fs, x.X, depth+1)
		inY, ry := polarity(fs, x.Y, depth+1)
		if x.Op == token.QUO && ry && !rx {
			return !inY, true
		}
		if rx {
			return inX, true
		}
		return inY, ry
	case *ssa.Convert:
		if inv, r := polarity(fs, x.X, depth+1); r {
			return inv, true
		}
	case *ssa.ChangeType:
		if inv, r := polarity(fs, x.X, depth+1); r {
			return inv, true
		}
	}
	return false, true // the option's value as it came (a load, a parameter, a phi)
}

// ordered reports whether an option's values have an order that can
// cost: a number or a text the slice parses into one (strconv, a
// duration), not a bool, another text (a mode compared with names) or
// an implementation (an interface, a function).
func ordered(sl *slicing.Slice) bool {
	b, ok := valueType(sl.Option).(*types.Basic)
	if ok && b.Info()&types.IsString != 0 {
		return parsesNumber(sl)
	}
	return ok && b.Info()&types.IsBoolean == 0
}

// parsesNumber reports whether the option's value reaches a call that
// parses a number or a duration out of text.
func parsesNumber(sl *slicing.Slice) bool {
	for _, fs := range sl.Functions() {
		for instr := range fs.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			fn := call.Common().StaticCallee()
			if fn == nil || fn.Pkg == nil {
				continue
			}
			switch fn.Pkg.Pkg.Path() + "." + fn.Name() {
			case "strconv.Atoi", "strconv.ParseInt", "strconv.ParseUint", "strconv.ParseFloat", "time.ParseDuration":
				return true
			}
		}
	}
	return false
}

// timeSites counts the calls of a slice the option sets a delay of
// (Influence Time): periods, of a ticker (time.NewTicker, time.Tick,
// Ticker.Reset) or of a timer its function re-arms (see periodic),
// whose work runs once per period; and waits, every other delay.
func timeSites(a *slicing.Analysis, sl *slicing.Slice) (periods, waits int) {
	for _, fs := range sl.Functions() {
		for instr, in := range fs.Influence {
			if in&slicing.Time == 0 || !fs.Instrs[instr] {
				continue // a wait the option's value does not set (one in the work a tick triggers)
			}
			if tickerPeriod(instr) || periodic(a, instr) != nil {
				periods++
			} else {
				waits++
			}
		}
	}
	return periods, waits
}

// tickerPeriod reports whether instr makes or resets a ticker.
func tickerPeriod(instr ssa.Instruction) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "time" {
		return false
	}
	switch fn.Name() {
	case "NewTicker", "Tick":
		return fn.Signature.Recv() == nil
	case "Reset":
		recv := fn.Signature.Recv()
		return recv != nil && types.TypeString(recv.Type(), nil) == "*time.Ticker"
	}
	return false
}

// blockCosts returns the weighted cost per run of each block of a
// function, computed once per function: its instructions' own and, at a
// call into analysed code, the callee's whole cost per call, to any depth
// (so that a side that only calls syncLocked() is charged with what it
// does).
func blockCosts(w *weigher, freq func(*ssa.Function) counts.Frequencies, calls map[*ssa.Function]float64) func(*ssa.Function) []float64 {
	memo := make(map[*ssa.Function][]float64)
	perCall := newUnderBranch(w, freq, unlimited)
	return func(fn *ssa.Function) []float64 {
		if c, ok := memo[fn]; ok {
			return c
		}
		f, times := freq(fn), max(calls[fn], 1)
		out := make([]float64, len(fn.Blocks))
		for _, b := range fn.Blocks {
			out[b.Index] = perCall.block(b, 0).sum() * f.Block[b.Index] * times
		}
		memo[fn] = out
		return out
	}
}

// branchPos is where a branch is in the source: its condition's
// position, or the last one before it in its block, or its function's
// (a branch of a range loop or of generated code has none of its own).
func branchPos(br *ssa.If) token.Pos {
	if p := br.Cond.Pos(); p.IsValid() {
		return p
	}
	instrs := br.Block().Instrs
	for i := len(instrs) - 1; i >= 0; i-- {
		if p := slicing.Pos(instrs[i]); p.IsValid() {
			return p
		}
	}
	return br.Parent().Pos()
}

// plain reports whether the side of the branch ending b that starts at
// first does no work of its own: it joins the other side at once, or its
// blocks only move values (stores, loads, conversions, a phi's jump), as
// a default put in place of a value does.
func plain(first, b *ssa.BasicBlock) bool {
	if len(first.Preds) != 1 {
		return true // the other side's join: nothing of its own
	}
	for _, blk := range first.Parent().Blocks {
		if !first.Dominates(blk) || blk.Dominates(b) {
			continue
		}
		for _, instr := range blk.Instrs {
			switch x := instr.(type) {
			case *ssa.Convert:
				// string(b) and []byte(s) copy what they convert.
				if isText(x.Type()) || isText(x.X.Type()) {
					return false
				}
			case *ssa.Store, *ssa.Jump, *ssa.DebugRef, *ssa.FieldAddr, *ssa.Field, *ssa.ChangeType, *ssa.Phi:
			case *ssa.Return:
				if len(x.Results) > 0 {
					return false // the function's result decided here
				}
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}

// isText reports whether t is a string or a slice (of bytes or runes).
func isText(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		return true
	}
	return false
}

// side is the cost of the blocks only one side of a branch runs: those
// its first block dominates, when the branch is its only way in; none
// when the side joins other paths at once (an if without an else).
func side(fn *ssa.Function, first *ssa.BasicBlock, cost []float64) float64 {
	if len(first.Preds) != 1 {
		return 0
	}
	sum := 0.0
	for _, b := range fn.Blocks {
		if first.Dominates(b) {
			sum += cost[b.Index]
		}
	}
	return sum
}

// condition describes when a branch takes the side wanted (then when
// taken is true) in terms of the option's value: the bool itself, or a
// comparison of the value with a constant; and the comparison as a
// valueTest when the value compared is the option's own (see ownValue).
func condition(cond ssa.Value, sl *slicing.Slice, fs *slicing.FuncSlice, taken bool) (string, valueTest) {
	for {
		u, ok := cond.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		cond, taken = u.X, !taken
	}
	if b, ok := cond.(*ssa.BinOp); ok {
		x, k, op := b.X, b.Y, b.Op
		if _, isConst := x.(*ssa.Const); isConst {
			x, k, op = b.Y, b.X, mirror(op)
		}
		if c, ok := k.(*ssa.Const); ok && c.Value != nil && valueInSlice(x, fs) {
			if !taken {
				op = negate(op)
			}
			if op != token.ILLEGAL {
				var t valueTest
				if ownValue(x) {
					t = valueTest{op, c.Value}
				}
				return op.String() + " " + constString(c), t
			}
		}
	}
	// The bool tested is the option's own value when the option is a
	// bool; for another option it is something derived (a lookup's ok).
	if basic, ok := cond.Type().Underlying().(*types.Basic); ok && basic.Kind() == types.Bool && sl.Option.Type == "bool" && valueInSlice(cond, fs) {
		if _, isCall := cond.(*ssa.Call); !isCall {
			if _, isBinOp := cond.(*ssa.BinOp); !isBinOp {
				return fmt.Sprint(taken), valueTest{token.EQL, constant.MakeBool(taken)}
			}
		}
	}
	if taken {
		return "then", valueTest{}
	}
	return "else", valueTest{}
}

// ownValue says whether v, a value in an option's slice, is the option's
// value itself rather than something computed from it: not the result
// of arithmetic or of a call (conversions are looked through).
func ownValue(v ssa.Value) bool {
	switch x := slicing.Unconvert(v).(type) {
	case *ssa.UnOp:
		return x.Op == token.MUL || x.Op == token.ARROW // a load, a receive; not -x or ^x
	case *ssa.BinOp, *ssa.Call, *ssa.Const:
		return false
	}
	return true
}

// valueInSlice says whether v carries the option's value.
func valueInSlice(v ssa.Value, fs *slicing.FuncSlice) bool {
	instr, ok := v.(ssa.Instruction)
	return ok && fs.Contains(instr)
}

// mirror is op with its operands swapped: 5 < x is x > 5.
func mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	case token.EQL, token.NEQ:
		return op
	}
	return token.ILLEGAL
}

// negate is the comparison true when op's is false.
func negate(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GEQ
	case token.GEQ:
		return token.LSS
	case token.GTR:
		return token.LEQ
	case token.LEQ:
		return token.GTR
	case token.EQL:
		return token.NEQ
	case token.NEQ:
		return token.EQL
	}
	return token.ILLEGAL
}

// constString renders a constant as Go source would write it; a nil
// pointer, map or interface as nil.
func constString(c *ssa.Const) string {
	if c.Value == nil {
		return "nil"
	}
	if c.Value.Kind() == constant.Float {
		f, _ := constant.Float64Val(c.Value)
		if f == math.Trunc(f) && math.Abs(f) < 1e15 {
			return fmt.Sprintf("%.0f", f)
		}
	}
	return c.Value.ExactString()
}

// trimColumn drops the column of a file:line:col position.
func trimColumn(pos string) string {
	for i := len(pos) - 1; i >= 0; i-- {
		if pos[i] == ':' {
			return pos[:i]
		}
	}
	return pos
}

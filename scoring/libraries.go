package scoring

import (
	"context"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/slicing"
)

// libraryCap bounds each resource of one call's summary: estimated trips
// of loops nested in library code multiply (ten per level), and no
// single call should outweigh what the catalogue says of the costliest
// library calls many times over.
const libraryCap = 1e4

// Summaries returns the cost of one call of each function lib declares
// (see slicing.Program.Libraries), by the name the resource catalogue
// uses: its instructions' weights times its blocks' estimated
// frequencies per entry, with what the catalogue says of the calls it
// lists (the standard library's IO, syncs, sleeps) and the summaries of
// the functions of lib it calls directly. A call within a recursive
// cycle adds nothing; an interface or function-value call adds the
// call's own weight; a goroutine a function starts is not part of its
// cost (the call does not wait for it). Each resource is capped at
// libraryCap.
func Summaries(lib *slicing.Program, s *configs.Settings) map[string]configs.Resource {
	if lib == nil || lib.SSA == nil {
		return nil
	}
	a := slicing.NewAnalysis(lib, callgraph.New(nil), s)
	w := newWeigher(a, s)
	funcs := lib.Declared()
	declared := make(map[*ssa.Function]bool, len(funcs))
	for _, fn := range funcs {
		declared[fn] = true
	}
	callee := func(c ssa.CallInstruction) *ssa.Function {
		if _, isGo := c.(*ssa.Go); isGo {
			return nil
		}
		fn := c.Common().StaticCallee()
		if fn == nil {
			return nil
		}
		if o := fn.Origin(); o != nil {
			fn = o
		}
		if !declared[fn] {
			return nil
		}
		if _, listed := a.Resource(c); listed {
			return nil // priced by the catalogue
		}
		return fn
	}
	comp := sccs(funcs, func(fn *ssa.Function, yield func(*ssa.Function)) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok {
					if to := callee(c); to != nil {
						yield(to)
					}
				}
			}
		}
	})
	memo := make(map[*ssa.Function]Cost, len(funcs))
	var cost func(fn *ssa.Function) Cost
	cost = func(fn *ssa.Function) Cost {
		if c, ok := memo[fn]; ok {
			return c
		}
		f := Estimate(a, fn, s.Estimates)
		var sum Cost
		for _, b := range fn.Blocks {
			var block Cost
			for _, instr := range b.Instrs {
				block = block.add(w.cost(instr), 1)
				if c, ok := instr.(ssa.CallInstruction); ok {
					if to := callee(c); to != nil && comp[to] != comp[fn] {
						block = block.add(cost(to), 1)
					}
				}
			}
			sum = sum.add(block, f.Block[b.Index])
		}
		sum = Cost{CPU: min(sum.CPU, libraryCap), MEM: min(sum.MEM, libraryCap), IO: min(sum.IO, libraryCap),
			LAT: min(sum.LAT, libraryCap), SYNC: min(sum.SYNC, libraryCap)}
		memo[fn] = sum
		return sum
	}
	out := make(map[string]configs.Resource)
	for _, fn := range funcs {
		if fn.Parent() != nil {
			continue // a closure: part of the function that makes it
		}
		c := cost(fn)
		name := slicing.FuncName(fn)
		out[name] = configs.Resource{Func: name, CPU: c.CPU, MEM: c.MEM, IO: c.IO, LAT: c.LAT, SYNC: c.SYNC}
	}
	return out
}

// sccs numbers the strongly connected components of the graph over
// nodes whose edges edges yields (Tarjan's algorithm, visiting nodes in
// their order): two nodes have one number when each reaches the other.
func sccs[N comparable](nodes []N, edges func(n N, yield func(N))) map[N]int {
	index := make(map[N]int)
	low := make(map[N]int)
	onStack := make(map[N]bool)
	comp := make(map[N]int)
	var stack []N
	next := 0
	var visit func(n N)
	visit = func(n N) {
		index[n], low[n] = next, next
		next++
		stack = append(stack, n)
		onStack[n] = true
		edges(n, func(to N) {
			if _, seen := index[to]; !seen {
				visit(to)
				low[n] = min(low[n], low[to])
			} else if onStack[to] {
				low[n] = min(low[n], index[to])
			}
		})
		if low[n] == index[n] {
			for {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[top] = false
				comp[top] = index[n]
				if top == n {
					break
				}
			}
		}
	}
	for _, n := range nodes {
		if _, seen := index[n]; !seen {
			visit(n)
		}
	}
	return comp
}

// FieldSummaries returns, per exported field of a number or a bool of the
// libraries' struct types (slicing.Program.FieldReads), what the
// libraries' code does with the value stored there: the cost of its
// slice, ranked as an option of the libraries, in their own program and
// frequencies (over their static calls: slicing.StaticCallGraph). It
// also returns, per parameter of a number or a bool of their exported
// functions (slicing.Program.ParamReads), what one call does with the
// argument: its slice's cost divided by how often the function runs in
// those frequencies, each resource at most libraryCap as a call's
// summary is, kept even when it is nothing (a size only
// compared, a flag only stored), so that a call is charged with what it
// does with the option rather than with all it does. The keys are those
// Analysis.LibraryField and Analysis.LibraryArgs look up.
func FieldSummaries(ctx context.Context, lib *slicing.Program, s *configs.Settings) (map[string]configs.Resource, error) {
	if lib == nil || lib.SSA == nil {
		return nil, nil
	}
	fields := lib.FieldReads()
	params := lib.ParamReads()
	if len(fields)+len(params) == 0 {
		return nil, nil
	}
	a := slicing.NewAnalysis(lib, slicing.StaticCallGraph(lib), s)
	scores, calls, err := rank(ctx, a, lib, slicing.Forward(ctx, a, append(fields, params...)), s, nil)
	if err != nil {
		return nil, err
	}
	param := make(map[*slicing.Option]bool, len(params))
	for _, o := range params {
		param[o] = true
	}
	out := make(map[string]configs.Resource, len(scores))
	for _, sc := range scores {
		c := sc.Cost
		if param[sc.Option] {
			per := max(calls[sc.Option.Sites[0].Func], 1)
			out[sc.Option.Name] = configs.Resource{CPU: min(c.CPU/per, libraryCap), MEM: min(c.MEM/per, libraryCap), IO: min(c.IO/per, libraryCap),
				LAT: min(c.LAT/per, libraryCap), SYNC: min(c.SYNC/per, libraryCap), RET: c.RET}
			continue
		}
		if c.sum()+c.RET == 0 {
			continue
		}
		out[sc.Option.Name] = configs.Resource{CPU: c.CPU, MEM: c.MEM, IO: c.IO, LAT: c.LAT, SYNC: c.SYNC, RET: c.RET}
	}
	return out, nil
}

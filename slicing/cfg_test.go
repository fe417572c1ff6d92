package slicing_test

import (
	"context"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/slicing"
)

// funcs loads the cfg testdata package (once for all the tests) and
// returns its functions by name.
func funcs(t *testing.T) map[string]*ssa.Function {
	t.Helper()
	prog, _ := load(t, "cfg")
	out := make(map[string]*ssa.Function)
	for pkg := range prog.Scanned {
		for name, m := range pkg.Members {
			if fn, ok := m.(*ssa.Function); ok {
				out[name] = fn
			}
		}
	}
	return out
}

func comments(bs []*ssa.BasicBlock) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Comment)
	}
	slices.Sort(out)
	return out
}

func block(fn *ssa.Function, comment string) *ssa.BasicBlock {
	for _, b := range fn.Blocks {
		if b.Comment == comment {
			return b
		}
	}
	return nil
}

// testsOf returns the blocks of fn ending in a test that compares its
// parameter i.
func testsOf(fn *ssa.Function, i int) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if cmp, ok := br.Cond.(*ssa.BinOp); ok && (cmp.X == fn.Params[i] || cmp.Y == fn.Params[i]) {
			out = append(out, b)
		}
	}
	return out
}

func TestPostDominators(t *testing.T) {
	fns := funcs(t)

	// diamond: both arms depend on the entry branch, the join does not.
	d := fns["diamond"]
	pd := slicing.PostDominators(d)
	entry := d.Blocks[0]
	if got := comments(pd.Dependent(d, entry)); !slices.Equal(got, []string{"if.else", "if.then"}) {
		t.Errorf("diamond: dependent on entry = %v, want [if.else if.then]", got)
	}
	if j := pd.IPostDom(entry.Index); j < 0 || d.Blocks[j].Comment != "if.done" {
		t.Errorf("diamond: ipdom(entry) = %d, want if.done", j)
	}

	// nested loops: the outer header controls the outer body and itself,
	// not the exit.
	n := fns["nested"]
	pd = slicing.PostDominators(n)
	var headers []*ssa.BasicBlock
	for _, b := range n.Blocks {
		if b.Comment == "for.loop" {
			headers = append(headers, b)
		}
	}
	if len(headers) != 2 {
		t.Fatalf("nested: %d loop headers, want 2", len(headers))
	}
	dep := pd.Dependent(n, headers[0])
	var exit *ssa.BasicBlock
	for _, s := range headers[0].Succs {
		if s.Comment == "for.done" {
			exit = s
		}
	}
	if !slices.Contains(comments(dep), "for.body") || slices.Contains(dep, exit) || exit == nil {
		t.Errorf("nested: dependent on outer header = %v; must hold the body, not the exit", comments(dep))
	}

	// an error reported to every waiter before giving up: the loop over
	// them fails as the return after it does, so the rest of the
	// function post-dominates the branch around the check.
	r := fns["reportFail"]
	pd = slicing.PostDominators(r)
	if got := comments(pd.Dependent(r, r.Blocks[0])); !slices.Equal(got, []string{"if.then"}) {
		t.Errorf("reportFail: dependent on entry = %v, want [if.then]", got)
	}
	for _, b := range r.Blocks {
		if want := strings.HasPrefix(b.Comment, "rangeindex") || b.Comment == "if.then" && b.Index != 1; pd.Fails(b) != want {
			t.Errorf("reportFail: block %d (%s) fails = %v, want %v", b.Index, b.Comment, pd.Fails(b), want)
		}
	}

	// a return after handing on an error the path made (the connection
	// gives up on a frame of another version) fails: the test on the
	// version decides only that side, and the handling after it is not
	// its; the return when the frames run out is a normal exit.
	sf := fns["serveFrames"]
	pd = slicing.PostDominators(sf)
	tests := testsOf(sf, 0)
	if len(tests) != 1 {
		t.Fatalf("serveFrames: %d tests on the version, want 1", len(tests))
	}
	if got := comments(pd.Dependent(sf, tests[0])); !slices.Equal(got, []string{"if.then"}) {
		t.Errorf("serveFrames: dependent on the version test = %v, want [if.then]", got)
	}
	for _, b := range sf.Blocks {
		reports := slices.ContainsFunc(b.Instrs, func(i ssa.Instruction) bool { _, ok := i.(*ssa.Call); return ok })
		if _, ret := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ret && pd.Fails(b) != reports {
			t.Errorf("serveFrames: return block %d (%s) fails = %v", b.Index, b.Comment, pd.Fails(b))
		}
	}

	// an iteration that answers an error it made and goes on to the next
	// item gives up as a failing return does: the test on readOnly
	// decides only the answer, and handling the others is not its; a
	// continue that reports nothing is no failure.
	sr := fns["serveRequests"]
	pd = slicing.PostDominators(sr)
	replies := 0
	for _, b := range sr.Blocks {
		reports := slices.ContainsFunc(b.Instrs, func(i ssa.Instruction) bool { c, ok := i.(*ssa.Call); return ok && c.Call.Value == sr.Params[2] })
		if pd.Fails(b) != reports {
			t.Errorf("serveRequests: block %d (%s) fails = %v, want %v", b.Index, b.Comment, pd.Fails(b), reports)
		}
		if !reports {
			continue
		}
		replies++
		test := b.Preds[0] // the test on readOnly's second operand
		if got := pd.Dependent(sr, test); len(got) != 1 || got[0] != b {
			t.Errorf("serveRequests: dependent on the test before the answer = %v, want only the answer", comments(got))
		}
	}
	if replies != 1 {
		t.Fatalf("serveRequests: %d blocks answer with an error, want 1", replies)
	}

	// the answer of serveIndexed gives up on its item as serveRequests'
	// does; the report of redial, the loop's only way on, does not.
	for _, tc := range []struct {
		name   string
		report int // the parameter reporting
		want   bool
	}{{"serveIndexed", 2, true}, {"redial", 1, false}} {
		name, want := tc.name, tc.want
		f := fns[name]
		pd = slicing.PostDominators(f)
		found := false
		for _, b := range f.Blocks {
			if slices.ContainsFunc(b.Instrs, func(i ssa.Instruction) bool {
				c, ok := i.(*ssa.Call)
				return ok && c.Call.Value == f.Params[tc.report]
			}) {
				found = true
				if pd.Fails(b) != want {
					t.Errorf("%s: the report (block %d, %s) fails = %v, want %v", name, b.Index, b.Comment, pd.Fails(b), want)
				}
			}
		}
		if !found {
			t.Errorf("%s: no block reports", name)
		}
	}

	// what is a report and what is not (cfg.go's last shapes): the block
	// calling the reporting parameter fails or not as want says.
	for _, tc := range []struct {
		name   string
		report int // the parameter called
		want   bool
	}{
		{"closeLogged", 3, false}, {"printed", -1, false}, {"temporary", 1, false}, {"spawned", 1, false},
		{"drained", 3, false}, {"redialTemp", 2, false}, {"recvLoop", 3, true}, {"serveOr", 2, true}, {"serveInt", 2, true},
		{"stopInLoop", 3, false}, {"retryStrict", 3, false}, {"stop", 3, false},
		{"joinInLoop", 3, false}, {"checkLoop", 1, false}, {"spawnLoop", 1, false},
		{"closeConns", 2, false}, {"rejectAll", 2, false}, {"readLoop", 2, true},
		{"closeGetter", 2, false}, {"rejectEmpty", 2, false}, {"rejectMerged", 3, false}, {"closeCounted", 3, false}, {"readInit", 2, true},
	} {
		f := fns[tc.name]
		pd = slicing.PostDominators(f)
		found := false
		for _, b := range f.Blocks {
			calls := slices.ContainsFunc(b.Instrs, func(i ssa.Instruction) bool {
				c, ok := i.(ssa.CallInstruction)
				if !ok {
					return false
				}
				if tc.report < 0 {
					callee := c.Common().StaticCallee()
					return callee != nil && callee.Name() == "Println"
				}
				return c.Common().Value == f.Params[tc.report]
			})
			if !calls {
				continue
			}
			found = true
			if pd.Fails(b) != tc.want {
				t.Errorf("%s: the report (block %d, %s) fails = %v, want %v", tc.name, b.Index, b.Comment, pd.Fails(b), tc.want)
			}
		}
		if !found {
			t.Errorf("%s: no block reports", tc.name)
		}
	}
	// recvLoop's version test decides its report only, not the handling.
	rl := fns["recvLoop"]
	pd = slicing.PostDominators(rl)
	tests = testsOf(rl, 0)
	if len(tests) != 1 {
		t.Fatalf("recvLoop: %d tests on the version, want 1", len(tests))
	}
	if got := pd.Dependent(rl, tests[0]); len(got) != 1 {
		t.Errorf("recvLoop: dependent on the version test = %v, want the report only", comments(got))
	}

	// a function whose every return reports an error has no failing
	// return: the test on opt decides both its sides; and a sentinel
	// handed to errors.Is is no report.
	for _, name := range []string{"abort", "retryable"} {
		f := fns[name]
		pd = slicing.PostDominators(f)
		for _, b := range f.Blocks {
			if pd.Fails(b) {
				t.Errorf("%s: block %d (%s) fails", name, b.Index, b.Comment)
			}
		}
		if got := pd.Dependent(f, f.Blocks[0]); len(got) != 2 {
			t.Errorf("%s: dependent on the test on opt = %v, want both sides", name, comments(got))
		}
	}

	// a range over channels, each served until it closes, before the
	// function fails: the loop over a channel may serve the whole run, so
	// its blocks do not fail and the branch in it decides only its side.
	dr := fns["drainAll"]
	pd = slicing.PostDominators(dr)
	for _, b := range dr.Blocks {
		if strings.HasPrefix(b.Comment, "rangechan") && pd.Fails(b) {
			t.Errorf("drainAll: block %d (%s) fails", b.Index, b.Comment)
		}
		if br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && br.Cond == dr.Params[0] {
			if got := comments(pd.Dependent(dr, b)); !slices.Equal(got, []string{"if.then"}) {
				t.Errorf("drainAll: dependent on the branch on opt = %v, want [if.then]", got)
			}
		}
	}

	// an infinite loop: every block still has a post-dominator chain that
	// ends at the virtual exit.
	f := fns["forever"]
	pd = slicing.PostDominators(f)
	for _, b := range f.Blocks {
		steps := 0
		for i := b.Index; i >= 0 && steps <= len(f.Blocks); i = pd.IPostDom(i) {
			steps++
		}
		if steps > len(f.Blocks) {
			t.Errorf("forever: block %d (%s) has a post-dominator cycle", b.Index, b.Comment)
		}
	}
}

func TestLoops(t *testing.T) {
	fns := funcs(t)
	loops := slicing.Loops(fns["nested"])
	if len(loops) != 2 {
		t.Fatalf("nested: %d loops, want 2", len(loops))
	}
	outer, inner := loops[0], loops[1]
	if !outer.Contains(inner.Header) || inner.Contains(outer.Header) {
		t.Errorf("nested: the outer loop must contain the inner one and not the reverse")
	}
	if got := len(slicing.Loops(fns["diamond"])); got != 0 {
		t.Errorf("diamond: %d loops, want 0", got)
	}
	if got := len(slicing.Loops(fns["forever"])); got != 1 {
		t.Errorf("forever: %d loops, want 1", got)
	}
}

// TestCallGraph checks the call graph's reachability cut: a callee known
// only through a value a dependency's init registers is still resolved,
// and code nothing analysed can call is left out.
func TestCallGraph(t *testing.T) {
	prog, err := slicing.Load(context.Background(), slicing.Config{
		Dir:      filepath.Join("testdata", "src"),
		Patterns: []string{"./callgraph/app"},
	})
	if err != nil {
		t.Fatal(err)
	}
	g := slicing.CallGraph(prog)
	byName := nodesByName(g)
	enc := byName["example.com/t/callgraph/app.Encode"]
	if enc == nil {
		t.Fatal("app.Encode is not in the call graph")
	}
	var callees []string
	for _, e := range g.Nodes[enc].Out {
		callees = append(callees, e.Callee.Func.String())
	}
	if !slices.Contains(callees, "(example.com/t/callgraph/zip.zip).Encode") {
		t.Errorf("app.Encode calls %v; want the codec zip's init registers", callees)
	}
	if n := g.Nodes[byName["example.com/t/callgraph/zip.Unused"]]; n != nil && len(n.Out) > 0 {
		t.Errorf("zip.Unused, which nothing analysed calls, was analysed: calls %v", n.Out)
	}
}

// TestStaticCallGraph checks the graph of a program with no root (the
// libraries' own): a generic method's call of another is an edge between
// their generic bodies, which stand for every instance, and a function
// nothing calls has no caller.
func TestStaticCallGraph(t *testing.T) {
	prog, err := slicing.Load(context.Background(), slicing.Config{
		Dir:      filepath.Join("testdata", "src"),
		Patterns: []string{"./libsum"},
	})
	if err != nil {
		t.Fatal(err)
	}
	g := slicing.StaticCallGraph(prog)
	byName := nodesByName(g)
	refill := byName["(*example.com/t/libsum.Pool[T]).Refill"]
	if refill == nil {
		t.Fatalf("Pool.Refill is not in the graph; have %v", slices.Sorted(maps.Keys(byName)))
	}
	var callees []string
	for _, e := range g.Nodes[refill].Out {
		callees = append(callees, e.Callee.Func.String())
		if e.Callee.Func.Origin() != nil {
			t.Errorf("Refill's edge goes to the instance %s, not to its generic body", e.Callee.Func)
		}
	}
	if !slices.Contains(callees, "(*example.com/t/libsum.Pool[T]).Fill") {
		t.Errorf("Refill calls %v; want Pool.Fill's generic body", callees)
	}
	if n := g.Nodes[byName["example.com/t/libsum.Even"]]; n == nil || len(n.In) != 1 {
		t.Errorf("Even: want one caller (Odd), have node %v", n)
	}
}

// nodesByName indexes the functions of g's nodes by their full names.
func nodesByName(g *callgraph.Graph) map[string]*ssa.Function {
	out := make(map[string]*ssa.Function)
	for fn := range g.Nodes {
		if fn != nil {
			out[fn.String()] = fn
		}
	}
	return out
}

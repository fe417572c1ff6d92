package mutate

import (
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// reached holds the test functions that reach a function.
type reached struct {
	benchmarks, tests []string
	// parallel says whether one of the benchmarks runs the code from
	// several goroutines at once (b.RunParallel, or goroutines it starts).
	parallel bool
}

// reached returns the benchmarks and tests whose calls reach fn in the
// call graph, as "import/path.Name" (the path of the package whose test
// binary holds them), sorted. A closure is reached where the function
// defining it is: it is mostly called there or handed to a callee
// (b.Run, a goroutine); a function or method value where it is made.
func (g *generator) reached(fn *ssa.Function) (benchmarks, tests []string) {
	if r, ok := g.reach[fn]; ok {
		return r.benchmarks, r.tests
	}
	if g.variants == nil {
		g.variants = make(map[token.Pos][]*ssa.Function)
		for _, f := range g.a.Functions() {
			if f.Pos().IsValid() {
				g.variants[f.Pos()] = append(g.variants[f.Pos()], f)
			}
		}
	}
	// A package and its test variant have a function each at one place.
	seen := map[*ssa.Function]bool{fn: true}
	queue := []*ssa.Function{fn}
	for _, v := range g.variants[fn.Pos()] {
		if !seen[v] {
			seen[v] = true
			queue = append(queue, v)
		}
	}
	bset, tset := make(map[string]bool), make(map[string]bool)
	parallel := false
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		if kind := testFunc(f); kind != "" {
			name := strings.TrimSuffix(f.Pkg.Pkg.Path(), "_test") + "." + f.Name()
			if kind == "Benchmark" {
				bset[name] = true
				parallel = parallel || concurrent(f)
			} else {
				tset[name] = true
			}
			continue
		}
		next := func(h *ssa.Function) {
			if h != nil && !seen[h] {
				seen[h] = true
				queue = append(queue, h)
			}
		}
		next(f.Parent())
		for _, c := range g.a.Callers(f) {
			next(c.Parent())
		}
		// A function value handed to library code (an HTTP handler, a
		// callback) is called where the call graph does not go: it is
		// reached where it is made, as a closure is.
		for _, h := range g.madeIn(f) {
			next(h)
		}
		if o := f.Origin(); o != nil {
			next(o)
		}
	}
	r := &reached{slices.Sorted(maps.Keys(bset)), slices.Sorted(maps.Keys(tset)), parallel}
	g.reach[fn] = r
	return r.benchmarks, r.tests
}

// concurrent reports whether a benchmark runs its work from several
// goroutines: it calls (*testing.B).RunParallel or starts goroutines,
// itself or in its closures.
func concurrent(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch c := instr.(type) {
			case *ssa.Go:
				return true
			case *ssa.Call:
				if callee := c.Call.StaticCallee(); callee != nil && callee.Name() == "RunParallel" && callee.Pkg != nil && callee.Pkg.Pkg.Path() == "testing" {
					return true
				}
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if concurrent(anon) {
			return true
		}
	}
	return false
}

// testFunc returns "Benchmark" or "Test" for a benchmark or test
// function of a _test.go file, and "" for anything else.
func testFunc(fn *ssa.Function) string {
	if fn.Pkg == nil || fn.Parent() != nil || fn.Signature.Recv() != nil || fn.Signature.Params().Len() != 1 {
		return ""
	}
	for _, kind := range []string{"Benchmark", "Test"} {
		rest, ok := strings.CutPrefix(fn.Name(), kind)
		if !ok || (rest != "" && rest[0] >= 'a' && rest[0] <= 'z') {
			continue
		}
		ptr, ok := fn.Signature.Params().At(0).Type().(*types.Pointer)
		if !ok {
			return ""
		}
		named, ok := ptr.Elem().(*types.Named)
		if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "testing" {
			return ""
		}
		if want := map[string]string{"Benchmark": "B", "Test": "T"}[kind]; named.Obj().Name() != want {
			return ""
		}
		return kind
	}
	return ""
}

// madeIn returns the functions that make a value of fn: a method value
// (its bound wrapper, or fn itself when it is the method) or a function
// used other than as a static callee.
func (g *generator) madeIn(fn *ssa.Function) []*ssa.Function {
	if g.values == nil {
		g.values = make(map[*ssa.Function][]*ssa.Function)
		add := func(v ssa.Value, in *ssa.Function) {
			f, ok := v.(*ssa.Function)
			if !ok {
				return
			}
			g.values[f] = append(g.values[f], in)
			if strings.HasPrefix(f.Synthetic, "bound method wrapper") {
				if m, ok := f.Object().(*types.Func); ok {
					if mf := f.Prog.FuncValue(m); mf != nil {
						g.values[mf] = append(g.values[mf], in)
					}
				}
			}
		}
		for _, in := range g.a.Functions() {
			for _, b := range in.Blocks {
				for _, instr := range b.Instrs {
					if mc, ok := instr.(*ssa.MakeClosure); ok {
						add(mc.Fn, in)
						continue
					}
					var callee ssa.Value
					if c, ok := instr.(ssa.CallInstruction); ok && !c.Common().IsInvoke() {
						callee = c.Common().Value
					}
					for _, op := range instr.Operands(nil) {
						if *op != callee {
							add(*op, in)
						}
					}
				}
			}
		}
	}
	return g.values[fn]
}

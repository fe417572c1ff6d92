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
}

// reached returns the benchmarks and tests whose calls reach fn in the
// call graph, as "import/path.Name" (the path of the package whose test
// binary holds them), sorted. A closure is reached where the function
// defining it is: it is mostly called there or handed to a callee
// (b.Run, a goroutine).
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
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		if kind := testFunc(f); kind != "" {
			name := strings.TrimSuffix(f.Pkg.Pkg.Path(), "_test") + "." + f.Name()
			if kind == "Benchmark" {
				bset[name] = true
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
		if o := f.Origin(); o != nil {
			next(o)
		}
	}
	r := &reached{slices.Sorted(maps.Keys(bset)), slices.Sorted(maps.Keys(tset))}
	g.reach[fn] = r
	return r.benchmarks, r.tests
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

package compare

import (
	"cmp"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/confhunt/confhunt/slicing"
)

// Bench is a benchmark or a test of the head.
type Bench struct {
	Pkg  string // import path of the package go test builds
	Name string // BenchmarkX or TestX
	Dir  string // directory of its package in the head's copy
	Test bool   // a test rather than a benchmark
	// Reaches names the changed functions it reaches, sorted.
	Reaches []string
	// Sync is set when one of them takes a lock or uses a channel.
	Sync bool
	// Failed says how its coverage run failed (SelectCovered): it was
	// not selected, whatever it reaches.
	Failed string

	fn *ssa.Function
}

// Selection is what Select chose.
type Selection struct {
	Benchmarks, Tests           []Bench // selected, by package and name
	TotalBenchmarks, TotalTests int     // of the packages analysed
	// Failed are the benchmarks and tests whose coverage run failed (a
	// file or a server they need is missing), left out of the selection.
	Failed []Bench
}

// Benchmarks returns every benchmark and test of the analysed packages
// of prog, by package and name.
func Benchmarks(prog *slicing.Program) []Bench {
	var all []Bench
	for fn := range ssautil.AllFunctions(prog.SSA) {
		if b := benchOf(prog, fn); b != nil {
			all = append(all, *b)
		}
	}
	slices.SortFunc(all, func(x, y Bench) int {
		return cmp.Or(cmp.Compare(x.Pkg, y.Pkg), cmp.Compare(x.Name, y.Name), cmp.Compare(x.fn.String(), y.fn.String()))
	})
	return slices.CompactFunc(all, func(x, y Bench) bool { return x.Pkg == y.Pkg && x.Name == y.Name && x.Test == y.Test })
}

// Select returns the benchmarks of the analysed packages of head that
// reach a changed function in graph and, with tests, the tests that do.
func Select(head *slicing.Program, graph *callgraph.Graph, changes []Change, tests bool) Selection {
	all := Benchmarks(head)
	byFunc := make(map[*ssa.Function]*Bench, len(all))
	for i := range all {
		byFunc[all[i].fn] = &all[i]
	}
	reach(head.Module, graph, changes, byFunc)
	return selection(all, tests)
}

// reach walks back from each changed function over the callers in graph
// and adds it to Reaches of the benchmarks of byFunc it comes to; module
// is the main module's path.
func reach(module string, graph *callgraph.Graph, changes []Change, byFunc map[*ssa.Function]*Bench) {
	// Walk back from each changed function over the callers.
	for _, c := range changes {
		seen := make(map[*ssa.Function]bool)
		var stack []*ssa.Function
		for _, fn := range c.Funcs {
			seen[fn] = true
			stack = append(stack, fn)
		}
		for len(stack) > 0 {
			fn := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if b := byFunc[fn]; b != nil && !slices.Contains(b.Reaches, c.Name) {
				b.Reaches = append(b.Reaches, c.Name)
				b.Sync = b.Sync || c.Sync
			}
			for _, e := range inEdges(graph, fn) {
				if printing(e) || fn.Parent() != nil && !ofModule(module, e.Caller.Func) {
					// A closure that library code calls (b.Run's
					// sub-benchmark, sort.Slice's less, a sync.Once's
					// function) is reached where it is made, through its
					// parent below: the library function's edges go to
					// every closure handed to it anywhere, so that every
					// benchmark calling b.Run would reach every
					// sub-benchmark.
					continue
				}
				if caller := e.Caller.Func; !seen[caller] {
					seen[caller] = true
					stack = append(stack, caller)
				}
			}
			// A closure is reached where its parent runs it; the graph
			// has the edge when the closure is called, and a benchmark's
			// b.Loop body or b.Run literal is one.
			if p := fn.Parent(); p != nil && !seen[p] {
				seen[p] = true
				stack = append(stack, p)
			}
		}
	}
}

// selection counts all and keeps those that reach a change: benchmarks,
// and tests when asked for.
func selection(all []Bench, tests bool) Selection {
	var sel Selection
	for _, b := range all {
		if b.Test {
			sel.TotalTests++
		} else {
			sel.TotalBenchmarks++
		}
		if b.Failed != "" {
			sel.Failed = append(sel.Failed, b)
			continue
		}
		if len(b.Reaches) == 0 || b.Test && !tests {
			continue
		}
		slices.Sort(b.Reaches)
		if b.Test {
			sel.Tests = append(sel.Tests, b)
		} else {
			sel.Benchmarks = append(sel.Benchmarks, b)
		}
	}
	return sel
}

// printing reports whether e is a library's dynamic call of a method
// that renders a value as text (Error, String, GoString, Format): fmt
// printing a value, which a benchmark or test does on its failure path
// (b.Fatal(err)), so that every benchmark would otherwise reach every
// Error method. The module's own calls of these methods are followed.
func printing(e *callgraph.Edge) bool {
	if e.Site == nil || !e.Site.Common().IsInvoke() {
		return false
	}
	switch e.Callee.Func.Name() {
	case "Error", "String", "GoString", "Format":
	default:
		return false
	}
	pkg := e.Caller.Func.Pkg
	return pkg == nil || !strings.Contains(strings.SplitN(pkg.Pkg.Path(), "/", 2)[0], ".")
}

// ofModule reports whether fn belongs to a package of the module whose
// path is module (its test variants included).
func ofModule(module string, fn *ssa.Function) bool {
	if fn.Pkg == nil {
		if fn.Origin() != nil {
			fn = fn.Origin()
		}
		if fn.Pkg == nil {
			return false
		}
	}
	path := strings.TrimSuffix(fn.Pkg.Pkg.Path(), "_test")
	return path == module || strings.HasPrefix(path, module+"/")
}

func inEdges(g *callgraph.Graph, fn *ssa.Function) []*callgraph.Edge {
	if n := g.Nodes[fn]; n != nil {
		return n.In
	}
	return nil
}

// benchOf returns fn as a benchmark or test of an analysed package of
// the main module, or nil.
func benchOf(prog *slicing.Program, fn *ssa.Function) *Bench {
	if fn.Parent() != nil || fn.Pkg == nil || fn.Signature.Recv() != nil || !inModule(prog, fn) || !prog.Scanned[fn.Pkg] && !prog.Helper[fn.Pkg] {
		return nil
	}
	file := prog.Fset.Position(fn.Pos()).Filename
	if !strings.HasSuffix(file, "_test.go") {
		return nil
	}
	var test bool
	switch {
	case isTest(fn.Name(), "Benchmark") && takes(fn, "B"):
	case isTest(fn.Name(), "Test") && takes(fn, "T"):
		test = true
	default:
		return nil
	}
	return &Bench{Pkg: strings.TrimSuffix(fn.Pkg.Pkg.Path(), "_test"), Name: fn.Name(), Dir: filepath.Dir(file), Test: test, fn: fn}
}

// isTest reports whether name is prefix followed by nothing or by a
// character that is not a lower-case letter, as go test requires.
func isTest(name, prefix string) bool {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return false
	}
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return !unicode.IsLower(r)
}

// takes reports whether fn's signature is func(*testing.<typ>).
func takes(fn *ssa.Function, typ string) bool {
	sig := fn.Signature
	if sig.Params().Len() != 1 || sig.Results().Len() != 0 || sig.TypeParams().Len() != 0 {
		return false
	}
	p, ok := sig.Params().At(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" && n.Obj().Name() == typ
}

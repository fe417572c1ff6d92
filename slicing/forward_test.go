package slicing_test

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/slicing"
)

// TestForward checks the precision rules of the forward slice: each line
// with "sliced" facts must (or, negated, must not) hold an instruction of
// the option's slice, and "effect" facts name an influence kind arising
// on the line.
func TestForward(t *testing.T) {
	for _, pkg := range []string{"forward", "scaled", "timers", "fanin", "containers", "sensitivity", "state", "locks", "impls"} {
		t.Run(pkg, func(t *testing.T) { testForward(t, pkg) })
	}
}

func testForward(t *testing.T, pkg string) {
	prog, opts := load(t, pkg)
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s)
	sls := slicing.Forward(context.Background(), a, opts)
	sliced := make(map[string]map[string]bool)  // file:line -> options
	effects := make(map[string]map[string]bool) // file:line -> "option:kind"
	scaled := make(map[string]map[string]bool)  // file:line -> options
	add := func(m map[string]map[string]bool, key, v string) {
		if m[key] == nil {
			m[key] = make(map[string]bool)
		}
		m[key][v] = true
	}
	for sl := range sls {
		for fn, fs := range sl.Funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if !fs.Contains(instr) {
						continue
					}
					p := slicing.Pos(instr)
					if !p.IsValid() {
						continue
					}
					pos := prog.Fset.Position(p)
					key := fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
					add(sliced, key, sl.Option.Name)
					for _, k := range fs.Influence[instr].Kinds() {
						add(effects, key, sl.Option.Name+":"+k)
					}
					if fs.Scaled[instr] {
						add(scaled, key, sl.Option.Name)
					}
				}
			}
		}
	}
	checked := 0
	for _, w := range testutil.Wants(t, filepath.Join("testdata", "src", pkg)) {
		key := fmt.Sprintf("%s:%d", w.File, w.Line)
		for _, f := range w.Facts {
			switch f.Key {
			case "sliced":
				if sliced[key][f.Value] == f.Negated {
					t.Errorf("%s: %ssliced:%q does not hold (sliced here: %v)", key, neg(f.Negated), f.Value, keys(sliced[key]))
				}
			case "effect":
				if effects[key][f.Value] == f.Negated {
					t.Errorf("%s: %seffect:%q does not hold (effects here: %v)", key, neg(f.Negated), f.Value, keys(effects[key]))
				}
			case "scaled":
				if scaled[key][f.Value] == f.Negated {
					t.Errorf("%s: %sscaled:%q does not hold", key, neg(f.Negated), f.Value)
				}
			default:
				t.Fatalf("%s: unknown fact %q", key, f.Key)
			}
			checked++
		}
	}
	if min := map[string]int{"forward": 30, "scaled": 3}[pkg]; checked < min {
		t.Errorf("only %d facts checked; the testdata lost its expectations", checked)
	}
}

func keys(m map[string]bool) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return strings.Join(out, " ")
}

// TestFanIn checks that a function called from many sites is entered with
// at most limits.max_func_contexts call strings, and that the sites past
// the bound still get the option back (TestForward's fanin.go cases).
func TestFanIn(t *testing.T) {
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	testFanIn(t, s, s.Limits.MaxFuncContexts)
}

func testFanIn(t *testing.T, s *configs.Settings, want int) {
	t.Helper()
	prog, opts := load(t, "fanin")
	a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s)
	for _, o := range opts {
		if o.Name != "Fan.Size" {
			continue
		}
		for fn, n := range slicing.Entered(a, o) {
			if fn.Name() != "half" {
				continue
			}
			if n != want {
				t.Errorf("half entered with %d call strings, want the bound %d (20 call sites)", n, want)
			}
			return
		}
		t.Fatal("half was never entered")
	}
	t.Fatal("option Fan.Size not discovered")
}

// TestRangeKeys checks that an option stored as a map's key reaches what
// a range over the map reads (the key), but does not bound that loop: how
// often it runs depends on how many entries the map has.
func TestRangeKeys(t *testing.T) {
	sl := forward(t, "containers")["Config.Shard"]
	if sl == nil {
		t.Fatal("option Config.Shard not discovered")
	}
	if sl.Influence&slicing.Trip != 0 {
		t.Errorf("Config.Shard has influence %v: a range over the map it keys is no loop it bounds", sl.Influence)
	}
}

// forward returns the slices of the options of the testdata package pkg,
// by option name, with the default settings.
func forward(t *testing.T, pkg string) map[string]*slicing.Slice {
	t.Helper()
	prog, opts := load(t, pkg)
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s)
	out := make(map[string]*slicing.Slice)
	for sl := range slicing.Forward(context.Background(), a, opts) {
		out[sl.Option.Name] = sl
	}
	return out
}

// TestListOptions checks that a list the user gives bounds no loop and
// sizes nothing anywhere in its slice (lists.go: a range loop's test has
// no position, so TestForward cannot see it there), while whether it is
// empty is a branch; and that a number taken out of a map still does
// both.
func TestListOptions(t *testing.T) {
	sls := forward(t, "containers")
	for name, w := range map[string]struct{ has, hasNot slicing.Influence }{
		"ListConfig.Versions": {slicing.Path, slicing.Trip | slicing.Size},
		"ListConfig.Settings": {0, slicing.Trip | slicing.Size},
		"ListConfig.Limits":   {slicing.Trip | slicing.Size, 0},
	} {
		sl := sls[name]
		if sl == nil {
			t.Errorf("option %s not discovered", name)
			continue
		}
		if sl.Influence&w.has != w.has || sl.Influence&w.hasNot != 0 {
			t.Errorf("%s has influence %v, want %v and none of %v", name, sl.Influence, w.has, w.hasNot)
		}
	}
}

// TestLimits checks that the limits of a settings file govern the slices:
// with limits.max_hops 0 no value crosses a shared location, so a slice of
// the forward case shrinks and none grows; with max_func_contexts 4 the
// fan-in helper is entered with 4 call strings, not the default bound.
func TestLimits(t *testing.T) {
	def, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), configs.FileName)
	if err := os.WriteFile(file, []byte("limits: {max_hops: 0, max_func_contexts: 4}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := configs.Load("", file, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Limits.MaxHops != 0 || s.Limits.MaxFuncContexts != 4 || s.Limits.MaxWhole != def.Limits.MaxWhole {
		t.Fatalf("limits read as %+v", s.Limits)
	}

	prog, opts := load(t, "forward")
	before := sliceSizes(slicing.NewAnalysis(prog, slicing.CallGraph(prog), def), opts)
	after := sliceSizes(slicing.NewAnalysis(prog, slicing.CallGraph(prog), s), opts)
	shrunk := 0
	for name, n := range after {
		switch {
		case n > before[name]:
			t.Errorf("option %s: %d instructions with max_hops 0, more than the %d by default", name, n, before[name])
		case n < before[name]:
			shrunk++
		}
	}
	if shrunk == 0 {
		t.Errorf("max_hops 0 shrank no slice of %d options", len(after))
	}

	testFanIn(t, s, 4)
}

// sliceSizes counts the instructions in each option's slice.
func sliceSizes(a *slicing.Analysis, opts []*slicing.Option) map[string]int {
	out := make(map[string]int)
	for sl := range slicing.Forward(context.Background(), a, opts) {
		for fn, fs := range sl.Funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if fs.Contains(instr) {
						out[sl.Option.Name]++
					}
				}
			}
		}
	}
	return out
}

// TestFailedLimits checks that a limit a loop gathering items fails past (an
// error returned, or an HTTP 413 answered) does not make the items
// gathered the option's: the items processed after the loop are the
// request's whatever the limit, so the value does not enter the function
// processing them. A limit that ends a batch early does make them its
// own.
func TestFailedLimits(t *testing.T) {
	processes := func(sl *slicing.Slice) bool {
		for fn := range sl.Funcs {
			if fn.Name() == "process" {
				return true
			}
		}
		return false
	}
	sls := forward(t, "limits")
	for name, want := range map[string]bool{"Config.MaxItems": false, "Config.MaxFields": false, "Config.BatchItems": true} {
		sl := sls[name]
		if sl == nil {
			t.Errorf("option %s not discovered", name)
			continue
		}
		if got := processes(sl); got != want {
			t.Errorf("%s reaches the items' processing: %v, want %v", name, got, want)
		}
	}
}

// TestShared checks the share of the runs in which a value stored in a
// field is the one its loads find: a command's arguments, which four
// constructors fill, hold the search option's value in a quarter of the
// runs of the writer reading them; a queue's pending command, which its
// put stores for four callers (the handshake and three operations),
// holds the handshake option's value in a quarter of the sender's runs;
// a client's prefix, which two constructors copy from the same setting,
// holds the setting always.
func TestShared(t *testing.T) {
	prog, opts := load(t, "shared")
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s)
	writer := func(sl *slicing.Slice) *slicing.FuncSlice {
		for fn, fs := range sl.Funcs {
			if fn.Name() == "write" || fn.Name() == "send" {
				return fs
			}
		}
		return nil
	}
	checked := 0
	for sl := range slicing.Forward(context.Background(), a, opts) {
		fs := writer(sl)
		switch sl.Option.Name {
		case "SearchOptions.Verbatim", "HelloOptions.Resp2":
			// A quarter of the runs: four constructors fill the
			// arguments; put stores what four callers pass.
			if fs == nil {
				t.Fatalf("%s does not reach the function reading the location", sl.Option.Name)
			}
			if fs.Anywhere || fs.Loaded != 0.25 {
				t.Errorf("%s reaches %s with Anywhere %v, Loaded %v; want a share of 1/4 (four places fill the location)", sl.Option.Name, fs.Func.Name(), fs.Anywhere, fs.Loaded)
			}
			checked++
		case "Config.Prefix":
			if fs == nil || !fs.Anywhere {
				t.Errorf("%s does not reach the writer in every run (%+v): only its copies fill the prefix", sl.Option.Name, fs)
			}
			checked++
		}
	}
	if checked != 3 {
		t.Errorf("checked %d options, want 3", checked)
	}
}

// TestResourceAnalysed: the catalogue weighs calls into code the analysis
// does not enter; a function of the analysed program that a catalogue
// entry names (a library ranking itself) is entered, not weighed twice.
func TestResourceAnalysed(t *testing.T) {
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Resources = append(s.Resources, configs.Resource{Func: "example.com/t/forward.spin", CPU: 1000})
	prog, _ := load(t, "forward")
	a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s)
	var spin, sync int
	for _, fn := range a.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil {
					continue
				}
				switch callee.String() {
				case "example.com/t/forward.spin":
					spin++
					if r, found := a.Resource(call); found {
						t.Errorf("a call of the analysed spin weighed by the catalogue: %+v", r)
					}
				case "(*os.File).Sync":
					sync++
					if r, found := a.Resource(call); !found || r.IO == 0 {
						t.Errorf("File.Sync not weighed by the catalogue: %+v, %v", r, found)
					}
				}
			}
		}
	}
	if spin == 0 || sync == 0 {
		t.Fatalf("calls found: spin %d, File.Sync %d; want both", spin, sync)
	}
}

// TestSortFuncs: sorting with each function's position read once orders
// the functions of a program of several files and packages as
// compareFuncs does, from any starting order.
func TestSortFuncs(t *testing.T) {
	prog, _ := load(t, "structs")
	all := slices.Collect(maps.Keys(ssautil.AllFunctions(prog.SSA)))
	if len(all) < 100 {
		t.Fatalf("%d functions, want a program of at least 100", len(all))
	}
	want := slices.Clone(all)
	slices.SortFunc(want, slicing.CompareFuncs)
	r := rand.New(rand.NewPCG(1, 2))
	for range 3 {
		got := slices.Clone(all)
		r.Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
		slicing.SortFuncs(got)
		if !slices.IsSortedFunc(got, slicing.CompareFuncs) {
			t.Fatal("SortFuncs left functions out of compareFuncs' order")
		}
		for i := range got {
			if slicing.CompareFuncs(got[i], want[i]) != 0 {
				t.Fatalf("function %d: %s, want %s", i, got[i], want[i])
			}
		}
	}
}

// BenchmarkSortFuncs sorts the functions of a program that holds
// net/http's bodies (thousands of functions in hundreds of files) with
// compareFuncs at every comparison and with sortFuncs, which finds each
// function's position once.
func BenchmarkSortFuncs(b *testing.B) {
	cfg := slicing.Config{Dir: filepath.Join("testdata", "src"), Patterns: []string{"./callbacks"}, AllBodies: true}
	prog, err := slicing.Load(context.Background(), cfg)
	if err != nil {
		b.Fatal(err)
	}
	all := slices.Collect(maps.Keys(ssautil.AllFunctions(prog.SSA)))
	r := rand.New(rand.NewPCG(1, 2))
	r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	b.Logf("%d functions", len(all))
	fns := make([]*ssa.Function, len(all))
	b.Run("compareFuncs", func(b *testing.B) {
		for b.Loop() {
			copy(fns, all)
			slices.SortFunc(fns, slicing.CompareFuncs)
		}
	})
	b.Run("sortFuncs", func(b *testing.B) {
		for b.Loop() {
			copy(fns, all)
			slicing.SortFuncs(fns)
		}
	})
}

package compare_test

import (
	"context"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/compare"
	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/slicing"
)

// The scratch module: package a's Work is what the commits change;
// package b is unrelated. Work's loop count is an option's value.
const goMod = "module example.com/scratch\n\ngo 1.26.0\n"

const aGo = `package a

import (
	"os"
	"sync"
)

// Config holds the settings.
type Config struct {
	Verify bool ` + "`yaml:\"verify\"`" + `
}

var cfg = Config{Verify: os.Getenv("SCRATCH_VERIFY") == ""}

var (
	sink int
	mu   sync.Mutex
)

// Work sums a little.
func Work(n int) int {
	LOCK
	s := 0
	for i := 0; i < n*ROUNDS; i++ {
		s += i ^ (s >> 3)
	}
	if cfg.Verify {
		s += check(s)
	}
	sink = s
	return s
}

func check(s int) int { return s & 1 }
`

const aTest = `package a

import "testing"

func BenchmarkWork(b *testing.B) {
	for range b.N {
		Work(50)
	}
}

func TestWork(t *testing.T) {
	t.Parallel()
	if Work(0) != 0 {
		t.Fatal("Work(0) is not 0")
	}
}
`

const bGo = `package b

// Other is unrelated to a.
func Other(n int) int {
	s := 1
	for i := range n {
		s = s*31 + i
	}
	return s
}

type tooBig struct{}

func (tooBig) Error() string { return "too big" }

// Check fails for a large n.
func Check(n int) error {
	if n > 1000 {
		return tooBig{}
	}
	return nil
}
`

const bTest = `package b

import "testing"

var sink int

func BenchmarkOther(b *testing.B) {
	for range b.N {
		sink = Other(100)
	}
}

func BenchmarkCheck(b *testing.B) {
	for i := range b.N {
		if err := Check(i % 100); err != nil {
			b.Fatal(err)
		}
	}
}
`

// c's BenchmarkReflect reaches a.Work only through reflection, which the
// call graph does not follow and coverage sees; BenchmarkData fails.
const cTest = `package c

import (
	"os"
	"reflect"
	"testing"

	"example.com/scratch/a"
)

func BenchmarkReflect(b *testing.B) {
	f := reflect.ValueOf(a.Work)
	arg := []reflect.Value{reflect.ValueOf(1)}
	for range b.N {
		f.Call(arg)
	}
}

// BenchmarkData needs a file the repository does not have.
func BenchmarkData(b *testing.B) {
	data, err := os.ReadFile("testdata/corpus.bin")
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		_ = len(data)
	}
}
`

// reformatted is aGo moved around and reformatted: check first, comments
// changed, Work's body laid out differently.
const reformatted = `package a

import (
	"os"
	"sync"
)

func check(s int) int {
	return s & 1
}

// Config holds the settings (reformatted).
type Config struct {
	Verify bool ` + "`yaml:\"verify\"`" + `
}

var cfg = Config{Verify: os.Getenv("SCRATCH_VERIFY") == ""}

var (
	sink int
	mu   sync.Mutex
)

// Work sums a little,
// in a loop.
func Work(n int) int {
	s := 0
	for i := 0; i < n*ROUNDS; i++ { s += i ^ (s >> 3) }
	if cfg.Verify { s += check(s) }
	sink = s
	return s
}
`

// scratch is the scratch repository with its commits: base, slow (Work
// 20× the rounds), reformat (the base reformatted), and uncommitted
// edits on top of reformat (b.Extra added, BenchmarkOther calling it).
type scratch struct {
	dir                  string
	base, slow, reformat string
	run                  *runner.Run

	mu    sync.Mutex
	trees map[string]func() (*side, error)
}

// side is one revision copied and loaded.
type side struct {
	tree *compare.Tree
	prog *slicing.Program
}

func makeRepo(t *testing.T) *scratch {
	t.Helper()
	dir := t.TempDir()
	s := &scratch{dir: dir, trees: make(map[string]func() (*side, error))}
	s.base = testutil.Commit(t, dir, "base", map[string]string{
		"go.mod": goMod, "a/a.go": strings.NewReplacer("ROUNDS", "20", "LOCK", "").Replace(aGo), "a/a_test.go": aTest,
		"b/b.go": bGo, "b/b_test.go": bTest, "c/c.go": "package c\n", "c/c_test.go": cTest, ".gitignore": "*.out\n",
	})
	s.slow = testutil.Commit(t, dir, "slow", map[string]string{"a/a.go": strings.NewReplacer("ROUNDS", "400", "LOCK", "mu.Lock(); defer mu.Unlock()").Replace(aGo)})
	testutil.Git(t, dir, "checkout", "-q", s.base, "--", "a/a.go")
	s.reformat = testutil.Commit(t, dir, "reformat", map[string]string{"a/a.go": strings.ReplaceAll(reformatted, "ROUNDS", "20")})
	testutil.WriteFiles(t, s.dir, map[string]string{
		"b/extra.go":  "package b\n\n// Extra is new.\nfunc Extra() int { return Other(3) }\n",
		"b/b.go":      strings.Replace(bGo, `"too big"`, `"too big!"`, 1),
		"b/b_test.go": strings.Replace(bTest, "Other(100)", "Other(100) + Extra()", 1),
		"ignored.out": "not copied\n",
	})
	r := &runner.Runner{Dir: s.dir, Env: os.Environ()}
	run, err := r.Start("compare-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := run.Close(); err != nil {
			t.Error(err)
		}
	})
	s.run = run
	return s
}

// load materialises revision spec ("" for the working tree) and loads
// it with its tests, once for all the tests.
func (s *scratch) load(t *testing.T, spec string) *side {
	t.Helper()
	s.mu.Lock()
	f := s.trees[spec]
	if f == nil {
		f = sync.OnceValues(func() (*side, error) {
			ctx := context.Background()
			name := spec
			if name == "" {
				name = "worktree"
			}
			tree, err := compare.Materialise(ctx, s.dir, spec, filepath.Join(s.run.Dir, name))
			if err != nil {
				return nil, err
			}
			prog, err := slicing.Load(ctx, slicing.Config{Dir: tree.Dir, Tests: true})
			return &side{tree, prog}, err
		})
		s.trees[spec] = f
	}
	s.mu.Unlock()
	sd, err := f()
	if err != nil {
		t.Fatal(err)
	}
	return sd
}

func names(bs []compare.Bench) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Pkg+"."+b.Name)
	}
	return out
}

// TestCompare runs compare on the scratch repository. The user's
// repository must be left as it was: the test checks its status,
// worktrees, refs and the index's modification time at the end.
func TestCompare(t *testing.T) {
	s := makeRepo(t)
	before := testutil.State(t, s.dir)
	t.Cleanup(func() {
		if after := testutil.State(t, s.dir); after != before {
			t.Errorf("the repository changed:\nbefore %+v\nafter  %+v", before, after)
		}
	})
	t.Run("slow", func(t *testing.T) { t.Parallel(); testSlow(t, s) })
	t.Run("predict", func(t *testing.T) { t.Parallel(); testPredict(t, s) })
	t.Run("reformat", func(t *testing.T) { t.Parallel(); testReformat(t, s) })
	t.Run("worktree", func(t *testing.T) { t.Parallel(); testWorkTree(t, s) })
}

// testSlow: the commit that makes Work 20× slower, under a lock, changes
// Work alone, selects a's benchmark and test and not b's, which is not
// run, and a's benchmark is measured slower at -test.cpu 1 and 2;
// Verify's slice holds Work.
func testSlow(t *testing.T, s *scratch) {
	base, head := s.load(t, s.base), s.load(t, s.slow)
	changes := compare.Changes(base.prog, head.prog)
	if len(changes) != 1 || changes[0].Name != "example.com/scratch/a.Work" || changes[0].Kind != compare.Changed || changes[0].Pos != "a/a.go:21:6" || !changes[0].Sync {
		t.Fatalf("changes = %+v, want a.Work changed at a/a.go:21:6, locking", changes)
	}
	graph := slicing.CallGraph(head.prog)
	sel := compare.Select(head.prog, graph, changes, true)
	if got := names(sel.Benchmarks); !slices.Equal(got, []string{"example.com/scratch/a.BenchmarkWork"}) {
		t.Errorf("selected benchmarks %v, want a.BenchmarkWork alone (c's call through reflection is not in the call graph)", got)
	}
	if got := names(sel.Tests); !slices.Equal(got, []string{"example.com/scratch/a.TestWork"}) {
		t.Errorf("selected tests %v, want a.TestWork", got)
	}
	if sel.TotalBenchmarks != 5 || sel.TotalTests != 1 {
		t.Errorf("totals %d benchmarks, %d tests; want 5, 1", sel.TotalBenchmarks, sel.TotalTests)
	}
	// Coverage sees the call through reflection too, and not b.
	cov, err := compare.SelectCovered(context.Background(), s.run, head.prog, graph, changes, true, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(cov.Benchmarks), []string{"example.com/scratch/a.BenchmarkWork", "example.com/scratch/c.BenchmarkReflect"}; !slices.Equal(got, want) {
		t.Errorf("selected by coverage %v, want %v", got, want)
	}
	// The benchmark whose run fails is left out, with why, and the
	// others are still selected.
	if got := names(cov.Failed); !slices.Equal(got, []string{"example.com/scratch/c.BenchmarkData"}) || !strings.Contains(cov.Failed[0].Failed, "corpus.bin") {
		t.Errorf("failed in the coverage run %v (%+v), want c.BenchmarkData, its error naming corpus.bin", got, cov.Failed)
	}
	if got := names(cov.Tests); !slices.Equal(got, []string{"example.com/scratch/a.TestWork"}) {
		t.Errorf("tests selected by coverage %v, want a.TestWork", got)
	}
	if noTests := compare.Select(head.prog, graph, changes, false); len(noTests.Tests) != 0 {
		t.Errorf("tests selected without asking: %v", names(noTests.Tests))
	}

	settings, err := configs.Load(head.tree.Dir, "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := slicing.Discover(context.Background(), head.prog, settings.Sources)
	if err != nil {
		t.Fatal(err)
	}
	touches, err := compare.Touches(context.Background(), slicing.NewAnalysis(head.prog, graph, settings), opts, changes, sel)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(touches, func(tc compare.Touch) bool { return tc.Option == "Config.Verify" })
	if i < 0 {
		t.Fatalf("options touched %+v, want Config.Verify", touches)
	}
	if tc := touches[i]; !slices.Equal(tc.Funcs, []string{"example.com/scratch/a.Work"}) || !slices.Contains(tc.Benchmarks, "example.com/scratch/a.BenchmarkWork") {
		t.Errorf("Config.Verify touches %+v, want a.Work and BenchmarkWork", tc)
	}

	var progress []string
	p := compare.Protocol{Protocol: bench.Protocol{Runs: 7, MaxRuns: 7, Progress: func(run int, v string) { progress = append(progress, v) }}, Benchtime: "200x", CPU: 2}
	m, err := compare.Measure(context.Background(), s.run, base.tree, head.tree, sel.Benchmarks, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(progress) != 16 {
		t.Errorf("%d runs, want 16 (a warm-up and 7 of each side)", len(progress))
	}
	for _, v := range progress {
		if !strings.HasPrefix(v, "example.com/scratch/a @ ") {
			t.Errorf("a run of another package than a: %s", v)
		}
	}
	if len(m.Results) != 2 || m.Results[0].Name != "Work" || m.Results[1].Name != "Work-2" {
		t.Fatalf("results %+v, want Work at -test.cpu 1 and 2", m.Results)
	}
	for _, r := range m.Results {
		if r.Benchmark != "BenchmarkWork" || r.Pkg != "example.com/scratch/a" || r.Verdict != bench.Slower || r.Ratio < 3 {
			t.Errorf("result %s.%s (%s): verdict %v ratio %.2f, want slower, at least 3×", r.Pkg, r.Name, r.Benchmark, r.Verdict, r.Ratio)
		}
	}
	if len(m.Cut) != 0 || m.Shortened != nil || m.Unfit != nil {
		t.Errorf("without a budget: cut %v, shortened %v, unfit %v", m.Cut, m.Shortened, m.Unfit)
	}
	if m.Saved(sel.TotalBenchmarks) <= 0 {
		t.Errorf("no time saved by leaving out three of four benchmarks")
	}
}

// testReformat: a commit that only moves and reformats code changes no
// function and selects nothing.
func testReformat(t *testing.T, s *scratch) {
	base, head := s.load(t, s.base), s.load(t, s.reformat)
	changes := compare.Changes(base.prog, head.prog)
	if len(changes) != 0 {
		t.Errorf("changes %+v, want none", changes)
	}
	sel := compare.Select(head.prog, slicing.CallGraph(head.prog), changes, true)
	if len(sel.Benchmarks)+len(sel.Tests) != 0 {
		t.Errorf("selected %v %v, want nothing", names(sel.Benchmarks), names(sel.Tests))
	}
}

// testWorkTree: the working tree is the head when no revision is given,
// uncommitted edits and untracked files included; an added function is
// a change, a removed one too. A changed Error method that a benchmark
// reaches only where it prints a failure (b.Fatal(err)) selects nothing.
func testWorkTree(t *testing.T, s *scratch) {
	base, head := s.load(t, s.base), s.load(t, "")
	if head.tree.Label() != "working tree" {
		t.Errorf("label %q", head.tree.Label())
	}
	if _, err := os.Stat(filepath.Join(head.tree.Dir, "ignored.out")); err == nil {
		t.Error("an ignored file was copied")
	}
	var got []string
	for _, c := range compare.Changes(base.prog, head.prog) {
		got = append(got, c.Kind.String()+" "+c.Name)
	}
	want := []string{"changed example.com/scratch/b.tooBig.Error", "changed example.com/scratch/b.BenchmarkOther", "added example.com/scratch/b.Extra"}
	if !slices.Equal(got, want) {
		t.Errorf("changes %v, want %v", got, want)
	}
	// Reversed, Extra is removed.
	if c := compare.Changes(head.prog, base.prog); len(c) != 3 || c[2].Kind != compare.Removed || c[2].Name != "example.com/scratch/b.Extra" || len(c[2].Funcs) != 0 {
		t.Errorf("reversed changes %+v, want b.Extra removed last", c)
	}
	sel := compare.Select(head.prog, slicing.CallGraph(head.prog), compare.Changes(base.prog, head.prog), false)
	if got := names(sel.Benchmarks); !slices.Equal(got, []string{"example.com/scratch/b.BenchmarkOther"}) {
		t.Errorf("selected %v, want b.BenchmarkOther", got)
	}
}

// testPredict: under a workload running Work 200 times, the probes see
// Work's time per call grow with the slow commit, predict the workload
// slower, and a counts file's calls scale the prediction for its run.
func testPredict(t *testing.T, s *scratch) {
	base, head := s.load(t, s.base), s.load(t, s.slow)
	changes := compare.Changes(base.prog, head.prog)
	r := runner.Runner{Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}
	w := runner.Workload{Command: []string{"go", "test", "-run", "^$", "-bench", "Work", "-benchtime", "200x", "./a"}}
	counted := func(fn *ssa.Function) (int64, bool) {
		return 1000, slicing.FullName(fn) == "example.com/scratch/a.Work"
	}
	e, err := compare.Predict(context.Background(), r, base.tree, head.tree, base.prog, head.prog, changes, counted, w, bench.Protocol{Runs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Funcs) != 1 || e.Funcs[0].Func != "example.com/scratch/a.Work" {
		t.Fatalf("functions %+v, want a.Work", e.Funcs)
	}
	l := e.Funcs[0]
	if l.Calls[0] < 200 || l.Calls[1] < 200 {
		t.Errorf("calls per run %v, want at least 200 each", l.Calls)
	}
	// Work does 20× the rounds in the head, but each call also pays the
	// probe's own clock reads, which one run on a loaded machine can
	// inflate: 1.5× leaves room for that and still fails if the probes
	// did not see the slowdown.
	if !(l.PerCall[1] > 1.5*l.PerCall[0]) || !(e.Predicted > 0) || !(l.Delta > 0) {
		t.Errorf("per call %v, delta %g, predicted %g: want head over 1.5× base, and a slower workload", l.PerCall, l.Delta, e.Predicted)
	}
	if want := 1000 * (l.PerCall[1] - l.PerCall[0]); l.Counted != 1000 || math.Abs(l.CountedDelta-want) > 1e-6*want {
		t.Errorf("counted %d, delta there %g; want 1000 and %g", l.Counted, l.CountedDelta, want)
	}
	if e.Actual.A.N != 1 || e.Actual.B.N != 1 {
		t.Errorf("%d+%d runs compared, want 1+1", e.Actual.A.N, e.Actual.B.N)
	}
}

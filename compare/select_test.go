package compare_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/confhunt/confhunt/compare"
	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/slicing"
)

// twoTrees writes a base and a head module (base's files, then head's
// edits over them) and returns them as trees, without git.
func twoTrees(t *testing.T, files, edits map[string]string) (base, head *compare.Tree) {
	t.Helper()
	merged := make(map[string]string, len(files))
	for name, text := range files {
		merged[name] = text
	}
	for name, text := range edits {
		merged[name] = text
	}
	b, h := testutil.Tree(t, files), testutil.Tree(t, merged)
	return &compare.Tree{Spec: "base", ID: "base", Dir: b, Root: b}, &compare.Tree{Spec: "head", ID: "head", Dir: h, Root: h}
}

// loadTree loads tree with its tests, as confhunt compare loads: the
// libraries without their bodies, so that testing's b.Run calls the
// sub-benchmarks only where the call graph says they are made.
func loadTree(t *testing.T, tree *compare.Tree) *slicing.Program {
	t.Helper()
	prog, err := slicing.Load(context.Background(), slicing.Config{Dir: tree.Dir, Tests: true})
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// The sub-benchmarks' closures: b.Run, a library function without its
// body here, calls them; each is reached from the benchmark that makes
// it, and from no other benchmark calling b.Run.
const subGo = `package p

// Fast is what BenchmarkFast measures.
func Fast(n int) int { return n + 1 }

// Slow is what BenchmarkSlow measures, and what the head changes.
func Slow(n int) int {
	s := 0
	for i := range n {
		s += i
	}
	return s
}
`

const subTest = `package p

import "testing"

var sink int

func BenchmarkFast(b *testing.B) {
	for _, n := range []int{1, 2} {
		b.Run("n", func(b *testing.B) {
			for range b.N {
				sink = Fast(n)
			}
		})
	}
}

func BenchmarkSlow(b *testing.B) {
	b.Run("n=10", func(b *testing.B) {
		for range b.N {
			sink = Slow(10)
		}
	})
}
`

// TestSelectSubBenchmarks: a change reached only by BenchmarkSlow's
// sub-benchmark closure selects BenchmarkSlow, not BenchmarkFast, though
// the call graph has b.Run calling both closures.
func TestSelectSubBenchmarks(t *testing.T) {
	t.Parallel()
	files := map[string]string{"go.mod": goMod, "p/p.go": subGo, "p/p_test.go": subTest}
	base, head := twoTrees(t, files, map[string]string{"p/p.go": strings.Replace(subGo, "s += i", "s += i * i", 1)})
	bp, hp := loadTree(t, base), loadTree(t, head)
	changes := compare.Changes(bp, hp)
	if len(changes) != 1 || changes[0].Name != "example.com/scratch/p.Slow" {
		t.Fatalf("changes %+v, want p.Slow", changes)
	}
	sel := compare.Select(hp, slicing.CallGraph(hp), changes, false)
	if got := names(sel.Benchmarks); !slices.Equal(got, []string{"example.com/scratch/p.BenchmarkSlow"}) {
		t.Errorf("selected %v, want p.BenchmarkSlow alone", got)
	}
	if sel.TotalBenchmarks != 2 {
		t.Errorf("%d benchmarks in all, want 2", sel.TotalBenchmarks)
	}
}

// TestMeasureVetFinding: a package whose test files fail go vet (an
// example naming a method the package lacks, which go test's vet checks
// reject) is still built and measured: vet says nothing of speed. It is
// measured under a budget too small for any round, which shortens the
// runs and then cuts them, and says so.
func TestMeasureVetFinding(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"go.mod":      goMod,
		"p/p.go":      subGo,
		"p/p_test.go": subTest,
		"p/example_test.go": `package p_test

func ExampleThing_Missing() {}
`,
	}
	base, head := twoTrees(t, files, map[string]string{"p/p.go": strings.Replace(subGo, "s += i", "s += i * i", 1)})
	r := &runner.Runner{Dir: head.Dir, Env: os.Environ()}
	run, err := r.Start("compare-vet-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := run.Close(); err != nil {
			t.Error(err)
		}
	})
	sel := []compare.Bench{{Pkg: "example.com/scratch/p", Name: "BenchmarkSlow", Dir: filepath.Join(head.Dir, "p")}}
	// A budget the warm-up spends already: one round of the three asked
	// for, and the package is said to be cut; its benchtime is shortened.
	var warned []string
	p := compare.Protocol{Protocol: bench.Protocol{Runs: 3, MaxRuns: 3, Budget: time.Nanosecond}, Benchtime: "10x", CPU: 1,
		Warn: func(msg string) { warned = append(warned, msg) }}
	m, err := compare.Measure(context.Background(), run, base, head, sel, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Results) != 1 || !strings.HasPrefix(m.Results[0].Name, "Slow/n=10") {
		t.Fatalf("results %+v, want Slow/n=10", m.Results)
	}
	if r := m.Results[0]; len(r.Values[0]) != 1 || len(r.Values[1]) != 1 {
		t.Errorf("%d and %d runs, want one a side", len(r.Values[0]), len(r.Values[1]))
	}
	if !slices.Equal(m.Cut, []string{"example.com/scratch/p"}) {
		t.Errorf("cut %v, want example.com/scratch/p", m.Cut)
	}
	// Before cutting, it made the runs as short as they go.
	if got := m.Shortened["example.com/scratch/p"]; got != "1x" || len(m.Shortened) != 1 {
		t.Errorf("shortened %v, want p at 1x", m.Shortened)
	}
	// Even so the rounds could not fit, and it said so when it knew,
	// with the time they would have needed: more than the warm-ups took.
	if need := m.Unfit["example.com/scratch/p"]; need <= 0 || len(m.Unfit) != 1 {
		t.Errorf("unfit %v, want p with the share it needed", m.Unfit)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "cannot fit -runs 3 rounds even at -benchtime 1x") {
		t.Errorf("warnings %q, want one that -runs 3 rounds cannot fit at 1x", warned)
	}
}

// The branch test: Parse has a short and a long path; the head changes
// the short one only (a line, and a line deleted).
const branchGo = `package p

import "strings"

// Parse parses s.
func Parse(s string) (string, error) {
	if len(s) < 4 {
		e := &lengthError{len(s)}
		return "", e
	}
	return strings.ToUpper(s), nil
}

type lengthError struct{ n int }

func (e *lengthError) Error() string { return "too short" }
`

const branchTest = `package p

import "testing"

func BenchmarkParseShort(b *testing.B) {
	for range b.N {
		Parse("ab")
	}
}

func BenchmarkParseLong(b *testing.B) {
	for range b.N {
		Parse("abcdefgh")
	}
}
`

// TestSelectCoveredBranch: by coverage, a change in one branch of a
// function selects the benchmark that runs that branch, not the one that
// runs the function's other path; the call graph selects both.
func TestSelectCoveredBranch(t *testing.T) {
	t.Parallel()
	files := map[string]string{"go.mod": goMod, "p/p.go": branchGo, "p/p_test.go": branchTest}
	edited := strings.Replace(branchGo, "\t\te := &lengthError{len(s)}\n\t\treturn \"\", e\n", "\t\treturn \"\", &lengthError{2 * len(s)}\n", 1)
	if edited == branchGo {
		t.Fatal("the edit did not apply")
	}
	base, head := twoTrees(t, files, map[string]string{"p/p.go": edited})
	bp, hp := loadTree(t, base), loadTree(t, head)
	changes := compare.Changes(bp, hp)
	if len(changes) != 1 || changes[0].Name != "example.com/scratch/p.Parse" {
		t.Fatalf("changes %+v, want p.Parse", changes)
	}
	// Parse is lines 6 to 12 of the head; the change is line 8 (its
	// line replaces two of the base's).
	if lines, after := changes[0].Lines(); !slices.Equal(lines, []int{8}) || len(after) != 0 {
		t.Errorf("lines of the change %v, after %v; want [8], none", lines, after)
	}
	graph := slicing.CallGraph(hp)
	if got := names(compare.Select(hp, graph, changes, false).Benchmarks); len(got) != 2 {
		t.Errorf("selected by the call graph %v, want both", got)
	}
	r := &runner.Runner{Dir: head.Dir, Env: os.Environ()}
	run, err := r.Start("compare-branch-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := run.Close(); err != nil {
			t.Error(err)
		}
	})
	sel, err := compare.SelectCovered(context.Background(), run, hp, graph, changes, false, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := names(sel.Benchmarks); !slices.Equal(got, []string{"example.com/scratch/p.BenchmarkParseShort"}) {
		t.Errorf("selected by coverage %v, want p.BenchmarkParseShort alone", got)
	}
}

// A benchmark that skips itself unless its flag names its data, as
// benchmarks over downloaded corpora do.
const dataTest = `package p

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var dataDir = flag.String("datadir", "", "where the input is")

func BenchmarkParseData(b *testing.B) {
	in, err := os.ReadFile(filepath.Join(*dataDir, "input"))
	if err != nil {
		b.Skip("no data")
	}
	for range b.N {
		Parse(string(in))
	}
}
`

// TestArgs: the user's arguments reach the test binaries in the
// coverage runs and the measured ones: a benchmark skipped without its
// data is selected and measured with it, and not without.
func TestArgs(t *testing.T) {
	t.Parallel()
	files := map[string]string{"go.mod": goMod, "p/p.go": branchGo, "p/data_test.go": dataTest}
	base, head := twoTrees(t, files, map[string]string{"p/p.go": strings.Replace(branchGo, "&lengthError{len(s)}", "&lengthError{2 * len(s)}", 1)})
	data := testutil.Tree(t, map[string]string{"input": "ab"})
	bp, hp := loadTree(t, base), loadTree(t, head)
	changes := compare.Changes(bp, hp)
	graph := slicing.CallGraph(hp)
	r := &runner.Runner{Dir: head.Dir, Env: os.Environ()}
	run, err := r.Start("compare-args-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := run.Close(); err != nil {
			t.Error(err)
		}
	})
	args := []string{"-datadir=" + data}
	for _, tc := range []struct {
		args []string
		want int
	}{{nil, 0}, {args, 1}} {
		sel, err := compare.SelectCovered(context.Background(), run, hp, graph, changes, false, "", tc.args)
		if err != nil {
			t.Fatal(err)
		}
		if len(sel.Benchmarks) != tc.want {
			t.Errorf("args %q: selected %v, want %d", tc.args, names(sel.Benchmarks), tc.want)
		}
	}
	sel := []compare.Bench{{Pkg: "example.com/scratch/p", Name: "BenchmarkParseData", Dir: filepath.Join(head.Dir, "p")}}
	p := compare.Protocol{Protocol: bench.Protocol{Runs: 1, MaxRuns: 1}, Benchtime: "10x", CPU: 1, Args: args}
	m, err := compare.Measure(context.Background(), run, base, head, sel, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Results) != 1 {
		t.Errorf("results %+v, want BenchmarkParseData's", m.Results)
	}
}

package hunt_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/hunt"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/slicing"
	"github.com/confhunt/confhunt/slicing/slicingtest"
)

// probeRun writes the plan's overlay, runs go test ./... in dir through
// it and returns the calls each probed function made, by short name.
func probeRun(t *testing.T, l slicingtest.Loaded, plan *hunt.Plan, dir string) (map[string]int64, *hunt.Result) {
	t.Helper()
	before := testutil.Checksum(t, l.Prog.Root)
	ov, err := plan.Write(l.Prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ov.Remove()
	var out strings.Builder
	r := &hunt.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: &out, Stderr: &out}}
	res, err := r.Probe(context.Background(), plan, ov, runner.Workload{Command: []string{"go", "test", "./..."}})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	calls := make(map[string]int64)
	for _, m := range res.Measurements {
		if m.Probe.Kind == hunt.FuncProbe {
			calls[slicing.ShortName(m.Probe.Func)] += m.Calls
		}
	}
	if testutil.Checksum(t, l.Prog.Root) != before {
		t.Errorf("the probe run changed the user's tree")
	}
	return calls, res
}

// spin is a function worth a probe: it loops.
const spin = `
func Spin(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	return s
}
`

// TestProbeWorkspace: from one module of a go.work workspace, the
// functions of another workspace module are probed through the overlay.
func TestProbeWorkspace(t *testing.T) {
	testutil.GoEnv(t)
	ws := testutil.Tree(t, map[string]string{
		"go.work":  "go 1.22\n\nuse (\n\t./a\n\t./b\n)\n",
		"a/go.mod": "module example.com/a\n\ngo 1.22\n",
		"a/a.go":   "package a\n" + spin,
		"b/go.mod": "module example.com/b\n\ngo 1.22\n\nrequire example.com/a v0.0.0\n",
		"b/b.go":   "package b\n",
		"b/b_test.go": `package b

import (
	"testing"

	"example.com/a"
)

func TestSpin(t *testing.T) {
	for range 3 {
		a.Spin(10)
	}
}
`,
	})
	dir := filepath.Join(ws, "b")
	l := slicingtest.Load(t, slicing.Config{Dir: dir, Patterns: []string{"./...", "example.com/a"}})
	calls, _ := probeRun(t, l, hunt.PlanAll(l.Analysis), dir)
	if calls["a.Spin"] != 3 {
		t.Errorf("a.Spin: %d calls, want 3 (all: %v)", calls["a.Spin"], calls)
	}
}

// TestProbeOldGo: a module whose go.mod names an old Go (go 1.12: no
// unsafe.Slice, no 0o literals), whose package declares names the
// probes' file imports (time, os), is probed: the counters' file uses
// only what that Go has, under names of its own.
func TestProbeOldGo(t *testing.T) {
	testutil.GoEnv(t)
	dir := testutil.Tree(t, map[string]string{
		"go.mod": "module example.com/old\n\ngo 1.12\n",
		"old.go": "package old\n\nvar time, os = 3, 4\n" + spin,
		"old_test.go": `package old

import "testing"

func TestSpin(t *testing.T) {
	for i := 0; i < 4; i++ {
		Spin(10)
	}
}
`,
	})
	l := slicingtest.Load(t, slicing.Config{Dir: dir, Patterns: []string{"./..."}})
	calls, _ := probeRun(t, l, hunt.PlanAll(l.Analysis), dir)
	if calls["old.Spin"] != 4 {
		t.Errorf("old.Spin: %d calls, want 4 (all: %v)", calls["old.Spin"], calls)
	}
}

// TestProbeVendor: a vendored package is probed through the overlay, with
// -mod=vendor and no network.
func TestProbeVendor(t *testing.T) {
	testutil.GoEnv(t)
	t.Setenv("GOFLAGS", "-mod=vendor")
	dir := testutil.Tree(t, map[string]string{
		"go.mod":                        "module example.com/app\n\ngo 1.22\n\nrequire example.com/dep v1.0.0\n",
		"vendor/modules.txt":            "# example.com/dep v1.0.0\n## explicit; go 1.22\nexample.com/dep\n",
		"vendor/example.com/dep/dep.go": "package dep\n" + spin,
		"app.go":                        "package app\n",
		"app_test.go": `package app

import (
	"testing"

	"example.com/dep"
)

func TestSpin(t *testing.T) {
	for range 5 {
		dep.Spin(10)
	}
}
`,
	})
	l := slicingtest.Load(t, slicing.Config{Dir: dir, Patterns: []string{"example.com/dep"}})
	calls, _ := probeRun(t, l, hunt.PlanAll(l.Analysis), dir)
	if calls["dep.Spin"] != 5 {
		t.Errorf("dep.Spin: %d calls, want 5 (all: %v)", calls["dep.Spin"], calls)
	}
}

// TestProbeCgo: probes in a file that uses cgo cannot be spliced in (what
// was parsed is cgo's output): they are left out with a warning naming
// the file, and the package's other files are still probed.
func TestProbeCgo(t *testing.T) {
	testutil.GoEnv(t)
	testutil.NeedCgo(t)
	dir := testutil.Tree(t, map[string]string{
		"go.mod": "module example.com/cg\n\ngo 1.22\n",
		"c.go": `package cg

// static int twice(int x) { return 2*x; }
import "C"

func Twice(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += int(C.twice(C.int(i)))
	}
	return s
}
`,
		"spin.go": "package cg\n" + spin,
		"cg_test.go": `package cg

import "testing"

func TestBoth(t *testing.T) {
	Twice(3)
	Spin(3)
	Spin(3)
}
`,
	})
	l := slicingtest.Load(t, slicing.Config{Dir: dir})
	plan := hunt.PlanAll(l.Analysis)
	calls, res := probeRun(t, l, plan, dir)
	want := "cannot probe c.go: its package uses cgo"
	if len(plan.Skipped) != 1 || !strings.HasPrefix(plan.Skipped[0], want) {
		t.Errorf("skipped %q, want one %q", plan.Skipped, want)
	}
	if len(res.Warnings) != 1 || res.Warnings[0] != plan.Skipped[0] {
		t.Errorf("warnings %q, want the skipped file", res.Warnings)
	}
	if calls["cg.Spin"] != 2 || len(calls) != 1 {
		t.Errorf("calls %v, want cg.Spin 2 alone", calls)
	}
}

// TestProbeSizes: an allocation probe counts the bytes of the target's
// element size, which GOARCH sets: 8 for an int on amd64, 4 on 386.
func TestProbeSizes(t *testing.T) {
	testutil.GoEnv(t)
	dir := testutil.Tree(t, map[string]string{
		"go.mod": "module example.com/sz\n\ngo 1.22\n",
		"sz.go": `package sz

type Config struct {
	N int ` + "`yaml:\"n\"`" + `
}

func Fill(c Config) []int { return make([]int, c.N) }
`,
	})
	for arch, want := range map[string]string{"amd64": "int64(confhuntN0)*8", "386": "int64(confhuntN0)*4"} {
		t.Setenv("GOARCH", arch)
		l := slicingtest.Load(t, slicing.Config{Dir: dir})
		ov, err := planSlices(t, l).Write(l.Prog, nil)
		if err != nil {
			t.Fatal(err)
		}
		rewritten, _ := filepath.Glob(filepath.Join(ov.Dir, "[0-9][0-9][0-9]_sz.go"))
		var got []byte
		if len(rewritten) == 1 {
			got, _ = os.ReadFile(rewritten[0])
		}
		ov.Remove()
		if !strings.Contains(string(got), want) {
			t.Errorf("GOARCH=%s: the probed make does not record %s:\n%s", arch, want, got)
		}
	}
}

package hunt_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/hunt"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/slicing"
	"github.com/confhunt/confhunt/slicing/slicingtest"
)

// probeDir is the program the probe tests plan, write and run probes in.
var probeDir, _ = filepath.Abs(filepath.Join("testdata", "probe"))

// loadProbe loads and analyses testdata/probe once for all the tests.
var loadProbe = slicingtest.Shared(slicing.Config{Dir: probeDir})

// probePlan plans probes on the slices of every option of testdata/probe.
func probePlan(t *testing.T) (slicingtest.Loaded, *hunt.Plan, string) {
	t.Helper()
	l := loadProbe(t)
	return l, planSlices(t, l), probeDir
}

// planSlices plans probes on the slices of every option of l.
func planSlices(t *testing.T, l slicingtest.Loaded) *hunt.Plan {
	t.Helper()
	opts, err := slicing.Discover(context.Background(), l.Prog, l.Settings.Sources)
	if err != nil {
		t.Fatal(err)
	}
	var sls []*slicing.Slice
	for sl := range slicing.Forward(context.Background(), l.Analysis, opts) {
		sls = append(sls, sl)
	}
	return hunt.PlanSlices(l.Analysis, sls)
}

// checkClean fails t if files are left in tmp or dir's checksum is no
// longer before.
func checkClean(t *testing.T, tmp, dir, before string) {
	t.Helper()
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if testutil.Checksum(t, dir) != before {
		t.Errorf("the run changed the user's tree")
	}
}

// TestProbeRoundTrip plans, writes the overlay, runs the package's test
// through it and reads the counters back: calls, bytes and lines are as
// the test makes them; the rewritten file matches its golden file; the
// user's tree is untouched and the overlay is removed.
func TestProbeRoundTrip(t *testing.T) {
	t.Parallel()
	l, plan, dir := probePlan(t)
	before := testutil.Checksum(t, dir)
	funcs, allocs, ios := plan.Count()
	if funcs != 1 || allocs != 1 || ios != 2 {
		t.Fatalf("plan: %d functions, %d allocations, %d IO calls; want 1, 1, 2", funcs, allocs, ios)
	}
	ov, err := plan.Write(l.Prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	rewritten, err := filepath.Glob(filepath.Join(ov.Dir, "[0-9][0-9][0-9]_probe.go"))
	if err != nil || len(rewritten) != 1 {
		t.Fatalf("rewritten files: %v %v", rewritten, err)
	}
	got, _ := os.ReadFile(rewritten[0])
	testutil.Golden(t, filepath.Join("testdata", "probe.go.golden"), got)
	orig, _ := os.ReadFile(filepath.Join(dir, "probe.go"))
	if bytes.Count(got, []byte("\n")) != bytes.Count(orig, []byte("\n")) {
		t.Errorf("the rewrite changed the number of lines")
	}

	r := &hunt.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
	res, err := r.Probe(context.Background(), plan, ov, runner.Workload{Command: []string{"go", "test", "-run", "TestWork", "."}})
	if err != nil {
		t.Fatal(err) // also fails if the probes moved a line: TestWork checks
	}
	for _, m := range res.Measurements {
		switch m.Probe.Kind {
		case hunt.FuncProbe:
			if m.Calls != 3 || m.Nanos <= 0 {
				t.Errorf("Work: %d calls, %d ns; want 3 calls and some time", m.Calls, m.Nanos)
			}
		case hunt.AllocProbe:
			if m.Calls != 3 || m.Bytes != 300 {
				t.Errorf("make: %d calls, %d bytes; want 3 and 300", m.Calls, m.Bytes)
			}
		case hunt.IOProbe:
			want := int64(300) // Write of 100 bytes, three times
			if m.Probe.Callee == "os.(*File).Sync" {
				want = 0
			}
			if m.Calls != 3 || m.Bytes != want || m.Nanos <= 0 {
				t.Errorf("%s: %d calls, %d bytes, %d ns; want 3, %d and some time", m.Probe.Callee, m.Calls, m.Bytes, m.Nanos, want)
			}
		}
	}
	bs := hunt.Bottlenecks(l.Analysis, res.Measurements, hunt.ByIO)
	if bs[0].Probe.Kind != hunt.IOProbe || bs[0].Bytes != 300 {
		t.Errorf("by io, first is %v with %d bytes", bs[0].Probe.Kind, bs[0].Bytes)
	}
	if err := ov.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(ov.Dir); !os.IsNotExist(err) {
		t.Errorf("overlay directory left behind")
	}
	if testutil.Checksum(t, dir) != before {
		t.Errorf("the probe run changed the user's tree")
	}
}

// TestProbeInterrupted: an interrupted probe run returns, and neither it
// nor the overlay leaves anything behind.
func TestProbeInterrupted(t *testing.T) {
	l, plan, dir := probePlan(t)
	before := testutil.Checksum(t, dir)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ov, err := plan.Write(l.Prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	r := &hunt.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
	// The workload sleeps far longer than the context allows.
	_, err = r.Probe(ctx, plan, ov, runner.Workload{Build: "./cmd/sleeper", Command: []string{"sleep", "60"}})
	if err == nil {
		t.Fatal("an interrupted run succeeded")
	}
	ov.Remove()
	checkClean(t, tmp, dir, before)
}

// TestProbeErrors: a failing workload, a package that does not build, a
// package that is no program, and a service that ignores SIGINT (killed after the grace period, its
// counters kept, with a warning).
func TestProbeErrors(t *testing.T) {
	t.Parallel()
	dir := testutil.ServiceDir(t)
	r := &hunt.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard, Grace: time.Second}}
	ctx := context.Background()
	if _, err := r.Probe(ctx, nil, nil, runner.Workload{Command: []string{"go", "test", "./nosuch"}}); err == nil || !strings.Contains(err.Error(), "the workload failed") {
		t.Errorf("failing workload: %v", err)
	}
	if _, err := r.Probe(ctx, nil, nil, runner.Workload{Build: "./nosuch", Command: []string{"go", "version"}}); err == nil || !strings.Contains(err.Error(), "building ./nosuch") {
		t.Errorf("missing package: %v", err)
	}
	rl := &hunt.Runner{Runner: runner.Runner{Dir: probeDir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
	if _, err := rl.Probe(ctx, nil, nil, runner.Workload{Build: ".", Command: []string{"go", "version"}}); err == nil || !strings.Contains(err.Error(), "building .: not a main package") {
		t.Errorf("library package: %v", err)
	}
	addr := testutil.FreePort(t)
	res, err := r.Probe(ctx, nil, nil, runner.Workload{Build: "./stubborn", Args: []string{"-addr", addr}, Ready: addr, Command: []string{"go", "version"}})
	if err != nil || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "was killed") || !strings.Contains(res.Warnings[0], "counters are kept") {
		t.Errorf("stubborn service: %v %+v", err, res)
	}
}

// TestProbeTestVariants: with test variants loaded (-test), a package and
// its test variant share one set of probes, one counters file and one
// generated file, so that every test binary of the run counts into the
// same counters; and the options keep the names they have without -test.
func TestProbeTestVariants(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs(filepath.Join("testdata", "variants"))
	options := func(tests bool) (slicingtest.Loaded, []string) {
		l := slicingtest.Load(t, slicing.Config{Dir: dir, Tests: tests})
		opts, err := slicing.Discover(context.Background(), l.Prog, l.Settings.Sources)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, o := range opts {
			names = append(names, o.Name)
		}
		slices.Sort(names)
		return l, names
	}
	_, plain := options(false)
	l, withTests := options(true)
	if !slices.Equal(plain, withTests) || len(plain) == 0 {
		t.Errorf("options with test variants: %v; without: %v", withTests, plain)
	}

	// Every function of both variants of lib, config and app is probed.
	plan := hunt.PlanAll(l.Analysis)
	at := make(map[string]bool)
	for _, pr := range plan.Probes {
		k := fmt.Sprintf("%v %s", pr.Kind, l.Prog.Fset.Position(pr.Pos))
		if at[k] {
			t.Errorf("two probes at %s", k)
		}
		at[k] = true
	}
	got, _ := probeRun(t, l, plan, dir)
	// lib's tests call Spin 5 times and Fill 3 times, app's test calls
	// Spin, Fill and Walk twice; Default is called by three tests.
	want := map[string]int64{"lib.Spin": 7, "lib_test.TestExternal": 1, "lib.Fill": 5, "lib.Walk": 2, "lib.TestSpin": 1, "lib.testConfig": 1, "config.Default": 3, "app.Run": 2}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d calls, want %d (all: %v)", k, got[k], n, got)
		}
	}
}

// TestProbeModuleCache: probes in a dependency's package, whose files are
// in the module cache that go -overlay cannot change, are refused before
// anything runs, with what to do instead.
func TestProbeModuleCache(t *testing.T) {
	t.Setenv("GOPROXY", "off") // the dependency is in the cache, as confhunt's own
	t.Setenv("GOFLAGS", "-mod=mod")
	dir, _ := filepath.Abs(filepath.Join("testdata", "dep"))
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := slicing.Load(context.Background(), slicing.Config{Dir: dir, Patterns: []string{"github.com/mitchellh/reflectwalk"}})
	if err != nil {
		t.Skipf("the dependency is not in the module cache: %v", err)
	}
	a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s)
	plan := hunt.PlanAll(a)
	if len(plan.Probes) == 0 {
		t.Fatal("no probe planned in the dependency")
	}
	ov, err := plan.Write(prog, nil)
	if err == nil {
		defer ov.Remove()
		r := &hunt.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
		_, err = r.Probe(context.Background(), plan, ov, runner.Workload{Command: []string{"go", "test", "."}})
	}
	for _, want := range []string{"github.com/mitchellh/reflectwalk@v1.0.2", "module cache", "replace github.com/mitchellh/reflectwalk => "} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v; want it to say %q", err, want)
		}
	}
}

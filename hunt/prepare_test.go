package hunt_test

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/confhunt/confhunt/hunt"
	"github.com/confhunt/confhunt/internal/overlay"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/internal/testutil"
)

// TestPrepareBuildsOnce: a prepared go test workload is built once per
// variant and per package with go test -c, whatever the number of runs;
// each run runs the binaries, in the package's directory (TestDir checks),
// counting from zero; and nothing is left
// behind in the user's tree or the temporary directory.
func TestPrepareBuildsOnce(t *testing.T) {
	l, plan, dir := probePlan(t)
	before := testutil.Checksum(t, dir)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ov, err := plan.Write(l.Prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ov.Remove()

	var mu sync.Mutex
	var ran []string // each command, as "go test -c …" or "binary"
	// Run from cmd, so that a binary run where go test was is caught.
	r := &hunt.Runner{Runner: runner.Runner{Dir: filepath.Join(dir, "cmd"), Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
	r.Command = func(ctx context.Context, name string, args ...string) *exec.Cmd {
		mu.Lock()
		if name == "go" {
			ran = append(ran, strings.Join(append([]string{name}, args[:min(2, len(args))]...), " "))
		} else {
			ran = append(ran, "binary "+filepath.Base(name))
		}
		mu.Unlock()
		return exec.CommandContext(ctx, name, args...)
	}
	w := runner.Workload{Command: []string{"go", "test", "-run", "TestWork|TestDir", "example.com/probe/..."}} // probe and cmd/sleeper, which has no tests
	ctx := context.Background()
	for _, v := range []struct {
		plan *hunt.Plan
		ov   *overlay.Overlay
	}{{nil, nil}, {plan, ov}} {
		pl := v.plan
		ran = nil
		prep, err := r.Prepare(ctx, pl, v.ov, w)
		if err != nil {
			t.Fatal(err)
		}
		if prep.Fallback != nil {
			t.Fatalf("fell back to go test: %v", prep.Fallback)
		}
		if got := prep.Packages(); len(got) != 1 || got[0] != "example.com/probe" {
			t.Errorf("test binaries of %v, want example.com/probe alone", got)
		}
		for run := range 3 {
			res, err := prep.Run(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(res.Output), "PASS") {
				t.Errorf("run %d printed %q", run, res.Output)
			}
			for _, m := range res.Measurements {
				if m.Probe.Kind == hunt.FuncProbe && m.Calls != 3 {
					t.Errorf("run %d: Work called %d times, want 3 (each run counts from zero)", run, m.Calls)
				}
			}
			if pl != nil && len(res.Measurements) == 0 {
				t.Errorf("run %d: no measurements", run)
			}
		}
		if err := prep.Close(); err != nil {
			t.Fatal(err)
		}
		want := []string{"go list -f", "go test -c", "go test -c", "binary 0.test", "binary 0.test", "binary 0.test"}
		if strings.Join(ran, "\n") != strings.Join(want, "\n") {
			t.Errorf("plan %v ran:\n%s\nwant:\n%s", pl != nil, strings.Join(ran, "\n"), strings.Join(want, "\n"))
		}
	}
	ov.Remove()
	checkClean(t, tmp, dir, before)
}

// TestPrepareFallback: a workload whose test binaries cannot be run in
// go test's place, or a service, runs through Probe each time, saying why.
func TestPrepareFallback(t *testing.T) {
	r := &hunt.Runner{Runner: runner.Runner{Dir: t.TempDir(), Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
	for _, tc := range []struct {
		w    runner.Workload
		want string
	}{
		{runner.Workload{Command: []string{"go", "test", "-json", "./..."}}, "the go test command sets -json"},
		{runner.Workload{Build: "./cmd/svc", Command: []string{"client"}}, "a service is built by go build on every run"},
	} {
		prep, err := r.Prepare(context.Background(), nil, nil, tc.w)
		if err != nil {
			t.Fatal(err)
		}
		if prep.Fallback == nil || !strings.Contains(prep.Fallback.Error(), tc.want) || prep.Packages() != nil {
			t.Errorf("%v: fallback %v, want %q", tc.w, prep.Fallback, tc.want)
		}
		prep.Close()
	}
}

// TestPrepareDropSame: with an overlay that edits one package, the test
// binaries of the packages it does not reach are byte for byte the
// base's, and DropSame leaves only the edited package's to run.
func TestPrepareDropSame(t *testing.T) {
	testutil.GoEnv(t)
	dir := testutil.Tree(t, map[string]string{
		"go.mod":      "module example.com/m\n\ngo 1.26.0\n",
		"a/a.go":      "package a\n\nfunc N() int { return 1 }\n",
		"a/a_test.go": "package a\n\nimport \"testing\"\n\nfunc TestN(t *testing.T) { _ = N() }\n",
		"b/b.go":      "package b\n\nfunc M() int { return 2 }\n",
		"b/b_test.go": "package b\n\nimport \"testing\"\n\nfunc TestM(t *testing.T) { _ = M() }\n",
	})
	ov := editN(t, dir)
	r := &hunt.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
	w := runner.Workload{Command: []string{"go", "test", "./..."}}
	ctx := context.Background()
	base, err := r.Prepare(ctx, nil, nil, w)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	edited, err := r.Prepare(ctx, nil, ov, w)
	if err != nil {
		t.Fatal(err)
	}
	defer edited.Close()
	if got := edited.Packages(); len(got) != 2 {
		t.Fatalf("test binaries of %v, want a's and b's", got)
	}
	n, err := edited.DropSame(base)
	if err != nil {
		t.Fatal(err)
	}
	if got := edited.Packages(); n != 1 || len(got) != 1 || got[0] != "example.com/m/a" {
		t.Errorf("DropSame left %d: %v, want example.com/m/a alone", n, got)
	}
	if _, err := edited.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if n, err := base.DropSame(base); err != nil || n != 0 {
		t.Errorf("the base against itself: %d left (%v), want none", n, err)
	}
}

// TestPrepareEqualWork: a workload running benchmarks for a duration,
// prepared with EqualWork, runs each of them as it is the first time;
// from then on each benchmark and sub-benchmark runs on its own at the
// iterations it made then, and a variant sharing the plan (ShareWork)
// runs its benchmarks at those same iterations.
func TestPrepareEqualWork(t *testing.T) {
	testutil.GoEnv(t)
	fill := "package a\n\nimport \"testing\"\n\nvar sink []int\n\n" +
		"func BenchmarkFill(b *testing.B) {\n" +
		"\tfor _, n := range []int{1, 100} {\n" +
		"\t\tb.Run(map[int]string{1: \"small\", 100: \"large\"}[n], func(b *testing.B) {\n" +
		"\t\t\tfor range b.N {\n\t\t\t\tsink = append(sink, make([]int, n)...)\n\t\t\t}\n\t\t})\n\t}\n}\n"
	dir := testutil.Tree(t, map[string]string{
		"go.mod":      "module example.com/m\n\ngo 1.26.0\n",
		"a/a.go":      "package a\n\nfunc N() int { return 1 }\n",
		"a/a_test.go": fill,
		"b/b.go":      "package b\n\nfunc M() int { return 2 }\n",
		"b/b_test.go": "package b\n\nimport \"testing\"\n\nfunc BenchmarkM(b *testing.B) {\n\tfor range b.N {\n\t\t_ = M()\n\t}\n}\n",
	})
	ov := editN(t, dir)
	var mu sync.Mutex
	var ran []string // the binaries' runs: their package directory's name and their flags
	r := &hunt.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
	r.Command = func(ctx context.Context, name string, args ...string) *exec.Cmd {
		cmd := exec.CommandContext(ctx, name, args...)
		if name != "go" {
			mu.Lock()
			var flags []string
			for _, a := range args {
				if strings.HasPrefix(a, "-test.bench=") || strings.HasPrefix(a, "-test.benchtime=") {
					flags = append(flags, a)
				}
			}
			ran = append(ran, strings.Join(flags, " "))
			mu.Unlock()
		}
		return cmd
	}
	w := runner.Workload{Command: []string{"go", "test", "-run", "^$", "-bench", ".", "-benchtime", "20ms", "./..."}}
	ctx := context.Background()
	base, err := r.Prepare(ctx, nil, nil, w)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	base.EqualWork()
	first, err := base.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"-test.bench=. -test.benchtime=20ms", "-test.bench=. -test.benchtime=20ms"}; strings.Join(ran, "\n") != strings.Join(want, "\n") {
		t.Fatalf("first run ran\n%s\nwant each binary once for the duration", strings.Join(ran, "\n"))
	}
	// The iterations each benchmark made in the first run.
	iters := make(map[string]string)
	for _, line := range strings.Split(string(first.Output), "\n") {
		f := strings.Fields(line)
		if len(f) > 2 && strings.HasPrefix(f[0], "Benchmark") {
			iters[strings.Split(f[0], "-")[0]] = f[1]
		}
	}
	if len(iters) != 3 {
		t.Fatalf("first run printed %v, want Fill/small, Fill/large and M", iters)
	}
	want := []string{
		"-test.bench=^BenchmarkFill$/^small$ -test.benchtime=" + iters["BenchmarkFill/small"] + "x",
		"-test.bench=^BenchmarkFill$/^large$ -test.benchtime=" + iters["BenchmarkFill/large"] + "x",
		"-test.bench=^BenchmarkM$ -test.benchtime=" + iters["BenchmarkM"] + "x",
	}
	ran = nil
	if _, err := base.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if strings.Join(ran, "\n") != strings.Join(want, "\n") {
		t.Errorf("second run ran\n%s\nwant\n%s", strings.Join(ran, "\n"), strings.Join(want, "\n"))
	}
	edited, err := r.Prepare(ctx, nil, ov, w)
	if err != nil {
		t.Fatal(err)
	}
	defer edited.Close()
	edited.ShareWork(base)
	if n, err := edited.DropSame(base); err != nil || n != 1 {
		t.Fatalf("DropSame: %d left (%v), want a's alone", n, err)
	}
	ran = nil
	res, err := edited.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(ran, "\n") != strings.Join(want[:2], "\n") {
		t.Errorf("the edited variant ran\n%s\nwant the base's plan of a\n%s", strings.Join(ran, "\n"), strings.Join(want[:2], "\n"))
	}
	if !strings.Contains(string(res.Output), "BenchmarkFill/large") {
		t.Errorf("the edited variant printed %q, want its benchmarks' results", res.Output)
	}
}

// editN returns an overlay that makes a.N in dir return 10, removed when
// the test ends.
func editN(t *testing.T, dir string) *overlay.Overlay {
	t.Helper()
	ov, err := overlay.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ov.Remove() })
	if err := ov.Replace(filepath.Join(dir, "a", "a.go"), []byte("package a\n\nfunc N() int { return 10 }\n")); err != nil {
		t.Fatal(err)
	}
	if err := ov.Save(); err != nil {
		t.Fatal(err)
	}
	return ov
}

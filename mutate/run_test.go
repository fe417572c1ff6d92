package mutate_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/mutate"
)

// fakeGo replaces the go command and the test binaries it builds: a
// "test binary" is a shell script whose benchmark prints 1000 ns/op,
// 5000 for a mutant that injects a busy loop or multiplies a value (and
// with -test.benchmem 64 B/op, 128 for an allocation mutant), and
// whose tests fail for a fast-path mutant; a mutant switching on "lower"
// does not compile. So every class is reached, the same way each time.
func fakeGo(t *testing.T) func(ctx context.Context, name string, args ...string) *exec.Cmd {
	return func(ctx context.Context, name string, args ...string) *exec.Cmd {
		if name != "go" {
			return exec.CommandContext(ctx, name, args...) // a fake test binary
		}
		out, mutated := overlaid(t, args)
		if strings.Contains(mutated, `switch "lower"`) {
			return exec.CommandContext(ctx, "sh", "-c", "echo 'app.go:48:9: cannot use \"lower\"' >&2; exit 1")
		}
		if args[0] == "build" {
			return exec.CommandContext(ctx, "true")
		}
		ns, tests := 1000, 0
		if strings.Contains(mutated, "confhuntMutantSpin(10000)") || strings.Contains(mutated, ")*10") {
			ns = 5000
		}
		if strings.Contains(mutated, "|| true") || strings.Contains(mutated, "&& false") {
			tests = 1
		}
		bytes := 64 // an allocation mutant allocates twice, in as much time
		if strings.Contains(mutated, "confhuntMutantKeep(") {
			bytes = 128
		}
		script := "#!/bin/sh\n" + benchLines + "case \"$*\" in\n" +
			"*-test.benchmem*) lines '" + strconv.Itoa(ns) + " ns/op " + strconv.Itoa(bytes) + " B/op 1 allocs/op';;\n" +
			"*-test.bench=^*) lines '" + strconv.Itoa(ns) + " ns/op';;\n" +
			"*) [ " + strconv.Itoa(tests) + " = 0 ] || { echo '--- FAIL: TestWork'; exit 1; };;\nesac\n"
		if err := os.WriteFile(out, []byte(script), 0o755); err != nil {
			t.Error(err)
		}
		return exec.CommandContext(ctx, "true")
	}
}

// benchLines defines lines, which a fake test binary calls to print one
// result line, of 100 iterations and the values it is given, for each
// benchmark its -test.bench pattern names.
const benchLines = `all="$*"
lines() {
	for b in $(echo "$all" | sed -n 's/.*-test\.bench=\([^ ]*\).*/\1/p' | grep -o 'Benchmark[A-Za-z0-9_]*'); do
		echo "$b-2 100 $1"
	done
}
`

// overlaid reads the arguments of a go command: the binary it writes
// (-o) and the source of the files its -overlay replaces.
func overlaid(t *testing.T, args []string) (out, mutated string) {
	var ov string
	for i, a := range args {
		switch a {
		case "-o":
			out = args[i+1]
		case "-overlay":
			ov = args[i+1]
		}
	}
	if ov == "" {
		return out, ""
	}
	data, err := os.ReadFile(ov)
	if err != nil {
		t.Error(err)
	}
	var o struct{ Replace map[string]string }
	if err := json.Unmarshal(data, &o); err != nil {
		t.Error(err)
	}
	for _, copy := range o.Replace {
		src, err := os.ReadFile(copy)
		if err != nil {
			t.Error(err)
		}
		mutated += string(src)
	}
	return out, mutated
}

// runFake generates the app's mutants, takes shard k of n and runs it
// with the fake go command.
func runFake(t *testing.T, k, n int) *mutate.Report {
	l := loadApp(t)
	// The operators that reach every class through fakeGo.
	ms := mutate.Generate(l.prog, l.a, l.slices, mutate.Config{Operators: []mutate.Operator{mutate.Value, mutate.FastPath, mutate.Loop, mutate.Sleep}, Costly: l.costly})
	generated := len(ms)
	shard := ""
	if n > 1 {
		ms = mutate.Shard(ms, k, n)
		shard = fmt.Sprintf("%d/%d", k, n)
	}
	r := &mutate.Runner{Runner: runner.Runner{Dir: l.prog.Root, Env: os.Environ(), Command: fakeGo(t)}, Jobs: 2, Runs: 4}
	if err := r.Run(context.Background(), l.prog, ms); err != nil {
		t.Fatal(err)
	}
	return mutate.NewReport(l.prog.Module, generated, generated, shard, 0.05, ms)
}

// TestShardMerge runs the mutants whole and in three shards through a
// fake go command: the merged shards have the same mutants and verdicts
// as the single run, and the single run every class.
func TestShardMerge(t *testing.T) {
	whole := runFake(t, 1, 1)
	var reps []*mutate.Report
	var names []string
	sizes := []int{}
	for k := 1; k <= 3; k++ {
		r := runFake(t, k, 3)
		reps = append(reps, r)
		names = append(names, r.Shard)
		sizes = append(sizes, len(r.Mutants))
	}
	if slices.Max(sizes)-slices.Min(sizes) > 1 {
		t.Errorf("shards of %v mutants: not balanced", sizes)
	}
	merged, err := mutate.Merge(names, reps)
	if err != nil {
		t.Fatal(err)
	}
	if len(merged.Mutants) != len(whole.Mutants) {
		t.Fatalf("merged %d mutants, one run %d", len(merged.Mutants), len(whole.Mutants))
	}
	for i, m := range whole.Mutants {
		g := merged.Mutants[i]
		if g.ID != m.ID || g.Status != m.Status || g.Reason != m.Reason {
			t.Errorf("mutant %d: one run %s %s %q, merged %s %s %q", i, m.ID, m.Status, m.Reason, g.ID, g.Status, g.Reason)
		}
	}
	if merged.Score.Overall != whole.Score.Overall {
		t.Errorf("merged score %+v, one run %+v", merged.Score.Overall, whole.Score.Overall)
	}
	want := map[mutate.Status]bool{mutate.Killed: true, mutate.Survived: true, mutate.Unreached: true, mutate.NotViable: true, mutate.NotEquivalent: true}
	for _, m := range whole.Mutants {
		delete(want, m.Status)
	}
	if len(want) > 0 {
		t.Errorf("no mutant of status %v", want)
	}
	for _, m := range whole.Mutants {
		switch {
		case m.Operator == mutate.Loop && len(m.Benchmarks) > 0 && m.Status != mutate.Killed:
			t.Errorf("%s: %s, want killed (5000 against 1000 ns/op)", m.ID, m.Status)
		case m.Operator == mutate.Sleep && len(m.Benchmarks) > 0 && m.Status != mutate.Survived:
			t.Errorf("%s: %s, want survived (1000 ns/op both)", m.ID, m.Status)
		case len(m.Benchmarks) == 0 && m.Status != mutate.Unreached && m.Status != mutate.NotViable:
			t.Errorf("%s: %s, want unreached", m.ID, m.Status)
		}
	}

	// A shard missing or given twice is an error.
	if _, err := mutate.Merge(names[:2], reps[:2]); err == nil || !strings.Contains(err.Error(), "a shard is missing") {
		t.Errorf("merging two of three shards: %v", err)
	}
	if _, err := mutate.Merge([]string{"a", "b"}, []*mutate.Report{reps[0], reps[0]}); err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Errorf("merging a shard twice: %v", err)
	}
}

// TestAllocUnits runs the allocation mutants, made to reach the
// benchmark, through the fake go command: one that allocates more in as
// much time is killed by B/op, named without the -GOMAXPROCS suffix.
func TestAllocUnits(t *testing.T) {
	l := loadApp(t)
	ms := mutate.Generate(l.prog, l.a, l.slices, mutate.Config{Operators: []mutate.Operator{mutate.Alloc}, Costly: l.costly})
	if len(ms) == 0 {
		t.Fatal("no allocation mutant")
	}
	for _, m := range ms {
		m.Benchmarks = []string{l.prog.Module + ".BenchmarkWork"}
	}
	r := &mutate.Runner{Runner: runner.Runner{Dir: l.prog.Root, Env: os.Environ(), Command: fakeGo(t)}, Jobs: 2, Runs: 4}
	if err := r.Run(context.Background(), l.prog, ms); err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Status != mutate.Killed {
			t.Errorf("%s: %s %s, want killed by B/op", m.ID, m.Status, m.Reason)
		}
		var slower []string
		for _, b := range m.Benches {
			if b.Slower {
				slower = append(slower, b.Label())
			}
		}
		if want := []string{"Work B/op"}; !slices.Equal(slower, want) {
			t.Errorf("%s: slower in %q, want %q", m.ID, slower, want)
		}
		if got := mutate.Explain(m); !strings.Contains(got, "slower in Work B/op +100.0%") {
			t.Errorf("%s: explained as %q, want the unit that killed it", m.ID, got)
		}
	}
}

// fakeBinaries returns a go command for mutate.Runner whose builds write
// as each test binary the shell script script returns for the source of
// the mutated files ("" for the unmutated build).
func fakeBinaries(t *testing.T, script func(mutated string) string) func(ctx context.Context, name string, args ...string) *exec.Cmd {
	return func(ctx context.Context, name string, args ...string) *exec.Cmd {
		if name != "go" {
			return exec.CommandContext(ctx, name, args...) // a fake test binary
		}
		out, mutated := overlaid(t, args)
		if args[0] == "build" || out == "" {
			return exec.CommandContext(ctx, "true")
		}
		if err := os.WriteFile(out, []byte("#!/bin/sh\n"+script(mutated)), 0o755); err != nil {
			t.Error(err)
		}
		return exec.CommandContext(ctx, "true")
	}
}

// runWork generates the app's config-value mutants of options, makes each
// reach BenchmarkWork and no test, and runs them with the fake go command.
func runWork(t *testing.T, l loaded, fake func(ctx context.Context, name string, args ...string) *exec.Cmd, jobs int, options ...string) []*mutate.Mutant {
	t.Helper()
	var run []*mutate.Mutant
	for _, m := range mutate.Generate(l.prog, l.a, l.slices, mutate.Config{Operators: []mutate.Operator{mutate.Value}, Costly: l.costly}) {
		if slices.Contains(options, m.Option) {
			m.Benchmarks = []string{l.prog.Module + ".BenchmarkWork"}
			m.Tests = nil
			run = append(run, m)
		}
	}
	if len(run) == 0 {
		t.Fatalf("no value mutant of %q", options)
	}
	r := &mutate.Runner{Runner: runner.Runner{Dir: l.prog.Root, Env: os.Environ(), Command: fake}, Jobs: jobs, Runs: 5}
	if err := r.Run(context.Background(), l.prog, run); err != nil {
		t.Fatal(err)
	}
	return run
}

// TestLiveHeap runs the config-value mutants through a fake go command
// whose benchmark takes as long for every mutant, and whose process,
// under GODEBUG=gctrace=1, keeps 40 MB live for a mutant multiplying a
// value by ten, 4 MB otherwise, tracing it on standard error between
// the benchmark's name and its result on standard output. A ×10 of a number that sizes memory
// (Config.Limit sizes a map) is killed by the live heap alone; a ×10 of
// one that only bounds a loop (Config.Rounds) is not judged on it.
func TestLiveHeap(t *testing.T) {
	l := loadApp(t)
	fake := fakeBinaries(t, func(mutated string) string {
		live := 4
		if strings.Contains(mutated, ")*10") {
			live = 40
		}
		// The benchmark's name first, its result after the collection
		// traced while it runs, as the testing package prints them.
		return "case \"$*\" in *-test.bench=^*) printf 'BenchmarkWork-2 \\t';; esac\n" +
			"case \"$GODEBUG\" in *gctrace=1*) echo 'gc 1 @0.010s 1%: 0.01+0.2+0.01 ms clock, 0.02+0.1/0.2/0.3+0.02 ms cpu, " +
			strconv.Itoa(live+2) + "->" + strconv.Itoa(live+2) + "->" + strconv.Itoa(live) + " MB, 9 MB goal, 0 MB stacks, 0 MB globals, 2 P' >&2;; esac\n" +
			"case \"$*\" in *-test.bench=^*) echo '100 1000 ns/op';; esac\n"
	})
	run := runWork(t, l, fake, 2, "Config.Limit", "Config.Rounds")
	judged := map[string]bool{}
	for _, m := range run {
		times10 := strings.Contains(m.Replacement, ")*10")
		var units, slower []string
		for _, b := range m.Benches {
			units = append(units, b.Unit)
			if b.Slower {
				slower = append(slower, b.Label())
			}
		}
		heap := slices.Contains(units, "live-B")
		judged[m.Option] = judged[m.Option] || heap
		switch {
		case m.Option == "Config.Limit" && times10:
			if m.Status != mutate.Killed || len(slower) != 1 || slower[0] != "example.com/app.Work live-B" {
				t.Errorf("%s %s: %s, slower in %q; want killed by the live heap alone", m.ID, m.Replacement, m.Status, slower)
			}
		case m.Option == "Config.Rounds" && heap:
			t.Errorf("%s %s: judged on the live heap (%q), but Rounds only bounds a loop", m.ID, m.Replacement, units)
		case m.Status == mutate.Killed:
			t.Errorf("%s %s: killed (%q) with the same time and heap", m.ID, m.Replacement, slower)
		}
	}
	if !judged["Config.Limit"] {
		t.Error("no mutant of Config.Limit judged on the live heap")
	}
}

// TestSameIterations runs value mutants through a fake go command
// whose benchmark costs as much per op as iterations it runs (a store
// it fills), twice as much for a mutant multiplying a value by ten, and
// which, given a duration, runs half as many iterations on the mutant:
// compared at a duration the two would print the same ns/op. The
// mutant is measured at the base's iterations, and so killed.
func TestSameIterations(t *testing.T) {
	l := loadApp(t)
	fake := fakeBinaries(t, func(mutated string) string {
		per, timed := 1, 1000
		if strings.Contains(mutated, ")*10") {
			per, timed = 2, 500
		}
		return "n=" + strconv.Itoa(timed) + "\n" +
			"case \"$*\" in *-test.benchtime=*x*) n=$(echo \"$*\" | sed -n 's/.*-test\\.benchtime=\\([0-9]*\\)x.*/\\1/p');; esac\n" +
			"case \"$*\" in *-test.bench=^*) echo \"BenchmarkWork-2 $n $((n * " + strconv.Itoa(per) + ")) ns/op\";; esac\n"
	})
	run := runWork(t, l, fake, 2, "Config.Rounds")
	times10 := 0
	for _, m := range run {
		want := mutate.Survived
		if strings.Contains(m.Replacement, ")*10") {
			want = mutate.Killed
			times10++
		}
		if m.Status != want {
			t.Errorf("%s %s: %s, want %s", m.ID, m.Replacement, m.Status, want)
		}
		for _, b := range m.Benches {
			if math.Abs(b.Base-1000) > 1e-6 {
				t.Errorf("%s: base %v ns/op, want the 1000 of the base's 1000 iterations", m.ID, b.Base)
			}
		}
	}
	if times10 == 0 {
		t.Error("no ×10 mutant of Config.Rounds")
	}
}

// TestSeries runs value mutants through a fake go command whose
// benchmark has two sub-benchmarks, one cheap (2000000 iterations in
// the first run), one costly (100): each is measured on its own, both
// sides at its own iterations, and the mutant is judged on both; the
// first run is made once for all the mutants.
func TestSeries(t *testing.T) {
	l := loadApp(t)
	calls := filepath.Join(t.TempDir(), "calls")
	fake := fakeBinaries(t, func(string) string {
		return "echo \"$*\" >> " + calls + "\n" +
			"case \"$*\" in\n" +
			"*small*x*) echo 'BenchmarkWork/small-2 2000000 50 ns/op';;\n" +
			"*large*x*) echo 'BenchmarkWork/large-2 100 1000000 ns/op';;\n" +
			"*-test.bench=^*) echo 'BenchmarkWork/small-2 2000000 50 ns/op'; echo 'BenchmarkWork/large-2 100 1000000 ns/op';;\n" +
			"esac\n"
	})
	run := runWork(t, l, fake, 2, "Config.Rounds", "Config.Limit")
	for _, m := range run {
		var got []string
		for _, b := range m.Benches {
			got = append(got, fmt.Sprintf("%s %.0f", b.Name, b.Base))
		}
		if want := []string{"Work/small 50", "Work/large 1000000"}; !slices.Equal(got, want) {
			t.Errorf("%s: measured %q, want %q", m.ID, got, want)
		}
	}
	data, err := os.ReadFile(calls)
	if err != nil {
		t.Fatal(err)
	}
	small, large, first := 0, 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		switch {
		case strings.Contains(line, "-test.bench=^BenchmarkWork$/^small$ -test.benchtime=2000000x"):
			small++
		case strings.Contains(line, "-test.bench=^BenchmarkWork$/^large$ -test.benchtime=100x"):
			large++
		case strings.Contains(line, "-test.benchtime=100ms"):
			first++
		default:
			t.Errorf("a run with neither the base's first benchtime nor a series' own: %s", line)
		}
	}
	if small == 0 || large == 0 {
		t.Errorf("runs of the small series %d, of the large %d; want each at its own iterations", small, large)
	}
	if first != 1 || len(run) < 2 {
		t.Errorf("%d first runs at -benchtime for %d mutants reaching the same benchmark, want one", first, len(run))
	}
}

// TestContended runs the config-value mutants of a bool deciding which
// lock is taken (TallyOptions.Shared) and of a loop bound (Config.Rounds)
// through a fake go command that records its arguments: the lock's
// benchmarks run at GOMAXPROCS of at least 8 on both sides, in the first
// run and the measured ones; the loop bound's at the default.
func TestContended(t *testing.T) {
	l := loadApp(t)
	calls := filepath.Join(t.TempDir(), "calls")
	fake := fakeBinaries(t, func(mutated string) string {
		tag := "base"
		if mutated != "" {
			tag = "mutant"
		}
		return "echo \"" + tag + " $*\" >> " + calls + "\n" + benchLines +
			"case \"$*\" in *-test.bench=^*) lines '1000 ns/op';; esac\n"
	})
	for _, option := range []string{"TallyOptions.Shared", "Config.Rounds"} {
		os.Remove(calls)
		runWork(t, l, fake, 1, option)
		data, err := os.ReadFile(calls)
		if err != nil {
			t.Fatal(err)
		}
		want := ""
		if option == "TallyOptions.Shared" {
			want = "-test.cpu=" + strconv.Itoa(max(8, runtime.NumCPU()))
		}
		sides := map[string]bool{}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if !strings.Contains(line, "-test.bench=") {
				continue // a test run
			}
			side, _, _ := strings.Cut(line, " ")
			sides[side] = true
			if got := strings.Contains(line, "-test.cpu="); got != (want != "") || want != "" && !strings.Contains(line, want) {
				t.Errorf("%s: a benchmark run of %s: %s; want %q", option, side, line, want)
			}
		}
		if !sides["base"] || !sides["mutant"] {
			t.Errorf("%s: benchmark runs of %v, want the base's and the mutant's", option, sides)
		}
	}
}

// TestInterrupt cancels a run after its first mutant: it stops with the
// context's error and leaves no temporary directory behind.
func TestInterrupt(t *testing.T) {
	l := loadApp(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ms := mutate.Generate(l.prog, l.a, l.slices, mutate.Config{Costly: l.costly})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &mutate.Runner{Runner: runner.Runner{Dir: l.prog.Root, Env: os.Environ(), Command: fakeGo(t)}, Jobs: 2, Runs: 4,
		Progress: func(done, total int, m *mutate.Mutant) { cancel() }}
	if err := r.Run(ctx, l.prog, ms); err != context.Canceled {
		t.Errorf("interrupted run: %v, want %v", err, context.Canceled)
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("left behind: %s", e.Name())
	}
}

// TestFlakyBase: tests that fail once on the unmutated build and pass
// when run again are flaky, not failing: the run goes on, with a
// warning; tests that fail twice stop it, unless -skip leaves them out.
func TestFlakyBase(t *testing.T) {
	l := loadApp(t)
	ms := mutate.Generate(l.prog, l.a, l.slices, mutate.Config{Operators: []mutate.Operator{mutate.Loop}, Costly: l.costly})
	for _, failures := range []int{1, 2, 3} {
		skip := ""
		if failures == 3 {
			skip = "TestFlaky" // and they fail every time
		}
		count := filepath.Join(t.TempDir(), "failures")
		fake := fakeGo(t)
		cmd := func(ctx context.Context, name string, args ...string) *exec.Cmd {
			c := fake(ctx, name, args...)
			if out, mutated := overlaid(t, args); name == "go" && args[0] == "test" && mutated == "" && out != "" {
				// The base's test runs (not its benchmarks') fail the
				// first failures times.
				script, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				flaky := fmt.Sprintf("case \"$*\" in *-test.bench=^*) ;; *-test.skip=TestFlaky*) ;; *) n=$(cat %[1]s 2>/dev/null || echo 0); if [ \"$n\" -lt %[2]d ]; then echo $((n+1)) > %[1]s; echo '--- FAIL: TestFlaky'; exit 1; fi;; esac\n", count, failures)
				script = []byte(strings.Replace(string(script), "#!/bin/sh\n", "#!/bin/sh\n"+flaky, 1))
				if err := os.WriteFile(out, script, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			return c
		}
		var log strings.Builder
		r := &mutate.Runner{Runner: runner.Runner{Dir: l.prog.Root, Env: os.Environ(), Command: cmd, Log: &log}, Jobs: 2, Runs: 4, Skip: skip}
		err := r.Run(context.Background(), l.prog, slices.Clone(ms))
		switch failures {
		case 3:
			if err != nil || strings.Contains(log.String(), "failed once") {
				t.Errorf("failing tests -skip leaves out: err %v, log:\n%s\nwant the run done without a warning", err, log.String())
			}
		case 1:
			if err != nil || !strings.Contains(log.String(), "failed once without any mutant and passed when run again") {
				t.Errorf("flaky tests: err %v, log:\n%s\nwant the run done with a warning", err, log.String())
			}
		case 2:
			if err == nil || !strings.Contains(err.Error(), "fail without any mutant") {
				t.Errorf("failing tests: err %v, want the run stopped", err)
			}
		}
	}
}

// TestBenchFunc checks how benchmark output names map to functions.
func TestBenchFunc(t *testing.T) {
	for _, tc := range []struct{ pkg, name, want string }{
		{"example.com/app", "Work-2", "example.com/app.BenchmarkWork"},
		{"example.com/app", "Work/size=64-16", "example.com/app.BenchmarkWork"},
		{"example.com/app", "Get-Put", "example.com/app.BenchmarkGet-Put"},
		{"example.com/app", "Work", "example.com/app.BenchmarkWork"},
	} {
		if got := mutate.BenchFunc(tc.pkg, tc.name); got != tc.want {
			t.Errorf("BenchFunc(%q, %q) = %q, want %q", tc.pkg, tc.name, got, tc.want)
		}
	}
}

// TestMinP checks the least p-value of the exact one-sided U test, from
// which the measurement decides how many rounds it needs: 5 a side
// serve 12 comparisons at α = 0.05, not 13.
func TestMinP(t *testing.T) {
	if got := mutate.MinP(5); got < 1/252.0-1e-12 || got > 1/252.0+1e-12 {
		t.Errorf("MinP(5) = %v, want 1/252", got)
	}
	if !(mutate.MinP(5) < 0.05/12) || mutate.MinP(5) < 0.05/13 {
		t.Errorf("MinP(5) = %v: want it below 0.05/12 and above 0.05/13", mutate.MinP(5))
	}
}

// TestSleepCosts: an injected sleep costs what a sleep of its length
// takes here, measured once per length; a busy loop keeps its cost; and
// a sleep takes at least what it asks for.
func TestSleepCosts(t *testing.T) {
	ms := []*mutate.Mutant{
		{ID: "sleep@a.go:1:1", Operator: mutate.Sleep, Cost: 10000, Description: "sleep of 10µs"},
		{ID: "sleep@b.go:1:1", Operator: mutate.Sleep, Cost: 10000},
		{ID: "loop@c.go:1:1", Operator: mutate.Loop, Cost: 10000},
	}
	measured := 0
	mutate.SleepCosts(ms, func(d time.Duration) time.Duration { measured++; return 100 * d })
	if measured != 1 {
		t.Errorf("the sleep of 10µs was measured %d times, want once", measured)
	}
	for _, m := range ms[:2] {
		if m.Cost != 1e6 {
			t.Errorf("%s costs %v ns, want the measured 1e6", m.ID, m.Cost)
		}
	}
	if !strings.Contains(ms[0].Description, "(1ms here)") {
		t.Errorf("description %q does not say what the sleep takes here", ms[0].Description)
	}
	if ms[2].Cost != 10000 {
		t.Errorf("the busy loop's cost changed to %v", ms[2].Cost)
	}
	if d := 50 * time.Microsecond; mutate.SleepTime(d) < d {
		t.Errorf("a sleep of %v took less", d)
	}
}

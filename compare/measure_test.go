package compare_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/confhunt/confhunt/compare"
	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/runner"
)

// TestEqualWork measures a fake benchmark that fills a store as it runs,
// so that its cost per op grows with its iterations, and whose head
// costs twice as much per op: run for a duration, the head makes half
// the iterations and looks as fast as the base. Each sub-benchmark is
// run on its own at the iterations the base's first run made, on both
// sides, and both are twice as slow; the head never runs for a
// duration.
func TestEqualWork(t *testing.T) {
	dir := t.TempDir()
	trees := map[string]*compare.Tree{}
	for _, side := range []string{"base", "head"} {
		if err := os.MkdirAll(filepath.Join(dir, side, "a"), 0o755); err != nil {
			t.Fatal(err)
		}
		trees[side] = &compare.Tree{Spec: side, Root: filepath.Join(dir, side)}
	}
	calls := filepath.Join(dir, "calls")
	fake := func(ctx context.Context, name string, args ...string) *exec.Cmd {
		if name != "go" {
			return exec.CommandContext(ctx, name, args...) // a fake test binary
		}
		bin := args[slices.Index(args, "-o")+1]
		per := "1"
		if strings.Contains(filepath.Base(bin), "head") {
			per = "2"
		}
		// ns/op is the iterations times per; at a duration the base
		// makes 1000 (10 of the large one), the head half as many.
		script := "#!/bin/sh\necho \"$0 $*\" >> " + calls + "\n" +
			"n=$((1000 / " + per + ")); l=$((10 / " + per + "))\n" +
			"case \"$*\" in *-test.benchtime=*x*) n=$(echo \"$*\" | sed -n 's/.*-test\\.benchtime=\\([0-9]*\\)x.*/\\1/p'); l=$n;; esac\n" +
			"case \"$*\" in\n" +
			"*small*) echo \"BenchmarkFill/small-2 $n $((n * " + per + ")) ns/op\";;\n" +
			"*large*) echo \"BenchmarkFill/large-2 $l $((l * 100 * " + per + ")) ns/op\";;\n" +
			"*) echo \"BenchmarkFill/small-2 $n $((n * " + per + ")) ns/op\"; echo \"BenchmarkFill/large-2 $l $((l * 100 * " + per + ")) ns/op\";;\n" +
			"esac\n"
		if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil { // go test -c makes it
			t.Error(err)
		}
		if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
			t.Error(err)
		}
		return exec.CommandContext(ctx, "true")
	}
	r := &runner.Runner{Dir: dir, Env: os.Environ(), Command: fake}
	run, err := r.Start("compare-test-")
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	sel := []compare.Bench{{Pkg: "example.com/m/a", Name: "BenchmarkFill", Dir: filepath.Join(dir, "head", "a")}}
	p := compare.Protocol{Protocol: bench.Protocol{Runs: 5, MaxRuns: 5}, Benchtime: "200ms"}
	m, err := compare.Measure(context.Background(), run, trees["base"], trees["head"], sel, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Results) != 2 {
		t.Fatalf("results %+v, want Fill/small and Fill/large", m.Results)
	}
	for _, res := range m.Results {
		if res.Verdict != bench.Slower || res.Ratio < 1.9 || res.Ratio > 2.1 {
			t.Errorf("%s: verdict %v, ratio %.2f; want slower, 2× (both sides at the base's iterations)", res.Name, res.Verdict, res.Ratio)
		}
	}
	data, err := os.ReadFile(calls)
	if err != nil {
		t.Fatal(err)
	}
	timed := 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		switch {
		case strings.Contains(line, "-test.benchtime=200ms"):
			timed++
			if !strings.Contains(line, "base-0.test") {
				t.Errorf("the head ran for a duration: %s", line)
			}
		case strings.Contains(line, "small") && !strings.Contains(line, "-test.benchtime=1000x"),
			strings.Contains(line, "large") && !strings.Contains(line, "-test.benchtime=10x"):
			t.Errorf("a sub-benchmark run at other iterations than the base's first run: %s", line)
		}
	}
	if timed != 1 {
		t.Errorf("%d runs for a duration, want the base's first run alone", timed)
	}

	// A budget no round fits shortens the series as it would the
	// duration, no shorter than 10ms of it (a twentieth of 200ms: the
	// small one to 50 iterations, the large one to 1), says so in terms
	// of the duration, and warns.
	if err := os.Remove(calls); err != nil {
		t.Fatal(err)
	}
	var warned []string
	p.Budget, p.Warn = time.Nanosecond, func(msg string) { warned = append(warned, msg) }
	m, err = compare.Measure(context.Background(), run, trees["base"], trees["head"], sel, p)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Shortened["example.com/m/a"]; got != "10ms" {
		t.Errorf("shortened to %q, want 10ms", got)
	}
	if m.Unfit["example.com/m/a"] == 0 || len(warned) != 1 || !strings.Contains(warned[0], "even at -benchtime 10ms") {
		t.Errorf("unfit %v, warned %q; want the package unfit, and one warning naming 10ms", m.Unfit, warned)
	}
	data, err = os.ReadFile(calls)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "-test.benchtime=50x") || !strings.Contains(string(data), "-test.benchtime=1x") {
		t.Errorf("runs under the budget:\n%s\nwant the small sub-benchmark at 50x and the large at 1x", data)
	}
}

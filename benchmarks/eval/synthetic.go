package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// synthetic is a scratch change whose effect is known by construction.
type synthetic struct {
	name, what   string
	base, head   string // the package's source in each commit
	bench        string // the benchmark's test file
	want1, wantN string // the verdicts expected at -cpu 1 and at -cpu N ("" when not run there)
}

const synthMod = "module example.com/synth\n\ngo 1.26.0\n"

var synthetics = []synthetic{
	{
		name: "slowdown-10pct", what: "a loop runs 10% more iterations",
		base:  "package synth\n\nvar Sink int\n\nfunc Sum(n int) {\n\ts := 0\n\tfor i := range n * 100 {\n\t\ts += i ^ (s >> 1)\n\t}\n\tSink = s\n}\n",
		head:  "package synth\n\nvar Sink int\n\nfunc Sum(n int) {\n\ts := 0\n\tfor i := range n * 110 {\n\t\ts += i ^ (s >> 1)\n\t}\n\tSink = s\n}\n",
		bench: "package synth\n\nimport \"testing\"\n\nfunc BenchmarkSum(b *testing.B) {\n\tfor range b.N {\n\t\tSum(100)\n\t}\n}\n",
		want1: "slower",
	},
	{
		name: "lock-widened", what: "the work moves inside the critical section",
		base:  "package synth\n\nimport \"sync\"\n\nvar (\n\tmu    sync.Mutex\n\ttotal int\n)\n\nfunc work(n int) int {\n\ts := 0\n\tfor i := range n {\n\t\ts += i ^ (s >> 1)\n\t}\n\treturn s\n}\n\nfunc Add(n int) {\n\tw := work(n)\n\tmu.Lock()\n\ttotal += w\n\tmu.Unlock()\n}\n",
		head:  "package synth\n\nimport \"sync\"\n\nvar (\n\tmu    sync.Mutex\n\ttotal int\n)\n\nfunc work(n int) int {\n\ts := 0\n\tfor i := range n {\n\t\ts += i ^ (s >> 1)\n\t}\n\treturn s\n}\n\nfunc Add(n int) {\n\tmu.Lock()\n\ttotal += work(n)\n\tmu.Unlock()\n}\n",
		bench: "package synth\n\nimport \"testing\"\n\nfunc BenchmarkAdd(b *testing.B) {\n\tb.RunParallel(func(pb *testing.PB) {\n\t\tfor pb.Next() {\n\t\t\tAdd(2000)\n\t\t}\n\t})\n}\n",
		want1: "~", wantN: "slower",
	},
}

// runSynthetic commits each synthetic change in a scratch repository and
// runs confhunt compare on it, and writes what was expected and found at
// -cpu 1 and at -cpu N (the machine's CPUs).
func runSynthetic(ctx context.Context, bin string, w io.Writer, runs int, benchtime string) {
	fmt.Fprintf(w, "## Synthetic changes\n\n")
	fmt.Fprintf(w, "Each change is committed in a scratch repository and compared with `confhunt compare -base HEAD~1 -head HEAD -runs %d -max-runs %d -benchtime %s`; a change under a lock also runs at `-test.cpu 1,N` (N: the CPUs).\n\n", runs, 2*runs, benchtime)
	fmt.Fprintln(w, "| change | what | expected -cpu 1 | found -cpu 1 | expected -cpu N | found -cpu N | wall |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- | ---: |")
	for _, s := range synthetics {
		fmt.Fprintf(os.Stderr, "eval: compare synthetic %s\n", s.name)
		found, wall, err := s.run(ctx, bin, runs, benchtime)
		if err != nil {
			fmt.Fprintf(w, "| %s | %s | %s | error: %s | %s | | |\n", s.name, s.what, s.want1, strings.ReplaceAll(err.Error(), "\n", " "), cmpSlice1(s.wantN))
			continue
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s |\n", s.name, s.what, s.want1, found[0], cmpSlice1(s.wantN), cmpSlice1(found[1]), wall.Round(time.Second))
	}
	fmt.Fprintln(w)
}

func cmpSlice1(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// run returns the verdict with its change at -cpu 1 and at -cpu N.
func (s synthetic) run(ctx context.Context, bin string, runs int, benchtime string) ([2]string, time.Duration, error) {
	var found [2]string
	dir, err := os.MkdirTemp("", "confhunt-eval-synth-")
	if err != nil {
		return found, 0, err
	}
	defer os.RemoveAll(dir)
	git := func(args ...string) error {
		cmd := exec.CommandContext(ctx, "git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=eval", "GIT_AUTHOR_EMAIL=eval@example.com", "GIT_COMMITTER_NAME=eval", "GIT_COMMITTER_EMAIL=eval@example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	write := func(name, content string) error {
		return os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)
	}
	for i, step := range []func() error{
		func() error { return git("init", "-q") },
		func() error { return write("go.mod", synthMod) },
		func() error { return write("synth_test.go", s.bench) },
		func() error { return write("synth.go", s.base) },
		func() error { return git("add", "-A") },
		func() error { return git("commit", "-q", "-m", "base") },
		func() error { return write("synth.go", s.head) },
		func() error { return git("commit", "-q", "-am", "head") },
	} {
		if err := step(); err != nil {
			return found, 0, fmt.Errorf("step %d: %w", i, err)
		}
	}
	t := runTimed(ctx, dir, []string{"CONFHUNT_CACHE=off"}, bin, "compare", "-json", "-base", "HEAD~1", "-head", "HEAD",
		"-runs", fmt.Sprint(runs), "-max-runs", fmt.Sprint(2*runs), "-benchtime", benchtime, "./...")
	if t.err != nil {
		return found, t.wall, fmt.Errorf("%v: %s", t.err, lastLines(t.stderr, 3))
	}
	var cj compareJSON
	if err := json.Unmarshal(t.stdout, &cj); err != nil {
		return found, t.wall, err
	}
	for _, r := range cj.Results {
		i := 0
		if len(cj.Results) > 1 && procs.MatchString(r.Name) { // at -cpu 1,N: Add and Add-N
			i = 1
		}
		found[i] = r.Verdict
		if r.Change != nil {
			found[i] += fmt.Sprintf(" (%+.1f%%)", 100**r.Change)
		}
	}
	return found, t.wall, nil
}

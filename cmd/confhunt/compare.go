package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/compare"
	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/hunt"
	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/report"
	"github.com/confhunt/confhunt/slicing"
)

func runCompare(ctx context.Context, e *env, args []string) error {
	fs := e.flags("compare", "compare -base REV [-head REV] [flags] [packages] [-- WORKLOAD...]")
	baseRev := fs.String("base", "", "the `revision` to compare against: a git revision, or module@version")
	headRev := fs.String("head", "", "the `revision` to compare: a git revision or module@version (default: the working tree, uncommitted changes included)")
	format := e.formatFlag("the comparison as `text`, json or markdown (a pull-request comment)")
	tests := fs.Bool("tests", false, "also select the tests that reach a changed function (listed, not run)")
	cover := fs.Bool("cover", false, "select by coverage: run every benchmark (and test, with -tests) once with coverage counters instead of following the call graph; one whose run fails is left out and named")
	list := fs.Bool("list", false, "list the changed functions, options and selected benchmarks; measure nothing")
	runs := fs.Int("runs", 6, "the least number of runs of each side (interleaved, after a warm-up run)")
	maxRuns := fs.Int("max-runs", 12, "the most runs of each side, until every median is known within 5%")
	budget := fs.Duration("budget", 0, "bound the time of the runs by `duration` (builds not counted; shared among the packages): a shorter -benchtime when -runs rounds would not fit, then no round that would end past it; 0: no limit")
	benchtime := fs.String("benchtime", "200ms", "-test.benchtime of each run: a `duration` or Nx")
	cpu := fs.Int("cpu", runtime.NumCPU(), "run the benchmarks reaching changed code that locks or uses channels at -test.cpu 1,`N` too")
	failOn := fs.Float64("fail-on-regression", 0, "exit 1 when a benchmark is slower by at least `percent` (one-sided U test), for CI")
	testArgs := fs.String("test-args", "", "more `arguments` for every run of the test binaries, space-separated (as go test -args): the benchmarks' own flags")
	countsFile := fs.String("counts", "", "with a workload, also predict the change of the run the counts in `file` were taken in (confhunt counts)")
	flagArgs, command := splitCommand(args)
	patterns, err := e.parseRun(flagArgs)
	if err != nil {
		return err
	}
	w := runner.Workload{Command: command}
	if len(command) > 0 {
		if err := hunt.Check(w); err != nil {
			return usageError("compare: %w", err)
		}
	} else if *countsFile != "" {
		return usageError("compare: -counts %s: without a workload after -- there is nothing to predict", *countsFile)
	}
	f, err := e.format(*format, report.Compare{}, "")
	if err != nil {
		return err
	}
	switch {
	case *baseRev == "":
		return usageError("compare: no -base revision (a git revision such as HEAD~1 or main, or module@version)")
	case *baseRev == *headRev:
		return usageError("compare: -base and -head are both %s", *baseRev)
	case *runs < 1:
		return usageError("compare: -runs %d: want at least 1 run of each side", *runs)
	case *benchtime == "":
		return usageError("compare: -benchtime: empty")
	}
	if *runs < 4 && !*list {
		// The one-sided U test of n against n values is never below 0.05 for n < 4.
		fmt.Fprintf(e.stderr, "confhunt: warning: -runs %d: fewer than 4 runs of each side can show no significant difference\n", *runs)
	}
	s, _, err := e.settings(ctx)
	if err != nil {
		return err
	}
	dir, err := filepath.Abs(cmpOr(e.dir, "."))
	if err != nil {
		return err
	}
	r := &runner.Runner{Dir: dir, Env: e.environ, Stdout: e.stderr, Stderr: e.stderr, Leftovers: e.left}
	run, err := r.Start("confhunt-compare-")
	if err != nil {
		return err
	}
	defer run.Close() // the copies and the test binaries, on every return and on Ctrl-C

	view := report.Compare{Tests: *tests, Fail: *failOn / 100}
	var progs [2]*slicing.Program
	var trees [2]*compare.Tree
	for i, rev := range []string{*baseRev, *headRev} {
		side := [2]string{"base", "head"}[i]
		t, err := compare.Materialise(ctx, dir, rev, filepath.Join(run.Dir, side))
		if err != nil {
			return usageError("compare: -%s: %w", side, err)
		}
		e.timer.phase("copy " + side)
		if progs[i], err = e.loadIn(ctx, s, t.Dir, true, patterns); err != nil {
			return fmt.Errorf("%s (%s): %w", side, t.Label(), err)
		}
		trees[i] = t
	}
	view.Base, view.Head = trees[0], trees[1]
	base, head := progs[0], progs[1]
	view.Module = head.Module
	view.Changes = compare.Changes(base, head)
	e.timer.phase("diff")
	graph := slicing.CallGraph(head)
	if err := ctx.Err(); err != nil {
		return err
	}
	e.timer.phase("callgraph")
	if *cover {
		if view.Selection, err = compare.SelectCovered(ctx, run, head, graph, view.Changes, *tests, strings.Join(s.Tags, ","), strings.Fields(*testArgs)); err != nil {
			return err
		}
	} else {
		view.Selection = compare.Select(head, graph, view.Changes, *tests)
	}
	e.timer.phase("select")
	if len(view.Changes) > 0 {
		opts, err := slicing.Discover(ctx, head, s.Sources)
		if err != nil {
			return err
		}
		if view.Touches, err = compare.Touches(ctx, slicing.NewAnalysis(head, graph, s), opts, view.Changes, view.Selection); err != nil {
			return err
		}
	}
	e.timer.phase("options")

	view.Protocol = compare.Protocol{
		Protocol:  bench.Protocol{Runs: *runs, MaxRuns: max(*maxRuns, *runs), Width: 0.05, Budget: *budget},
		Criteria:  bench.Criteria{Alpha: 0.05, Confidence: 0.95},
		Benchtime: *benchtime, CPU: *cpu, Tags: strings.Join(s.Tags, ","), Args: strings.Fields(*testArgs),
		Warn: func(msg string) { fmt.Fprintf(e.stderr, "confhunt: warning: %s\n", msg) },
	}
	if !*list && len(view.Selection.Benchmarks) > 0 {
		if e.v || e.timer.progress != nil {
			p := &view.Protocol.Protocol
			p.Progress = func(n int, v string) {
				if n == 0 {
					fmt.Fprintf(e.stderr, "confhunt: warm-up run: %s\n", v)
					return
				}
				fmt.Fprintf(e.stderr, "confhunt: run %d (at least %d, at most %d): %s\n", n, p.Runs, p.MaxRuns, v)
			}
		}
		m, err := compare.Measure(ctx, run, view.Base, view.Head, view.Selection.Benchmarks, view.Protocol)
		if err != nil {
			return err
		}
		view.Measured = m
		e.timer.phase("measure")
		if *failOn > 0 {
			view.Regressions = m.Regressions(view.Protocol.Criteria, view.Fail)
		}
	}
	if len(command) > 0 && !*list {
		if view.EndToEnd, err = e.endToEnd(ctx, r, view, progs, *countsFile, w); err != nil {
			return err
		}
		e.timer.phase("workload")
	}
	if err := report.Write(e.stdout, view, f); err != nil {
		return err
	}
	if n := len(view.Regressions); n > 0 {
		names := make([]string, n)
		for i, r := range view.Regressions {
			names[i] = r.Pkg + "." + r.Name
		}
		slices.Sort(names)
		return &exitError{exitFindings, fmt.Errorf("compare: %d benchmarks slower by at least %g%%: %s", n, *failOn, strings.Join(names, ", "))}
	}
	return nil
}

// endToEnd probes the changed functions in both trees under the
// workload w and predicts its change from their local times; with a
// counts file, also the change of the run the counts were taken in.
func (e *env) endToEnd(ctx context.Context, r *runner.Runner, view report.Compare, progs [2]*slicing.Program, countsFile string, w runner.Workload) (*compare.EndToEnd, error) {
	var counted func(fn *ssa.Function) (int64, bool)
	if countsFile != "" {
		f, err := counts.Read(countsFile)
		if err != nil {
			return nil, &exitError{exitUsage, err}
		}
		c, stale, err := counts.Measure(progs[1], f)
		if err != nil {
			return nil, &exitError{exitUsage, err}
		}
		for _, s := range stale {
			fmt.Fprintf(e.stderr, "confhunt: %s changed since the counts were taken; its counts are left out\n", s)
		}
		counted = c.Calls
	}
	p := view.Protocol.Protocol
	p.Progress = nil
	if e.v || e.timer.progress != nil {
		p.Progress = func(n int, v string) { fmt.Fprintf(e.stderr, "confhunt: probed run %d: %s\n", n, v) }
	}
	wr := *r
	wr.Stdout = io.Discard
	return compare.Predict(ctx, wr, view.Base, view.Head, progs[0], progs[1], view.Changes, counted, w, p)
}

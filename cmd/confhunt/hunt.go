package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/confhunt/confhunt/hunt"
	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/overlay"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/report"
	"github.com/confhunt/confhunt/slicing"
)

func runHunt(ctx context.Context, e *env, args []string) error {
	fs := e.flags("hunt", "hunt [flags] [packages] -- go test -bench ... | hunt -build PKG [-args ARGS] [-ready ADDR] [flags] [packages] -- WORKLOAD...")
	fs.Float64Var(&e.top, "top", 10, "probe the slices of the top `percent` of options")
	countsFile := fs.String("counts", "", "rank with the execution counts in `file`")
	build := fs.String("build", "", "build this main `package` with the probes, start it and run the workload against it")
	svcArgs := fs.String("args", "", "`arguments` of the service started with -build (split into words as a shell does, with quotes and backslashes)")
	ready := fs.String("ready", "", "with -build, wait until the service accepts TCP connections on `host:port`")
	grace := fs.Duration("grace", 10*time.Second, "with -build, how long the service has to exit after SIGINT")
	pprofFile := fs.String("pprof", "", "write the bottlenecks as a pprof profile to `file`")
	overhead := fs.Bool("overhead", false, "measure the probes' overhead: uninstrumented, selective and all-functions runs")
	runs := fs.Int("runs", 3, "with -overhead, the least number of runs of each variant (interleaved; more, up to max(2N, 10), until the medians are known within 5%)")
	rows := fs.Int("n", 20, "bottlenecks to show in the table (text, markdown) and as SARIF results; JSON has them all")
	byName := fs.String("by", "time", "rank bottlenecks by `resource`: time, alloc, io, or score (all three, normalised)")
	format := e.formatFlag("the bottlenecks as a `text` table, json, sarif (SARIF 2.1.0 results at their lines) or markdown (a GitHub table); with -overhead as text, json or markdown")
	flagArgs, command := splitCommand(args)
	patterns, err := e.parseRun(flagArgs)
	if err != nil {
		return err
	}
	var f report.Format
	if *overhead {
		f, err = e.format(*format, report.Overhead{}, "-overhead")
	} else {
		f, err = e.format(*format, report.Hunt{}, "")
	}
	if err != nil {
		return err
	}
	if len(command) == 0 {
		return usageError("hunt: no command after -- (a go test command, or with -build the workload)")
	}
	by, ok := hunt.ParseBy(*byName)
	if !ok {
		return usageError("hunt: -by %q: want time, alloc, io or score", *byName)
	}
	if *overhead && *runs < 1 {
		return usageError("hunt: -runs %d: want at least 1 run of each variant", *runs)
	}
	w, err := workload(command, *build, *svcArgs, *ready)
	if err != nil {
		return usageError("hunt: %w", err)
	}
	if err := hunt.Check(w); err != nil {
		return usageError("hunt: %w", err)
	}
	if *pprofFile != "" {
		if err := checkOutput("pprof", *pprofFile); err != nil {
			return err
		}
	}
	an, err := e.analyse(ctx, patterns)
	if err != nil {
		return err
	}
	scores, _, err := e.rank(ctx, an, *countsFile)
	if err != nil {
		return err
	}
	var suspects []*slicing.Slice
	var names []string
	for _, sc := range scores {
		if sc.Suspect {
			suspects = append(suspects, an.a.Slice(sc.Option))
			names = append(names, sc.Option.Name)
		}
	}
	if len(suspects) == 0 {
		return fmt.Errorf("no option controls any work: nothing to probe")
	}
	plan := hunt.PlanSlices(an.a, suspects)
	e.timer.phase("plan")
	if len(plan.Probes) == 0 {
		// Running the workload would measure nothing.
		return fmt.Errorf("nothing to probe: the slices of %s hold no loop, no call the resource catalogue knows and no allocation the option sizes", strings.Join(names, ", "))
	}
	fmt.Fprintf(e.stderr, "confhunt: probing the slices of %s\n", strings.Join(names, ", "))

	dir, err := filepath.Abs(cmpOr(e.dir, "."))
	if err != nil {
		return err
	}
	r := &hunt.Runner{Runner: runner.Runner{Dir: dir, Env: e.environ, Stdout: e.stderr, Stderr: e.stderr, Log: e.stderr, Grace: *grace, Leftovers: e.left}}
	ov, err := plan.Write(an.prog, e.left)
	if err != nil {
		return err
	}
	defer ov.Remove()

	if *overhead {
		return e.overhead(ctx, an, r, plan, ov, w, *runs, f)
	}
	res, err := r.Probe(ctx, plan, ov, w)
	if err != nil {
		return err
	}
	e.timer.phase("run")
	for _, warn := range res.Warnings {
		fmt.Fprintf(e.stderr, "confhunt: warning: %s\n", warn)
	}
	bs := hunt.Bottlenecks(an.a, res.Measurements, by)
	if *pprofFile != "" {
		f, err := os.Create(*pprofFile)
		if err != nil {
			return err
		}
		if err := report.Pprof(f, an.prog, bs, res.Wall); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return report.Write(e.stdout, report.HuntView(an.prog, bs, plan, res.Warnings, *rows), f)
}

// workload checks the service flags that hunt and counts share and
// returns the workload they describe.
func workload(command []string, build, args, ready string) (runner.Workload, error) {
	w := runner.Workload{Command: command, Build: build, Ready: ready}
	words, err := runner.ShellWords(args)
	if err != nil {
		return w, fmt.Errorf("-args: %w", err)
	}
	w.Args = words
	if ready != "" {
		if err := runner.CheckReady(ready); err != nil {
			return w, fmt.Errorf("-ready %s: %w", ready, err)
		}
	}
	return w, nil
}

// overhead measures the workload uninstrumented, with the selective plan
// and with every function probed (each built once: see hunt.Runner.Prepare),
// interleaved, at least runs times each
// and until the medians are known within 5% (at most max(2 runs, 10)
// times), and reports each plan's slowdown over the uninstrumented runs.
func (e *env) overhead(ctx context.Context, an *analysis, r *hunt.Runner, sel *hunt.Plan, selOv *overlay.Overlay, w runner.Workload, runs int, f report.Format) error {
	all := hunt.PlanAll(an.a)
	allOv, err := all.Write(an.prog, e.left)
	if err != nil {
		return err
	}
	defer allOv.Remove()
	plans := []struct {
		name string
		plan *hunt.Plan
		ov   *overlay.Overlay
	}{{"none", nil, nil}, {"selective", sel, selOv}, {"all functions", all, allOv}}
	var vs []bench.Variant
	for _, p := range plans {
		fmt.Fprintf(e.stderr, "confhunt: building the workload once, probes: %s\n", p.name)
		prep, err := r.Prepare(ctx, p.plan, p.ov, w)
		if err != nil {
			return err
		}
		defer prep.Close()
		if prep.Fallback != nil && p.plan == nil {
			fmt.Fprintf(e.stderr, "confhunt: every run goes through go build or go test: %v\n", prep.Fallback)
		}
		vs = append(vs, bench.Variant{Name: p.name, Run: func(ctx context.Context) ([]byte, time.Duration, error) {
			res, err := prep.Run(ctx)
			if err != nil {
				return nil, 0, err
			}
			return res.Output, res.Wall, nil
		}})
	}
	proto := bench.Protocol{Runs: runs, MaxRuns: max(2*runs, 10), Width: 0.05}
	proto.Progress = func(run int, name string) {
		if run == 0 {
			fmt.Fprintf(e.stderr, "confhunt: warm-up run, probes: %s\n", name)
			return
		}
		fmt.Fprintf(e.stderr, "confhunt: run %d (at least %d, at most %d), probes: %s\n", run, proto.Runs, proto.MaxRuns, name)
	}
	measured, err := bench.Measure(ctx, vs, proto)
	if err != nil {
		return err
	}
	e.timer.phase("run")
	return report.Write(e.stdout, report.OverheadView(measured, proto, len(sel.Probes), len(all.Probes)), f)
}

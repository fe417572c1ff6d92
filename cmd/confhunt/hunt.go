package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/confhunt/confhunt/instrument"
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
	runs := fs.Int("runs", 3, "with -overhead, runs of each variant, in alternating order")
	rows := fs.Int("n", 20, "bottlenecks to show")
	byName := fs.String("by", "time", "rank bottlenecks by `resource`: time, alloc, io, or score (all three, normalised)")
	flagArgs, command := splitCommand(args)
	patterns, err := e.parseRun(flagArgs)
	if err != nil {
		return err
	}
	if len(command) == 0 {
		return usageError("hunt: no command after -- (a go test command, or with -build the workload)")
	}
	by, ok := instrument.ParseBy(*byName)
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
	if err := w.Check(); err != nil {
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
	plan := instrument.PlanSlices(an.a, suspects)
	e.timer.phase("plan")
	fmt.Fprintf(e.stderr, "confhunt: probing the slices of %s\n", strings.Join(names, ", "))

	dir, err := filepath.Abs(cmpOr(e.dir, "."))
	if err != nil {
		return err
	}
	r := &instrument.Runner{Dir: dir, Stdout: e.stderr, Stderr: e.stderr, Log: e.stderr, Grace: *grace}
	ov, err := plan.Write(an.prog)
	if err != nil {
		return err
	}
	defer ov.Remove()

	if *overhead {
		return e.overhead(ctx, an, r, plan, ov, w, *runs)
	}
	res, err := r.Probe(ctx, plan, ov, w)
	if err != nil {
		return err
	}
	e.timer.phase("run")
	for _, warn := range res.Warnings {
		fmt.Fprintf(e.stderr, "confhunt: warning: %s\n", warn)
	}
	bs := instrument.Bottlenecks(an.a, res.Measurements, by)
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
	if e.json {
		return report.HuntJSON(e.stdout, an.prog, bs, report.PlanCounts(plan), res.Warnings)
	}
	return report.HuntText(e.stdout, an.prog, bs, report.PlanCounts(plan), *rows)
}

// workload checks the service flags that hunt and counts share and
// returns the workload they describe.
func workload(command []string, build, args, ready string) (instrument.Workload, error) {
	w := instrument.Workload{Command: command, Build: build, Ready: ready}
	words, err := shellWords(args)
	if err != nil {
		return w, fmt.Errorf("-args: %w", err)
	}
	w.Args = words
	if ready != "" {
		if err := instrument.CheckReady(ready); err != nil {
			return w, fmt.Errorf("-ready %s: %w", ready, err)
		}
	}
	return w, nil
}

// overhead runs the workload uninstrumented, with the selective plan and
// with every function probed, runs times each in alternating order, and
// reports each plan's slowdown over the uninstrumented runs.
func (e *env) overhead(ctx context.Context, an *analysis, r *instrument.Runner, sel *instrument.Plan, selOv *instrument.Overlay, w instrument.Workload, runs int) error {
	all := instrument.PlanAll(an.a)
	allOv, err := all.Write(an.prog)
	if err != nil {
		return err
	}
	defer allOv.Remove()
	type variant struct {
		name    string
		plan    *instrument.Plan
		ov      *instrument.Overlay
		results []*instrument.Result
	}
	vs := []*variant{{name: "none"}, {name: "selective", plan: sel, ov: selOv}, {name: "all functions", plan: all, ov: allOv}}
	for i := range runs {
		for _, v := range vs {
			fmt.Fprintf(e.stderr, "confhunt: run %d/%d, probes: %s\n", i+1, runs, v.name)
			res, err := r.Probe(ctx, v.plan, v.ov, w)
			if err != nil {
				return fmt.Errorf("%s run: %w", v.name, err)
			}
			v.results = append(v.results, res)
		}
	}
	fmt.Fprintf(e.stdout, "%-14s %7s %12s %10s\n", "PROBES", "COUNT", "OVERHEAD", "SPREAD")
	for _, v := range vs[1:] {
		var xs []float64
		for i, res := range v.results {
			xs = append(xs, 100*(instrument.Slowdown(vs[0].results[i], res)-1))
		}
		mean, sd := meanSD(xs)
		n := 0
		if v.plan != nil {
			n = len(v.plan.Probes)
		}
		fmt.Fprintf(e.stdout, "%-14s %7d %+11.1f%% %9.1f%%\n", v.name, n, mean, sd)
	}
	metric := "wall time of the workload"
	if len(vs[0].results[0].Benchmarks) > 0 {
		metric = "geometric mean of the benchmarks' ns/op"
	}
	fmt.Fprintf(e.stdout, "\nover %d runs each, alternating; overhead = %s against the uninstrumented run of the same round\n", runs, metric)
	return nil
}

func meanSD(xs []float64) (mean, sd float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		sd += (x - mean) * (x - mean)
	}
	if len(xs) > 1 {
		sd = math.Sqrt(sd / float64(len(xs)-1))
	}
	return mean, sd
}

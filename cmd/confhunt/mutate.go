package main

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/mutate"
	"github.com/confhunt/confhunt/report"
	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

func runMutate(ctx context.Context, e *env, args []string) error {
	if len(args) > 0 && args[0] == "merge" {
		return runMutateMerge(ctx, e, args[1:])
	}
	fs := e.flags("mutate", "mutate [flags] [packages] | mutate merge [-format F] FILE...")
	e.hide("test", "cache") // refused below
	fs.Float64Var(&e.top, "top", 10, "mutate the slices of the top `percent` of options")
	option := fs.String("option", "", "mutate the slice of this `option` only")
	countsFile := fs.String("counts", "", "rank with the execution counts in `file`")
	format := fs.String("format", "text", "print the results as `text`, json, stryker (mutation-testing-report-schema) or html")
	jobs := fs.Int("j", 2, "build this many mutants at once (measurements run alone)")
	alpha := fs.Float64("alpha", 0.05, "significance level of the one-sided test that a benchmark is slower")
	timeoutFactor := fs.Float64("timeout-factor", 10, "a mutant's tests or benchmarks time out after this many times the base's time")
	runs := fs.Int("runs", 5, "interleaved runs of the base and each mutant before the first look at the results (more, up to 10, when the one-sided test needs them to reach its level)")
	maxRuns := fs.Int("max-runs", 15, "the runs of a mutant the first look left undecided but leaning slower (p < 0.3), at the second look")
	benchtime := fs.String("benchtime", "100ms", "go test -benchtime of the unmutated build's first run; each benchmark is then measured on its own, both sides at the iterations that run took (a count, Nx, is used as it is)")
	dryRun := fs.Bool("dry-run", false, "list the mutants without building or running them")
	sample := fs.Int("sample", 0, "run a random sample of `n` mutants (0: all), chosen with -seed")
	seed := fs.Uint64("seed", 1, "seed of -sample")
	shard := fs.String("shard", "", "take share `k/n` of the mutants (every nth from the kth), for n runners")
	exclude := fs.String("exclude", "", "comma-separated `patterns` of files (relative to the module root, path.Match or dir/...) or functions (pkg.Func) not to mutate")
	ops := fs.String("operators", "", "comma-separated `operators` to apply (default all): value, fastpath, loop, sleep, alloc, unbreak, oblivion, lock")
	inject := fs.Duration("inject", 10*time.Microsecond, "the time one injected loop or sleep costs (a loop's, with -calibrate, is sized by -target unless -inject is given)")
	target := fs.Float64("target", 0.2, "with -calibrate, size each injected loop for this slowdown (a fraction) of the benchmark it slows most; 0 keeps -inject")
	skip := fs.String("skip", "", "go test -skip `pattern` of tests not to run on either side (a test of the module that fails without any mutant, which stops the run)")
	calibrate := fs.Bool("calibrate", true, "measure how often each site runs per op of each benchmark (one coverage run each) and how long a sleep takes here, and predict the mutants' slowdowns")
	patterns, err := e.parse(args)
	if err != nil {
		return err
	}
	if err := e.formatName(format, "text", "json", "stryker", "html"); err != nil {
		return err
	}
	if *alpha <= 0 || *alpha >= 1 {
		return usageError("-alpha %v: want a level between 0 and 1", *alpha)
	}
	if *jobs < 1 || *runs < 1 {
		return usageError("-j and -runs: want at least 1")
	}
	cfg := mutate.Config{Exclude: splitComma(*exclude), Inject: *inject}
	for _, name := range splitComma(*ops) {
		op, ok := mutate.ParseOperator(name)
		if !ok {
			return usageError("-operators: unknown operator %q (value, fastpath, loop, sleep, alloc, unbreak, oblivion, lock)", name)
		}
		cfg.Operators = append(cfg.Operators, op)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case set["test"]:
		return usageError("-test: mutate always loads the test variants, through which benchmarks and tests reach the sites")
	case set["cache"]:
		return usageError("-cache: mutate measures every run anew; it keeps no result to reuse")
	}
	if set["inject"] && !set["target"] {
		*target = 0 // the cost asked for
	}
	k, n := 1, 1
	if *shard != "" {
		if k, n, err = mutate.ParseShard(*shard); err != nil {
			return usageError("%v", err)
		}
	}
	// Benchmarks and tests reach the sites through the test variants.
	// What library code calls (a b.Run literal, an HTTP handler) is
	// reached where it is made, so the libraries' bodies are not loaded:
	// the suspects are rank's.
	if err := fs.Set("test", "true"); err != nil {
		return err
	}
	an, err := e.analyse(ctx, patterns)
	if err != nil {
		return err
	}
	var only *slicing.Option
	if *option != "" {
		if only, err = an.lookup(*option); err != nil {
			return err
		}
	}
	// The ranking gives the suspects, and every option's costly
	// direction, from which the config-value mutants take their values.
	scores, _, err := e.rank(ctx, an, *countsFile)
	if err != nil {
		return err
	}
	cfg.Costly = make(map[*slicing.Option]scoring.Direction)
	cfg.Costs = scoring.NewCosts(an.a, an.settings)
	var sls []*slicing.Slice
	for _, sc := range scores {
		cfg.Costly[sc.Option] = sc.Direction
		if only == sc.Option || only == nil && sc.Suspect {
			sls = append(sls, an.a.Slice(sc.Option))
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	e.timer.phase("slice")
	ms := mutate.Generate(an.prog, an.a, sls, cfg)
	generated := len(ms)
	if *sample > 0 {
		ms = mutate.Sample(ms, *sample, *seed)
	}
	selected := len(ms)
	if *shard != "" {
		ms = mutate.Shard(ms, k, n)
	}
	e.timer.phase("generate")
	if len(ms) == 0 {
		return fmt.Errorf("no mutants: the slices of %s hold no site an operator applies to", optionNames(sls))
	}
	if !*dryRun {
		fmt.Fprintf(e.stderr, "confhunt: %d mutants of %s\n", len(ms), optionNames(sls))
		start := time.Now()
		r := &mutate.Runner{
			Runner:        runner.Runner{Dir: an.prog.Root, Env: e.environ, Stdout: e.stderr, Stderr: e.stderr, Log: e.stderr, Leftovers: e.left},
			Jobs:          *jobs,
			Alpha:         *alpha,
			TimeoutFactor: *timeoutFactor,
			Runs:          *runs,
			MaxRuns:       max(*maxRuns, *runs),
			Benchtime:     *benchtime,
			Skip:          *skip,
			Tags:          strings.Join(an.settings.Tags, ","),
			Calibrate:     *calibrate,
			Target:        *target,
			Progress: func(done, total int, m *mutate.Mutant) {
				elapsed := time.Since(start)
				left := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
				fmt.Fprintf(e.stderr, "confhunt: %d/%d mutants, %v elapsed, about %v left: %s %s\n",
					done, total, elapsed.Round(time.Second), left.Round(time.Second), m.ID, m.Status)
			},
		}
		if err := r.Run(ctx, an.prog, ms); err != nil {
			if ctx.Err() != nil && decided(ms) {
				// Interrupted: what was decided is not lost with the
				// rest (the mutants not run are counted as such).
				e.writeMutate(mutate.NewReport(an.prog.Module, generated, selected, *shard, *alpha, ms), *format, an.prog.Root)
			}
			return err
		}
		e.timer.phase("run")
		if w := noneBuilt(ms); w != "" {
			fmt.Fprintf(e.stderr, "confhunt: warning: %s\n", w)
		}
	}
	shardName := ""
	if *shard != "" {
		shardName = *shard
	}
	rep := mutate.NewReport(an.prog.Module, generated, selected, shardName, *alpha, ms)
	return e.writeMutate(rep, *format, an.prog.Root)
}

// decided reports whether a run decided one of the mutants at least.
func decided(ms []*mutate.Mutant) bool {
	return slices.ContainsFunc(ms, func(m *mutate.Mutant) bool { return m.Status != mutate.Pending })
}

// noneBuilt says, when every mutant run failed to build, so that the
// score says nothing, why the first did: the sign of a fault of
// confhunt's or of the module's build, not of its benchmarks.
func noneBuilt(ms []*mutate.Mutant) string {
	if len(ms) == 0 || slices.ContainsFunc(ms, func(m *mutate.Mutant) bool { return m.Status != mutate.NotViable }) {
		return ""
	}
	first, _, _ := strings.Cut(ms[0].Reason, "\n")
	return fmt.Sprintf("none of the %d mutants run builds, so the score says nothing of the benchmarks; the first (%s): %s", len(ms), ms[0].ID, first)
}

func optionNames(sls []*slicing.Slice) string {
	var names []string
	for _, sl := range sls {
		names = append(names, sl.Option.Name)
	}
	if len(names) == 0 {
		return "no option"
	}
	return strings.Join(names, ", ")
}

// writeMutate prints a mutate report in format; root is the module root
// the HTML and Stryker reports read the sources from ("" after a merge:
// from the working directory).
func (e *env) writeMutate(rep *mutate.Report, format, root string) error {
	switch format {
	case "json":
		return rep.WriteJSON(e.stdout)
	case "stryker":
		return report.MutateStryker(e.stdout, rep, root)
	case "html":
		return report.MutateHTML(e.stdout, rep, root)
	}
	return report.MutateText(e.stdout, rep)
}

// runMutateMerge joins the JSON reports of shards.
func runMutateMerge(ctx context.Context, e *env, args []string) error {
	fs := e.flags("mutate merge", "mutate merge [-format F] FILE...")
	format := fs.String("format", "text", "print the merged results as `text`, json, stryker or html")
	files, err := e.parse(args)
	if err != nil {
		return err
	}
	if err := e.formatName(format, "text", "json", "stryker", "html"); err != nil {
		return err
	}
	if len(files) == 0 {
		return usageError("mutate merge: no report files (the JSON of mutate -shard k/n -json runs)")
	}
	var reps []*mutate.Report
	for _, f := range files {
		r, err := mutate.ReadReport(f)
		if err != nil {
			return &exitError{exitUsage, err}
		}
		reps = append(reps, r)
	}
	merged, err := mutate.Merge(files, reps)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	root := e.dir
	if root == "" {
		root = "."
	}
	return e.writeMutate(merged, *format, root)
}

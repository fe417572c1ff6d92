package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/callgraph"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/report"
	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// analysis is the shared front of rank and slice: the loaded program,
// its options and the slicing analysis over its call graph.
type analysis struct {
	settings *configs.Settings
	prog     *slicing.Program
	opts     []*slicing.Option
	a        *slicing.Analysis
}

func (e *env) analyse(ctx context.Context, patterns []string) (*analysis, error) {
	s, _, err := e.settings(ctx)
	if err != nil {
		return nil, err
	}
	prog, err := e.load(ctx, s, patterns)
	if err != nil {
		return nil, err
	}
	// The call graph (VTA, on one core) and discovery need only the
	// program: they run side by side. "callgraph" is the time the graph
	// takes after discovery is done. On an error the graph is not
	// waited for: its goroutine ends into the channel's buffer.
	graphs := make(chan *callgraph.Graph, 1)
	go func() { graphs <- slicing.CallGraph(prog) }()
	// The libraries' summaries need neither: they too run beside.
	libraries := make(chan librarySummaries, 1)
	go func() { libraries <- e.summaries(ctx, prog, s) }()
	opts, err := slicing.Discover(ctx, prog, s.Sources)
	if err != nil {
		return nil, err
	}
	e.warnings(prog)
	e.timer.phase("discover")
	graph := <-graphs
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	e.timer.phase("callgraph")
	if e.v {
		sz := prog.Measure()
		fmt.Fprintf(e.stderr, "confhunt: %d packages, %d functions, %d SSA instructions; analysed %d functions, %d instructions; %d options\n",
			sz.Packages, sz.Functions, sz.Instructions, sz.AnalysedFunctions, sz.AnalysedInstructions, len(opts))
	}
	a := slicing.NewAnalysis(prog, graph, s)
	lib := <-libraries
	if lib.err != nil {
		return nil, lib.err
	}
	a.SetLibraries(lib.costs)
	e.timer.phase("libraries")
	if e.v {
		for _, n := range lib.note {
			fmt.Fprintf(e.stderr, "confhunt: %s\n", n)
		}
	} else if lib.left > 0 && s.Limits.MaxLibraryBytes > 0 {
		// A budget reached, not one set to none: the ranking lacks what
		// those libraries' code costs, which the user should know.
		fmt.Fprintf(e.stderr, "confhunt: %d libraries not summarised, over limits.max_library_bytes: a call into them costs a call (rank -v names them)\n", lib.left)
	}
	return &analysis{settings: s, prog: prog, opts: opts, a: a}, nil
}

// lookup finds an option by name or alias, or fails naming the closest.
func (an *analysis) lookup(name string) (*slicing.Option, error) {
	o, closest := slicing.Lookup(an.opts, name)
	if o == nil {
		if len(an.opts) == 0 {
			return nil, usageError("unknown option %q: the packages read no options", name)
		}
		if len(closest) == 0 {
			return nil, usageError("unknown option %q: no option is called so or near it (confhunt sources lists them; confhunt sources -why %s says why a name is not one)", name, name)
		}
		return nil, usageError("unknown option %q; closest: %s", name, strings.Join(closest, ", "))
	}
	return o, nil
}

// rank slices and scores every option, with the counts in countsFile
// and the CPU profile e.profile when they are given.
func (e *env) rank(ctx context.Context, an *analysis, countsFile string) ([]*scoring.Score, scoring.Counts, error) {
	counts, err := e.measured(an, countsFile)
	if err != nil {
		return nil, nil, err
	}
	if counts, err = e.profiled(an, counts); err != nil {
		return nil, nil, err
	}
	scores, err := scoring.Rank(ctx, an.a, an.prog, slicing.Forward(ctx, an.a, an.opts), an.settings, counts)
	return scores, counts, err
}

func runRank(ctx context.Context, e *env, args []string) error {
	fs := e.flags("rank", "rank [flags] [packages]")
	fs.Float64Var(&e.top, "top", 10, "report the top `percent` of options as suspects")
	explain := fs.String("explain", "", "show the lines contributing most to `option`'s score")
	why := fs.String("why", "", "explain why discovery took or left out the struct type, field or option `name` (as sources -why)")
	lines := fs.Int("lines", 10, "lines and read sites to show with -explain (its -json has every site), and lines per option in -json and -format sarif")
	countsFile := fs.String("counts", "", "use the execution counts in `file` (from confhunt counts)")
	fs.StringVar(&e.profile, "profile", "", "use the CPU profile in `file` (pprof format: go test -cpuprofile, net/http/pprof, default.pgo) as measured hotness")
	format := e.formatFlag("the ranking as `text`, json, sarif (the suspects, SARIF 2.1.0) or markdown (a GitHub table); with -explain as text, json or markdown")
	failOn := fs.Bool("fail-on-suspects", false, "exit 1 when there are suspects (not in the -baseline), for CI")
	baseline := fs.String("baseline", "", "with -fail-on-suspects, the suspects in `file` (from an earlier rank -json) do not fail")
	valuesFile := fs.String("values", "", "show the values a deployment sets in `file` (YAML, JSON, TOML, .env, or a command line) beside the options, marking those on the costly side")
	var mf measureFlags
	fs.BoolVar(&mf.on, "measure", false, "measure each suspect's slow values (its config-value mutants, set where it is read) under the workload after --: the SLOWDOWN column")
	fs.IntVar(&mf.runs, "runs", 5, "with -measure, interleaved runs of the code as it is and of each slow value (more, up to 10, when the one-sided test needs them to reach its level)")
	fs.IntVar(&mf.maxRuns, "max-runs", 10, "with -measure, the rounds of a second look at the values the first left undecided but leaning slower (p < 0.3); each look tests at half of -alpha (-max-runs at most -runs: one look)")
	fs.Float64Var(&mf.alpha, "alpha", 0.05, "with -measure, level of the one-sided test that a slow value slows a benchmark, divided among the benchmarks")
	fs.StringVar(&mf.build, "build", "", "with -measure, build this main `package`, start it and run the workload against it")
	fs.StringVar(&mf.args, "args", "", "with -measure -build, `arguments` of the service (split into words as a shell does)")
	fs.StringVar(&mf.ready, "ready", "", "with -measure -build, wait until the service accepts TCP connections on `host:port`")
	flagArgs, command := splitCommand(args)
	patterns, err := e.parse(flagArgs)
	if err != nil {
		return err
	}
	mf.command = command
	if err := mf.check(); err != nil {
		return err
	}
	if *why != "" {
		if *explain != "" || mf.on {
			return usageError("-why with -explain or -measure: -why explains discovery, not a score")
		}
		return e.why(ctx, patterns, *why)
	}
	var f report.Format
	if *explain != "" {
		f, err = e.format(*format, report.Explain{}, "-explain")
	} else {
		f, err = e.format(*format, report.Rank{}, "")
	}
	if err != nil {
		return err
	}
	var files []string
	if *countsFile != "" {
		if _, err := e.readCounts(*countsFile); err != nil {
			return err // before minutes of analysis
		}
		files = append(files, *countsFile)
	}
	if e.profile != "" {
		if err := e.checkProfile(); err != nil {
			return err
		}
		files = append(files, e.profile)
	}
	var values *scoring.Values
	if *valuesFile != "" {
		if *explain != "" {
			return usageError("-values with -explain: -values marks the options of a ranking")
		}
		if values, err = scoring.ReadValues(*valuesFile); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return usageError("-values %s: no such file", *valuesFile)
			}
			return &exitError{exitUsage, err}
		}
		files = append(files, *valuesFile)
	}
	if mf.on && *explain != "" {
		return usageError("-measure with -explain: -measure measures the suspects of a ranking")
	}
	if *failOn && *explain != "" {
		return usageError("-fail-on-suspects with -explain: -explain prints one option, not a ranking")
	}
	var known map[string]bool
	if *baseline != "" {
		if !*failOn {
			return usageError("-baseline %s: without -fail-on-suspects it changes nothing", *baseline)
		}
		if known, err = readBaseline(*baseline); err != nil {
			return err
		}
		files = append(files, *baseline)
	}
	compute := func() error {
		an, err := e.analyse(ctx, patterns)
		if err != nil {
			return err
		}
		var explained *slicing.Option
		if *explain != "" {
			if explained, err = an.lookup(*explain); err != nil {
				return err
			}
		}
		scores, counts, err := e.rank(ctx, an, *countsFile)
		if err != nil {
			return err
		}
		e.timer.phase("slice+score")
		if explained != nil {
			for _, sc := range scores {
				if sc.Option == explained {
					return report.Write(e.stdout, report.ExplainView(sc, len(scores), *lines), f)
				}
			}
			return fmt.Errorf("option %s has no score", explained.Name)
		}
		view := report.RankView(scores, an.settings.Top, counts != nil, *lines)
		if values != nil {
			view.AddValues(scoring.CheckValues(values, scores))
		}
		if mf.on {
			if err := e.measureSettings(ctx, an, scores, mf, &view); err != nil {
				return err
			}
		}
		err = report.Write(e.stdout, view, f)
		if err != nil || !*failOn {
			return err
		}
		// A failing run is not cached: cached replays only output.
		return newSuspects(scores, known, *baseline)
	}
	if mf.on {
		return compute() // a measurement is never replayed
	}
	return e.cached(ctx, "rank", patterns, files, compute)
}

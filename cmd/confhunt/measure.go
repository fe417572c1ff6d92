package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/confhunt/confhunt/hunt"
	"github.com/confhunt/confhunt/internal/overlay"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/mutate"
	"github.com/confhunt/confhunt/report"
	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// measureFlags are rank -measure's: the workload after -- and how it is
// run and judged.
type measureFlags struct {
	on                 bool
	runs, maxRuns      int
	alpha              float64
	build, args, ready string
	command            []string
}

// check checks rank's -measure flags and its workload before anything
// runs.
func (mf measureFlags) check() error {
	if !mf.on {
		switch {
		case len(mf.command) > 0:
			return usageError("rank: a command after -- is the workload of -measure, which is not set")
		case mf.build != "" || mf.args != "" || mf.ready != "":
			return usageError("rank: -build, -args and -ready describe the workload of -measure, which is not set")
		}
		return nil
	}
	if len(mf.command) == 0 {
		return usageError("rank -measure: no command after -- (a go test command, or with -build the workload)")
	}
	if mf.runs < 1 {
		return usageError("rank -measure: -runs %d: want at least 1", mf.runs)
	}
	if mf.alpha <= 0 || mf.alpha >= 1 {
		return usageError("rank -measure: -alpha %v: want a level between 0 and 1", mf.alpha)
	}
	if err := runner.Supported(); err != nil {
		return &exitError{exitUsage, fmt.Errorf("rank -measure: %w", err)}
	}
	w, err := workload(mf.command, mf.build, mf.args, mf.ready)
	if err != nil {
		return usageError("rank -measure: %w", err)
	}
	if err := hunt.Check(w); err != nil {
		return usageError("rank -measure: %w", err)
	}
	return nil
}

// measureSettings measures the suspects' slow values (their config-value
// mutants, mutate.Settings) under the workload and puts the slowdowns
// beside them in view.
func (e *env) measureSettings(ctx context.Context, an *analysis, scores []*scoring.Score, mf measureFlags, view *report.Rank) error {
	w, _ := workload(mf.command, mf.build, mf.args, mf.ready) // checked
	cfg := mutate.Config{Operators: []mutate.Operator{mutate.Value}, Costly: make(map[*slicing.Option]scoring.Direction)}
	var sls []*slicing.Slice
	for _, sc := range scores {
		cfg.Costly[sc.Option] = sc.Direction
		if sc.Suspect {
			sls = append(sls, an.a.Slice(sc.Option))
		}
	}
	ms := mutate.Settings(mutate.Generate(an.prog, an.a, sls, cfg))
	// In rank order, then Generate's.
	order := make(map[string]int)
	for _, sc := range scores {
		order[sc.Option.Name] = sc.Rank
	}
	slices.SortStableFunc(ms, func(a, b *mutate.Mutant) int { return cmp.Compare(order[a.Option], order[b.Option]) })
	var with, without []string // the suspects with a slow value, and those without
	for _, sl := range sls {
		if slices.ContainsFunc(ms, func(m *mutate.Mutant) bool { return m.Option == sl.Option.Name }) {
			with = append(with, sl.Option.Name)
		} else {
			without = append(without, sl.Option.Name)
		}
	}
	if len(without) > 0 {
		fmt.Fprintf(e.stderr, "confhunt: no slow value to set for %s: no read site an edit can give one\n", strings.Join(without, ", "))
	}
	if len(ms) == 0 {
		return nil
	}
	fmt.Fprintf(e.stderr, "confhunt: measuring %d slow values of %s\n", len(ms), strings.Join(with, ", "))
	dir, err := filepath.Abs(cmpOr(e.dir, "."))
	if err != nil {
		return err
	}
	var out io.Writer = io.Discard // the workload's output, shown with -v
	if e.v {
		out = e.stderr
	}
	r := &hunt.Runner{Runner: runner.Runner{Dir: dir, Env: e.environ, Stdout: out, Stderr: out, Log: e.stderr, Leftovers: e.left}}
	p := mutate.Protocol{Runs: mf.runs, MaxRuns: mf.maxRuns, Alpha: mf.alpha, Progress: func(msg string) { fmt.Fprintf(e.stderr, "confhunt: %s\n", msg) }, Leftovers: e.left}
	ss, err := mutate.MeasureSettings(ctx, &settingsWorkload{r: r, w: w, bench: benchmarks(w)}, ms, p)
	if err != nil {
		return err
	}
	e.timer.phase("measure")
	view.AddSlowdowns(report.WorkloadJSON{Command: strings.Join(mf.command, " "), Runs: mf.runs, MaxRuns: mf.maxRuns, Alpha: mf.alpha}, ss)
	return nil
}

// settingsWorkload is the user's workload as rank -measure runs it
// (mutate.Workload): hunt's prepared runs without probes. When the
// workload runs benchmarks, a slow value runs only the test binaries it
// changes (the others are the base's), and is compared on their
// benchmarks, each run on its own at the iterations the base's check run
// made in -benchtime (equal work; a count is kept); otherwise the wall
// time of all of them is compared.
type settingsWorkload struct {
	r     *hunt.Runner
	w     runner.Workload
	bench bool // the workload is a go test command that runs benchmarks
	base  *hunt.Prepared
}

// benchmarks reports whether w is a go test command that runs benchmarks.
func benchmarks(w runner.Workload) bool {
	if w.Build != "" {
		return false
	}
	gt, err := runner.SplitGoTest(w.Command)
	return err == nil && slices.ContainsFunc(gt.Test, func(f string) bool {
		return strings.HasPrefix(f, "-test.bench=") && f != "-test.bench="
	})
}

func (s *settingsWorkload) Prepare(ctx context.Context, ov *overlay.Overlay) (mutate.Prepared, error) {
	// The limit is the runs', not the builds': a slow value's build
	// recompiles what the base's did not.
	limit := s.r.Timeout
	s.r.Timeout = 0
	p, err := s.r.Prepare(ctx, nil, ov, s.w)
	s.r.Timeout = limit
	if err != nil {
		return nil, err
	}
	if s.base == nil || !s.bench {
		if s.base == nil && s.bench {
			// Its check run plans the benchmarks: each is then run on
			// its own at the iterations it made, on both sides.
			p.EqualWork()
		}
		s.base = cmp.Or(s.base, p)
		return preparedRun{p}, nil
	}
	p.ShareWork(s.base)
	n, err := p.DropSame(s.base)
	if err == nil && n == 0 {
		err = fmt.Errorf("%w (no test binary of %s differs)", mutate.ErrUnreached, strings.Join(s.w.Command, " "))
	}
	if err != nil {
		p.Close()
		return nil, err
	}
	return preparedRun{p}, nil
}

func (s *settingsWorkload) Limit(d time.Duration) { s.r.Timeout = d }

type preparedRun struct{ *hunt.Prepared }

func (p preparedRun) Run(ctx context.Context) ([]byte, time.Duration, error) {
	res, err := p.Prepared.Run(ctx)
	if err != nil {
		return nil, 0, err
	}
	return res.Output, res.Wall, nil
}

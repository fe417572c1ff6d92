package mutate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/leftovers"
	"github.com/confhunt/confhunt/internal/overlay"
	"github.com/confhunt/confhunt/internal/runner"
)

// Settings returns, of the mutants Generate made, the config-value ones
// that set an option to one slow value wherever it is read, as a user
// setting the option does: for each option and value, the mutant that
// edits all its read sites at once, or the only one when one site reads
// it. They keep Generate's order.
func Settings(ms []*Mutant) []*Mutant {
	sites := make(map[string]int) // by option and value: the mutants of one site each
	for _, m := range ms {
		if m.Operator == Value && m.setting != "" && !m.everywhere {
			sites[m.Option+"\x00"+m.setting]++
		}
	}
	var out []*Mutant
	for _, m := range ms {
		if m.Operator != Value || m.setting == "" {
			continue
		}
		if m.everywhere || sites[m.Option+"\x00"+m.setting] == 1 {
			out = append(out, m)
		}
	}
	return out
}

// ErrUnreached is the error of Workload.Prepare when nothing the
// workload runs changes with the overlay.
var ErrUnreached = errors.New("nothing the workload runs changes with it")

// Workload is the user's workload, built with an overlay: what
// MeasureSettings runs. The command's implementation builds it once
// (hunt.Runner.Prepare); tests fake it.
type Workload interface {
	// Prepare builds the workload with ov (nil: the user's code as it
	// is, prepared first) for repeated runs. A build that fails is an
	// error wrapping runner.ErrBuild; one whose programs are all those
	// of the code as it is, ErrUnreached. A prepared workload may run
	// only the programs that differ from the code's as it is.
	Prepare(ctx context.Context, ov *overlay.Overlay) (Prepared, error)
	// Limit ends each later run that takes longer than d, with an error
	// wrapping runner.ErrTimeout.
	Limit(d time.Duration)
}

// Prepared is a workload built for repeated runs.
type Prepared interface {
	// Run runs the workload once and returns what it printed on standard
	// output and its wall time. A workload that fails is an error
	// wrapping runner.ErrWorkload.
	Run(ctx context.Context) (stdout []byte, wall time.Duration, err error)
	Close() error
}

// Protocol says how MeasureSettings measures.
type Protocol struct {
	Runs int // interleaved runs of the base and of each setting before the first look
	// MaxRuns, when above the rounds of the first look, is the rounds of
	// a second look at the settings the first left undecided but leaning
	// slower (p < 0.3); each look then tests at half of Alpha.
	MaxRuns       int
	Alpha         float64 // level of the one-sided test, divided among the benchmarks compared; 0 means 0.05
	TimeoutFactor float64 // a run ends after this many times the base's check run; 0 means 10
	// Progress, if not nil, says what is being done.
	Progress func(msg string)
	// Leftovers, if not nil, holds each setting's overlay until it is
	// removed.
	Leftovers *leftovers.Set
}

// Slowdown is what one setting did to the workload: the benchmark it
// slowed most (its ns/op; the wall time when the workload printed no
// benchmark) compared with the base's, or why it was not measured.
type Slowdown struct {
	Mutant *Mutant
	// Failed says why the setting was not measured: it does not build,
	// the workload failed with it (it changes behaviour) or timed out,
	// nothing the workload runs changes with it, or what it changes runs
	// no benchmark.
	Failed string
	Key    bench.Key        // the benchmark and unit compared
	C      bench.Comparison // setting against base: C.Ratio is its time over the base's
	Level  float64          // what C.PSlower was held to: Alpha over the benchmarks compared
	Keys   int              // the benchmarks compared
}

// Slower reports whether the setting measured significantly slower.
func (s Slowdown) Slower() bool { return s.Failed == "" && s.C.PSlower < s.Level }

// MeasureSettings builds the workload as it is and with each of ms (from
// Settings), runs each once to check it, then all of them and the base
// interleaved p.Runs times, or more, up to 10, when the one-sided test
// could not otherwise reach its level (bench.Measure), and compares each
// setting's ns/op, benchmark by benchmark, with the base's by a
// one-sided Mann–Whitney U test at p.Alpha divided among the benchmarks
// (Bonferroni). With p.MaxRuns above those rounds, the settings left
// undecided but leaning slower (p < 0.3) run on with the base to
// p.MaxRuns rounds for a second look, each look at half of p.Alpha (as
// mutate's Runner looks twice). It returns a Slowdown for each mutant,
// in ms's order. A setting that does not build, or with which the
// workload fails or runs past TimeoutFactor times the base's time, is
// not run further.
func MeasureSettings(ctx context.Context, w Workload, ms []*Mutant, p Protocol) ([]Slowdown, error) {
	if p.Runs < 1 {
		return nil, fmt.Errorf("measuring settings: %d runs: want at least 1", p.Runs)
	}
	p.Alpha = cmpOr(p.Alpha, 0.05)
	p.TimeoutFactor = cmpOr(p.TimeoutFactor, 10)
	say := func(format string, args ...any) {
		if p.Progress != nil {
			p.Progress(fmt.Sprintf(format, args...))
		}
	}
	say("building the workload as it is")
	base, err := w.Prepare(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("the workload as it is: %w", err)
	}
	defer base.Close()
	say("checking the workload as it is")
	stdout, wall, err := base.Run(ctx)
	if err != nil {
		return nil, fmt.Errorf("the workload as it is: %w", err)
	}
	keys := timeKeys(stdout) // the most benchmarks a comparison divides alpha among
	w.Limit(max(time.Duration(p.TimeoutFactor*float64(wall)), time.Minute))

	out := make([]Slowdown, len(ms))
	vs := []bench.Variant{variant("base", base)}
	var measured []int // indexes in ms of vs[1:]
	for i, m := range ms {
		out[i].Mutant = m
		ov, err := m.Overlay(p.Leftovers)
		if err != nil {
			return nil, err
		}
		// A workload that cannot be built once (a service) builds on
		// every run: the overlay stays until the end.
		defer ov.Remove()
		prep, n, why, err := prepare(ctx, w, m, ov, p.TimeoutFactor, say)
		if err != nil {
			return nil, err
		}
		keys = max(keys, n)
		if why != "" {
			out[i].Failed = why
			continue
		}
		defer prep.Close()
		vs = append(vs, variant(m.ID, prep))
		measured = append(measured, i)
	}
	if len(measured) == 0 {
		return out, nil
	}
	// Enough rounds for the one-sided test to reach its level at all:
	// five a side reach p = 1/252, which 13 benchmarks divide 0.05 below.
	alpha := p.Alpha
	if p.MaxRuns > p.Runs {
		alpha /= 2 // two looks
	}
	rounds := p.Runs
	for rounds < firstLook && minP(rounds) >= alpha/float64(max(keys, 1)) {
		rounds++
	}
	if p.MaxRuns <= rounds {
		alpha = p.Alpha // one look after all
	}
	runs, err := measureRounds(ctx, vs, rounds, 0, say)
	if err != nil {
		return nil, err
	}
	benched := len(bench.TimeKeys(runs[0])) > 0
	var again []int // indexes in measured of those looked at again
	for j, i := range measured {
		out[i] = slowdown(ms[i], runs[0], runs[j+1], alpha)
		if benched && out[i].Key == bench.Wall {
			// It ran only the programs it changes (see Workload), and
			// none of them runs a benchmark: their wall time is not the
			// base's, which ran them all.
			out[i] = Slowdown{Mutant: ms[i], Failed: "not measured: what it changes runs no benchmark of the workload"}
			continue
		}
		if p.MaxRuns > rounds && !out[i].Slower() && out[i].C.PSlower < futility {
			again = append(again, j)
		}
	}
	if len(again) == 0 {
		return out, nil
	}
	// The second look: the base and the settings leaning slower, on to
	// MaxRuns rounds; the others keep their first look's verdict.
	vs2 := []bench.Variant{vs[0]}
	for _, j := range again {
		vs2 = append(vs2, vs[j+1])
	}
	more, err := measureRounds(ctx, vs2, p.MaxRuns-rounds, rounds, say)
	if err != nil {
		return nil, err
	}
	base2 := append(slices.Clone(runs[0]), more[0]...)
	for k, j := range again {
		i := measured[j]
		out[i] = slowdown(ms[i], base2, append(runs[j+1], more[k+1]...), alpha)
	}
	return out, nil
}

// measureRounds runs vs (the base first) interleaved n times after the
// done rounds before them.
func measureRounds(ctx context.Context, vs []bench.Variant, n, done int, say func(string, ...any)) ([]bench.Runs, error) {
	proto := bench.Protocol{Runs: n, MaxRuns: n, Warm: true}
	proto.Progress = func(run int, name string) {
		if name == "base" { // each round runs the base once
			say("round %d of %d: the code as it is and %d slow values", done+run, done+n, len(vs)-1)
		}
	}
	return bench.Measure(ctx, vs, proto)
}

// prepare builds the workload with m and runs it once; keys is the
// benchmarks that run printed, why says what kept it from being
// measured.
func prepare(ctx context.Context, w Workload, m *Mutant, ov *overlay.Overlay, factor float64, say func(string, ...any)) (prep Prepared, keys int, why string, err error) {
	say("building the workload with %s", m.Description)
	prep, err = w.Prepare(ctx, ov)
	if err != nil {
		switch {
		case ctx.Err() != nil:
			return nil, 0, "", ctx.Err()
		case errors.Is(err, runner.ErrBuild):
			return nil, 0, "does not build: " + firstLines(err.Error(), 3), nil
		case errors.Is(err, ErrUnreached):
			return nil, 0, "not run: " + err.Error(), nil
		}
		return nil, 0, "", err
	}
	say("checking the workload with %s", m.Description)
	stdout, _, err := prep.Run(ctx)
	if err != nil {
		prep.Close()
		switch {
		case ctx.Err() != nil:
			return nil, 0, "", ctx.Err()
		case errors.Is(err, runner.ErrTimeout):
			return nil, 0, fmt.Sprintf("timed out: it ran past %g times the code's time as it is (or a minute)", factor), nil
		case errors.Is(err, runner.ErrWorkload):
			return nil, 0, firstLines(err.Error(), 3), nil // "the workload failed (…)"
		}
		return nil, 0, "", err
	}
	return prep, timeKeys(stdout), "", nil
}

// timeKeys counts the benchmarks a run printed a time of.
func timeKeys(stdout []byte) int {
	s, err := bench.Parse(bytes.NewReader(stdout))
	if err != nil {
		return 0 // Measure reports it
	}
	return len(bench.TimeKeys(bench.Runs{s}))
}

func variant(name string, p Prepared) bench.Variant {
	return bench.Variant{Name: name, Run: p.Run}
}

// slowdown compares a setting's runs with the base's, benchmark by
// benchmark (those both printed in every run), and keeps the benchmark
// slowed most: the least one-sided p, ties to the larger ratio, then the
// name.
func slowdown(m *Mutant, base, runs bench.Runs, alpha float64) Slowdown {
	keys := bench.TimeKeys(base, runs)
	if len(keys) == 0 {
		keys = []bench.Key{bench.Wall}
	}
	s := Slowdown{Mutant: m, Level: alpha / float64(len(keys)), Keys: len(keys)}
	first := true
	for _, k := range keys {
		c := bench.Compare(values(base, k), values(runs, k), bench.Criteria{Alpha: s.Level})
		if first || c.PSlower < s.C.PSlower || c.PSlower == s.C.PSlower && finite(c.Ratio) > finite(s.C.Ratio) {
			s.Key, s.C, first = k, c, false
		}
	}
	return s
}

func cmpOr(x, def float64) float64 {
	if x == 0 || math.IsNaN(x) {
		return def
	}
	return x
}

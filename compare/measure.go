package compare

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/runner"
)

// Protocol says how Measure runs the benchmarks.
type Protocol struct {
	bench.Protocol
	Criteria  bench.Criteria
	Benchtime string // -test.benchtime of each run; "" is go test's 1s
	// CPU is the N of -test.cpu 1,N for the benchmarks that reach a
	// changed function using locks or channels; 0 means runtime.NumCPU,
	// and 1 runs them as the others.
	CPU  int
	Tags string // build tags
	// Args are more arguments for every run of the test binaries (go
	// test's -args): the flags of the user's benchmarks, such as where
	// their data is.
	Args []string
	// Warn, if not nil, is told at once when a package's share of the
	// budget cannot fit -runs rounds even at the shortest benchtime, so
	// that the user can stop and give more.
	Warn func(msg string)
}

// Result is the comparison of one benchmark's ns/op, as go test printed
// it (with its sub-benchmark and GOMAXPROCS suffix), between the two
// revisions.
type Result struct {
	Pkg       string
	Name      string       // as printed, without "Benchmark": "Get/size=64-2"
	Benchmark string       // the function: "BenchmarkGet"
	Values    [2][]float64 // ns/op of each run, base then head
	bench.Comparison
}

// Regressions returns the results whose head is slower than their base
// by at least the fraction min of it, by the one-sided U test at c.Alpha.
func (m *Measurement) Regressions(c bench.Criteria, min float64) []Result {
	c.Min = min
	var out []Result
	for _, r := range m.Results {
		if bench.Compare(r.Values[0], r.Values[1], c).Verdict == bench.Slower {
			out = append(out, r)
		}
	}
	return out
}

// Measurement is what Measure found.
type Measurement struct {
	Results []Result // by package and name
	// New are the selected benchmarks that printed no result in the
	// base, which lacks them (or they failed there): not compared.
	New []string
	// Cut are the packages whose runs the budget ended before their
	// medians were known within the protocol's width.
	Cut []string
	// Shortened are the packages whose -test.benchtime the budget made
	// shorter, so that the rounds fit, with the benchtime they ran at.
	Shortened map[string]string
	// Unfit are the packages whose share of the budget could not fit
	// -runs rounds even at the shortest benchtime (10ms or 1x), with
	// about the share they would have needed.
	Unfit map[string]time.Duration
	// Wall is the time of the runs, warm-ups included, builds not;
	// Benchmarks the number of selected benchmarks they ran.
	Wall       time.Duration
	Benchmarks int
}

// Saved estimates the time the unselected benchmarks of total would
// have taken: each as long as a selected one took on average.
func (m *Measurement) Saved(total int) time.Duration {
	if m.Benchmarks == 0 || total <= m.Benchmarks {
		return 0
	}
	return m.Wall / time.Duration(m.Benchmarks) * time.Duration(total-m.Benchmarks)
}

// Measure builds the test binary of each package of sel in both trees,
// once, and runs its selected benchmarks in both, interleaved, on
// internal/bench (one warm-up run of each, then rounds until every
// median is known within p.Width or p.MaxRuns is reached). At a
// p.Benchtime duration, a first run of the base's benchmarks plans the
// rounds: each benchmark and sub-benchmark then runs on its own, on both
// sides, at the iterations it made there (bench.Plan), so that both do
// the same work. A budget (p.Budget) is shared among the packages: each
// gets an equal part of what the packages before it left, the first
// run included. The trees' directories hold the packages; the binaries
// go into run's directory.
func Measure(ctx context.Context, run *runner.Run, base, head *Tree, sel []Bench, p Protocol) (*Measurement, error) {
	cpu := p.CPU
	if cpu == 0 {
		cpu = runtime.NumCPU()
	}
	m := &Measurement{}
	var pkgs []string
	byPkg := make(map[string][]Bench)
	for _, b := range sel {
		if b.Test {
			continue
		}
		if _, ok := byPkg[b.Pkg]; !ok {
			pkgs = append(pkgs, b.Pkg)
		}
		byPkg[b.Pkg] = append(byPkg[b.Pkg], b)
	}
	slices.Sort(pkgs)
	for i, pkg := range pkgs {
		bs := byPkg[pkg]
		rel, err := filepath.Rel(head.Root, bs[0].Dir)
		if err != nil {
			return nil, err
		}
		dirs := [2]string{filepath.Join(base.Root, rel), bs[0].Dir}
		if _, err := os.Stat(dirs[0]); err != nil {
			for _, b := range bs {
				m.New = append(m.New, pkg+"."+b.Name)
			}
			continue
		}
		var bins [2]string
		for side, t := range []*Tree{base, head} {
			bins[side] = filepath.Join(run.Dir, "bin", fmt.Sprintf("%s-%d.test", [2]string{"base", "head"}[side], i))
			if err := build(ctx, run.In(dirs[side]), bins[side], p.Tags); err != nil {
				return nil, fmt.Errorf("building the tests of %s in %s: %w", pkg, t.Label(), err)
			}
		}
		benchtime := cmp.Or(p.Benchtime, "1s") // go test's default
		flags := []string{"-test.run=^$", "-test.count=1"}
		var cpus []int
		if cpu > 1 && slices.ContainsFunc(bs, func(b Bench) bool { return b.Sync }) {
			cpus = []int{1, cpu}
			flags = append(flags, "-test.cpu=1,"+strconv.Itoa(cpu))
		}
		exec := func(ctx context.Context, side int, args []string, stdout *bytes.Buffer) error {
			var stderr bytes.Buffer
			err := run.In(dirs[side]).Exec(ctx, nil, stdout, &stderr, bins[side], append(slices.Concat(flags, args), p.Args...)...)
			if err != nil && ctx.Err() == nil && !errors.Is(err, runner.ErrTimeout) {
				err = fmt.Errorf("%w: the benchmarks of %s failed: %v\n%s", runner.ErrWorkload, pkg, err, lastLines(stdout.String()+stderr.String(), 10))
			}
			return err
		}
		// Equal work on both sides: at a duration, the base runs the
		// benchmarks once, and each is then run on its own, on both
		// sides, at the iterations it made (bench.Plan). A count is the
		// same work already, and all run in one process.
		ss := []bench.Series{{Pattern: benchRegexp(bs), Benchtime: benchtime}}
		if !strings.HasSuffix(benchtime, "x") {
			var out bytes.Buffer
			start := time.Now()
			if err := exec(ctx, 0, ss[0].Args(), &out); err != nil {
				return nil, err
			}
			m.Wall += time.Since(start)
			ss = bench.Plan(out.Bytes(), benchtime, cpus)
		}
		if len(ss) == 0 {
			for _, b := range bs {
				m.New = append(m.New, pkg+"."+b.Name)
			}
			continue
		}
		cur := slices.Clone(ss) // the budget may shorten them
		var vs []bench.Variant
		for side, name := range []string{base.Label(), head.Label()} {
			vs = append(vs, bench.Variant{Name: pkg + " @ " + name, Run: func(ctx context.Context) ([]byte, time.Duration, error) {
				var stdout bytes.Buffer
				start := time.Now()
				for _, s := range cur {
					if err := exec(ctx, side, s.Args(), &stdout); err != nil {
						return nil, 0, err
					}
				}
				return stdout.Bytes(), time.Since(start), nil
			}})
		}
		pp := p.Protocol
		if p.Budget > 0 {
			pp.Budget = max((p.Budget-m.Wall)/time.Duration(len(pkgs)-i), 1)
			pp.Shorten = func(f float64, round time.Duration) {
				// At a duration, no shorter than 10ms of it: each series
				// as much shorter, the fraction they got weighed by their
				// share of a round.
				bt, got, _ := shorter(benchtime, f)
				if !strings.HasSuffix(benchtime, "x") {
					var took, sum float64
					for j, s := range ss {
						sbt, g, _ := shorter(s.Benchtime, got)
						cur[j].Benchtime = sbt
						w := float64(max(s.Took, 1))
						took, sum = took+w, sum+g*w
					}
					got = sum / took
					if d, err := time.ParseDuration(benchtime); err == nil {
						bt = time.Duration(float64(d) * got).Round(time.Millisecond).String() // what the series ran, as a duration
					}
				} else {
					cur[0].Benchtime = bt
				}
				if got < 1 {
					if m.Shortened == nil {
						m.Shortened = make(map[string]string)
					}
					m.Shortened[pkg] = bt
				}
				if got <= f*1.01 {
					return
				}
				// As short as the runs go, the rounds still do not fit:
				// the warm-ups and -runs rounds at the shortened pace.
				need := roughly(round + time.Duration(float64(pp.Runs)*got*float64(round)))
				if m.Unfit == nil {
					m.Unfit = make(map[string]time.Duration)
				}
				m.Unfit[pkg] = need
				if p.Warn != nil {
					share := roughly(pp.Budget).String()
					if pp.Budget < time.Millisecond {
						share = "the packages before it spent the budget"
					}
					p.Warn(fmt.Sprintf("the budget's share for %s (%s) cannot fit -runs %d rounds even at -benchtime %s: about %s would; its verdicts will rest on fewer runs",
						pkg, share, pp.Runs, bt, need))
				}
			}
		}
		start := time.Now()
		runs, err := bench.Measure(ctx, vs, pp)
		if err != nil {
			return nil, err
		}
		m.Wall += time.Since(start)
		if pp.Budget > 0 && len(runs[0]) < max(pp.MaxRuns, pp.Runs) && !pp.Done(runs) {
			m.Cut = append(m.Cut, pkg)
		}
		m.Benchmarks += len(bs)
		m.Results = append(m.Results, results(runs, p.Criteria)...)
		m.New = append(m.New, missing(pkg, bs, runs)...)
	}
	slices.SortFunc(m.Results, func(x, y Result) int { return cmp.Or(cmp.Compare(x.Pkg, y.Pkg), cmp.Compare(x.Name, y.Name)) })
	slices.Sort(m.New)
	return m, nil
}

// roughly rounds d to a second, or below ten seconds to a millisecond.
func roughly(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(time.Millisecond)
	}
	return d.Round(time.Second)
}

// shorter returns benchtime (a duration or Nx) times f, no shorter than
// 10ms or 1x, the fraction of benchtime that is, and whether it is
// shorter than benchtime.
func shorter(benchtime string, f float64) (string, float64, bool) {
	if n, ok := strings.CutSuffix(benchtime, "x"); ok {
		v, err := strconv.Atoi(n)
		if err != nil || v <= 1 {
			return benchtime, 1, false
		}
		s := max(int(float64(v)*f), 1)
		return fmt.Sprintf("%dx", s), float64(s) / float64(v), s < v
	}
	d, err := time.ParseDuration(benchtime)
	const least = 10 * time.Millisecond
	if err != nil || d <= least {
		return benchtime, 1, false
	}
	s := max(time.Duration(float64(d)*f).Round(time.Millisecond), least)
	return s.String(), float64(s) / float64(d), s < d
}

// build builds the test binary of the package in run's directory into
// bin, with the build flags given. go test's vet checks are off: a
// finding of theirs (an example naming a method the package lacks)
// fails the build but changes nothing that is measured.
func build(ctx context.Context, run *runner.Run, bin, tags string, flags ...string) error {
	args := append([]string{"test", "-c", "-vet=off", "-o", bin}, flags...)
	if tags != "" {
		args = append(args, "-tags="+tags)
	}
	var out bytes.Buffer
	if err := run.Exec(ctx, nil, &out, &out, "go", append(args, ".")...); err != nil {
		if ctx.Err() != nil || errors.Is(err, runner.ErrTimeout) {
			return err
		}
		return fmt.Errorf("%w: %v\n%s", runner.ErrBuild, err, lastLines(out.String(), 10))
	}
	return nil
}

// benchRegexp matches exactly the top-level benchmarks of bs.
func benchRegexp(bs []Bench) string {
	names := make([]string, len(bs))
	for i, b := range bs {
		names[i] = regexp.QuoteMeta(b.Name)
	}
	return "^(" + strings.Join(names, "|") + ")$"
}

// results compares the ns/op of every benchmark that each run of both
// sides printed.
func results(runs []bench.Runs, c bench.Criteria) []Result {
	var out []Result
	for _, k := range bench.TimeKeys(runs...) {
		a, b := values(runs[0], k), values(runs[1], k)
		out = append(out, Result{Pkg: k.Pkg, Name: k.Name, Benchmark: function(k.Name), Values: [2][]float64{a, b}, Comparison: bench.Compare(a, b, c)})
	}
	return out
}

// values are the values of k, one per run (the geometric mean of a run's
// values when it printed several).
func values(rs bench.Runs, k bench.Key) []float64 {
	return rs.Time([]bench.Key{k})
}

// missing names the benchmarks of bs that no base run printed.
func missing(pkg string, bs []Bench, runs []bench.Runs) []string {
	printed := make(map[string]bool)
	for _, k := range bench.TimeKeys(runs...) {
		printed[function(k.Name)] = true
	}
	var out []string
	for _, b := range bs {
		if !printed[b.Name] {
			out = append(out, pkg+"."+b.Name)
		}
	}
	return out
}

var procsSuffix = regexp.MustCompile(`-[0-9]+$`)

// function returns the benchmark function of a printed name:
// "Get/size=64-2" is BenchmarkGet's.
func function(name string) string {
	top, _, sub := strings.Cut(name, "/")
	if !sub {
		top = procsSuffix.ReplaceAllString(top, "")
	}
	return "Benchmark" + top
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

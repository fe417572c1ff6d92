package mutate

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// calibrationOps is the -benchtime of the calibration runs: a
// benchmark's ops are these (b.Loop) or one more (a b.N loop, which runs
// once with N = 1 first), which the executions per op are divided by.
const calibrationOps = 200

// calibration holds, by mutant ID and by benchmark function
// ("path.BenchmarkName"), how often the mutant's site runs per op, and
// each benchmark's ns/op in the coverage run (counters included).
type calibration struct {
	perOp map[string]map[string]float64
	nsOp  map[string]float64
	// sides holds, by mutant ID and benchmark function, the slowdown the
	// branches a mutant forces predict (see sideShare); trips the one
	// the loops it scales predict (see tripShare).
	sides map[string]map[string]float64
	trips map[string]map[string]float64
}

// calibrate measures, for every benchmark reaching a mutant, how often
// each mutant's site runs per benchmark op: the benchmark runs alone,
// calibrationOps times, in a test binary built with coverage counters
// over the mutated packages (the unmutated code: coverage cannot be
// combined with an overlay), and counts maps the counters onto the
// site's SSA block. It is PerfDetect's per-benchmark coverage, measured
// once, before any mutant runs.
func (r *Runner) calibrate(ctx context.Context, prog *slicing.Program, pkgs map[string]*testPkg, ms []*Mutant) (calibration, error) {
	var names []string
	covered := make(map[string][]string) // benchmark -> mutated packages it reaches
	for _, m := range ms {
		if m.block == nil || m.fn == nil {
			continue
		}
		// The packages whose counts predict m: its site's, and those of
		// the branches it forces and the loops it scales.
		weighed := []string{m.Package}
		for _, f := range m.forced {
			weighed = append(weighed, f.br.Parent().Pkg.Pkg.Path())
		}
		for _, t := range m.trips {
			weighed = append(weighed, t.fn.Pkg.Pkg.Path())
		}
		for _, b := range m.Benchmarks {
			names = append(names, b)
			for _, p := range weighed {
				if !slices.Contains(covered[b], p) {
					covered[b] = append(covered[b], p)
				}
			}
		}
	}
	slices.Sort(names)
	paths, fns := byPackage(slices.Compact(names))
	out := calibration{perOp: make(map[string]map[string]float64), nsOp: make(map[string]float64), sides: make(map[string]map[string]float64), trips: make(map[string]map[string]float64)}
	for _, path := range paths {
		p := pkgs[path]
		var cover []string
		for _, fn := range fns[path] {
			cover = append(cover, covered[path+"."+fn]...)
		}
		slices.Sort(cover)
		bin := filepath.Join(p.run.Dir, "cover.test")
		args := append([]string{"test", "-c", "-vet=off", "-o", bin, "-cover", "-covermode=count", "-coverpkg=" + strings.Join(slices.Compact(cover), ",")}, r.buildFlags()...)
		var buf bytes.Buffer
		if err := p.run.Exec(ctx, nil, &buf, &buf, "go", append(args, path)...); err != nil {
			if ctx.Err() != nil {
				return calibration{}, ctx.Err()
			}
			return calibration{}, fmt.Errorf("%w: building the tests of %s with coverage: %s", runner.ErrBuild, path, firstLines(buf.String(), 5))
		}
		for _, fn := range fns[path] {
			name := path + "." + fn
			prof := filepath.Join(p.run.Dir, "cover.out")
			buf.Reset()
			err := p.run.Exec(ctx, nil, &buf, &buf, bin, "-test.run=^$", "-test.bench="+testPattern([]string{fn}),
				fmt.Sprintf("-test.benchtime=%dx", calibrationOps), "-test.count=1", "-test.coverprofile="+prof)
			if err != nil {
				if ctx.Err() != nil {
					return calibration{}, ctx.Err()
				}
				return calibration{}, fmt.Errorf("%w: benchmark %s with coverage: %s", runner.ErrWorkload, name, lastLines(buf.String(), 5))
			}
			if samples, err := bench.Parse(&buf); err == nil {
				for _, k := range samples.Keys() {
					if k.Unit == "ns/op" && BenchFunc(path, k.Name) == name {
						out.nsOp[name] = max(out.nsOp[name], samples[k][0])
					}
				}
			}
			c, err := readCounts(prog, prof)
			if err != nil {
				return calibration{}, fmt.Errorf("benchmark %s: %w", name, err)
			}
			work := -1.0 // the run's weighted work, once a mutant needs it
			for _, m := range ms {
				if m.block == nil || m.fn == nil || !slices.Contains(m.Benchmarks, name) {
					continue
				}
				if len(m.forced) > 0 && m.costs != nil {
					if work < 0 {
						work = m.costs.Work(c)
					}
					if p, ok := sideShare(m.forced, c, work); ok {
						if out.sides[m.ID] == nil {
							out.sides[m.ID] = make(map[string]float64)
						}
						out.sides[m.ID][name] = p
					}
				}
				if len(m.trips) > 0 && m.costs != nil {
					if work < 0 {
						work = m.costs.Work(c)
					}
					if p, ok := tripShare(m.trips, m.costs, c, work); ok {
						if out.trips[m.ID] == nil {
							out.trips[m.ID] = make(map[string]float64)
						}
						out.trips[m.ID][name] = p
					}
				}
				calls, ok := c.Calls(m.fn)
				freq, _ := c.Frequencies(m.fn)
				if !ok || !freq.Measured[m.block.Index] {
					continue
				}
				if out.perOp[m.ID] == nil {
					out.perOp[m.ID] = make(map[string]float64)
				}
				out.perOp[m.ID][name] = float64(calls) * freq.Block[m.block.Index] / calibrationOps
			}
		}
	}
	return out, nil
}

// readCounts reads a coverage profile and maps it onto prog.
func readCounts(prog *slicing.Program, name string) (*counts.Counts, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	prof, err := counts.Parse(name, f)
	if err != nil {
		return nil, err
	}
	file, err := counts.NewFile(prog, prof)
	if err != nil {
		return nil, err
	}
	c, _, err := counts.Measure(prog, file)
	return c, err
}

// BenchFunc names the benchmark function that printed name (as go test
// prints it, without "Benchmark") in package pkg: "pkg.BenchmarkName",
// without sub-benchmarks and the -GOMAXPROCS suffix.
func BenchFunc(pkg, name string) string {
	name, _, _ = strings.Cut(name, "/")
	return pkg + ".Benchmark" + trimProcs(name)
}

// trimProcs drops the -GOMAXPROCS suffix go test adds to a benchmark's
// name: "Get/size=64-2" is "Get/size=64".
func trimProcs(name string) string {
	if i := strings.LastIndex(name, "-"); i > 0 && name[i+1:] != "" && strings.Trim(name[i+1:], "0123456789") == "" {
		return name[:i]
	}
	return name
}

// predict sets the predicted slowdown of each benchmark of m: the site's
// executions per op times the injected cost, over the base's ns/op; for
// a mutant that forces branches, the share of the run's work the forced
// sides add (sideShare).
//
// The branches and loops need no count of the site itself: a mutant of
// an option at all its read sites, the first of them in a main package
// the calibration run does not count, is predicted by the others'.
func (cal calibration) predict(m *Mutant, k bench.Key, b *Bench) {
	perOp, counted := cal.perOp[m.ID][BenchFunc(k.Pkg, k.Name)]
	b.PerOp = perOp
	if k.Unit != "" && k.Unit != "ns/op" {
		return
	}
	share, sided := cal.sides[m.ID][BenchFunc(k.Pkg, k.Name)]
	trips, tripped := cal.trips[m.ID][BenchFunc(k.Pkg, k.Name)]
	switch {
	case counted && perOp == 0:
		b.Predicted, b.Basis = 0, "not run"
	case counted && m.Cost > 0 && b.Base > 0:
		b.Predicted, b.Basis = perOp*m.Cost/b.Base, "injected cost"
	case sided:
		b.Predicted, b.Basis = share, "branch sides"
	case tripped:
		b.Predicted, b.Basis = trips, "loop trips"
	}
}

// tripShare is the slowdown of a run (c, whose weighted work is work)
// when each loop of ts has its bound multiplied by its factor. A loop
// that ran T trips an entry from a counter starting at s had the bound
// T+s, and runs f(T+s)−s trips with f: each trip more costs what the
// run's trips cost on average (the loop's blocks, callees included at
// their static cost per call), or the static cost of a trip when the run
// made none (a bound of 1 from 1). Negative, a speed-up, for a factor
// below one. Like sideShare's, it is a share of the run's weighted work.
// ok is false when the run entered none of the loops, or did no work.
func tripShare(ts []scaled, costs *scoring.Costs, c scoring.Counts, work float64) (share float64, ok bool) {
	if work <= 0 {
		return 0, false
	}
	added, measured := 0.0, false
	for _, t := range ts {
		calls, ok := c.Calls(t.fn)
		freq, _ := c.Frequencies(t.fn)
		h := t.loop.Header
		if !ok || !freq.Measured[h.Index] {
			continue
		}
		entries := 0.0
		for _, p := range h.Preds {
			if !t.loop.Contains(p) {
				entries += freq.Block[p.Index]
			}
		}
		if entries == 0 {
			continue
		}
		measured = true
		in := 0.0
		for _, b := range t.fn.Blocks {
			if t.loop.Contains(b) && freq.Measured[b.Index] {
				in += costs.Block(b) * freq.Block[b.Index]
			}
		}
		trips := max(freq.Block[h.Index]/entries-1, 0)
		perTrip := costs.Trip(t.fn, t.loop)
		if trips > 0 {
			perTrip = (in - costs.Block(h)*entries) / (entries * trips)
		}
		more := max(t.factor*(trips+t.start)-t.start, 0) - trips
		added += float64(calls) * entries * more * perTrip
	}
	return added / work, measured
}

// sideShare is the slowdown of a run (c, whose weighted work is work)
// when the branches fs are each sent to their side: every run of a branch
// that took the other side costs the difference of the sides' static
// costs more, when the side sent to costs more. Both are in the
// ranking's weights, so the ratio is a share of the run's time as far as
// the weights stand for it. ok is false when the run measured none of
// the branches, or no work.
func sideShare(fs []forced, c scoring.Counts, work float64) (share float64, ok bool) {
	if work <= 0 {
		return 0, false
	}
	added, measured := 0.0, false
	for _, f := range fs {
		b := f.br.Block()
		calls, ok := c.Calls(b.Parent())
		freq, _ := c.Frequencies(b.Parent())
		if !ok || !freq.Measured[b.Index] {
			continue
		}
		measured = true
		diff := f.cost[f.side] - f.cost[1-f.side]
		at := freq.Block[b.Index]
		if diff <= 0 || at == 0 {
			continue
		}
		took := 0.5 // the share of the runs that took the side, when no count says
		if s := b.Succs[f.side]; len(s.Preds) == 1 && freq.Measured[s.Index] {
			took = min(freq.Block[s.Index]/at, 1)
		} else if o := b.Succs[1-f.side]; len(o.Preds) == 1 && freq.Measured[o.Index] {
			took = 1 - min(freq.Block[o.Index]/at, 1)
		}
		added += float64(calls) * at * (1 - took) * diff
	}
	return added / work, measured
}

// size sets the cost of each injected busy loop so that the benchmark it
// slows most (by its executions per op and ns/op in the calibration run)
// is slowed by target, between 5ns and 10ms an execution.
func (cal calibration) size(ms []*Mutant, target float64) {
	for _, m := range ms {
		if m.Operator != Loop {
			continue
		}
		cost := math.Inf(1)
		for b, perOp := range cal.perOp[m.ID] {
			if ns := cal.nsOp[b]; perOp > 0 && ns > 0 {
				cost = min(cost, target*ns/perOp)
			}
		}
		if math.IsInf(cost, 1) {
			continue
		}
		d := time.Duration(min(max(cost, 5), 1e7))
		m.Cost = float64(d.Nanoseconds())
		m.edit.Text = fmt.Sprintf("confhuntMutantSpin(%d);", d.Nanoseconds())
		m.Replacement = m.edit.Text
		m.Description = fmt.Sprintf("busy loop of %v, sized for a %.0f%% slowdown", d, 100*target)
	}
}

// sleepCosts sets the cost of each injected sleep to what a sleep of its
// length takes here (measure): the runtime's timers wake a sleeper when
// the system lets them, which on a virtual machine is about a
// millisecond after a sleep of ten microseconds, a hundred times what
// the edit asks for.
func sleepCosts(ms []*Mutant, measure func(time.Duration) time.Duration) {
	took := make(map[float64]float64)
	for _, m := range ms {
		if m.Operator != Sleep || m.Cost <= 0 {
			continue
		}
		t, ok := took[m.Cost]
		if !ok {
			t = float64(measure(time.Duration(m.Cost)).Nanoseconds())
			took[m.Cost] = t
		}
		if t > m.Cost {
			m.Description += fmt.Sprintf(" (%v here)", time.Duration(t).Round(time.Microsecond))
			m.Cost = t
		}
	}
}

// sleepTime is the mean time a sleep of d takes, over sleeps in a row
// (at least 20, and more up to 200 until 100ms have passed): what an op
// that sleeps once pays on average. A short sleep's time has no one
// value here: most sleeps of 10µs on this kind of machine end after
// about 80µs and some after a millisecond, when the runtime has parked
// its thread; those dominate the mean, which a median (as once here)
// misses by a factor of eight.
func sleepTime(d time.Duration) time.Duration {
	start := time.Now()
	n := 0
	for n < 20 || n < 200 && time.Since(start) < 100*time.Millisecond {
		time.Sleep(d)
		n++
	}
	return time.Since(start) / time.Duration(n)
}

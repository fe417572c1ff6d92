package bench

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"
	"time"
)

// Variant is one side of an A/B measurement.
type Variant struct {
	Name string
	// Run runs the workload once and returns what it printed on
	// standard output (parsed for benchmark lines) and its wall time.
	Run func(ctx context.Context) (stdout []byte, wall time.Duration, err error)
}

// Protocol says how many times Measure runs each variant.
type Protocol struct {
	Runs    int     // at least this many runs of each variant, after the warm-up
	MaxRuns int     // at most this many; below Runs means Runs
	Width   float64 // enough runs once every variant's interval of the median time is narrower than this fraction of it
	// Confidence of the intervals; 0 means 0.95.
	Confidence float64
	// Enough, if not nil, replaces the Width test: Measure stops after
	// Runs rounds once it returns true of the runs so far (or after
	// MaxRuns rounds).
	Enough func(runs []Runs) bool
	// Budget, if positive, bounds the time of the runs (the sum of their
	// wall times, warm-ups included): no round is started that would,
	// at the mean time of the rounds so far, end past it, even if fewer
	// than Runs were run. One round always is.
	Budget time.Duration
	// Shorten, if not nil, is called once after the warm-ups when at
	// their pace Runs rounds would not fit in the Budget, with the
	// fraction of a run's time that would and the time the warm-ups took
	// (about a round's): a variant that can do less per run (a shorter
	// -test.benchtime) does, so that the rounds the statistics need fit
	// rather than being cut.
	Shorten func(fraction float64, round time.Duration)
	// Warm says each variant has run once already (a check of it), so
	// Measure makes no warm-up run.
	Warm bool
	// Progress, if not nil, is called before each run; run is 0 for the
	// warm-up, then counts from 1.
	Progress func(run int, variant string)
}

// Done reports whether runs satisfy p's stopping rule: Enough when set,
// otherwise every variant's interval of the median time narrower than
// Width of the median. Runs that end before MaxRuns without it were cut
// by the Budget. With an Enough that keeps state between calls, Done is
// one more call of it.
func (p Protocol) Done(runs []Runs) bool {
	if p.Confidence == 0 {
		p.Confidence = 0.95
	}
	if p.Enough != nil {
		return p.Enough(runs)
	}
	return narrow(runs, p)
}

// Runs are the samples of one variant, run by run. Each run's samples
// hold its wall time under [Wall] and the benchmark lines it printed.
type Runs []Samples

// Measure runs one warm-up run of each variant (unless p.Warm), which it
// discards, then rounds of one run of each, every other round in reverse
// order (A B, B A, A B …) so that drift over the measurement weighs on
// every variant alike. It stops after p.Runs rounds once the interval of
// every variant's median [Runs.Time] is narrower than p.Width of the
// median (once p.Enough says so, when set), or after p.MaxRuns rounds,
// or when p.Budget has no room for another round. It returns the runs of
// each variant, in the order of vs.
func Measure(ctx context.Context, vs []Variant, p Protocol) ([]Runs, error) {
	if p.Runs < 1 {
		return nil, fmt.Errorf("measuring: %d runs: want at least 1", p.Runs)
	}
	p.MaxRuns = max(p.MaxRuns, p.Runs)
	if p.Confidence == 0 {
		p.Confidence = 0.95
	}
	var spent, warm time.Duration // the wall time of every run, of the warm-ups
	once := func(v Variant, run int) (Samples, error) {
		if p.Progress != nil {
			p.Progress(run, v.Name)
		}
		out, wall, err := v.Run(ctx)
		spent += wall
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("%s run: %w", v.Name, err)
		}
		s, err := Parse(bytes.NewReader(out))
		if err != nil {
			return nil, fmt.Errorf("%s run: %w", v.Name, err)
		}
		s[Wall] = []float64{float64(wall.Nanoseconds())}
		return s, nil
	}
	for i := 0; i < len(vs) && !p.Warm; i++ {
		if _, err := once(vs[i], 0); err != nil {
			return nil, err
		}
	}
	warm = spent
	if p.Budget > 0 && p.Shorten != nil {
		// A round takes about what the warm-ups took.
		if need, left := time.Duration(p.Runs)*warm, p.Budget-warm; need > left {
			p.Shorten(max(float64(left), 0)/float64(need), warm)
		}
	}
	runs := make([]Runs, len(vs))
	order := make([]int, len(vs))
	for round := 1; round <= p.MaxRuns; round++ {
		for i := range order {
			order[i] = i
		}
		if round%2 == 0 {
			slices.Reverse(order)
		}
		for _, i := range order {
			s, err := once(vs[i], round)
			if err != nil {
				return nil, err
			}
			runs[i] = append(runs[i], s)
		}
		if p.Budget > 0 && spent+(spent-warm)/time.Duration(round) > p.Budget {
			break
		}
		if round >= p.Runs && p.Done(runs) {
			break
		}
	}
	return runs, nil
}

// narrow reports whether every variant's interval of the median time is
// narrower than p.Width of the median.
func narrow(runs []Runs, p Protocol) bool {
	keys := TimeKeys(runs...)
	for _, rs := range runs {
		s := Median(rs.Time(keys), p.Confidence)
		if !(s.Hi-s.Lo <= p.Width*s.Median) { // false for infinite or NaN bounds
			return false
		}
	}
	return true
}

// TimeKeys returns the ns/op keys that every run of every variant
// printed with positive values, sorted: the benchmarks that [Runs.Time]
// can compare. It returns nil when there are none, and then the wall
// time is compared.
func TimeKeys(runs ...Runs) []Key {
	var keys []Key
	first := true
	for _, rs := range runs {
		for _, s := range rs {
			if first {
				for _, k := range s.Keys() {
					if k.Unit == "ns/op" && slices.Min(s[k]) > 0 {
						keys = append(keys, k)
					}
				}
				first = false
				continue
			}
			keys = slices.DeleteFunc(keys, func(k Key) bool { return len(s[k]) == 0 || slices.Min(s[k]) <= 0 })
		}
	}
	if len(keys) == 0 {
		return nil
	}
	return keys
}

// Time returns one time per run, in nanoseconds: the geometric mean over
// keys of the run's values (a benchmark printed several times in a run,
// as with -count, counts as the geometric mean of its values), or the
// run's wall time when keys is empty.
func (rs Runs) Time(keys []Key) []float64 {
	out := make([]float64, 0, len(rs))
	for _, s := range rs {
		if len(keys) == 0 {
			out = append(out, s[Wall][0])
			continue
		}
		sum := 0.0
		for _, k := range keys {
			sum += meanLog(s[k])
		}
		out = append(out, math.Exp(sum/float64(len(keys))))
	}
	return out
}

func meanLog(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += math.Log(x)
	}
	return sum / float64(len(xs))
}

// Merge returns the values of every run, by key, in run order.
func (rs Runs) Merge() Samples {
	m := make(Samples)
	for _, s := range rs {
		for _, k := range s.Keys() {
			m[k] = append(m[k], s[k]...)
		}
	}
	return m
}

package bench

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/aclements/go-moremath/stats"
	"golang.org/x/perf/benchmath"
	"gonum.org/v1/gonum/stat"
)

// Criteria are the thresholds of a comparison. The zero value asks
// whether B is slower than A at all, at α = 0.05, with 95% intervals.
type Criteria struct {
	Alpha        float64 // significance level of the verdict; 0 means 0.05
	Min          float64 // "slower by at least" this fraction of A (0.05 for 5%); 0 means slower at all
	Confidence   float64 // of the intervals; 0 means 0.95
	Permutations int     // most splits the KS permutation test tries; 0 means 2000
	Seed         uint64  // of the random splits when there are more than Permutations
}

func (c Criteria) withDefaults() Criteria {
	if c.Alpha == 0 {
		c.Alpha = 0.05
	}
	if c.Confidence == 0 {
		c.Confidence = 0.95
	}
	if c.Permutations == 0 {
		c.Permutations = 2000
	}
	return c
}

// Verdict is the outcome of a comparison.
type Verdict int

const (
	Same   Verdict = iota // no significant difference
	Slower                // B is slower than A by at least Criteria.Min
	Faster                // B is faster than A by at least Criteria.Min
)

func (v Verdict) String() string {
	switch v {
	case Slower:
		return "slower"
	case Faster:
		return "faster"
	}
	return "~"
}

// Summary is the median of a sample and its confidence interval, which
// is infinite on a side when the sample is too small for the confidence
// (fewer than 6 values at 95%).
type Summary struct {
	N              int
	Median, Lo, Hi float64
}

// Comparison is what Compare found about samples A and B.
type Comparison struct {
	A, B Summary

	// Ratio is the Hodges–Lehmann estimate of B/A (the median of the
	// ratios of every pair b/a, computed on logarithms) and [Lo, Hi] its
	// distribution-free confidence interval (Moses's, from the exact U
	// distribution); all NaN when a value is not positive.
	Ratio, Lo, Hi float64
	// Shift is the Hodges–Lehmann estimate of B−A in the samples' unit,
	// with its interval [ShiftLo, ShiftHi].
	Shift, ShiftLo, ShiftHi float64
	// Cliff is Cliff's delta, P(b > a) − P(b < a) over every pair: 1 when
	// every b is above every a, 0 when they interleave evenly.
	Cliff float64

	P       float64 // Mann–Whitney U, two-sided (benchmath's, as benchstat prints it)
	PSlower float64 // Mann–Whitney U, one-sided: B > (1+Min)·A
	PFaster float64 // Mann–Whitney U, one-sided: (1+Min)·B < A
	KS      float64 // two-sample Kolmogorov–Smirnov statistic D (gonum)
	PKS     float64 // permutation p-value of KS, two-sided

	Verdict Verdict
}

// Compare compares sample b with sample a. The verdict rests on the
// one-sided U tests at c.Alpha: Slower when B is significantly above A
// scaled by 1+c.Min, Faster when A is significantly above B scaled so,
// Same otherwise. (The KS test is reported, not voted with: against a
// shift its power is lower than U's, 0.6 of a sample of 10 being the
// least distance it can call significant at 5%.)
func Compare(a, b []float64, c Criteria) Comparison {
	c = c.withDefaults()
	a, b = sorted(a), sorted(b)
	r := Comparison{A: Median(a, c.Confidence), B: Median(b, c.Confidence)}
	if len(a) == 0 || len(b) == 0 {
		nan := math.NaN()
		r.Ratio, r.Lo, r.Hi, r.Shift, r.ShiftLo, r.ShiftHi, r.Cliff, r.KS = nan, nan, nan, nan, nan, nan, nan, nan
		r.P, r.PSlower, r.PFaster, r.PKS = 1, 1, 1, 1
		return r
	}
	th := benchmath.Thresholds{CompareAlpha: c.Alpha}
	r.P = benchmath.AssumeNothing.Compare(benchmath.NewSample(sorted(a), &th), benchmath.NewSample(sorted(b), &th)).P
	r.PSlower = uTest(scale(a, 1+c.Min), b, stats.LocationLess)
	r.PFaster = uTest(a, scale(b, 1+c.Min), stats.LocationGreater)
	r.Shift, r.ShiftLo, r.ShiftHi = hodgesLehmann(a, b, func(x float64) float64 { return x }, c.Confidence)
	if a[0] > 0 && b[0] > 0 {
		r.Ratio, r.Lo, r.Hi = hodgesLehmann(a, b, math.Log, c.Confidence)
		r.Ratio, r.Lo, r.Hi = math.Exp(r.Ratio), math.Exp(r.Lo), math.Exp(r.Hi)
	} else {
		r.Ratio, r.Lo, r.Hi = math.NaN(), math.NaN(), math.NaN()
	}
	r.Cliff = cliff(a, b)
	r.KS, r.PKS = ksTest(a, b, c.Permutations, c.Seed)
	switch {
	case r.PSlower < c.Alpha:
		r.Verdict = Slower
	case r.PFaster < c.Alpha:
		r.Verdict = Faster
	}
	return r
}

func sorted(xs []float64) []float64 {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	return xs
}

func scale(xs []float64, f float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = x * f
	}
	return out
}

// Median returns the median of xs and its confidence interval
// (benchmath's, distribution-free).
func Median(xs []float64, confidence float64) Summary {
	if len(xs) == 0 {
		return Summary{Median: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}
	}
	s := benchmath.AssumeNothing.Summary(benchmath.NewSample(sorted(xs), &benchmath.DefaultThresholds), confidence)
	return Summary{N: len(xs), Median: s.Center, Lo: s.Lo, Hi: s.Hi}
}

// uTest is the p-value of a Mann–Whitney U test; identical samples
// differ in nothing, so their p-value is 1.
func uTest(x1, x2 []float64, alt stats.LocationHypothesis) float64 {
	res, err := stats.MannWhitneyUTest(x1, x2, alt)
	if err != nil {
		return 1
	}
	return res.P
}

// hodgesLehmann returns the median of f(b)−f(a) over every pair and its
// confidence interval: between the k+1st smallest and the k+1st largest
// difference, where k is the largest U with P(U ≤ k) ≤ (1−confidence)/2
// under the exact U distribution without ties (Hollander & Wolfe,
// Nonparametric Statistical Methods, §4.3). The interval is infinite when
// even k = 0 is too likely.
func hodgesLehmann(a, b []float64, f func(float64) float64, confidence float64) (est, lo, hi float64) {
	d := make([]float64, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			d = append(d, f(y)-f(x))
		}
	}
	slices.Sort(d)
	m := len(d)
	est = d[m/2]
	if m%2 == 0 {
		est = (d[m/2-1] + d[m/2]) / 2
	}
	dist := stats.UDist{N1: len(a), N2: len(b)}
	tail := (1 - confidence) / 2
	k := -1
	for k+1 < m/2 && dist.CDF(float64(k+1)) <= tail {
		k++
	}
	if k < 0 {
		return est, math.Inf(-1), math.Inf(1)
	}
	return est, d[k], d[m-1-k]
}

func cliff(a, b []float64) float64 {
	more, less := 0, 0
	for _, x := range a {
		for _, y := range b {
			switch {
			case y > x:
				more++
			case y < x:
				less++
			}
		}
	}
	return float64(more-less) / float64(len(a)*len(b))
}

// ksTest returns gonum's two-sample KS statistic of sorted a and b and
// its permutation p-value: the share of the splits of the pooled values
// into groups of len(a) and len(b) whose statistic is at least as large.
// Every split is tried when there are at most perms of them (the exact
// p-value, as scipy.stats.ks_2samp(method="exact") gives it without
// ties); otherwise perms random ones, seeded, counting the observed split
// too so that the p-value is never 0.
func ksTest(a, b []float64, perms int, seed uint64) (d, p float64) {
	d = stat.KolmogorovSmirnov(a, nil, b, nil)
	const eps = 1e-9 // statistics are differences of fractions; equal ones may differ in the last bit
	pool := append(slices.Clone(a), b...)
	slices.Sort(pool)
	n1, n := len(a), len(pool)
	x, y := make([]float64, 0, n1), make([]float64, 0, n-n1)
	if choose(n, n1) <= float64(perms) {
		// Walk the combinations of n1 indexes in lexicographic order.
		idx := make([]int, n1)
		for i := range idx {
			idx[i] = i
		}
		hits, total := 0, 0
		for {
			x, y = x[:0], y[:0]
			j := 0
			for i, v := range pool {
				if j < n1 && idx[j] == i {
					x = append(x, v)
					j++
				} else {
					y = append(y, v)
				}
			}
			if stat.KolmogorovSmirnov(x, nil, y, nil) >= d-eps {
				hits++
			}
			total++
			i := n1 - 1
			for i >= 0 && idx[i] == n-n1+i {
				i--
			}
			if i < 0 {
				break
			}
			idx[i]++
			for j := i + 1; j < n1; j++ {
				idx[j] = idx[j-1] + 1
			}
		}
		return d, float64(hits) / float64(total)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6b73)) // "ks"
	shuffled := slices.Clone(pool)
	hits := 1
	for range perms {
		rng.Shuffle(n, func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		x = append(x[:0], shuffled[:n1]...)
		y = append(y[:0], shuffled[n1:]...)
		slices.Sort(x)
		slices.Sort(y)
		if stat.KolmogorovSmirnov(x, nil, y, nil) >= d-eps {
			hits++
		}
	}
	return d, float64(hits) / float64(perms+1)
}

// choose is the binomial coefficient, as a float (it only bounds a count).
func choose(n, k int) float64 {
	c := 1.0
	for i := range k {
		c = c * float64(n-i) / float64(i+1)
	}
	return c
}

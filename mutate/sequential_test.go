package mutate

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/confhunt/confhunt/internal/bench"
)

// simulate measures a mutant whose benchmark prints values drawn from a
// lognormal distribution (median 1000 ns/op for the base, 1000 × (1 +
// shift) for the mutant, coefficient of variation cv) with the two-look
// rule, 5 runs to the first look and 15 to the second, as run does; it
// returns whether the mutant is killed and after how many rounds.
func simulate(t *testing.T, rng *rand.Rand, shift, cv float64) (bool, int) {
	return simulatePredicted(t, rng, shift, cv, 0)
}

// simulatePredicted is simulate with a mutant the calibration run
// predicts to slow the benchmark by predicted.
func simulatePredicted(t *testing.T, rng *rand.Rand, shift, cv, predicted float64) (bool, int) {
	sigma := math.Sqrt(math.Log1p(cv * cv))
	variant := func(median float64) bench.Variant {
		return bench.Variant{Run: func(context.Context) ([]byte, time.Duration, error) {
			ns := median * math.Exp(sigma*rng.NormFloat64())
			return fmt.Appendf(nil, "BenchmarkWork-2  100  %g ns/op\n", ns), time.Millisecond, nil
		}}
	}
	seq := &sequential{alpha: 0.05, units: []string{"ns/op"}, predicted: func(bench.Key, float64) float64 { return predicted }}
	runs, err := bench.Measure(context.Background(), []bench.Variant{variant(1000), variant(1000 * (1 + shift))}, bench.Protocol{Runs: 5, MaxRuns: 15, Enough: seq.enough})
	if err != nil {
		t.Fatal(err)
	}
	killed := false
	for _, k := range comparisons(runs, seq.units) {
		if bench.Compare(values(runs[0], k), values(runs[1], k), bench.Criteria{Alpha: 0.05}).PSlower < seq.level(runs) {
			killed = true
		}
	}
	return killed, len(runs[0])
}

// TestSequential: the two looks keep false kills under alpha with no
// slowdown, and at a 15% slowdown with 15% noise, which five runs a side
// seldom decide, they kill more often than one look at five runs would
// at the full alpha (the single look of earlier versions). A mutant
// slower beyond doubt stops at the first look; one leaning faster too.
func TestSequential(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 3))
	const trials = 300
	null, extended := 0, 0
	for range trials {
		killed, n := simulate(t, rng, 0, 0.15)
		if killed {
			null++
		}
		if n > 5 {
			extended++
		}
	}
	t.Logf("no shift: killed %d of %d, measured on to the second look %d", null, trials, extended)
	if null > trials/20 {
		t.Errorf("no shift killed in %d of %d trials, want at most 5%%", null, trials)
	}
	if extended == 0 || extended > trials/2 {
		t.Errorf("no shift measured on in %d of %d trials, want some and at most half (futility at p ≥ %g)", extended, trials, futility)
	}

	two, one := 0, 0
	for range trials {
		if killed, _ := simulate(t, rng, 0.15, 0.15); killed {
			two++
		}
		sigma := math.Sqrt(math.Log1p(0.15 * 0.15))
		a, b := make([]float64, 5), make([]float64, 5)
		for i := range a {
			a[i] = 1000 * math.Exp(sigma*rng.NormFloat64())
			b[i] = 1150 * math.Exp(sigma*rng.NormFloat64())
		}
		if bench.Compare(a, b, bench.Criteria{Alpha: 0.05}).PSlower < 0.05 {
			one++
		}
	}
	t.Logf("15%% slower at 15%% noise: killed %d of %d with two looks, %d with one look at 5 runs", two, trials, one)
	if two <= one {
		t.Errorf("two looks killed %d of %d, one look %d: want more", two, trials, one)
	}

	if killed, n := simulate(t, rng, 1, 0.02); !killed || n != 5 {
		t.Errorf("twice as slow: killed %v after %d rounds, want killed at the first look (5)", killed, n)
	}
	if killed, n := simulate(t, rng, -0.5, 0.02); killed || n != 5 {
		t.Errorf("twice as fast: killed %v after %d rounds, want survived at the first look (5)", killed, n)
	}
}

// TestSequentialPredicted: a mutant predicted to slow its benchmark by
// more than the first look resolves is measured on to the second look
// even when it does not lean slower, and looking on that account keeps
// false kills under alpha; one predicted to slow it by less than that
// stops for futility as before.
func TestSequentialPredicted(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	const trials = 300
	killed, short := 0, 0
	for range trials {
		k, n := simulatePredicted(t, rng, 0, 0.15, 1.0)
		if k {
			killed++
		}
		if n < 15 && !k {
			short++
		}
	}
	if short > 0 {
		t.Errorf("predicted +100%%: %d of %d unkilled mutants stopped before the second look, want none", short, trials)
	}
	if killed > trials/20 {
		t.Errorf("predicted +100%%, no shift: killed in %d of %d trials, want at most 5%%", killed, trials)
	}
	extended := 0
	for range trials {
		if _, n := simulatePredicted(t, rng, 0, 0.15, 0.001); n > 5 {
			extended++
		}
	}
	if extended > trials/2 {
		t.Errorf("predicted +0.1%%, no shift: measured on in %d of %d trials, want at most half (as without a prediction)", extended, trials)
	}
}

// TestDetectable: the test at its level finds a slowdown of the MDE that
// null comparisons of a benchmark give (15 runs a side, 10% noise) at
// about the stated power, and one of the intervals' half-width (what MDE
// meant before) about half as often: that is too small to call a
// survivor predicted above it a benchmark's miss.
func TestDetectable(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	const n, cv, level, trials = 15, 0.1, 0.0125, 200
	sigma := math.Sqrt(math.Log1p(cv * cv))
	sample := func(median float64) []float64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = median * math.Exp(sigma*rng.NormFloat64())
		}
		return xs
	}
	crit := bench.Criteria{Alpha: 0.05, Permutations: 20} // the KS test is not what this checks
	var mdes, halves []float64
	for range trials {
		c := bench.Compare(sample(1000), sample(1000), crit)
		mdes = append(mdes, detectable(c.Lo, c.Hi, level))
		halves = append(halves, (c.Hi-c.Lo)/2)
	}
	median := func(xs []float64) float64 {
		slices.Sort(xs)
		return xs[len(xs)/2]
	}
	found := func(shift float64) float64 {
		k := 0
		for range trials {
			if bench.Compare(sample(1000), sample(1000*(1+shift)), crit).PSlower < level {
				k++
			}
		}
		return float64(k) / trials
	}
	mde, half := median(mdes), median(halves)
	if p := found(mde); p < 0.7 || p > 0.92 {
		t.Errorf("a slowdown of the MDE (%.1f%%) found in %.0f%% of trials, want about %.0f%%", 100*mde, 100*p, 100*power)
	}
	if p := found(half); p > 0.6 {
		t.Errorf("a slowdown of the half-width (%.1f%%) found in %.0f%% of trials, want about half", 100*half, 100*p)
	}
	if mde < 1.4*half || mde > 1.8*half {
		t.Errorf("MDE %.3f is %.2f half-widths, want 1.4 to 1.8", mde, mde/half)
	}
}

package scoring

import (
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/slicing"
)

// CallFrequencies exposes callFrequencies over static estimates to the tests.
func CallFrequencies(a *slicing.Analysis, est configs.Estimates) map[*ssa.Function]float64 {
	freq := func(fn *ssa.Function) counts.Frequencies { return Estimate(a, fn, est) }
	return callFrequencies(a, freq, est, nil, nil)
}

// MeasuredCallFrequencies exposes callFrequencies with measurements c
// (counts, a CPU profile: see Measurements) and the default weights.
func MeasuredCallFrequencies(a *slicing.Analysis, est configs.Estimates, c Counts) map[*ssa.Function]float64 {
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		panic(err)
	}
	freq := func(fn *ssa.Function) counts.Frequencies { return Frequencies(a, fn, est, c) }
	return callFrequencies(a, freq, est, c, newWeigher(a, s).ownCPU(freq))
}

// OwnCPU exposes the CPU weight of one entry to fn, by the default weights.
func OwnCPU(a *slicing.Analysis, est configs.Estimates, fn *ssa.Function) float64 {
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		panic(err)
	}
	freq := func(fn *ssa.Function) counts.Frequencies { return Estimate(a, fn, est) }
	return newWeigher(a, s).ownCPU(freq)(fn)
}

// Normalise exposes normalise: the totals of scores with the given costs.
func Normalise(costs []Cost) []float64 {
	scores := make([]*Score, len(costs))
	for i, c := range costs {
		scores[i] = &Score{Cost: c}
	}
	normalise(scores)
	out := make([]float64, len(scores))
	for i, sc := range scores {
		out[i] = sc.Total
	}
	return out
}

// Base exposes how often fs's function runs with the option's value in
// sl, with the call frequencies of static estimates.
func Base(a *slicing.Analysis, est configs.Estimates, sl *slicing.Slice, fs *slicing.FuncSlice) float64 {
	freq := func(fn *ssa.Function) counts.Frequencies { return Estimate(a, fn, est) }
	calls := callFrequencies(a, freq, est, nil, nil)
	c := inContext{sl: sl, freq: freq, calls: calls, memo: make(map[*ssa.Function]float64), doing: make(map[*ssa.Function]bool)}
	return c.base(fs)
}

// LibraryCap is libraryCap, for the tests.
const LibraryCap = libraryCap

// Sized exposes sized to the tests.
var Sized = sized

// Through exposes underBranch.through over static estimates and the
// settings s.
func Through(a *slicing.Analysis, s *configs.Settings, fs *slicing.FuncSlice) []float64 {
	freq := func(fn *ssa.Function) counts.Frequencies { return Estimate(a, fn, s.Estimates) }
	return newUnderBranch(newWeigher(a, s), freq, 1).through(fs)
}

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
	return callFrequencies(a, freq, est, nil)
}

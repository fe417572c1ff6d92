package mutate

import (
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/scoring"
)

// MinP is minP, for the tests.
var MinP = minP

// SleepCosts and SleepTime are sleepCosts and sleepTime, for the tests.
var (
	SleepCosts = sleepCosts
	SleepTime  = sleepTime
)

// SideShare is the slowdown the calibration run c (of weighted work work)
// predicts for m from the branches it forces (sideShare).
func SideShare(m *Mutant, c scoring.Counts, work float64) float64 {
	p, _ := sideShare(m.forced, c, work)
	return p
}

// Forced returns the branches m sends to one side.
func Forced(m *Mutant) []*ssa.If {
	var out []*ssa.If
	for _, f := range m.forced {
		out = append(out, f.br)
	}
	return out
}

// TripShare is the slowdown the calibration run c (of weighted work
// work) predicts for m from the loops it scales (tripShare).
func TripShare(m *Mutant, c scoring.Counts, work float64) float64 {
	p, _ := tripShare(m.trips, m.costs, c, work)
	return p
}

// Trips returns the headers of the loops whose trips m scales.
func Trips(m *Mutant) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, t := range m.trips {
		out = append(out, t.loop.Header)
	}
	return out
}

// GoConst and Decimal are goConst and decimal, for tests.
var GoConst, Decimal = goConst, decimal

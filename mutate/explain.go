package mutate

import (
	"fmt"
	"strings"
)

// Explain says why a mutant has its status, and for a survivor what to
// do about it: it was never reached by a benchmark; it was reached in the
// call graph and never executed by the benchmark's calibration run; it
// was reached and the slowdown predicted for it lies below what the
// benchmark detects at its noise (Bench.MDE; a
// forced side the benchmark takes already predicts none); or it was
// predicted large enough and not detected, so the benchmark deserves a
// look; or it was measured faster (a compression level whose smaller
// output costs less to write than its extra work).
func Explain(m *Mutant) string {
	switch m.Status {
	case Killed:
		var by []string
		for _, b := range m.Benches {
			if b.Slower {
				by = append(by, fmt.Sprintf("%s %s (p=%.3g, Cliff's δ %.2f)", b.Label(), pct(b.Ratio-1), b.P, b.Cliff))
			}
		}
		return "slower in " + strings.Join(by, ", ")
	case Survived:
		var faster, why []string
		if m.Serial {
			why = append(why, "no benchmark reaching it runs in parallel (b.RunParallel), and a wider lock slows only goroutines that contend for it")
		}
		for _, b := range m.Benches {
			switch {
			case b.Faster() && (b.Unit == "" || b.Unit == "ns/op"):
				faster = append(faster, fmt.Sprintf("%s reached, measured faster, %s (%s to %s): under this benchmark the value is a speed-up, not a slowdown", b.Label(), pct(b.Ratio-1), pct(b.Lo-1), pct(b.Hi-1)))
			case b.Faster():
				faster = append(faster, fmt.Sprintf("%s reached, measured lower, %s (%s to %s)", b.Label(), pct(b.Ratio-1), pct(b.Lo-1), pct(b.Hi-1)))
			case b.Basis == "not run":
				why = append(why, fmt.Sprintf("%s reaches it in the call graph, but its calibration run never executed it (predicted +0.0%%)", b.Label()))
			case b.Basis == "branch sides" && b.Predicted == 0:
				why = append(why, fmt.Sprintf("%s reached, but its calibration run takes the forced side already (predicted +0.0%%)", b.Label()))
			case b.Basis == "loop trips" && b.Predicted < 0:
				why = append(why, fmt.Sprintf("%s reached, predicted %s: the value shortens the loops it bounds, a speed-up", b.Label(), pct(b.Predicted)))
			case b.Basis != "" && b.Predicted < b.MDE:
				why = append(why, fmt.Sprintf("%s reached, predicted %s, below this benchmark's minimum detectable effect %s", b.Label(), pct(b.Predicted), pct(b.MDE)))
			case b.Basis != "":
				why = append(why, fmt.Sprintf("%s reached, predicted %s, not detected (measured %s) — look at this benchmark", b.Label(), pct(b.Predicted), pct(b.Ratio-1)))
			default:
				why = append(why, fmt.Sprintf("%s reached, measured %s (p=%.3g), detects %s", b.Label(), pct(b.Ratio-1), b.P, pct(b.MDE)))
			}
		}
		// First what a benchmark measured lower: it says most (the
		// benchmarks disagree with the code's, or the user's, idea of
		// the slow value).
		return strings.Join(append(faster, why...), "; ")
	}
	return m.Reason
}

// Faster says whether the mutant measured lower than the base (faster,
// in ns/op): the whole confidence interval of its ratio lies below 1.
func (b Bench) Faster() bool { return b.Hi > 0 && b.Hi < 1 }

// Label names what b compared: its benchmark, and its unit when it is
// not ns/op ("example.com/app.Get B/op").
func (b Bench) Label() string {
	if b.Unit == "" || b.Unit == "ns/op" {
		return b.Name
	}
	return b.Name + " " + b.Unit
}

// pct formats a fraction as a signed percentage.
func pct(x float64) string { return fmt.Sprintf("%+.1f%%", 100*x) }

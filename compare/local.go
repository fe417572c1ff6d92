package compare

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/hunt"
	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/slicing"
)

// Local is the local measurement of one changed function under a
// workload, in both revisions, and what it predicts end to end.
type Local struct {
	Func string
	// Calls are the calls of one workload run, base then head, as the
	// probes counted them (summed over the runs, divided by their number).
	Calls [2]float64
	// PerCall is the inclusive time of a call, in nanoseconds.
	PerCall [2]float64
	// Delta is the predicted change of one workload run, in
	// nanoseconds: the head's calls × (head − base time per call).
	Delta float64
	// Counted is the calls a counts file gives, when there is one
	// (-1: none), and CountedDelta the change it predicts for the run
	// the counts were taken in, in nanoseconds.
	Counted      int64
	CountedDelta float64
}

// EndToEnd is the local → end-to-end estimate (Liao et al.): the
// change of the workload's time predicted from the changed functions'
// local times and call counts, and the change measured.
type EndToEnd struct {
	Funcs []Local // by name
	// Predicted is the predicted change of the workload's time, as a
	// fraction of the base's median; NaN when nothing was measured.
	Predicted float64
	// Actual compares the workload's wall times, head against base
	// (both probed alike).
	Actual bench.Comparison
}

// Predict probes the functions that changed between the programs bp
// and hp (loaded from the trees base and head), runs the workload w in
// each tree, interleaved as bench.Measure runs variants, and predicts
// the end-to-end change from each function's time per call and the
// head's calls under w; where counted knows a function's calls (a counts
// file of another run, a service's say), it also predicts the change of
// that run. A function's time is inclusive, so a changed
// function calling another counts the callee's change twice: the
// prediction is an upper bound when changed functions nest.
func Predict(ctx context.Context, r runner.Runner, base, head *Tree, bp, hp *slicing.Program, changes []Change, counted func(fn *ssa.Function) (int64, bool), w runner.Workload, p bench.Protocol) (*EndToEnd, error) {
	var fns [2][]*ssa.Function
	countedBy := make(map[string]int64)
	for _, c := range changes {
		if c.Kind != Changed || len(c.Base) == 0 || strings.HasSuffix(hp.Fset.Position(c.Funcs[0].Pos()).Filename, "_test.go") {
			continue
		}
		fns[0] = append(fns[0], c.Base[0])
		fns[1] = append(fns[1], c.Funcs[0])
		if counted != nil {
			if n, ok := counted(c.Funcs[0]); ok {
				countedBy[c.Name] = n
			}
		}
	}
	if len(fns[1]) == 0 {
		return nil, fmt.Errorf("no changed function outside tests to probe")
	}
	var vs []bench.Variant
	sums := [2]map[string][2]int64{{}, {}} // name → calls, nanos
	for side, t := range []*Tree{base, head} {
		prog := []*slicing.Program{bp, hp}[side]
		plan := hunt.PlanFuncs(fns[side])
		ov, err := plan.Write(prog, r.Leftovers)
		if err != nil {
			return nil, fmt.Errorf("probing %s: %w", t.Label(), err)
		}
		defer ov.Remove()
		hr := &hunt.Runner{Runner: r}
		hr.Dir = t.Dir
		vs = append(vs, bench.Variant{Name: "workload @ " + t.Label(), Run: func(ctx context.Context) ([]byte, time.Duration, error) {
			res, err := hr.Probe(ctx, plan, ov, w)
			if err != nil {
				return nil, 0, err
			}
			for _, m := range res.Measurements {
				name := slicing.FullName(m.Probe.Func)
				s := sums[side][name]
				sums[side][name] = [2]int64{s[0] + m.Calls, s[1] + m.Nanos}
			}
			// The wall time alone is compared: the probes' output is no
			// benchmark of the change.
			return nil, res.Wall, nil
		}})
	}
	runs, err := bench.Measure(ctx, vs, p)
	if err != nil {
		return nil, err
	}
	n := float64(len(runs[0]) + 1) // the warm-up run counted too
	e := &EndToEnd{Actual: bench.Compare(runs[0].Time(nil), runs[1].Time(nil), bench.Criteria{})}
	delta := 0.0
	for _, c := range changes {
		bs, okb := sums[0][c.Name]
		hs, okh := sums[1][c.Name]
		if !okb && !okh {
			continue
		}
		l := Local{Func: c.Name, Counted: -1}
		for side, s := range [2][2]int64{bs, hs} {
			l.Calls[side] = float64(s[0]) / n
			l.PerCall[side] = math.NaN()
			if s[0] > 0 {
				l.PerCall[side] = float64(s[1]) / float64(s[0])
			}
		}
		d := l.PerCall[1] - l.PerCall[0]
		if !math.IsNaN(d) {
			l.Delta = l.Calls[1] * d
			delta += l.Delta
		}
		if k, ok := countedBy[c.Name]; ok {
			l.Counted, l.CountedDelta = k, float64(k)*d
		}
		e.Funcs = append(e.Funcs, l)
	}
	slices.SortFunc(e.Funcs, func(x, y Local) int { return cmp.Compare(x.Func, y.Func) })
	e.Predicted = delta / e.Actual.A.Median
	return e, nil
}

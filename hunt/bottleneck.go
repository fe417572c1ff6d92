package hunt

import (
	"cmp"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/slicing"
)

// Bottleneck is a probe site ranked by the resources it used.
type Bottleneck struct {
	Measurement
	Exclusive int64   // for a function: its time less that of the probed functions it calls
	Score     float64 // time, bytes allocated and IO bytes, each over its maximum, summed
	Rank      int
}

// By is what bottlenecks are ranked by.
type By int

const (
	ByTime  By = iota // exclusive time for functions, time in the call for IO
	ByAlloc           // bytes allocated
	ByIO              // bytes read or written
	ByScore           // the three, each over its maximum, summed
)

// ParseBy parses "time", "alloc", "io" or "score".
func ParseBy(s string) (By, bool) {
	for i, n := range []string{"time", "alloc", "io", "score"} {
		if s == n {
			return By(i), true
		}
	}
	return 0, false
}

// Bottlenecks ranks the measured sites. A function's exclusive time is
// its inclusive time less the time of its probed IO calls and the
// inclusive time of the probed functions it calls, each apportioned among
// its probed callers by their calls and call sites: an approximation,
// since probes keep no per-goroutine stack.
func Bottlenecks(a *slicing.Analysis, ms []Measurement, by By) []Bottleneck {
	byFunc := make(map[*ssa.Function]*Measurement)
	for i := range ms {
		if ms[i].Probe.Kind == FuncProbe {
			byFunc[ms[i].Probe.Func] = &ms[i]
		}
	}
	// sites[f][g]: call sites in f that may call g, among probed functions.
	sites := make(map[*ssa.Function]map[*ssa.Function]int)
	for f := range byFunc {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				for _, g := range a.Callees(c) {
					g = origin(g)
					if byFunc[g] != nil && g != f {
						if sites[f] == nil {
							sites[f] = make(map[*ssa.Function]int)
						}
						sites[f][g]++
					}
				}
			}
		}
	}
	weight := make(map[*ssa.Function]float64) // Σ over probed callers of calls × sites
	for f, gs := range sites {
		for g, n := range gs {
			weight[g] += float64(byFunc[f].Calls) * float64(n)
		}
	}
	// Time inside probed IO calls is theirs, not their function's.
	ioTime := make(map[*ssa.Function]int64)
	for _, m := range ms {
		if m.Probe.Kind == IOProbe {
			ioTime[m.Probe.Func] += m.Nanos
		}
	}
	out := make([]Bottleneck, 0, len(ms))
	for _, m := range ms {
		b := Bottleneck{Measurement: m}
		if m.Probe.Kind == FuncProbe {
			children := 0.0
			for g, n := range sites[m.Probe.Func] {
				if w := weight[g]; w > 0 {
					children += float64(byFunc[g].Nanos) * float64(m.Calls) * float64(n) / w
				}
			}
			b.Exclusive = max(0, m.Nanos-int64(children)-ioTime[m.Probe.Func])
		}
		out = append(out, b)
	}
	var maxTime, maxAlloc, maxIO float64
	for _, b := range out {
		maxTime = max(maxTime, float64(b.time()))
		switch b.Probe.Kind {
		case AllocProbe:
			maxAlloc = max(maxAlloc, float64(b.Bytes))
		case IOProbe:
			maxIO = max(maxIO, float64(b.Bytes))
		}
	}
	for i := range out {
		b := &out[i]
		if maxTime > 0 {
			b.Score += float64(b.time()) / maxTime
		}
		if b.Probe.Kind == AllocProbe && maxAlloc > 0 {
			b.Score += float64(b.Bytes) / maxAlloc
		}
		if b.Probe.Kind == IOProbe && maxIO > 0 {
			b.Score += float64(b.Bytes) / maxIO
		}
	}
	key := func(b Bottleneck) float64 {
		switch by {
		case ByTime:
			return float64(b.time())
		case ByAlloc:
			if b.Probe.Kind == AllocProbe {
				return float64(b.Bytes)
			}
			return 0
		case ByIO:
			if b.Probe.Kind == IOProbe {
				return float64(b.Bytes)
			}
			return 0
		}
		return b.Score
	}
	ran := func(b Bottleneck) int { return b2i(b.Calls > 0) }
	slices.SortFunc(out, func(x, y Bottleneck) int {
		return cmp.Or(cmp.Compare(ran(y), ran(x)), cmp.Compare(key(y), key(x)), cmp.Compare(y.Score, x.Score),
			cmp.Compare(x.Probe.Pos, y.Probe.Pos), cmp.Compare(x.Probe.Kind, y.Probe.Kind))
	})
	// Sites that ran are ranked 1, 2, …; those that did not have rank 0.
	for i := range out {
		if out[i].Calls > 0 {
			out[i].Rank = i + 1
		}
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// time is the time a site accounts for: exclusive for functions, the
// time inside the call for IO.
func (b Bottleneck) time() int64 {
	switch b.Probe.Kind {
	case FuncProbe:
		return b.Exclusive
	case IOProbe:
		return b.Nanos
	}
	return 0
}

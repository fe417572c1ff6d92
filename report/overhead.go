package report

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/confhunt/confhunt/internal/bench"
)

// Overhead is the view of hunt -overhead: the workload's time without
// probes and, for each plan, its slowdown with them.
type Overhead struct {
	Benchmarks []string // the ns/op series whose geometric mean is the time; none means wall time
	Runs       int      // of each variant
	MinRuns    int
	MaxRuns    int
	Width      float64 // the interval of each median the runs aimed at, as a fraction of it
	Criteria   bench.Criteria
	None       bench.Summary // time without probes, in nanoseconds
	Plans      []OverheadPlan
}

// OverheadPlan is one probe plan's measurement against the runs without
// probes.
type OverheadPlan struct {
	Name   string
	Probes int
	bench.Comparison
}

// OverheadView compares the runs with the selective plan and with every
// function probed (measured[1] and [2]) with the runs without probes.
func OverheadView(measured []bench.Runs, proto bench.Protocol, selProbes, allProbes int) Overhead {
	keys := bench.TimeKeys(measured...)
	crit := bench.Criteria{Alpha: 0.05, Confidence: 0.95}
	none := measured[0].Time(keys)
	view := Overhead{Runs: len(none), MinRuns: proto.Runs, MaxRuns: proto.MaxRuns, Width: proto.Width, Criteria: crit}
	for _, k := range keys {
		view.Benchmarks = append(view.Benchmarks, strings.TrimSuffix(k.String(), " "+k.Unit))
	}
	view.None = bench.Median(none, crit.Confidence)
	for i, p := range []struct {
		name   string
		probes int
	}{{"selective", selProbes}, {"all functions", allProbes}} {
		view.Plans = append(view.Plans, OverheadPlan{Name: p.name, Probes: p.probes, Comparison: bench.Compare(none, measured[i+1].Time(keys), crit)})
	}
	return view
}

// OverheadFile is the JSON form of hunt -overhead.
type OverheadFile struct {
	Version    int                `json:"version"`
	Metric     string             `json:"metric"` // "benchmarks" (geometric mean of their ns/op) or "wall"
	Benchmarks []string           `json:"benchmarks"`
	Runs       int                `json:"runs"`
	MinRuns    int                `json:"min_runs"`
	MaxRuns    int                `json:"max_runs"`
	Confidence float64            `json:"confidence"`
	Alpha      float64            `json:"alpha"`
	None       MedianJSON         `json:"none"`
	Plans      []OverheadPlanJSON `json:"plans"`
}

// MedianJSON is a median time with its confidence interval, in
// nanoseconds; a bound is null when the runs were too few for one.
type MedianJSON struct {
	Median *float64 `json:"median_ns"`
	Lo     *float64 `json:"lo_ns"`
	Hi     *float64 `json:"hi_ns"`
}

// OverheadPlanJSON is one plan's slowdown: the Hodges–Lehmann estimate
// of the ratio of its times to the times without probes, minus one, with
// its interval; the one-sided U p-value that the probes slow the workload,
// the two-sided one, the KS statistic and its permutation p-value, Cliff's
// delta, and the verdict ("slower", "faster", or "~" for no significant
// difference).
type OverheadPlanJSON struct {
	Name       string     `json:"name"`
	Probes     int        `json:"probes"`
	Time       MedianJSON `json:"time"`
	Slowdown   *float64   `json:"slowdown"`
	SlowdownLo *float64   `json:"slowdown_lo"`
	SlowdownHi *float64   `json:"slowdown_hi"`
	P          float64    `json:"p"`
	PTwoSided  float64    `json:"p_two_sided"`
	KS         float64    `json:"ks"`
	PKS        float64    `json:"p_ks"`
	Cliff      float64    `json:"cliff"`
	Verdict    string     `json:"verdict"`
}

func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	x = round(x)
	return &x
}

// slowdown is ratio−1, or nil for a ratio the runs were too few to bound
// (0 or infinite) or that does not exist (NaN).
func slowdown(ratio float64) *float64 {
	if !(ratio > 0) {
		return nil
	}
	return finite(ratio - 1)
}

func medianJSON(s bench.Summary) MedianJSON {
	return MedianJSON{finite(s.Median), finite(s.Lo), finite(s.Hi)}
}

// document is the JSON form of the overhead measurement.
func (o Overhead) document() any {
	f := OverheadFile{
		Version: Version, Metric: "wall", Benchmarks: nonNil(o.Benchmarks),
		Runs: o.Runs, MinRuns: o.MinRuns, MaxRuns: o.MaxRuns,
		Confidence: o.Criteria.Confidence, Alpha: o.Criteria.Alpha,
		None: medianJSON(o.None), Plans: []OverheadPlanJSON{},
	}
	if len(o.Benchmarks) > 0 {
		f.Metric = "benchmarks"
	}
	for _, p := range o.Plans {
		f.Plans = append(f.Plans, OverheadPlanJSON{
			Name: p.Name, Probes: p.Probes, Time: medianJSON(p.B),
			Slowdown: slowdown(p.Ratio), SlowdownLo: slowdown(p.Lo), SlowdownHi: slowdown(p.Hi),
			P: round(overheadP(p.Comparison)), PTwoSided: round(p.P), KS: round(p.KS), PKS: round(p.PKS), Cliff: round(p.Cliff),
			Verdict: p.Verdict.String(),
		})
	}
	return f
}

// overheadP is the one-sided p-value in the direction of the verdict:
// that the probes slow the workload, or, for a significant speed-up, that
// they speed it.
func overheadP(c bench.Comparison) float64 {
	if c.Verdict == bench.Faster {
		return c.PFaster
	}
	return c.PSlower
}

func (o Overhead) confidence() string { return fmt.Sprintf("%g%%", 100*o.Criteria.Confidence) }

// rows are the table's rows: the runs without probes, then each plan's.
func (o Overhead) rows() [][]string {
	rows := [][]string{{"none", "0", nanos(o.None.Median), "-", "-", "-"}}
	for _, p := range o.Plans {
		slow := "~"
		if p.Verdict != bench.Same {
			slow = percent(p.Ratio)
		}
		rows = append(rows, []string{p.Name, count(p.Probes), nanos(p.B.Median), slow, percent(p.Lo) + " .. " + percent(p.Hi), pValue(overheadP(p.Comparison))})
	}
	return rows
}

// legend says how the overhead was measured.
func (o Overhead) legend() string {
	conf := o.confidence()
	metric := "the workload's wall time"
	if n := len(o.Benchmarks); n == 1 {
		metric = "the benchmark's ns/op"
	} else if n > 1 {
		metric = fmt.Sprintf("the geometric mean of the %d benchmarks' ns/op", n)
	}
	return fmt.Sprintf(`%d runs of each variant, interleaved, after a warm-up run (at least %d, then
until the %s interval of each variant's median time is within %g%% of it,
at most %d). TIME: median of %s.
SLOWDOWN: Hodges-Lehmann estimate of the ratio of the times to those
without probes, minus one, with its %s interval; ~ when the probes do not
slow the workload significantly (one-sided Mann-Whitney U, P, at %g).
`, o.Runs, o.MinRuns, conf, 100*o.Width, o.MaxRuns, metric, conf, o.Criteria.Alpha)
}

// text writes the overhead measurement as a table and says how it was
// measured.
func (o Overhead) text(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "PROBES\tCOUNT\tTIME\tSLOWDOWN\t%s INTERVAL\tP\n", o.confidence())
	for _, r := range o.rows() {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\n%s", o.legend())
	return err
}

// markdown writes the overhead measurement as a table and a paragraph
// saying how it was measured.
func (o Overhead) markdown(w io.Writer) error {
	fmt.Fprintf(w, "**confhunt hunt -overhead**\n\n")
	t := newTable("probes", "count", "time", "slowdown", o.confidence()+" interval", "p").alignRight(1, 2, 3, 4, 5)
	for _, r := range o.rows() {
		t.row(r...)
	}
	if err := t.write(w); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\n%s", mdText(o.legend()))
	return err
}

// percent formats a ratio as a change: 1.123 is +12.3%; "-" for a ratio
// slowdown leaves out.
func percent(ratio float64) string {
	x := slowdown(ratio)
	if x == nil {
		return "-"
	}
	return change(*x)
}

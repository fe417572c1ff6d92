package report

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"golang.org/x/perf/benchunit"

	"github.com/confhunt/confhunt/compare"
	"github.com/confhunt/confhunt/internal/bench"
)

// Compare is the view of confhunt compare: the two revisions, what
// changed, what was selected and what the measurement found.
type Compare struct {
	Module     string // the main module's path, trimmed from function names in text
	Base, Head *compare.Tree
	Changes    []compare.Change
	Touches    []compare.Touch
	Selection  compare.Selection
	Tests      bool                 // tests were selected too (-tests)
	Measured   *compare.Measurement // nil when nothing was measured
	Protocol   compare.Protocol
	// Fail is the regression, as a fraction, that -fail-on-regression
	// fails on (0: none), and Regressions the results that reach it.
	Fail        float64
	Regressions []compare.Result
	// EndToEnd is the local → end-to-end estimate under a workload, if
	// one was given.
	EndToEnd *compare.EndToEnd
}

// CompareFile is the JSON form of confhunt compare.
type CompareFile struct {
	Version    int                 `json:"version"`
	Base       TreeJSON            `json:"base"`
	Head       TreeJSON            `json:"head"`
	Changes    []ChangeJSON        `json:"changes"`
	Options    []TouchJSON         `json:"options"`
	Benchmarks SelectionJSON       `json:"benchmarks"`
	Tests      *SelectionJSON      `json:"tests,omitempty"`
	Results    []CompareResultJSON `json:"results"`
	New        []string            `json:"new"`                 // selected benchmarks the base does not print
	MeasuredS  float64             `json:"measured_s"`          // wall time of the benchmark runs
	SavedS     float64             `json:"saved_s"`             // estimated time the unselected benchmarks would have taken
	Runs       [2]int              `json:"runs"`                // at least, at most, of each side
	BudgetS    float64             `json:"budget_s,omitempty"`  // the -budget for the runs, in seconds
	Cut        []string            `json:"cut"`                 // packages whose runs the budget ended before their medians were known within 5%
	Shortened  map[string]string   `json:"shortened,omitempty"` // packages whose -test.benchtime the budget shortened, with the one they ran at
	UnfitS     map[string]float64  `json:"unfit_s,omitempty"`   // packages whose share of the budget could not fit -runs rounds even at the shortest benchtime, with about the seconds it would have needed
	Benchtime  string              `json:"benchtime,omitempty"` // -test.benchtime
	Alpha      float64             `json:"alpha"`
	Confidence float64             `json:"confidence"`
	Regression *float64            `json:"fail_on_regression,omitempty"` // the fraction -fail-on-regression fails on
	Regressed  []string            `json:"regressed"`                    // results at least that much slower
	EndToEnd   *EndToEndJSON       `json:"end_to_end,omitempty"`
}

// EndToEndJSON is the local → end-to-end estimate: per changed function
// the calls of a workload run and the time per call in nanoseconds (base,
// head), the predicted change of a run (ns), and with a counts file the
// calls it counted and the change predicted for that run; then the
// predicted change of the workload's time (a fraction) and the measured
// one with its interval and p-value.
type EndToEndJSON struct {
	Funcs     []LocalJSON `json:"funcs"`
	Predicted *float64    `json:"predicted"`
	Actual    *float64    `json:"actual"`
	ActualLo  *float64    `json:"actual_lo"`
	ActualHi  *float64    `json:"actual_hi"`
	P         float64     `json:"p"`
	Verdict   string      `json:"verdict"`
}

// LocalJSON is one changed function's local measurement.
type LocalJSON struct {
	Func           string      `json:"func"`
	Calls          [2]float64  `json:"calls"`
	PerCall        [2]*float64 `json:"per_call_ns"`
	Delta          float64     `json:"delta_ns"`
	Counted        *int64      `json:"counted,omitempty"`
	CountedDeltaNs *float64    `json:"counted_delta_ns,omitempty"`
}

func endToEndJSON(e *compare.EndToEnd) *EndToEndJSON {
	out := &EndToEndJSON{Funcs: []LocalJSON{}, Predicted: finite(e.Predicted), Actual: slowdown(e.Actual.Ratio),
		ActualLo: slowdown(e.Actual.Lo), ActualHi: slowdown(e.Actual.Hi), P: round(e.Actual.P), Verdict: e.Actual.Verdict.String()}
	for _, l := range e.Funcs {
		j := LocalJSON{Func: l.Func, Calls: [2]float64{round(l.Calls[0]), round(l.Calls[1])}, PerCall: [2]*float64{finite(l.PerCall[0]), finite(l.PerCall[1])}, Delta: round(l.Delta)}
		if l.Counted >= 0 {
			n, d := l.Counted, round(l.CountedDelta)
			j.Counted, j.CountedDeltaNs = &n, &d
		}
		out.Funcs = append(out.Funcs, j)
	}
	return out
}

// CompareVersion is the version of CompareFile's fields.
const CompareVersion = 1

// TreeJSON is one revision: as given ("" for the working tree) and what
// it named (a commit, a module version, "working tree").
type TreeJSON struct {
	Spec string `json:"spec"`
	ID   string `json:"id"`
}

// ChangeJSON is a changed function.
type ChangeJSON struct {
	Func string `json:"func"`
	Kind string `json:"kind"` // changed, added, removed
	Pos  string `json:"pos"`
	Sync bool   `json:"sync"` // takes a lock or uses a channel
}

// TouchJSON is an option whose slice holds changed code.
type TouchJSON struct {
	Name       string   `json:"name"`
	Funcs      []string `json:"funcs"`
	Benchmarks []string `json:"benchmarks"`
}

// SelectionJSON is the selected benchmarks or tests of a total.
type SelectionJSON struct {
	Total    int         `json:"total"`
	Selected []BenchJSON `json:"selected"`
	// Failed are those whose coverage run (-cover) failed, left out.
	Failed []FailedJSON `json:"failed"`
}

// FailedJSON is a benchmark or test whose coverage run failed, with the
// end of its output.
type FailedJSON struct {
	Pkg   string `json:"pkg"`
	Name  string `json:"name"`
	Error string `json:"error"`
}

// BenchJSON is a selected benchmark or test.
type BenchJSON struct {
	Pkg     string   `json:"pkg"`
	Name    string   `json:"name"`
	Reaches []string `json:"reaches"`
	Sync    bool     `json:"sync"`
}

// CompareResultJSON is one benchmark's comparison: the median ns/op of
// each side with its interval, the Hodges–Lehmann estimate of head/base
// minus one with its interval, the Mann–Whitney U p-values (two-sided as
// benchstat prints it; one-sided for slower and faster), and the verdict
// ("slower", "faster", "~").
type CompareResultJSON struct {
	Pkg       string     `json:"pkg"`
	Name      string     `json:"name"`
	Benchmark string     `json:"benchmark"`
	Base      MedianJSON `json:"base"`
	Head      MedianJSON `json:"head"`
	N         [2]int     `json:"n"`
	Change    *float64   `json:"change"`
	ChangeLo  *float64   `json:"change_lo"`
	ChangeHi  *float64   `json:"change_hi"`
	P         float64    `json:"p"`
	PSlower   float64    `json:"p_slower"`
	PFaster   float64    `json:"p_faster"`
	Verdict   string     `json:"verdict"`
}

func treeJSON(t *compare.Tree) TreeJSON { return TreeJSON{t.Spec, t.ID} }

func selectionJSON(total int, bs, failed []compare.Bench, tests bool) SelectionJSON {
	s := SelectionJSON{Total: total, Selected: []BenchJSON{}, Failed: []FailedJSON{}}
	for _, b := range bs {
		s.Selected = append(s.Selected, BenchJSON{b.Pkg, b.Name, nonNil(b.Reaches), b.Sync})
	}
	for _, b := range failed {
		if b.Test == tests {
			s.Failed = append(s.Failed, FailedJSON{b.Pkg, b.Name, b.Failed})
		}
	}
	return s
}

// CompareJSON writes the comparison as JSON.
func CompareJSON(w io.Writer, c Compare) error { return writeJSON(w, c.document()) }

// The Compare view: its JSON document, text and Markdown (report.Write).
func (c Compare) document() any              { return compareDocument(c) }
func (c Compare) text(w io.Writer) error     { return CompareText(w, c) }
func (c Compare) markdown(w io.Writer) error { return CompareMarkdown(w, c) }

func compareDocument(c Compare) CompareFile {
	f := CompareFile{
		Version: CompareVersion, Base: treeJSON(c.Base), Head: treeJSON(c.Head),
		Changes: []ChangeJSON{}, Options: []TouchJSON{},
		Benchmarks: selectionJSON(c.Selection.TotalBenchmarks, c.Selection.Benchmarks, c.Selection.Failed, false),
		Results:    []CompareResultJSON{}, New: []string{}, Regressed: []string{},
		Runs:    [2]int{c.Protocol.Runs, max(c.Protocol.Runs, c.Protocol.MaxRuns)},
		BudgetS: round(c.Protocol.Budget.Seconds()), Cut: []string{},
		Benchtime: c.Protocol.Benchtime, Alpha: c.Protocol.Criteria.Alpha, Confidence: c.Protocol.Criteria.Confidence,
	}
	if c.Tests {
		s := selectionJSON(c.Selection.TotalTests, c.Selection.Tests, c.Selection.Failed, true)
		f.Tests = &s
	}
	for _, ch := range c.Changes {
		f.Changes = append(f.Changes, ChangeJSON{ch.Name, ch.Kind.String(), ch.Pos, ch.Sync})
	}
	for _, t := range c.Touches {
		f.Options = append(f.Options, TouchJSON{t.Option, nonNil(t.Funcs), nonNil(t.Benchmarks)})
	}
	if m := c.Measured; m != nil {
		for _, r := range m.Results {
			f.Results = append(f.Results, CompareResultJSON{
				Pkg: r.Pkg, Name: r.Name, Benchmark: r.Benchmark,
				Base: medianJSON(r.A), Head: medianJSON(r.B), N: [2]int{r.A.N, r.B.N},
				Change: slowdown(r.Ratio), ChangeLo: slowdown(r.Lo), ChangeHi: slowdown(r.Hi),
				P: round(r.P), PSlower: round(r.PSlower), PFaster: round(r.PFaster), Verdict: r.Verdict.String(),
			})
		}
		f.New = nonNil(m.New)
		f.Cut = nonNil(m.Cut)
		f.Shortened = m.Shortened
		for p, d := range m.Unfit {
			if f.UnfitS == nil {
				f.UnfitS = make(map[string]float64)
			}
			f.UnfitS[p] = round(d.Seconds())
		}
		f.MeasuredS = round(m.Wall.Seconds())
		f.SavedS = round(m.Saved(c.Selection.TotalBenchmarks).Seconds())
	}
	if c.EndToEnd != nil {
		f.EndToEnd = endToEndJSON(c.EndToEnd)
	}
	if c.Fail > 0 {
		f.Regression = &c.Fail
		for _, r := range c.Regressions {
			f.Regressed = append(f.Regressed, r.Pkg+"."+r.Name)
		}
	}
	return f
}

// short trims the module's path from a function's or package's name.
func (c Compare) short(name string) string {
	if c.Module == "" {
		return name
	}
	if rest, ok := strings.CutPrefix(name, c.Module+"/"); ok {
		return rest
	}
	if rest, ok := strings.CutPrefix(name, c.Module+"."); ok {
		return rest
	}
	return name
}

func (c Compare) shortAll(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = c.short(n)
	}
	return strings.Join(out, ", ")
}

// seconds formats nanoseconds as benchstat does: 3.200s, 17.50µs.
func seconds(ns float64) string {
	if math.IsNaN(ns) || math.IsInf(ns, 0) {
		return "-"
	}
	return benchunit.Scale(ns/1e9, benchunit.Decimal) + "s"
}

// plusMinus is benchstat's ± of a median: the farther bound of its
// interval from it, as a percentage of it.
func plusMinus(s bench.Summary) string {
	d := math.Max(s.Hi-s.Median, s.Median-s.Lo) / s.Median
	switch {
	case math.IsNaN(d):
		return ""
	case math.IsInf(d, 0):
		return " ± ∞"
	}
	return fmt.Sprintf(" ± %.0f%%", 100*d)
}

// vsBase is benchstat's "vs base" column: the change of the median with
// the p-value and sample sizes, or ~ when there is no significant
// difference; the interval of the change follows in brackets.
func vsBase(r compare.Result) string {
	n := fmt.Sprintf("(p=%.3f n=%d+%d)", r.P, r.A.N, r.B.N)
	if r.Verdict == bench.Same {
		return "~ " + n
	}
	return fmt.Sprintf("%s [%s, %s] %s", percent(r.Ratio), percent(r.Lo), percent(r.Hi), n)
}

func (c Compare) header(w io.Writer, bullet string) {
	fmt.Fprintf(w, "%sbase: %s, head: %s\n", bullet, c.Base.Label(), c.Head.Label())
}

func functionsDiffer(n int) string {
	if n == 1 {
		return "1 function differs"
	}
	return fmt.Sprintf("%d functions differ", n)
}

func countKinds(changes []compare.Change) string {
	var n [3]int
	for _, ch := range changes {
		n[ch.Kind]++
	}
	return fmt.Sprintf("%d changed, %d added, %d removed", n[compare.Changed], n[compare.Added], n[compare.Removed])
}

func (c Compare) selected() string {
	s := fmt.Sprintf("%d of %d benchmarks selected", len(c.Selection.Benchmarks), c.Selection.TotalBenchmarks)
	if m := c.Measured; m != nil && m.Saved(c.Selection.TotalBenchmarks) > 0 {
		s += fmt.Sprintf(" (measured in %s; the others would have taken about %s more)", m.Wall.Round(100*time.Millisecond), m.Saved(c.Selection.TotalBenchmarks).Round(100*time.Millisecond))
	}
	if c.Tests {
		s += fmt.Sprintf("; %d of %d tests", len(c.Selection.Tests), c.Selection.TotalTests)
	}
	if n := len(c.Selection.Failed); n > 0 {
		names := make([]string, n)
		for i, b := range c.Selection.Failed {
			names[i] = c.short(b.Pkg + "." + b.Name)
		}
		s += fmt.Sprintf("; left out, failed in the coverage run: %s", strings.Join(names, ", "))
	}
	return s
}

// CompareText writes the comparison for a terminal: the changed
// functions, the options they touch, the selection, and benchstat's
// table per package.
func CompareText(w io.Writer, c Compare) error {
	c.header(w, "")
	fmt.Fprintf(w, "%s (%s)\n", functionsDiffer(len(c.Changes)), countKinds(c.Changes))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, ch := range c.Changes {
		sync := ""
		if ch.Sync {
			sync = "\tlocks or channels"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s%s\n", ch.Kind, c.short(ch.Name), ch.Pos, sync)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(c.Touches) > 0 {
		fmt.Fprintln(w, "\noptions whose slices hold changed code:")
		for _, t := range c.Touches {
			fmt.Fprintf(tw, "  %s\t%s", t.Option, c.shortAll(t.Funcs))
			if len(t.Benchmarks) > 0 {
				fmt.Fprintf(tw, "\t(exercised by %s)", c.shortAll(t.Benchmarks))
			}
			fmt.Fprintln(tw)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "\n%s\n", c.selected())
	for _, b := range slices.Concat(c.Selection.Benchmarks, c.Selection.Tests) {
		fmt.Fprintf(tw, "  %s\treaches %s\n", c.short(b.Pkg+"."+b.Name), c.shortAll(b.Reaches))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	m := c.Measured
	if m == nil {
		return nil
	}
	pkg := "\x00"
	for _, r := range m.Results {
		if r.Pkg != pkg {
			pkg = r.Pkg
			fmt.Fprintf(tw, "\npkg: %s\n", pkg)
			fmt.Fprintf(tw, "\tbase sec/op\thead sec/op\tvs base\t\n")
		}
		fmt.Fprintf(tw, "%s\t%s%s\t%s%s\t%s\t%s\n", r.Name, seconds(r.A.Median), plusMinus(r.A), seconds(r.B.Median), plusMinus(r.B), vsBase(r), r.Verdict)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, n := range m.New {
		fmt.Fprintf(w, "%s: not in the base; not compared\n", c.short(n))
	}
	if s := c.cut(); s != "" {
		fmt.Fprintln(w, s)
	}
	if len(m.Results) > 0 {
		conf := 100 * c.Protocol.Criteria.Confidence
		fmt.Fprintf(w, "\nmedians ± the farther bound of their %g%% interval; vs base: the Hodges-Lehmann change with its %g%% interval,\n"+
			"p of the two-sided Mann-Whitney U test; slower/faster: one-sided U test at %g; runs interleaved after a warm-up\n", conf, conf, c.Protocol.Criteria.Alpha)
	}
	for _, r := range c.Regressions {
		fmt.Fprintf(w, "regression: %s.%s is slower by at least %g%%\n", c.short(r.Pkg), r.Name, 100*c.Fail)
	}
	return c.endToEndText(w)
}

// endToEndText writes the local → end-to-end estimate.
func (c Compare) endToEndText(w io.Writer) error {
	e := c.EndToEnd
	if e == nil {
		return nil
	}
	fmt.Fprintf(w, "\nlocal → end to end under the workload (%d probed runs of each side, interleaved):\n", e.Actual.A.N)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  function\tcalls/run\tbase/call\thead/call\tpredicted/run\tcounted calls\tpredicted there")
	for _, l := range e.Funcs {
		counted, there := "-", "-"
		if l.Counted >= 0 {
			counted, there = fmt.Sprint(l.Counted), signedSeconds(l.CountedDelta)
		}
		fmt.Fprintf(tw, "  %s\t%.0f\t%s\t%s\t%s\t%s\t%s\n", c.short(l.Func), l.Calls[1], seconds(l.PerCall[0]), seconds(l.PerCall[1]), signedSeconds(l.Delta), counted, there)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	pred := "-"
	if p := finite(e.Predicted); p != nil {
		pred = fmt.Sprintf("%+.1f%%", 100**p)
	}
	_, err := fmt.Fprintf(w, "workload time: predicted %s, measured %s [%s, %s] (p=%.3f) %s\n", pred, percent(e.Actual.Ratio), percent(e.Actual.Lo), percent(e.Actual.Hi), e.Actual.P, e.Actual.Verdict)
	return err
}

func signedSeconds(ns float64) string {
	if ns < 0 {
		return "-" + seconds(-ns)
	}
	return "+" + seconds(ns)
}

// cut says which packages' runs the budget shortened or ended early,
// or "".
func (c Compare) cut() string {
	m := c.Measured
	if m == nil {
		return ""
	}
	var lines []string
	for _, p := range slices.Sorted(maps.Keys(m.Shortened)) {
		lines = append(lines, fmt.Sprintf("the budget (%s) shortened the runs of %s to -benchtime %s, for -runs rounds to fit", c.Protocol.Budget, c.short(p), m.Shortened[p]))
	}
	for _, p := range slices.Sorted(maps.Keys(m.Unfit)) {
		lines = append(lines, fmt.Sprintf("the budget's share for %s could not fit -runs rounds even at the shortest -benchtime: about %s would have", c.short(p), m.Unfit[p]))
	}
	if len(m.Cut) > 0 {
		names := make([]string, len(m.Cut))
		for i, p := range m.Cut {
			names[i] = c.short(p)
		}
		lines = append(lines, fmt.Sprintf("the budget (%s) ended the runs of %s before their medians were known within %g%%: their verdicts rest on fewer runs",
			c.Protocol.Budget, strings.Join(names, ", "), 100*c.Protocol.Width))
	}
	return strings.Join(lines, "\n")
}

// CompareMarkdown writes the comparison as a pull-request comment: the
// verdicts first, the table, then the details folded.
func CompareMarkdown(w io.Writer, c Compare) error {
	fmt.Fprintf(w, "### confhunt compare\n\n")
	c.header(w, "")
	fmt.Fprintln(w)
	if m := c.Measured; m != nil && len(m.Results) > 0 {
		var n [3]int
		for _, r := range m.Results {
			n[r.Verdict]++
		}
		fmt.Fprintf(w, "**%d slower, %d faster, %d unchanged**; %s.\n\n", n[bench.Slower], n[bench.Faster], n[bench.Same], c.selected())
		fmt.Fprintln(w, "| benchmark | base sec/op | head sec/op | vs base | |")
		fmt.Fprintln(w, "| --- | ---: | ---: | --- | --- |")
		for _, r := range m.Results {
			mark := ""
			switch r.Verdict {
			case bench.Slower:
				mark = "🔴 slower"
			case bench.Faster:
				mark = "🟢 faster"
			}
			fmt.Fprintf(w, "| `%s.%s` | %s%s | %s%s | %s | %s |\n", c.short(r.Pkg), r.Name, seconds(r.A.Median), plusMinus(r.A), seconds(r.B.Median), plusMinus(r.B), vsBase(r), mark)
		}
		fmt.Fprintln(w)
		for _, n := range m.New {
			fmt.Fprintf(w, "`%s` is not in the base: not compared.\n\n", c.short(n))
		}
		if s := c.cut(); s != "" {
			fmt.Fprintf(w, "%s\n\n", strings.ReplaceAll(s, "\n", "\n\n"))
		}
		if len(c.Regressions) > 0 {
			names := make([]string, len(c.Regressions))
			for i, r := range c.Regressions {
				names[i] = fmt.Sprintf("`%s.%s`", c.short(r.Pkg), r.Name)
			}
			fmt.Fprintf(w, "**Regression** of at least %g%%: %s.\n\n", 100*c.Fail, strings.Join(names, ", "))
		}
	} else {
		fmt.Fprintf(w, "No benchmark measured; %s.\n\n", c.selected())
	}
	if e := c.EndToEnd; e != nil {
		pred := "-"
		if p := finite(e.Predicted); p != nil {
			pred = fmt.Sprintf("%+.1f%%", 100**p)
		}
		fmt.Fprintf(w, "Under the workload, from the changed functions' local times: predicted %s; measured %s (p=%.3f) %s.\n\n", pred, percent(e.Actual.Ratio), e.Actual.P, e.Actual.Verdict)
	}
	if len(c.Touches) > 0 {
		fmt.Fprintln(w, "This change touches code that these options control:")
		for _, t := range c.Touches {
			fmt.Fprintf(w, "- `%s`: %s\n", t.Option, c.shortAll(t.Funcs))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "<details><summary>%s (%s)</summary>\n\n", functionsDiffer(len(c.Changes)), countKinds(c.Changes))
	for _, ch := range c.Changes {
		fmt.Fprintf(w, "- %s `%s` (%s)\n", ch.Kind, c.short(ch.Name), ch.Pos)
	}
	_, err := fmt.Fprintln(w, "\n</details>")
	return err
}

package report

import (
	"fmt"
	"io"
	"math"
	"path"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/mutate"
	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// Rank is the view of confhunt rank: the options in rank order and the
// figures of the ranking. Its JSON form is the contract DESIGN.md fixes.
type Rank struct {
	Version int          `json:"version"`
	Options []RankOption `json:"options"`
	Stats   RankStats    `json:"stats"`
	Values  *ValuesJSON  `json:"values,omitempty"` // rank -values: the deployment's file
	// Workload is the workload rank -measure measured the suspects'
	// slow settings under.
	Workload *WorkloadJSON `json:"workload,omitempty"`
}

// WorkloadJSON says how rank -measure measured: the command, the runs
// of each variant (at least; more when the test needs them to reach its
// level), those of a second look and the level of the one-sided test.
type WorkloadJSON struct {
	Command string  `json:"command"`
	Runs    int     `json:"runs"`
	MaxRuns int     `json:"max_runs,omitempty"` // of a second look
	Alpha   float64 `json:"alpha"`
}

// SettingJSON is a slow value of an option (its config-value mutant)
// measured under the workload: the benchmark it slowed most, the ratio
// of its time to the base's with the 95% interval, the one-sided p and
// the level it was held to; or why it was not measured.
type SettingJSON struct {
	Value     string   `json:"value"` // what was set, and where
	Mutant    string   `json:"mutant"`
	Failed    string   `json:"failed,omitempty"`
	Benchmark string   `json:"benchmark,omitempty"`
	Unit      string   `json:"unit,omitempty"`
	Slowdown  *float64 `json:"slowdown,omitempty"` // ratio − 1
	Lo        *float64 `json:"slowdown_lo,omitempty"`
	Hi        *float64 `json:"slowdown_hi,omitempty"`
	P         float64  `json:"p,omitempty"`
	Level     float64  `json:"level,omitempty"`
	Slower    bool     `json:"slower"`

	short string // the benchmark by its package's name
}

// ValuesJSON describes the file rank -values read; each option it sets
// carries its Value.
type ValuesJSON struct {
	File      string         `json:"file"`
	Kind      string         `json:"kind"`      // yaml, json, toml, env, args
	Set       int            `json:"set"`       // options the file sets
	Costly    int            `json:"costly"`    // of them, on their costly side
	Unmatched []ValueSetting `json:"unmatched"` // keys naming no option
}

// ValueSetting is a key of a values file and where it is.
type ValueSetting struct {
	Key  string `json:"key"`
	Text string `json:"value"`
	Line int    `json:"line,omitempty"`
}

// ValueJSON is an option's value in a rank -values file, held against
// the side of the code that costs: verdict costly, cheap or unknown, and
// why (the deciding branch, or what the code says without one).
type ValueJSON struct {
	ValueSetting
	Verdict string `json:"verdict"`
	Why     string `json:"why"`
}

// RankOption is one ranked option.
type RankOption struct {
	Name      string     `json:"name"`
	Aliases   []string   `json:"aliases"`
	Type      string     `json:"type"`
	Style     string     `json:"style"`
	Package   string     `json:"package"`
	Dynamic   bool       `json:"dynamic"`
	Rank      int        `json:"rank"`
	Suspect   bool       `json:"suspect"`
	Ignored   string     `json:"ignored,omitempty"` // where and why //confhunt:ignore keeps it out of the suspects
	Command   bool       `json:"command,omitempty"` // an option of a command bundled with a library module: ranked after the library's
	Inert     bool       `json:"inert,omitempty"`   // it decides no work (no influence): ranked after those that do, no suspect
	Score     ScoreJSON  `json:"score"`
	Measured  float64    `json:"measured"`
	Influence []string   `json:"influence"`
	Sites     []Site     `json:"sites"`
	Slice     SliceSize  `json:"slice"`
	Top       []LineJSON `json:"top"`
	Value     *ValueJSON `json:"value,omitempty"` // its value in the rank -values file
	// Settings are its slow values measured by rank -measure.
	Settings []SettingJSON `json:"settings,omitempty"`

	first *LineJSON // the line contributing most, whatever -lines says
}

// ScoreJSON holds an option's per-resource scores and normalised total.
type ScoreJSON struct {
	CPU   float64 `json:"cpu"`
	MEM   float64 `json:"mem"`
	IO    float64 `json:"io"`
	LAT   float64 `json:"lat"`
	SYNC  float64 `json:"sync"`
	RET   float64 `json:"retained"`
	Total float64 `json:"total"`
}

// SliceSize counts a slice.
type SliceSize struct {
	Instructions int `json:"instructions"`
	Functions    int `json:"functions"`
	Blocks       int `json:"blocks"`
}

// LineJSON is a source line's contribution to a score.
type LineJSON struct {
	Pos   string    `json:"pos"`
	Func  string    `json:"func"`
	Score ScoreJSON `json:"score"`
	Share float64   `json:"share"`

	short string // the function by its package's name
}

func (l LineJSON) String() string { return l.Pos + " in " + l.short }

// RankStats describes the analysis behind a ranking.
type RankStats struct {
	Options   int     `json:"options"`
	Suspects  int     `json:"suspects"`
	Ignored   int     `json:"ignored,omitempty"`  // options kept out of the suspects by //confhunt:ignore
	Commands  int     `json:"commands,omitempty"` // options of commands bundled with a library module, ranked after its own
	Inert     int     `json:"inert,omitempty"`    // options that decide no work, ranked after those that do
	TopPct    float64 `json:"top_percent"`
	Functions int     `json:"largest_slice_functions"`
	Measured  bool    `json:"measured"`
}

// RankView assembles a ranking with up to lines of each option's top
// lines, and counts its suspects; top is the percentage of options that
// may be suspects, measured whether counts from a run were used.
func RankView(scores []*scoring.Score, top float64, measured bool, lines int) Rank {
	v := Rank{Options: make([]RankOption, 0, len(scores)), Stats: RankStats{Options: len(scores), TopPct: top, Measured: measured}}
	for _, sc := range scores {
		if sc.Suspect {
			v.Stats.Suspects++
		}
		if sc.Option.Ignored != "" {
			v.Stats.Ignored++
		}
		if sc.Command {
			v.Stats.Commands++
		}
		if sc.Inert {
			v.Stats.Inert++
		}
		v.Stats.Functions = max(v.Stats.Functions, sc.Size.Functions)
		ro := rankOption(sc)
		for i, l := range sc.Lines {
			if i == lines {
				break
			}
			ro.Top = append(ro.Top, lineJSON(l))
		}
		v.Options = append(v.Options, ro)
	}
	return v
}

// AddValues puts the deployment's values c checked beside the options
// they set.
func (v *Rank) AddValues(c *scoring.ValueCheck) {
	vals := &ValuesJSON{File: c.Values.File, Kind: c.Values.Kind, Unmatched: []ValueSetting{}}
	for _, s := range c.Unmatched {
		vals.Unmatched = append(vals.Unmatched, ValueSetting{s.Key, s.Text, s.Line})
	}
	for _, j := range c.Judged {
		i := slices.IndexFunc(v.Options, func(o RankOption) bool { return o.Rank == j.Score.Rank })
		if i < 0 {
			continue
		}
		s := j.Setting
		v.Options[i].Value = &ValueJSON{ValueSetting{s.Key, s.Text, s.Line}, j.Verdict.String(), j.Why}
		vals.Set++
		if j.Verdict == scoring.Costly {
			vals.Costly++
		}
	}
	v.Values = vals
}

// AddSlowdowns puts the slowdowns rank -measure measured under the
// workload w beside the options they set.
func (v *Rank) AddSlowdowns(w WorkloadJSON, ss []mutate.Slowdown) {
	v.Workload = &w
	for _, s := range ss {
		m := s.Mutant
		i := slices.IndexFunc(v.Options, func(o RankOption) bool { return o.Name == m.Option })
		if i < 0 {
			continue
		}
		j := SettingJSON{Value: m.Description, Mutant: m.ID, Failed: s.Failed}
		if s.Failed == "" {
			j.Benchmark, j.Unit = benchKey(s.Key, false), s.Key.Unit
			j.short = benchKey(s.Key, true)
			j.Slowdown, j.Lo, j.Hi = slowdown(s.C.Ratio), slowdown(s.C.Lo), slowdown(s.C.Hi)
			j.P, j.Level, j.Slower = round(s.C.PSlower), round(s.Level), s.Slower()
		}
		v.Options[i].Settings = append(v.Options[i].Settings, j)
	}
}

// benchKey names a benchmark with its package (its last element when
// short), without go test's -GOMAXPROCS suffix, or "wall time".
func benchKey(k bench.Key, short bool) string {
	if k == bench.Wall {
		return "wall time"
	}
	name := k.Name
	if i := strings.LastIndexByte(name, '-'); i > 0 && strings.Trim(name[i+1:], "0123456789") == "" {
		name = name[:i]
	}
	switch {
	case k.Pkg == "":
		return name
	case short:
		return path.Base(k.Pkg) + "." + name
	}
	return k.Pkg + "." + name
}

// measured is the SLOWDOWN cell of an option: its most significant
// setting's slowdown, ~ before it when it is not significant; "not
// measured" when none was (the note says why); "-" when none was tried.
func (o RankOption) measured() string {
	if len(o.Settings) == 0 {
		return "-"
	}
	best := -1
	for i, s := range o.Settings {
		if s.Failed != "" {
			continue
		}
		if b := o.Settings; best < 0 || s.P < b[best].P || s.P == b[best].P && deref(s.Slowdown) > deref(b[best].Slowdown) {
			best = i
		}
	}
	if best < 0 {
		return "not measured"
	}
	s := o.Settings[best]
	text := "-"
	if s.Slowdown != nil {
		text = change(*s.Slowdown)
	}
	if !s.Slower {
		return "~" + text
	}
	return text
}

func deref(x *float64) float64 {
	if x == nil {
		return 0
	}
	return *x
}

// workloadNote is the lines under the table of a ranking with measured
// settings: how they were measured, and each setting's result.
func (v Rank) workloadNote(code func(string) string) string {
	w := v.Workload
	if w == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "SLOWDOWN: the suspects' slow values, each set where the option is read, measured under %s\n", code(w.Command))
	again, level := "", fmt.Sprint(w.Alpha)
	if w.MaxRuns > w.Runs {
		again = fmt.Sprintf("; %d for a second look at those leaning slower", w.MaxRuns)
		level = fmt.Sprintf("%g at each look", w.Alpha/2)
	}
	fmt.Fprintf(&b, "(%d runs of each and of the code as it is, interleaved%s):\n", w.Runs, again)
	fmt.Fprintf(&b, "the benchmark slowed most, its time over the code's as it is minus one, 95%% interval, one-sided\n")
	fmt.Fprintf(&b, "Mann-Whitney U p against %s divided among the benchmarks; ~ not significant:\n", level)
	for _, o := range v.Options {
		for _, s := range o.Settings {
			if s.Failed != "" {
				fmt.Fprintf(&b, "  %s: %s\n", s.Value, s.Failed)
				continue
			}
			verdict := "not significant"
			if s.Slower {
				verdict = "slower"
			}
			fmt.Fprintf(&b, "  %s: %s [%s, %s] %s of %s, p=%s (%s)\n", s.Value, orDash(pct(s.Slowdown)), orDash(pct(s.Lo)), orDash(pct(s.Hi)), s.Unit, code(s.short), pValue(s.P), verdict)
		}
	}
	return b.String()
}

func pct(x *float64) string {
	if x == nil {
		return ""
	}
	return change(*x)
}

// value is the VALUE cell of an option: its value and verdict.
func (o RankOption) value() string {
	if o.Value == nil {
		return "-"
	}
	text := o.Value.Text
	if len(text) > 24 {
		text = text[:21] + "..."
	}
	if o.Value.Verdict == "unknown" {
		return text
	}
	return fmt.Sprintf("%s (%s)", text, o.Value.Verdict)
}

// valuesNote is the lines under the table of a ranking with values: the
// options set on their costly side, with the evidence, and the keys
// that name no option.
func (v Rank) valuesNote(code func(string) string) string {
	vals := v.Values
	if vals == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "values from %s: %s set, %d on the costly side", vals.File, plural(vals.Set, "option"), vals.Costly)
	if vals.Costly > 0 {
		b.WriteString(":")
	}
	b.WriteString("\n")
	for _, o := range v.Options {
		if o.Value == nil || o.Value.Verdict != "costly" {
			continue
		}
		fmt.Fprintf(&b, "  %s = %s (%s): %s\n", code(o.Name), code(o.Value.Text), where(vals.File, o.Value.Line), o.Value.Why)
	}
	if len(vals.Unmatched) > 0 {
		keys := make([]string, len(vals.Unmatched))
		for i, s := range vals.Unmatched {
			keys[i] = code(s.Key)
		}
		fmt.Fprintf(&b, "keys of %s that name no option: %s\n", vals.File, strings.Join(keys, ", "))
	}
	return b.String()
}

func where(file string, line int) string {
	if line == 0 {
		return file
	}
	return fmt.Sprintf("%s:%d", file, line)
}

func rankOption(sc *scoring.Score) RankOption {
	o := sc.Option
	ro := RankOption{
		Name: o.Name, Aliases: nonNil(o.Aliases), Type: o.Type, Style: o.Style,
		Package: o.Package, Dynamic: o.Dynamic, Rank: sc.Rank, Suspect: sc.Suspect, Ignored: o.Ignored, Command: sc.Command, Inert: sc.Inert,
		Score:     scoreJSON(sc.Cost, sc.Total),
		Measured:  round(sc.Measured),
		Influence: sc.Influence.Kinds(),
		Sites:     sitesJSON(o.Sites),
		Slice:     SliceSize{Instructions: sc.Size.Instructions, Functions: sc.Size.Functions, Blocks: sc.Size.Blocks},
		Top:       []LineJSON{},
	}
	if l := sc.Top(); l != nil {
		first := lineJSON(*l)
		ro.first = &first
	}
	return ro
}

func lineJSON(l scoring.Line) LineJSON {
	return LineJSON{Pos: l.Pos, Func: slicing.FullName(l.Func), Score: scoreJSON(l.Cost, l.Total), Share: round(l.Share), short: slicing.ShortName(l.Func)}
}

// round keeps JSON stable and readable: six significant digits.
func round(x float64) float64 {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	d := math.Pow(10, 5-math.Floor(math.Log10(math.Abs(x))))
	return math.Round(x*d) / d
}

func scoreJSON(c scoring.Cost, total float64) ScoreJSON {
	return ScoreJSON{CPU: round(c.CPU), MEM: round(c.MEM), IO: round(c.IO), LAT: round(c.LAT), SYNC: round(c.SYNC), RET: round(c.RET), Total: round(total)}
}

func (v Rank) document() any {
	v.Version = Version
	return v
}

// summary is the line under the table.
func (s RankStats) summary() string {
	how := "estimated"
	if s.Measured {
		how = "measured where counted"
	}
	more := ""
	if s.Ignored > 0 {
		more = fmt.Sprintf(", %d ignored (//confhunt:ignore)", s.Ignored)
	}
	if s.Inert > 0 {
		more += fmt.Sprintf("; %d decide no work (influence -: a value only passed on, as a name or a label), ranked after those that do", s.Inert)
	}
	if s.Commands > 0 {
		more += fmt.Sprintf("; the last %d are the library's commands' (main packages and packages only they use), ranked after its own", s.Commands)
	}
	return fmt.Sprintf("%s, %s (*, top %g%%)%s; execution counts %s", plural(s.Options, "option"), plural(s.Suspects, "suspect"), s.TopPct, more, how)
}

func (o RankOption) mark() string {
	if o.Suspect {
		return "*"
	}
	return ""
}

func (o RankOption) topSite() string {
	if o.first == nil {
		return "-"
	}
	return fmt.Sprintf("%s (%s)", o.first, share(o.first.Share))
}

// influence is the INFLUENCE cell: the kinds; "-" for an option that
// decides no work (inert); "passed on" for one with no kind in the
// analysed code that is not inert, whose value is an implementation or
// goes into another module's code.
func (o RankOption) influence() string {
	if len(o.Influence) == 0 && !o.Inert {
		return "passed on"
	}
	return orDash(joinComma(o.Influence))
}

// text writes the ranking as a table: rank, option, total, CPU, MEM, IO,
// LAT, influence kinds and the top contributing line. Suspects are marked
// with '*'.
func (v Rank) text(w io.Writer) error {
	if len(v.Options) == 0 {
		_, err := fmt.Fprint(w, NoOptions)
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	valueCol := ""
	if v.Values != nil {
		valueCol = "VALUE\t"
	}
	if v.Workload != nil {
		valueCol += "SLOWDOWN\t"
	}
	fmt.Fprintf(tw, "RANK\tOPTION\tTOTAL\tCPU\tMEM\tIO\tLAT\tSYNC\tRET\tINFLUENCE\t%sTOP SITE\n", valueCol)
	for _, o := range v.Options {
		name := o.Name
		if o.Ignored != "" {
			name += " (ignored)"
		}
		s := o.Score
		value := ""
		if v.Values != nil {
			value = o.value() + "\t"
		}
		if v.Workload != nil {
			value += o.measured() + "\t"
		}
		fmt.Fprintf(tw, "%d%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s%s\n", o.Rank, o.mark(), name,
			num(s.Total), num(s.CPU), num(s.MEM), num(s.IO), num(s.LAT), num(s.SYNC), num(s.RET), o.influence(), value, o.topSite())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	plain := func(s string) string { return s }
	_, err := fmt.Fprintf(w, "\n%s\n%s%s%s", v.Stats.summary(), v.valuesNote(plain), v.workloadNote(plain), RankLegend)
	return err
}

// markdown writes the ranking as a table under a line of its figures,
// with the legend as a list.
func (v Rank) markdown(w io.Writer) error {
	if len(v.Options) == 0 {
		_, err := fmt.Fprintf(w, "**confhunt rank**: %s", mdText(NoOptions))
		return err
	}
	fmt.Fprintf(w, "**confhunt rank**: %s\n\n", mdText(v.Stats.summary()))
	cols := []string{"rank", "option", "total", "CPU", "MEM", "IO", "LAT", "SYNC", "RET", "influence", "top site"}
	if v.Workload != nil {
		cols = slices.Insert(cols, 9, "slowdown")
	}
	if v.Values != nil {
		cols = slices.Insert(cols, 9, "value")
	}
	t := newTable(cols...).alignRight(0, 2, 3, 4, 5, 6, 7)
	for _, o := range v.Options {
		name := code(o.Name)
		if o.Ignored != "" {
			name += " (ignored)"
		}
		top := "-"
		if o.first != nil {
			top = fmt.Sprintf("%s in %s (%s)", code(o.first.Pos), code(o.first.short), share(o.first.Share))
		}
		s := o.Score
		cells := []string{fmt.Sprint(o.Rank) + mdText(o.mark()), name, num(s.Total), num(s.CPU), num(s.MEM), num(s.IO), num(s.LAT), num(s.SYNC), num(s.RET), o.influence(), top}
		if v.Workload != nil {
			cells = slices.Insert(cells, 9, mdText(o.measured()))
		}
		if v.Values != nil {
			cells = slices.Insert(cells, 9, mdText(o.value()))
		}
		t.row(cells...)
	}
	if err := t.write(w); err != nil {
		return err
	}
	for _, note := range []string{v.valuesNote(code), v.workloadNote(code)} {
		if note != "" {
			fmt.Fprintf(w, "\n%s", strings.ReplaceAll(note, "\n  ", "\n- "))
		}
	}
	return legendList(w, RankLegend)
}

// NoOptions is what sources and rank print when the packages read no
// option: often the options are a library's, and the library is
// analysed from a module that requires it.
const NoOptions = `no options: nothing in the packages reads a flag, a key, the environment or a configuration struct
(to analyse a library your module requires, name its packages: confhunt rank example.com/lib/...;
settings a library takes as arguments of a constructor or setter of an object without locks or channels,
New(size) or SetNoDelay(...), are not discovered)
`

// RankLegend explains the columns of the rank table: its units, the
// words of INFLUENCE (slicing.Influence) and how numbers are written.
const RankLegend = `CPU, MEM, IO, LAT, SYNC: weighted instruction executions per program run (LAT: waiting; SYNC: locks taken, channel sends waited on); RET: retained memory, what a number option sizes, bounds or counts, or a flag has an object keep, and the program keeps, weighted once per site (alternative sites, on either side of a branch, as one); TOTAL: the six, each divided by its maximum over the options (a work column by at least 2% of the largest work column's): the largest of these shares, plus a hundredth of their sum (0 to 1.06)
INFLUENCE: size (allocation sizes), trip (loop trips), path (branches), conc (goroutines), time (sleeps, timers), io (IO calls), bound (container growth), lock (whether or which lock is taken, or a channel's slots); passed on: none in the analysed code, but the value is an implementation or goes into another module's code and is not text (-explain says more)
` + NumberLegend + "\n"

// Explain is the view of confhunt rank -explain: one option of a ranking
// with the lines contributing most to its score.
type Explain struct {
	Version int        `json:"version"`
	Ranked  int        `json:"ranked"` // options in the ranking
	Option  RankOption `json:"option"` // top: the lines shown
	Others  *Others    `json:"others,omitempty"`
	Costly  *Costly    `json:"costly,omitempty"`
	// Into names the other modules' function parameters and struct
	// fields the value is handed to, priced by what the library does
	// with it there (scoring.Score.Into).
	Into []string `json:"into,omitempty"`
	// sites is how many read sites the text and markdown show (the
	// -lines ExplainView was given); the JSON has them all.
	sites int
}

// Costly says which values of an option cost, as far as the code shows
// it (scoring.Direction).
type Costly struct {
	// Larger names the ways larger values cost more: trip, size, bound,
	// conc, time.
	Larger []string `json:"larger,omitempty"`
	// Smaller names the ways smaller values cost more: rate (a ticker's
	// or a re-armed timer's period), slots (a channel's capacity that
	// sends wait on), locks (how many elements a lock is picked among),
	// or a kind the value reaches as a divisor.
	Smaller []string `json:"smaller,omitempty"`
	// Branches are the branches the option decides whose sides differ in
	// cost, the largest difference first.
	Branches []CostlyBranch `json:"branches,omitempty"`
}

// CostlyBranch is one branch an option decides: where, when it takes its
// costlier side ("true", "> 5", "then"), and both sides' weighted costs
// per run: every resource's weights summed, with all a side calls at any
// depth, to compare the sides; not the score's columns, which charge
// what the slice calls to a depth.
type CostlyBranch struct {
	Pos      string  `json:"pos"`
	When     string  `json:"when"`
	Costlier float64 `json:"costlier"`
	Cheaper  float64 `json:"cheaper"`
}

// line is the costly values in one line of text.
func (c *Costly) line(code func(string) string) string {
	var parts []string
	if len(c.Larger) > 0 {
		parts = append(parts, "larger values ("+strings.Join(c.Larger, ", ")+")")
	}
	if len(c.Smaller) > 0 {
		var why []string
		for _, k := range c.Smaller {
			switch k {
			case "rate":
				why = append(why, "rate: a period, its work runs more often")
			case "slots":
				why = append(why, "slots: a channel's capacity sends wait on, fewer make them wait more")
			case "locks":
				why = append(why, "locks: the elements a lock is picked among, fewer make more goroutines share each")
			default:
				why = append(why, k+": a divisor, a smaller one makes more")
			}
		}
		parts = append(parts, "smaller values ("+strings.Join(why, "; ")+")")
	}
	for i, b := range c.Branches {
		when := b.When
		switch when {
		case "then", "else":
			when = "its " + when + " side"
		default:
			when = code(when)
		}
		unit := ""
		if i == 0 {
			// Not the table's figures: a side's weights of every
			// resource, with all it calls however deep (the slice's are
			// charged to a depth).
			unit = ", all resources, all it calls"
		}
		parts = append(parts, fmt.Sprintf("%s at %s (%s against %s%s)", when, code(b.Pos), num(b.Costlier), num(b.Cheaper), unit))
	}
	return strings.Join(parts, "; ")
}

// inertWhy says, in -explain, why an option that decides no work ranks
// after those that do.
const inertWhy = "its value decides no work (no branch, loop, size, goroutine count, delay, IO call, bound or lock depends on it), so what its slice costs is the same whatever it is: ranked after the options that decide some, and no suspect"

// intoWhy says, in -explain, what the libraries' parameters and fields
// an option goes into add to its score.
const intoWhy = "another module's code the value is handed to: charged with what that code does with it, from its summary"

// exemptWhy says, in -explain, why an option with no influence kind is
// not inert.
const exemptWhy = "no influence kind arises in the analysed code, but its value is an implementation (an interface or a function) or goes on into another module's code (a library's field or call), which may decide work with it: it ranks by what the catalogue and the library's summary price there"

// Others sums the lines of a score that -explain does not show, so that
// the shares add up.
type Others struct {
	Lines int       `json:"lines"`
	Score ScoreJSON `json:"score"`
	Share float64   `json:"share"`
}

// ExplainView assembles the explanation of sc, one option of a ranking of
// ranked options: its n lines contributing most and the others summed.
func ExplainView(sc *scoring.Score, ranked, n int) Explain {
	v := Explain{Ranked: ranked, Option: rankOption(sc), Into: sc.Into, sites: n}
	var rest scoring.Line
	others := 0
	for i, l := range sc.Lines {
		if l.Total == 0 {
			break
		}
		if i < n {
			v.Option.Top = append(v.Option.Top, lineJSON(l))
			continue
		}
		rest.Share += l.Share
		rest.Total += l.Total
		rest.Cost.CPU += l.Cost.CPU
		rest.Cost.MEM += l.Cost.MEM
		rest.Cost.IO += l.Cost.IO
		rest.Cost.LAT += l.Cost.LAT
		rest.Cost.SYNC += l.Cost.SYNC
		rest.Cost.RET += l.Cost.RET
		others++
	}
	if others > 0 {
		v.Others = &Others{Lines: others, Score: scoreJSON(rest.Cost, rest.Total), Share: round(rest.Share)}
	}
	if d := sc.Direction; len(d.Larger) > 0 || len(d.Smaller) > 0 || len(d.Branches) > 0 {
		v.Costly = &Costly{Larger: d.Larger, Smaller: d.Smaller}
		for _, b := range d.Branches {
			v.Costly.Branches = append(v.Costly.Branches, CostlyBranch{b.Pos, b.Costly, round(b.Costlier), round(b.Cheaper)})
		}
	}
	return v
}

func (v Explain) document() any {
	v.Version = Version
	return v
}

func (v Explain) summary() (head, slice string) {
	o, s := v.Option, v.Option.Score
	head = fmt.Sprintf("rank %d of %d, total %s (CPU %s, MEM %s, IO %s, LAT %s, SYNC %s, RET %s)", o.Rank, v.Ranked, num(s.Total), num(s.CPU), num(s.MEM), num(s.IO), num(s.LAT), num(s.SYNC), num(s.RET))
	slice = fmt.Sprintf("influence: %s; slice: %s in %s of %s; read at %s",
		o.influence(), plural(o.Slice.Instructions, "instruction"), plural(o.Slice.Blocks, "block"), plural(o.Slice.Functions, "function"), plural(len(o.Sites), "site"))
	return head, slice
}

// text writes the option's figures, its lines with their share of the
// score, and where it is read.
func (v Explain) text(w io.Writer) error {
	o := v.Option
	head, slice := v.summary()
	fmt.Fprintf(w, "%s (%s, %s) %s\n%s\n", o.Name, orDash(o.Type), o.Style, head, slice)
	if v.Costly != nil {
		fmt.Fprintf(w, "costly: %s\n", v.Costly.line(func(s string) string { return s }))
	}
	if len(v.Into) > 0 {
		fmt.Fprintf(w, "into: %s (%s)\n", strings.Join(v.Into, ", "), intoWhy)
	}
	if o.Ignored != "" {
		fmt.Fprintf(w, "ignored: kept out of the suspects by //confhunt:ignore at %s\n", o.Ignored)
	}
	if o.Inert {
		fmt.Fprintf(w, "inert: %s\n", inertWhy)
	} else if len(o.Influence) == 0 {
		fmt.Fprintf(w, "not inert: %s\n", exemptWhy)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SHARE\tCPU\tMEM\tIO\tLAT\tSYNC\tRET\tLINE")
	for _, l := range o.Top {
		s := l.Score
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", share(l.Share), num(s.CPU), num(s.MEM), num(s.IO), num(s.LAT), num(s.SYNC), num(s.RET), l)
	}
	if r := v.Others; r != nil {
		s := r.Score
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t(%s)\n", share(r.Share), num(s.CPU), num(s.MEM), num(s.IO), num(s.LAT), num(s.SYNC), num(s.RET), plural(r.Lines, "other line"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(o.Sites) > 0 {
		fmt.Fprintln(w, "\nread at:")
		shown := v.shownSites()
		for _, s := range shown {
			fmt.Fprintf(w, "  %s\n", s)
		}
		if more := len(o.Sites) - len(shown); more > 0 {
			fmt.Fprintf(w, "  (%s: -lines shows more, -json all)\n", plural(more, "other read site"))
		}
	}
	return nil
}

// shownSites are the read sites the text and markdown list: the first
// v.sites, all when it is not set.
func (v Explain) shownSites() []Site {
	if v.sites <= 0 || v.sites >= len(v.Option.Sites) {
		return v.Option.Sites
	}
	return v.Option.Sites[:v.sites]
}

// markdown writes the explanation as a line of figures, a table of the
// lines and a list of the read sites.
func (v Explain) markdown(w io.Writer) error {
	o := v.Option
	head, slice := v.summary()
	fmt.Fprintf(w, "**%s** (%s, %s): %s.  \n%s.\n", code(o.Name), code(orDash(o.Type)), o.Style, head, slice)
	if v.Costly != nil {
		fmt.Fprintf(w, "Costly: %s.\n", v.Costly.line(code))
	}
	if len(v.Into) > 0 {
		var names []string
		for _, n := range v.Into {
			names = append(names, code(n))
		}
		fmt.Fprintf(w, "Into: %s (%s).\n", strings.Join(names, ", "), intoWhy)
	}
	if o.Ignored != "" {
		fmt.Fprintf(w, "Ignored: kept out of the suspects by `//confhunt:ignore` at %s.\n", mdText(o.Ignored))
	}
	if o.Inert {
		fmt.Fprintf(w, "Inert: %s.\n", inertWhy)
	} else if len(o.Influence) == 0 {
		fmt.Fprintf(w, "Not inert: %s.\n", exemptWhy)
	}
	fmt.Fprintln(w)
	t := newTable("share", "CPU", "MEM", "IO", "LAT", "SYNC", "RET", "line").alignRight(0, 1, 2, 3, 4, 5, 6)
	for _, l := range o.Top {
		s := l.Score
		t.row(share(l.Share), num(s.CPU), num(s.MEM), num(s.IO), num(s.LAT), num(s.SYNC), num(s.RET), code(l.Pos)+" in "+code(l.short))
	}
	if r := v.Others; r != nil {
		s := r.Score
		t.row(share(r.Share), num(s.CPU), num(s.MEM), num(s.IO), num(s.LAT), num(s.SYNC), num(s.RET), "("+plural(r.Lines, "other line")+")")
	}
	if err := t.write(w); err != nil {
		return err
	}
	if len(o.Sites) > 0 {
		fmt.Fprintln(w, "\nRead at:")
		shown := v.shownSites()
		for _, s := range shown {
			fmt.Fprintf(w, "- %s in %s\n", code(s.Pos), code(s.short))
		}
		if more := len(o.Sites) - len(shown); more > 0 {
			fmt.Fprintf(w, "- (%s: `-lines` shows more, `-json` all)\n", plural(more, "other read site"))
		}
	}
	return nil
}

package report

import (
	"fmt"
	"go/token"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/google/pprof/profile"

	"github.com/confhunt/confhunt/hunt"
	"github.com/confhunt/confhunt/slicing"
)

// Hunt is the view of confhunt hunt: the probed sites ranked by what
// they used, the plan's probes and the run's warnings.
type Hunt struct {
	Version     int              `json:"version"`
	Bottlenecks []BottleneckJSON `json:"bottlenecks"`
	Plan        PlanJSON         `json:"plan"`
	Warnings    []string         `json:"warnings"`

	rows int // bottlenecks the tables and SARIF show
}

// BottleneckJSON is one ranked probe site.
type BottleneckJSON struct {
	Rank      int      `json:"rank"`
	Kind      string   `json:"kind"`
	Func      string   `json:"func"`
	Pos       string   `json:"pos"`
	Callee    string   `json:"callee,omitempty"`
	Options   []string `json:"options"`
	Calls     int64    `json:"calls"`
	Timed     bool     `json:"timed"` // the nanos were measured: a function, or an IO call costly enough to time
	Inclusive int64    `json:"nanos_inclusive"`
	Exclusive int64    `json:"nanos_exclusive"`
	Bytes     int64    `json:"bytes"`
	Score     float64  `json:"score"`

	short string // the function by its package's name
}

// PlanJSON counts the probes of a plan.
type PlanJSON struct {
	Funcs  int `json:"funcs"`
	Allocs int `json:"allocs"`
	IOs    int `json:"ios"`
}

// HuntView assembles the bottlenecks of a probe run of plan; the tables
// and the SARIF log show the rows first sites that ran, JSON every site.
func HuntView(prog *slicing.Program, bs []hunt.Bottleneck, plan *hunt.Plan, warnings []string, rows int) Hunt {
	f, a, i := plan.Count()
	v := Hunt{Bottlenecks: []BottleneckJSON{}, Plan: PlanJSON{f, a, i}, Warnings: nonNil(warnings), rows: rows}
	for _, b := range bs {
		v.Bottlenecks = append(v.Bottlenecks, BottleneckJSON{
			Rank: b.Rank, Kind: b.Probe.Kind.String(), Func: slicing.FullName(b.Probe.Func),
			Pos: prog.Position(sitePos(b)), Callee: b.Probe.Callee, Options: nonNil(b.Probe.Options),
			Calls: b.Calls, Timed: b.Probe.Kind == hunt.FuncProbe || b.Probe.Kind == hunt.IOProbe && b.Probe.Timed,
			Inclusive: b.Nanos, Exclusive: b.Exclusive, Bytes: b.Bytes, Score: round(b.Score),
			short: slicing.ShortName(b.Probe.Func),
		})
	}
	return v
}

func (v Hunt) document() any {
	v.Version = Version
	return v
}

// shown is the bottlenecks the tables and SARIF show: the first rows
// sites that ran.
func (v Hunt) shown() []BottleneckJSON {
	var out []BottleneckJSON
	for _, b := range v.Bottlenecks {
		if b.Calls == 0 || len(out) == v.rows {
			continue
		}
		out = append(out, b)
	}
	return out
}

// cells are the table cells of a bottleneck: TIME, INCL and BYTES, "-"
// where the probe does not measure it.
func (b BottleneckJSON) cells() (t, incl, by string) {
	t, incl, by = "-", "-", "-"
	switch b.Kind {
	case hunt.FuncProbe.String():
		t, incl = nanos(float64(b.Exclusive)), nanos(float64(b.Inclusive))
	case hunt.IOProbe.String():
		if b.Timed {
			t = nanos(float64(b.Inclusive))
		}
	}
	if b.Kind != hunt.FuncProbe.String() {
		by = bytesString(b.Bytes)
	}
	return t, incl, by
}

func (b BottleneckJSON) callee() string {
	if b.Callee == "" {
		return ""
	}
	return " → " + b.Callee
}

func (p PlanJSON) summary() string {
	return fmt.Sprintf("%s (%s, %s, %s); TIME is exclusive for functions (approximate), in the call for IO",
		plural(p.Funcs+p.Allocs+p.IOs, "probe"), plural(p.Funcs, "function"), plural(p.Allocs, "allocation site"), plural(p.IOs, "IO call"))
}

// text writes the bottlenecks as a table: what was probed, where, for
// which options, and what it used. Sites that never ran are left out.
func (v Hunt) text(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tKIND\tSITE\tCALLS\tTIME\tINCL\tBYTES\tOPTIONS")
	for _, b := range v.shown() {
		t, incl, by := b.cells()
		fmt.Fprintf(tw, "%d\t%s\t%s in %s%s\t%s\t%s\t%s\t%s\t%s\n", b.Rank, b.Kind, b.Pos, b.short, b.callee(), count(b.Calls), t, incl, by, orDash(joinComma(b.Options)))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\n%s\n%s\n", v.Plan.summary(), NumberLegend)
	return err
}

// markdown writes the bottlenecks as a table under the plan's figures.
func (v Hunt) markdown(w io.Writer) error {
	fmt.Fprintf(w, "**confhunt hunt**: %s.\n\n", mdText(v.Plan.summary()))
	t := newTable("rank", "kind", "site", "calls", "time", "incl", "bytes", "options").alignRight(0, 3, 4, 5, 6)
	for _, b := range v.shown() {
		tm, incl, by := b.cells()
		site := code(b.Pos) + " in " + code(b.short)
		if b.Callee != "" {
			site += " → " + code(b.Callee)
		}
		opts := make([]string, len(b.Options))
		for i, o := range b.Options {
			opts[i] = code(o)
		}
		t.row(fmt.Sprint(b.Rank), b.Kind, site, count(b.Calls), tm, incl, by, orDash(strings.Join(opts, ", ")))
	}
	if err := t.write(w); err != nil {
		return err
	}
	return legendList(w, NumberLegend)
}

// sitePos is where a bottleneck is: the function for a time probe, the
// call for the others.
func sitePos(b hunt.Bottleneck) token.Pos {
	if b.Probe.Kind == hunt.FuncProbe {
		return b.Probe.Func.Pos()
	}
	return b.Probe.Pos
}

// Pprof writes the bottlenecks as a pprof profile with one sample type
// per resource (time in nanoseconds, allocated bytes, IO bytes, calls)
// and an "option" label naming the options whose slices hold each site,
// so that go tool pprof -sample_index and -tagfocus=option=NAME work.
func Pprof(w io.Writer, prog *slicing.Program, bs []hunt.Bottleneck, wall time.Duration) error {
	p := &profile.Profile{
		SampleType: []*profile.ValueType{
			{Type: "time", Unit: "nanoseconds"},
			{Type: "alloc", Unit: "bytes"},
			{Type: "io", Unit: "bytes"},
			{Type: "calls", Unit: "count"},
		},
		DefaultSampleType: "time",
		PeriodType:        &profile.ValueType{Type: "time", Unit: "nanoseconds"},
		Period:            1,
		DurationNanos:     int64(wall),
		Mapping:           []*profile.Mapping{{ID: 1, File: "confhunt-probes", HasFunctions: true, HasFilenames: true, HasLineNumbers: true}},
	}
	funcs := make(map[string]*profile.Function)
	for _, b := range bs {
		if b.Calls == 0 {
			continue
		}
		pos := prog.Fset.Position(sitePos(b))
		name := slicing.FullName(b.Probe.Func)
		if b.Probe.Kind != hunt.FuncProbe && b.Probe.Callee != "" {
			name += " → " + b.Probe.Callee
		}
		fn := funcs[name]
		if fn == nil {
			fn = &profile.Function{ID: uint64(len(funcs) + 1), Name: name, SystemName: name,
				Filename: prog.Position(b.Probe.Func.Pos()), StartLine: int64(prog.Fset.Position(b.Probe.Func.Pos()).Line)}
			if i := strings.IndexByte(fn.Filename, ':'); i > 0 {
				fn.Filename = fn.Filename[:i]
			}
			funcs[name] = fn
			p.Function = append(p.Function, fn)
		}
		loc := &profile.Location{ID: uint64(len(p.Location) + 1), Mapping: p.Mapping[0],
			Line: []profile.Line{{Function: fn, Line: int64(pos.Line)}}}
		p.Location = append(p.Location, loc)
		var t, alloc, iob int64
		switch b.Probe.Kind {
		case hunt.FuncProbe:
			t = b.Exclusive
		case hunt.AllocProbe:
			alloc = b.Bytes
		case hunt.IOProbe:
			t, iob = b.Nanos, b.Bytes
		}
		s := &profile.Sample{Location: []*profile.Location{loc}, Value: []int64{t, alloc, iob, b.Calls}}
		if len(b.Probe.Options) > 0 {
			s.Label = map[string][]string{"option": b.Probe.Options}
		}
		p.Sample = append(p.Sample, s)
	}
	if err := p.CheckValid(); err != nil {
		return fmt.Errorf("pprof profile: %w", err)
	}
	return p.Write(w)
}

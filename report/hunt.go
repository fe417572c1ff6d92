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

// HuntFile is the JSON form of confhunt hunt.
type HuntFile struct {
	Bottlenecks []BottleneckJSON `json:"bottlenecks"`
	Plan        PlanJSON         `json:"plan"`
	Warnings    []string         `json:"warnings"`
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
	Inclusive int64    `json:"nanos_inclusive"`
	Exclusive int64    `json:"nanos_exclusive"`
	Bytes     int64    `json:"bytes"`
	Score     float64  `json:"score"`
}

// PlanJSON counts the probes of a plan.
type PlanJSON struct {
	Funcs  int `json:"funcs"`
	Allocs int `json:"allocs"`
	IOs    int `json:"ios"`
}

// PlanCounts summarises a plan.
func PlanCounts(pl *hunt.Plan) PlanJSON {
	f, a, i := pl.Count()
	return PlanJSON{f, a, i}
}

func bottleneckJSON(prog *slicing.Program, b hunt.Bottleneck) BottleneckJSON {
	return BottleneckJSON{
		Rank: b.Rank, Kind: b.Probe.Kind.String(), Func: slicing.FullName(b.Probe.Func),
		Pos: prog.Position(sitePos(b)), Callee: b.Probe.Callee, Options: nonNil(b.Probe.Options),
		Calls: b.Calls, Inclusive: b.Nanos, Exclusive: b.Exclusive, Bytes: b.Bytes, Score: round(b.Score),
	}
}

// HuntJSON writes the bottlenecks as JSON.
func HuntJSON(w io.Writer, prog *slicing.Program, bs []hunt.Bottleneck, plan PlanJSON, warnings []string) error {
	f := HuntFile{Bottlenecks: []BottleneckJSON{}, Plan: plan, Warnings: nonNil(warnings)}
	for _, b := range bs {
		f.Bottlenecks = append(f.Bottlenecks, bottleneckJSON(prog, b))
	}
	return writeJSON(w, f)
}

// HuntText writes the n first bottlenecks as a table: what was probed,
// where, for which options, and what it used. Sites that never ran are
// left out.
func HuntText(w io.Writer, prog *slicing.Program, bs []hunt.Bottleneck, plan PlanJSON, n int) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tKIND\tSITE\tCALLS\tTIME\tINCL\tBYTES\tOPTIONS")
	shown := 0
	for _, b := range bs {
		if b.Calls == 0 || shown == n {
			continue
		}
		shown++
		site := fmt.Sprintf("%s in %s", prog.Position(sitePos(b)), slicing.ShortName(b.Probe.Func))
		if b.Probe.Callee != "" {
			site += " → " + b.Probe.Callee
		}
		t, incl := "-", "-"
		switch b.Probe.Kind {
		case hunt.FuncProbe:
			t, incl = dur(b.Exclusive), dur(b.Nanos)
		case hunt.IOProbe:
			if b.Probe.Timed {
				t = dur(b.Nanos)
			}
		}
		by := "-"
		if b.Probe.Kind != hunt.FuncProbe {
			by = bytesString(b.Bytes)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t%s\t%s\t%s\n", b.Rank, b.Probe.Kind, site, b.Calls, t, incl, by, orDash(strings.Join(b.Probe.Options, ",")))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\n%d probes (%d functions, %d allocation sites, %d IO calls); TIME is exclusive for functions (approximate), in the call for IO\n",
		plan.Funcs+plan.Allocs+plan.IOs, plan.Funcs, plan.Allocs, plan.IOs)
	return err
}

// sitePos is where a bottleneck is: the function for a time probe, the
// call for the others.
func sitePos(b hunt.Bottleneck) token.Pos {
	if b.Probe.Kind == hunt.FuncProbe {
		return b.Probe.Func.Pos()
	}
	return b.Probe.Pos
}

func dur(ns int64) string {
	return time.Duration(ns).Round(time.Microsecond).String()
}

func bytesString(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1fGiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1fMiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1fKiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%dB", n)
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

package counts

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/google/pprof/profile"
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/internal/limited"
	"github.com/confhunt/confhunt/slicing"
)

// CPU is the CPU time a profile spent in the own lines of a program's
// functions, and in the code outside the program they call: a profile in pprof's format, such as `go test -cpuprofile`
// writes, net/http/pprof serves, or a service keeps as default.pgo for
// profile-guided optimisation. The profile may come from another machine
// and build: its files are matched to the program's by the longest
// common path suffix (so a -trimpath build or another GOPATH matches),
// and its lines to the innermost function declared around them (an
// inlined call's time is its callee's). A sample is charged to the
// analysed function nearest its leaf.
type CPU struct {
	flat    map[*ssa.Function]float64
	covered map[*ssa.Package]bool // packages with a sampled function
	period  float64               // time of one sample
	// Unit is the unit of the sample values used (nanoseconds, or
	// samples when the profile has no CPU time).
	Unit string
	// Total is the profile's whole time, Matched the part spent in the
	// program's functions.
	Total, Matched float64
}

// ReadCPU reads the CPU profile name and attributes its time to the
// functions fns of prog. A profile none of whose time falls in fns is an
// error: it is not a profile of this program.
func ReadCPU(name string, prog *slicing.Program, fns []*ssa.Function) (*CPU, error) {
	p, value, unit, err := readCPUProfile(name)
	if err != nil {
		return nil, err
	}
	funcs := newFuncIndex(prog, fns)
	c := &CPU{flat: make(map[*ssa.Function]float64), covered: make(map[*ssa.Package]bool), Unit: unit, period: 1}
	if p.PeriodType != nil && p.PeriodType.Unit == unit && p.Period > 0 {
		c.period = float64(p.Period)
	}
	for _, s := range p.Sample {
		v := float64(s.Value[value])
		if v <= 0 {
			continue
		}
		c.Total += v
		if fn := funcs.nearest(s); fn != nil {
			c.flat[fn] += v
			c.Matched += v
			c.covered[fn.Pkg] = true
		}
	}
	if c.Total == 0 {
		return nil, fmt.Errorf("%s: the profile holds no samples", name)
	}
	if c.Matched == 0 {
		return nil, fmt.Errorf("%s: none of the profile's samples is in the analysed code; is it a profile of this program?", name)
	}
	return c, nil
}

// CheckCPU reads the CPU profile name as ReadCPU does, before there is a
// program to attribute it to: a missing file or one that is no profile is
// an error before the analysis runs.
func CheckCPU(name string) error {
	_, _, _, err := readCPUProfile(name)
	return err
}

// readCPUProfile reads and parses a CPU profile, and finds its CPU values.
func readCPUProfile(name string) (p *profile.Profile, value int, unit string, err error) {
	data, err := limited.ReadFile(name, MaxFileSize)
	if err != nil {
		return nil, 0, "", fmt.Errorf("reading the profile: %w", err)
	}
	if p, err = profile.Parse(bytes.NewReader(data)); err != nil {
		return nil, 0, "", fmt.Errorf("%s: not a pprof profile: %v", name, err)
	}
	if value, unit = cpuValue(p); value < 0 {
		return nil, 0, "", fmt.Errorf("%s: a profile without sample values", name)
	}
	if kind := notCPU(p); kind != "" {
		var types []string
		for _, st := range p.SampleType {
			types = append(types, st.Type)
		}
		return nil, 0, "", fmt.Errorf("%s: a %s profile (samples of %s), not a CPU profile: make one with go test -cpuprofile or /debug/pprof/profile", name, kind, strings.Join(types, ", "))
	}
	return p, value, unit, nil
}

// notCPU names the kind of profile p is when its samples are those of
// another of Go's profiles (heap, mutex or block, goroutine) rather
// than CPU time; "" otherwise (a CPU profile, or another tool's whose
// last values pprof would show).
func notCPU(p *profile.Profile) string {
	kinds := map[string]string{
		"alloc_objects": "heap", "alloc_space": "heap", "inuse_objects": "heap", "inuse_space": "heap",
		"contentions": "mutex or block", "delay": "mutex or block", "goroutine": "goroutine",
	}
	kind := ""
	for _, st := range p.SampleType {
		switch {
		case st.Type == "cpu" || st.Type == "samples":
			return ""
		case kinds[st.Type] != "":
			kind = kinds[st.Type]
		}
	}
	return kind
}

// Flat returns the time spent in fn's own lines, and whether the profile
// sampled fn at all.
func (c *CPU) Flat(fn *ssa.Function) (float64, bool) {
	v, ok := c.flat[fn]
	return v, ok
}

// Unseen returns, for a function the profile did not sample, the time it
// can have spent without being sampled (half a sampling period), and
// whether the profile says anything about it: it does when it sampled
// another function of its package, which was then in the profiled binary
// and ran.
func (c *CPU) Unseen(fn *ssa.Function) (float64, bool) {
	if _, sampled := c.flat[fn]; sampled || !c.covered[fn.Pkg] {
		return 0, false
	}
	return c.period / 2, true
}

// cpuValue is the index of the sample values that measure CPU time:
// "cpu" in nanoseconds (Go's CPU profiles), else "samples", else the
// last, as pprof shows by default.
func cpuValue(p *profile.Profile) (int, string) {
	for _, want := range []string{"cpu", "samples"} {
		for i, st := range p.SampleType {
			if st.Type == want {
				return i, st.Unit
			}
		}
	}
	if n := len(p.SampleType); n > 0 {
		return n - 1, p.SampleType[n-1].Unit
	}
	return -1, ""
}

// funcIndex finds the function declared around a line of a file named as
// another machine's build named it.
type funcIndex struct {
	bySuffix map[string][]string // path suffix → local files
	spans    map[string][]span   // local file → its functions
	resolved map[string]string   // profile's file name → local file, "" for none
}

type span struct {
	start, end int
	fn         *ssa.Function
}

func newFuncIndex(prog *slicing.Program, fns []*ssa.Function) *funcIndex {
	x := &funcIndex{bySuffix: make(map[string][]string), spans: make(map[string][]span), resolved: make(map[string]string)}
	for _, fn := range fns {
		syn := fn.Syntax()
		if syn == nil || !fn.Pos().IsValid() {
			continue
		}
		start, end := prog.Fset.Position(syn.Pos()), prog.Fset.Position(syn.End())
		file := filepath.ToSlash(start.Filename)
		if _, ok := x.spans[file]; !ok {
			parts := strings.Split(file, "/")
			for i := range parts {
				suffix := strings.Join(parts[i:], "/")
				x.bySuffix[suffix] = append(x.bySuffix[suffix], file)
			}
		}
		x.spans[file] = append(x.spans[file], span{start.Line, end.Line, fn})
	}
	return x
}

// nearest returns the analysed function nearest the leaf of a sample's
// stack, inlined frames included: the time of the runtime and library
// code it calls (allocation, hashing, a preemption that landed there) is
// charged to it, as its calls' weights charge it statically.
func (x *funcIndex) nearest(s *profile.Sample) *ssa.Function {
	for _, loc := range s.Location {
		for _, l := range loc.Line { // innermost first
			if l.Function == nil {
				continue
			}
			if fn := x.at(l.Function.Filename, int(l.Line)); fn != nil {
				return fn
			}
		}
	}
	return nil
}

// at returns the innermost function around line of the profile's file
// name, or nil.
func (x *funcIndex) at(name string, line int) *ssa.Function {
	file, ok := x.resolved[name]
	if !ok {
		file = x.resolve(name)
		x.resolved[name] = file
	}
	var best *span
	for i, s := range x.spans[file] {
		if s.start <= line && line <= s.end && (best == nil || s.end-s.start < best.end-best.start) {
			best = &x.spans[file][i]
		}
	}
	if best == nil {
		return nil
	}
	return best.fn
}

// resolve matches a file name of the profile to the local file sharing
// the longest path suffix with it; "" when none does, or when two local
// files share that suffix and the name cannot tell them apart.
func (x *funcIndex) resolve(name string) string {
	parts := strings.Split(filepath.ToSlash(name), "/")
	for i := range parts {
		files := x.bySuffix[strings.Join(parts[i:], "/")]
		switch len(files) {
		case 0:
			continue
		case 1:
			return files[0]
		default:
			return ""
		}
	}
	return ""
}

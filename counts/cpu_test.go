package counts_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/slicing"
)

// cpuProfile writes a CPU profile whose samples (nanoseconds) have the
// given stacks: file:line frames, leaf first, separated by ";", with the
// files named as another machine's build names them.
func cpuProfile(t *testing.T, samples map[string]int64) string {
	t.Helper()
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		PeriodType: &profile.ValueType{Type: "cpu", Unit: "nanoseconds"},
		Period:     10_000_000,
	}
	id := uint64(0)
	for stack, ns := range samples {
		var locs []*profile.Location
		for _, frame := range strings.Split(stack, ";") {
			file, line, _ := strings.Cut(frame, ":")
			n, err := strconv.Atoi(line)
			if err != nil {
				t.Fatal(err)
			}
			id++
			fn := &profile.Function{ID: id, Name: "f" + line, Filename: file}
			loc := &profile.Location{ID: id, Line: []profile.Line{{Function: fn, Line: int64(n)}}}
			p.Function = append(p.Function, fn)
			p.Location = append(p.Location, loc)
			locs = append(locs, loc)
		}
		p.Sample = append(p.Sample, &profile.Sample{Location: locs, Value: []int64{ns / 10_000_000, ns}})
	}
	return writeProfile(t, p)
}

// writeProfile writes p to a file of the test's and returns its name.
func writeProfile(t *testing.T, p *profile.Profile) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "cpu.pprof")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := p.Write(f); err != nil {
		t.Fatal(err)
	}
	return name
}

// line returns the first line of the inhouse source holding text.
func line(t *testing.T, text string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "inhouse", "inhouse.go"))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, text) {
			return strconv.Itoa(i + 1)
		}
	}
	t.Fatalf("no line holds %q", text)
	return ""
}

// TestCPU checks that a CPU profile from another build (-trimpath file
// names, another checkout) is attributed to the program's functions by
// path suffix, a closure's line to the closure rather than the function
// around it, time in the runtime to the analysed function nearest the
// leaf, and time outside the program to the total only; and that a
// profile of another program, or a file that is no profile, is one
// error naming the file.
func TestCPU(t *testing.T) {
	l := loadInhouse(t)
	fns := l.Analysis.Functions()
	name := cpuProfile(t, map[string]int64{
		"example.com/inhouse/inhouse.go:" + line(t, "s += i"):           3e9, // Loop, -trimpath name
		"/build/ci/src/inhouse/inhouse.go:" + line(t, "if !yield(i) {"): 2e9, // the iterator's closure
		"/usr/local/go/src/runtime/proc.go:100":                         5e9, // not the program's
		"example.com/inhouse/inhouse.go:" + line(t, "return 3*x + 1"):   1e9, // Branch
		// A preemption in the runtime, charged to the analysed caller.
		"/usr/local/go/src/runtime/preempt_amd64.s:9;example.com/inhouse/inhouse.go:" + line(t, "return x / 2"): 1e9,
		"example.com/other/inhouse.go:" + line(t, "return 3*x + 1"):                                             0,   // no time
		"github.com/someone/else/elsewhere.go:" + line(t, "return 3*x + 1"):                                     4e9, // no such file here
	})
	cpu, err := counts.ReadCPU(name, l.Prog, fns)
	if err != nil {
		t.Fatal(err)
	}
	if cpu.Unit != "nanoseconds" || cpu.Total != 16e9 || cpu.Matched != 7e9 {
		t.Errorf("unit %s, total %g, matched %g; want nanoseconds, 16e9, 7e9", cpu.Unit, cpu.Total, cpu.Matched)
	}
	want := map[string]float64{"inhouse.Loop": 3e9, "inhouse.Branch": 2e9, "inhouse.count$1": 2e9}
	for _, fn := range fns {
		got, ok := cpu.Flat(fn)
		if short := slicing.ShortName(fn); got != want[short] || ok != (want[short] != 0) {
			t.Errorf("%s: %g ns (sampled %v), want %g", short, got, ok, want[short])
		}
		// The profile sampled the package: a function it did not sample
		// spent less than half a period (10 ms) there.
		unseen, covered := cpu.Unseen(fn)
		if want[slicing.ShortName(fn)] == 0 && (!covered || unseen != 5e6) {
			t.Errorf("%s, not sampled: unseen %g ns (covered %v), want 5e6 ns", fn, unseen, covered)
		}
	}

	other := cpuProfile(t, map[string]int64{"/usr/local/go/src/runtime/proc.go:100": 1e9})
	if _, err := counts.ReadCPU(other, l.Prog, fns); err == nil || !strings.HasPrefix(err.Error(), other+": none of the profile's samples") {
		t.Errorf("a profile of another program: %v", err)
	}
	junk := filepath.Join(t.TempDir(), "junk.pprof")
	if err := os.WriteFile(junk, []byte("not a profile\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := counts.ReadCPU(junk, l.Prog, fns); err == nil || !strings.HasPrefix(err.Error(), junk+": not a pprof profile") {
		t.Errorf("a file that is no profile: %v", err)
	}
}

// TestCheckCPUKind: a heap, mutex or goroutine profile given for a CPU
// profile is named as such; a CPU profile passes.
func TestCheckCPUKind(t *testing.T) {
	write := func(types ...string) string {
		t.Helper()
		p := &profile.Profile{}
		for _, ty := range types {
			p.SampleType = append(p.SampleType, &profile.ValueType{Type: ty, Unit: "count"})
		}
		fn := &profile.Function{ID: 1, Name: "f", Filename: "f.go"}
		loc := &profile.Location{ID: 1, Line: []profile.Line{{Function: fn, Line: 1}}}
		p.Function, p.Location = []*profile.Function{fn}, []*profile.Location{loc}
		p.Sample = []*profile.Sample{{Location: []*profile.Location{loc}, Value: make([]int64, len(types))}}
		return writeProfile(t, p)
	}
	for _, tc := range []struct {
		types []string
		want  string // in the error; "" for none
	}{
		{[]string{"samples", "cpu"}, ""},
		{[]string{"alloc_objects", "alloc_space", "inuse_objects", "inuse_space"}, "a heap profile (samples of alloc_objects, alloc_space, inuse_objects, inuse_space), not a CPU profile"},
		{[]string{"contentions", "delay"}, "a mutex or block profile"},
		{[]string{"goroutine"}, "a goroutine profile"},
	} {
		err := counts.CheckCPU(write(tc.types...))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v: %v, want none", tc.types, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%v: %v, want %q", tc.types, err, tc.want)
		}
	}
}

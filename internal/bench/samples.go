package bench

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strconv"

	"golang.org/x/perf/benchfmt"
)

// Key names a series of values: a benchmark of a package, and a unit.
type Key struct {
	Pkg  string // the "pkg:" line above the benchmark, if any
	Name string // as go test prints it, without "Benchmark": "Get/size=64-8"
	Unit string // as printed: "ns/op", "B/op", "allocs/op", "keys/op"…
}

func (k Key) String() string {
	if k.Pkg == "" {
		return k.Name + " " + k.Unit
	}
	return k.Pkg + "." + k.Name + " " + k.Unit
}

func compareKeys(a, b Key) int {
	return cmp.Or(cmp.Compare(a.Pkg, b.Pkg), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Unit, b.Unit))
}

// Wall is the key of a run's wall time, in nanoseconds, which Measure
// records for every run.
var Wall = Key{Name: "wall", Unit: "ns"}

// LiveHeap is the key of the largest heap live after a garbage
// collection during a run, in bytes, which [Parse] reads from the Go
// runtime's trace of its collections (GODEBUG=gctrace=1, on standard
// error): what a run retains at its peak, such as a cache filled to its
// capacity, which neither ns/op nor B/op shows. The trace counts whole
// megabytes, rounded down, so a value is the middle of its MiB.
var LiveHeap = Key{Name: "heap", Unit: "live-B"}

// gcTrace matches a line of the Go runtime's collection trace,
// "gc 7 @0.215s 3%: … ms cpu, 12->13->6 MB, 13 MB goal, …", capturing
// the heap live after the collection (6); a note may precede the colon.
var gcTrace = regexp.MustCompile(`^gc \d+ @[0-9.]+s \d+%[^:]*: .*, \d+->\d+->(\d+) MB, `)

// Samples are values by key, in the order they were read.
type Samples map[Key][]float64

// Keys returns the keys of s, sorted.
func (s Samples) Keys() []Key {
	return slices.SortedFunc(maps.Keys(s), compareKeys)
}

// Parse reads the benchmark lines of go test -bench output. Other lines,
// and lines that start with "Benchmark" but are no result, are skipped:
// the output is a workload's, with whatever else it prints. Every value of
// a line is kept, under its unit as printed (benchfmt's tidied units,
// sec/op for ns/op, are undone). Lines of the runtime's collection trace
// give one value under [LiveHeap], the largest live heap they report.
func Parse(r io.Reader) (Samples, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading benchmark output: %w", err)
	}
	s := make(Samples)
	if live, ok := peakLive(data); ok {
		s[LiveHeap] = []float64{live}
	}
	rd := benchfmt.NewReader(bytes.NewReader(data), "")
	for rd.Scan() {
		res, ok := rd.Result().(*benchfmt.Result)
		if !ok {
			continue
		}
		pkg := res.GetConfig("pkg")
		for _, v := range res.Values {
			unit, val := v.Unit, v.Value
			if v.OrigUnit != "" {
				unit, val = v.OrigUnit, v.OrigValue
			}
			k := Key{Pkg: pkg, Name: res.Name.String(), Unit: unit}
			s[k] = append(s[k], val)
		}
	}
	if err := rd.Err(); err != nil {
		return nil, fmt.Errorf("reading benchmark output: %w", err)
	}
	return s, nil
}

// peakLive is the largest heap live after a collection that the
// runtime's collection trace lines in out report, in bytes: the middle
// of the MiB the trace prints.
func peakLive(out []byte) (float64, bool) {
	most, found := int64(0), false
	for line := range bytes.Lines(out) {
		m := gcTrace.FindSubmatch(line)
		if m == nil {
			continue
		}
		if mb, err := strconv.ParseInt(string(m[1]), 10, 64); err == nil {
			most, found = max(most, mb), true
		}
	}
	return (float64(most) + 0.5) * (1 << 20), found
}

// Untraced returns out without the lines of the runtime's collection
// trace, for an error message.
func Untraced(out []byte) []byte {
	var b []byte
	for line := range bytes.Lines(out) {
		if !gcTrace.Match(line) {
			b = append(b, line...)
		}
	}
	return b
}

package bench

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"

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
// sec/op for ns/op, are undone).
func Parse(r io.Reader) (Samples, error) {
	s := make(Samples)
	rd := benchfmt.NewReader(r, "")
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

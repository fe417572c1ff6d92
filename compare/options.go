package compare

import (
	"context"
	"slices"

	"github.com/confhunt/confhunt/slicing"
)

// Touch is an option whose forward slice holds changed code.
type Touch struct {
	Option string
	Funcs  []string // the changed functions in its slice, sorted
	// Benchmarks are the selected benchmarks and tests that reach one
	// of them ("pkg.BenchmarkX"), sorted.
	Benchmarks []string
}

// Touches slices every option of opts in the head's analysis a and
// returns those whose slice holds a changed function, in the order of
// opts, with the benchmarks of sel that reach the changed code.
func Touches(ctx context.Context, a *slicing.Analysis, opts []*slicing.Option, changes []Change, sel Selection) ([]Touch, error) {
	var out []Touch
	for s := range slicing.Forward(ctx, a, opts) {
		var t Touch
		for _, c := range changes {
			for _, fn := range c.Funcs {
				if fs := s.Funcs[fn]; fs != nil && (fs.Whole || len(fs.Instrs) > 0 || slices.Contains(fs.Blocks, true)) {
					t.Funcs = append(t.Funcs, c.Name)
					break
				}
			}
		}
		if len(t.Funcs) == 0 {
			continue
		}
		t.Option = s.Option.Name
		slices.Sort(t.Funcs)
		for _, b := range slices.Concat(sel.Benchmarks, sel.Tests) {
			if slices.ContainsFunc(b.Reaches, func(f string) bool { _, ok := slices.BinarySearch(t.Funcs, f); return ok }) {
				t.Benchmarks = append(t.Benchmarks, b.Pkg+"."+b.Name)
			}
		}
		slices.Sort(t.Benchmarks)
		out = append(out, t)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

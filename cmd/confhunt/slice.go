package main

import (
	"context"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/report"
	"github.com/confhunt/confhunt/scoring"
)

func runSlice(ctx context.Context, e *env, args []string) error {
	fs := e.flags("slice", "slice [flags] -option NAME [packages]")
	name := fs.String("option", "", "the `option` to slice (a name or an alias)")
	countsFile := fs.String("counts", "", "use the execution counts in `file` (from confhunt counts)")
	format := e.formatFlag("the slice as `text`, json or markdown (GitHub tables)")
	patterns, err := e.parse(args)
	if err != nil {
		return err
	}
	f, err := e.format(*format, report.Slice{}, "")
	if err != nil {
		return err
	}
	if *name == "" {
		return usageError("slice: -option NAME is required (confhunt sources lists the names)")
	}
	an, err := e.analyse(ctx, patterns)
	if err != nil {
		return err
	}
	o, err := an.lookup(*name)
	if err != nil {
		return err
	}
	counts, err := e.measured(an, *countsFile)
	if err != nil {
		return err
	}
	sl := an.a.Slice(o)
	e.timer.phase("slice")
	v := report.SliceView(an.prog, sl, func(fn *ssa.Function) []scoring.LoopTrip {
		return scoring.Trips(an.a, fn, scoring.Frequencies(an.a, fn, an.settings.Estimates, counts))
	})
	return report.Write(e.stdout, v, f)
}

package main

import (
	"context"

	"github.com/confhunt/confhunt/report"
	"github.com/confhunt/confhunt/slicing"
)

func runSources(ctx context.Context, e *env, args []string) error {
	fs := e.flags("sources", "sources [flags] [packages]")
	format := e.formatFlag("the options as a `text` table, json or markdown (a GitHub table)")
	why := fs.String("why", "", "explain why discovery took or left out the struct type, field or option `name`")
	patterns, err := e.parse(args)
	if err != nil {
		return err
	}
	if *why != "" {
		return e.why(ctx, patterns, *why)
	}
	f, err := e.format(*format, report.Sources{}, "")
	if err != nil {
		return err
	}
	return e.cached(ctx, "sources", patterns, nil, func() error {
		s, _, err := e.settings(ctx)
		if err != nil {
			return err
		}
		prog, err := e.load(ctx, s, patterns)
		if err != nil {
			return err
		}
		opts, err := slicing.Discover(ctx, prog, s.Sources)
		if err != nil {
			return err
		}
		e.warnings(prog)
		e.timer.phase("discover")
		return report.Write(e.stdout, report.SourcesView(opts), f)
	})
}

package main

import (
	"context"
	"fmt"

	"github.com/confhunt/confhunt/slicing"
)

// why prints how discovery decided about the candidates called name
// (sources -why): a struct type, one of its fields, an option or alias.
func (e *env) why(ctx context.Context, patterns []string, name string) error {
	s, _, err := e.settings(ctx)
	if err != nil {
		return err
	}
	prog, err := e.load(ctx, s, patterns)
	if err != nil {
		return err
	}
	lines, err := slicing.Why(ctx, prog, s.Sources, name)
	if err != nil {
		return err
	}
	e.timer.phase("discover")
	if len(lines) == 0 {
		return usageError("-why %s: no struct type, field or option of the packages is called %s", name, name)
	}
	for _, l := range lines {
		fmt.Fprintln(e.stdout, l)
	}
	return nil
}

// warnings prints what the analysis of prog could not do as asked.
func (e *env) warnings(prog *slicing.Program) {
	for _, w := range prog.Warnings {
		fmt.Fprintf(e.stderr, "confhunt: warning: %s\n", w)
	}
}

package main

import (
	"fmt"

	"github.com/confhunt/confhunt/internal/runner"
)

// parseRun is parse for the commands that run the user's code (counts,
// hunt): they fail at once, as a usage error, where runs are not
// supported (Windows).
func (e *env) parseRun(args []string) ([]string, error) {
	patterns, err := e.parse(args)
	if err != nil {
		return nil, err
	}
	if err := runner.Supported(); err != nil {
		return nil, &exitError{exitUsage, fmt.Errorf("%s: %w", e.fs.Name(), err)}
	}
	return patterns, nil
}

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/confhunt/confhunt/internal/limited"
	"github.com/confhunt/confhunt/scoring"
)

// readBaseline reads the names of the suspects in file, the output of an
// earlier confhunt rank -json.
func readBaseline(file string) (map[string]bool, error) {
	data, err := limited.ReadFile(file, 64<<20)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, usageError("-baseline %s: no such file (confhunt rank -json > %s writes one)", file, file)
		}
		return nil, usageError("-baseline %s: %v", file, err)
	}
	var f struct {
		Options *[]struct {
			Name    string `json:"name"`
			Suspect bool   `json:"suspect"`
		} `json:"options"`
		Stats *json.RawMessage `json:"stats"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line := 1 + bytes.Count(data[:min(se.Offset, int64(len(data)))], []byte("\n"))
			return nil, usageError("%s:%d: not the output of confhunt rank -json: %v", file, line, err)
		}
		return nil, usageError("-baseline %s: not the output of confhunt rank -json: %v", file, err)
	}
	if f.Options == nil || f.Stats == nil {
		return nil, usageError("-baseline %s: not the output of confhunt rank -json (no options and stats)", file)
	}
	known := make(map[string]bool)
	for _, o := range *f.Options {
		if o.Suspect {
			known[o.Name] = true
		}
	}
	return known, nil
}

// newSuspects fails with the findings exit code when scores has suspects
// that are not in known, the suspects of a baseline; with no baseline
// (known nil) every suspect is new.
func newSuspects(scores []*scoring.Score, known map[string]bool, file string) error {
	var names []string
	for _, sc := range scores {
		if sc.Suspect && !known[sc.Option.Name] {
			names = append(names, sc.Option.Name)
		}
	}
	if len(names) == 0 {
		return nil
	}
	what := "suspects"
	if len(names) == 1 {
		what = "suspect"
	}
	if file != "" {
		what += " not in the baseline " + file
	}
	return &exitError{exitFindings, fmt.Errorf("%d %s: %s", len(names), what, strings.Join(names, ", "))}
}

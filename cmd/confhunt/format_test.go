package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/report"
)

// TestFormatFlag: every command takes -format with the formats its view
// renders in and refuses the others up front, before loading anything;
// -json is -format json.
func TestFormatFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // the usage error
	}{
		{[]string{"sources", "-format", "sarif"}, "-format sarif: want text, json, markdown"},
		{[]string{"slice", "-format", "sarif", "-option", "x"}, "-format sarif: want text, json, markdown"},
		{[]string{"rank", "-format", "html"}, "-format html: want text, json, sarif, markdown"},
		{[]string{"rank", "-format", "sarif", "-explain", "x"}, "-format sarif with -explain: want text, json, markdown"},
		{[]string{"counts", "-format", "sarif", "-o", "c.json", "--", "go", "test"}, "-format sarif: want text, json, markdown"},
		{[]string{"hunt", "-format", "xml", "--", "go", "test"}, "-format xml: want text, json, sarif, markdown"},
		{[]string{"hunt", "-overhead", "-format", "sarif", "--", "go", "test"}, "-format sarif with -overhead: want text, json, markdown"},
		{[]string{"rank", "-json", "-format", "markdown"}, "-json and -format markdown: -json is -format json"},
	} {
		var stderr bytes.Buffer
		args := append([]string{tc.args[0], "-C", t.TempDir()}, tc.args[1:]...)
		code := run(context.Background(), nil, args, strings.NewReader(""), io.Discard, &stderr)
		if code != exitUsage || stderr.String() != "confhunt: "+tc.want+"\n" {
			t.Errorf("confhunt %s: exit %d, stderr %q; want exit %d, %q", strings.Join(tc.args, " "), code, stderr.String(), exitUsage, tc.want)
		}
	}

	for _, tc := range []struct {
		args []string
		view report.View
		want report.Format
	}{
		{nil, report.Rank{}, report.Text},
		{[]string{"-json"}, report.Rank{}, report.JSON},
		{[]string{"-format", "json", "-json"}, report.Explain{}, report.JSON},
		{[]string{"-format", "sarif"}, report.Hunt{}, report.SARIF},
		{[]string{"-format", "markdown"}, report.Counts{}, report.Markdown},
	} {
		e := &env{stderr: io.Discard}
		e.flags("test", "test")
		format := e.formatFlag("test")
		if err := e.fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		if f, err := e.format(*format, tc.view, ""); err != nil || f != tc.want {
			t.Errorf("%q for %T: %v, %v; want %v", tc.args, tc.view, f, err, tc.want)
		}
	}
}

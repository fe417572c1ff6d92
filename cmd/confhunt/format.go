package main

import (
	"flag"
	"slices"
	"strings"

	"github.com/confhunt/confhunt/report"
)

// formatFlag adds -format to a command's flags; usage lists the formats.
func (e *env) formatFlag(usage string) *string {
	return e.fs.String("format", "text", "print "+usage)
}

// format is the format that -format, or -json, its shorthand for -format
// json, asks for; mode, when not empty, names the flag that asks for
// view (rank -explain, hunt -overhead) in an error.
func (e *env) format(name string, view report.View, mode string) (report.Format, error) {
	set := false
	e.fs.Visit(func(f *flag.Flag) {
		if f.Name == "format" {
			set = true
		}
	})
	if e.json {
		if set && name != "json" {
			return 0, usageError("-json and -format %s: -json is -format json", name)
		}
		name = "json"
	}
	f, ok := report.ParseFormat(name)
	supported := report.Formats(view)
	if ok && slices.Contains(supported, f) {
		return f, nil
	}
	if mode != "" {
		return 0, usageError("-format %s with %s: want %s", name, mode, report.FormatList(supported))
	}
	return 0, usageError("-format %s: want %s", name, report.FormatList(supported))
}

// formatName checks -format for a command whose formats are its own
// (mutate's stryker and html), the first of supported being the default;
// -json is -format json.
func (e *env) formatName(format *string, supported ...string) error {
	set := false
	e.fs.Visit(func(f *flag.Flag) {
		if f.Name == "format" {
			set = true
		}
	})
	if e.json {
		if set && *format != "json" {
			return usageError("-json and -format %s: -json is -format json", *format)
		}
		*format = "json"
	}
	if !slices.Contains(supported, *format) {
		return usageError("-format %s: want %s", *format, strings.Join(supported, ", "))
	}
	return nil
}

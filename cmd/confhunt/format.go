package main

import (
	"flag"
	"slices"
	"strings"
)

// format checks the -format flag of a command that supports the formats
// given, the first being its default, and applies -json, its shorthand
// for -format json.
func (e *env) format(format *string, supported ...string) error {
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

package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Version is the version of the fields of every JSON document confhunt
// writes, in its "version" field. Fields are added without changing it;
// it changes when one is renamed, removed or changes meaning.
const Version = 1

// Format is an output format.
type Format int

const (
	Text     Format = iota // aligned tables for a terminal
	JSON                   // one indented JSON document with a "version" field
	SARIF                  // a SARIF 2.1.0 log, for code scanning
	Markdown               // GitHub-flavoured Markdown tables, for a pull request comment
)

var formatNames = []string{"text", "json", "sarif", "markdown"}

func (f Format) String() string {
	if f < 0 || int(f) >= len(formatNames) {
		return fmt.Sprintf("Format(%d)", int(f))
	}
	return formatNames[f]
}

// ParseFormat parses a format's name: text, json, sarif or markdown.
func ParseFormat(s string) (Format, bool) {
	for i, n := range formatNames {
		if s == n {
			return Format(i), true
		}
	}
	return 0, false
}

// A View is one command's result, assembled from the stages' values and
// holding everything its renderings show, its summary figures included.
// Every view renders as text, JSON and Markdown; the views whose results
// sit at source lines (Rank, Hunt) as SARIF too.
type View interface {
	text(w io.Writer) error
	markdown(w io.Writer) error
	document() any // the JSON document, its version set
}

// sarifView is a view with a SARIF form.
type sarifView interface {
	sarif() sarifLog
}

// Formats lists the formats view renders in, in the order of Format.
func Formats(view View) []Format {
	fs := []Format{Text, JSON}
	if _, ok := view.(sarifView); ok {
		fs = append(fs, SARIF)
	}
	return append(fs, Markdown)
}

// FormatList names formats as a usage message does: "text, json, markdown".
func FormatList(fs []Format) string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.String()
	}
	return strings.Join(names, ", ")
}

// Write renders view in format f.
func Write(w io.Writer, view View, f Format) error {
	switch f {
	case Text:
		return view.text(w)
	case JSON:
		return writeJSON(w, view.document())
	case Markdown:
		return view.markdown(w)
	case SARIF:
		if s, ok := view.(sarifView); ok {
			return writeJSON(w, s.sarif())
		}
	}
	return fmt.Errorf("%T has no %s form", view, f)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// plural is "1 suspect", "2 suspects", "1.5k suspects".
func plural[T int | int64](n T, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return count(n) + " " + what + "s"
}

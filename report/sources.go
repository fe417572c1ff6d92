package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/confhunt/confhunt/slicing"
)

// SourcesFile is the JSON form of confhunt sources.
type SourcesFile struct {
	Options []SourceOption `json:"options"`
}

// SourceOption is one option in SourcesFile.
type SourceOption struct {
	Name    string   `json:"name"`
	Aliases []string `json:"aliases"`
	Type    string   `json:"type"`
	Style   string   `json:"style"`
	Package string   `json:"package"`
	Dynamic bool     `json:"dynamic"`
	Sites   []Site   `json:"sites"`
}

// Site is a read site in JSON output.
type Site struct {
	Pos  string `json:"pos"`
	Func string `json:"func"`
	Via  string `json:"via,omitempty"`
}

// Sites converts read sites to their JSON form.
func Sites(sites []slicing.Site) []Site {
	out := make([]Site, 0, len(sites))
	for _, s := range sites {
		out = append(out, Site{Pos: s.Pos, Func: slicing.FullName(s.Func), Via: s.Via})
	}
	return out
}

// SourcesJSON writes the options as indented JSON.
func SourcesJSON(w io.Writer, opts []*slicing.Option) error {
	f := SourcesFile{Options: make([]SourceOption, 0, len(opts))}
	for _, o := range opts {
		f.Options = append(f.Options, SourceOption{
			Name:    o.Name,
			Aliases: nonNil(o.Aliases),
			Type:    o.Type,
			Style:   o.Style,
			Package: o.Package,
			Dynamic: o.Dynamic,
			Sites:   Sites(o.Sites),
		})
	}
	return writeJSON(w, f)
}

// SourcesText writes the options as a table: name, type, style, number of
// read sites and the first site, then a count by style.
func SourcesText(w io.Writer, opts []*slicing.Option) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "OPTION\tTYPE\tSTYLE\tSITES\tFIRST SITE")
	styles := make(map[string]int)
	for _, o := range opts {
		first := "-"
		if len(o.Sites) > 0 {
			first = o.Sites[0].String()
		}
		name := o.Name
		if o.Dynamic {
			name += " (dynamic)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\n", name, orDash(o.Type), o.Style, len(o.Sites), first)
		styles[o.Style]++
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	parts := make([]string, 0, len(styles))
	for _, s := range sortedKeys(styles) {
		parts = append(parts, fmt.Sprintf("%s %d", s, styles[s]))
	}
	if len(parts) == 0 {
		_, err := fmt.Fprint(w, "\n"+NoOptions)
		return err
	}
	_, err := fmt.Fprintf(w, "\n%d options (%s)\n", len(opts), strings.Join(parts, ", "))
	return err
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

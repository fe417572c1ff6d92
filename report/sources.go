package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/confhunt/confhunt/slicing"
)

// Sources is the view of confhunt sources: the options found and their
// number by style.
type Sources struct {
	Version int            `json:"version"`
	Options []SourceOption `json:"options"`
	Stats   SourcesStats   `json:"stats"`
}

// SourcesStats counts the options found, in all and by style.
type SourcesStats struct {
	Options int            `json:"options"`
	Styles  map[string]int `json:"styles"` // encoding/json sorts the keys
}

// SourceOption is one option in Sources.
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

	short string // the function by its package's name
}

func (s Site) String() string { return s.Pos + " in " + s.short }

// sitesJSON converts read sites to their JSON form.
func sitesJSON(sites []slicing.Site) []Site {
	out := make([]Site, 0, len(sites))
	for _, s := range sites {
		out = append(out, Site{Pos: s.Pos, Func: slicing.FullName(s.Func), Via: s.Via, short: slicing.ShortName(s.Func)})
	}
	return out
}

func sourceOption(o *slicing.Option) SourceOption {
	return SourceOption{Name: o.Name, Aliases: nonNil(o.Aliases), Type: o.Type, Style: o.Style,
		Package: o.Package, Dynamic: o.Dynamic, Sites: sitesJSON(o.Sites)}
}

// SourcesView assembles the options found and counts them by style.
func SourcesView(opts []*slicing.Option) Sources {
	v := Sources{Options: make([]SourceOption, 0, len(opts)), Stats: SourcesStats{Options: len(opts), Styles: map[string]int{}}}
	for _, o := range opts {
		v.Options = append(v.Options, sourceOption(o))
		v.Stats.Styles[o.Style]++
	}
	return v
}

func (v Sources) document() any {
	v.Version = Version
	return v
}

func (o SourceOption) name() string {
	if o.Dynamic {
		return o.Name + " (dynamic)"
	}
	return o.Name
}

func (o SourceOption) first() (pos, fn string) {
	if len(o.Sites) == 0 {
		return "-", "-"
	}
	return o.Sites[0].Pos, o.Sites[0].short
}

// summary is "15 options (flag 3, struct 12)".
func (s SourcesStats) summary() string {
	parts := make([]string, 0, len(s.Styles))
	for _, st := range sortedKeys(s.Styles) {
		parts = append(parts, fmt.Sprintf("%s %d", st, s.Styles[st]))
	}
	return fmt.Sprintf("%s (%s)", plural(s.Options, "option"), strings.Join(parts, ", "))
}

// text writes the options as a table: name, type, style, number of read
// sites and the first site, then a count by style.
func (v Sources) text(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "OPTION\tTYPE\tSTYLE\tSITES\tFIRST SITE")
	for _, o := range v.Options {
		first := "-"
		if len(o.Sites) > 0 {
			first = o.Sites[0].String()
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", o.name(), orDash(o.Type), o.Style, count(len(o.Sites)), first)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(v.Options) == 0 {
		_, err := fmt.Fprint(w, "\n"+NoOptions)
		return err
	}
	_, err := fmt.Fprintf(w, "\n%s\n", v.Stats.summary())
	return err
}

// markdown writes the options as a table under their count by style.
func (v Sources) markdown(w io.Writer) error {
	if len(v.Options) == 0 {
		_, err := fmt.Fprintf(w, "**confhunt sources**: %s", mdText(NoOptions))
		return err
	}
	fmt.Fprintf(w, "**confhunt sources**: %s\n\n", mdText(v.Stats.summary()))
	t := newTable("option", "type", "style", "sites", "first site").alignRight(3)
	for _, o := range v.Options {
		name := code(o.Name)
		if o.Dynamic {
			name += " (dynamic)"
		}
		pos, fn := o.first()
		first := "-"
		if pos != "-" {
			first = code(pos) + " in " + code(fn)
		}
		t.row(name, code(orDash(o.Type)), o.Style, count(len(o.Sites)), first)
	}
	return t.write(w)
}

func joinComma(s []string) string { return strings.Join(s, ",") }

// legendList writes the lines of a text legend as a Markdown list.
func legendList(w io.Writer, legend string) error {
	var b strings.Builder
	b.WriteString("\n")
	for _, l := range strings.Split(strings.TrimSpace(legend), "\n") {
		b.WriteString("- " + mdText(l) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

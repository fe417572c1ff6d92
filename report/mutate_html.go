package report

import (
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/confhunt/confhunt/mutate"
)

// htmlSite is one place in the source with the mutants made there.
type htmlSite struct {
	File    string
	Line    int
	Lines   []htmlLine
	Mutants []htmlMutant
}

type htmlLine struct {
	N    int
	Text string
	Here bool
}

type htmlMutant struct {
	*mutate.Mutant
	Change, Why string
	Benches     []htmlBench
}

type htmlBench struct {
	Name                string
	Measured, Predicted string
	Interval, P, MDE    string
	Slower              bool
}

type htmlCount struct {
	Status string
	N      int
}

// MutateHTML writes a mutate report as one self-contained HTML page (no
// scripts, styles or fonts from the network): the score, the counts by
// status, the scores by option, operator and benchmark, and each site
// with its source, its mutants, their verdicts and the predicted and
// measured slowdowns. Sources are read under root.
func MutateHTML(w io.Writer, r *mutate.Report, root string) error {
	// Benchmarks of the module's packages are named from the module's
	// root, which the title names: the full import paths would fill the
	// columns.
	short := func(s string) string {
		if r.Module == "" {
			return s
		}
		return strings.ReplaceAll(s, r.Module+"/", "")
	}
	var sites []*htmlSite
	byPlace := make(map[string]*htmlSite)
	srcs := make(map[string][]string)
	for _, m := range r.Mutants {
		key := fmt.Sprintf("%s:%d", m.File, m.Line)
		s := byPlace[key]
		if s == nil {
			lines, ok := srcs[m.File]
			if !ok {
				data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(m.File)))
				if err != nil {
					return err
				}
				lines = strings.Split(string(data), "\n")
				srcs[m.File] = lines
			}
			s = &htmlSite{File: m.File, Line: m.Line}
			for n := max(1, m.Line-2); n <= min(len(lines), m.EndLine+2); n++ {
				s.Lines = append(s.Lines, htmlLine{N: n, Text: lines[n-1], Here: n >= m.Line && n <= m.EndLine})
			}
			byPlace[key] = s
			sites = append(sites, s)
		}
		hm := htmlMutant{Mutant: m, Change: edit(m), Why: short(mutate.Explain(m))}
		for _, b := range m.Benches {
			hb := htmlBench{Name: short(b.Label()), Measured: fmt.Sprintf("%+.1f%%", 100*(b.Ratio-1)), Predicted: "-",
				Interval: fmt.Sprintf("[%+.1f%%, %+.1f%%]", 100*(b.Lo-1), 100*(b.Hi-1)), P: fmt.Sprintf("%.3g", b.P),
				MDE: fmt.Sprintf("detects %+.1f%%", 100*b.MDE), Slower: b.Slower}
			if b.Basis != "" {
				hb.Predicted = fmt.Sprintf("%+.1f%%", 100*b.Predicted)
			}
			hm.Benches = append(hm.Benches, hb)
		}
		s.Mutants = append(s.Mutants, hm)
	}
	var counts []htmlCount
	o := r.Score.Overall
	for _, st := range mutate.Statuses() {
		n := map[mutate.Status]int{mutate.Pending: o.Pending, mutate.NotViable: o.NotViable, mutate.NotEquivalent: o.NotEquivalent,
			mutate.Timeout: o.Timeout, mutate.Killed: o.Killed, mutate.Survived: o.Survived, mutate.Unreached: o.Unreached}[st]
		counts = append(counts, htmlCount{st.String(), n})
	}
	type table struct {
		Title string
		Rows  []scoreRow
	}
	var tables []table
	for _, t := range []struct {
		title string
		m     map[string]mutate.Score
	}{{"Option", r.Score.Options}, {"Operator", r.Score.Operators}, {"Benchmark", r.Score.Benchmarks}} {
		if len(t.m) > 0 {
			rows := scoreRows(t.m)
			for i := range rows {
				rows[i].Name = short(rows[i].Name)
			}
			tables = append(tables, table{t.title, rows})
		}
	}
	return mutateTmpl.Execute(w, map[string]any{
		"R": r, "Score": scoreText(o), "Counts": counts, "Tables": tables, "Sites": sites,
	})
}

type scoreRow struct {
	Name, Score     string
	Killed, Counted int
}

func scoreRows(m map[string]mutate.Score) []scoreRow {
	var rows []scoreRow
	for _, k := range sortedKeys(m) {
		rows = append(rows, scoreRow{k, scoreText(m[k]), m[k].Killed, m[k].Counted()})
	}
	return rows
}

var mutateTmpl = template.Must(template.New("mutate").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>confhunt mutate: {{.R.Module}}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
pre { background: #f8f8f8; padding: 0.5em; margin: 0.3em 0; overflow-x: auto; }
.here { background: #fff3b0; display: block; }
.killed { color: #0a6b1f; font-weight: bold; }
.survived { color: #b00020; font-weight: bold; }
.unreached { color: #b05a00; font-weight: bold; }
.not-viable, .not-equivalent, .timeout, .pending { color: #666; }
section.site { border-top: 1px solid #ddd; padding-top: 0.5em; }
table.mutants { width: 100%; table-layout: fixed; }
table.mutants td { overflow-wrap: anywhere; }
table.mutants col.narrow { width: 11%; }
table.mutants col.mid { width: 16%; }
</style>
</head>
<body>
<h1>Performance mutation testing: {{.R.Module}}</h1>
<p>Mutation score <strong id="score">{{.Score}}</strong>{{if .R.Shard}} (shard {{.R.Shard}}){{end}}: killed ÷ (killed + survived + unreached); α = {{.R.Alpha}}; {{.R.Generated}} mutants generated, {{.R.Selected}} selected{{if .R.Shard}}, this shard's {{len .R.Mutants}}{{end}}.</p>
<table id="counts">
<tr>{{range .Counts}}<th>{{.Status}}</th>{{end}}</tr>
<tr>{{range .Counts}}<td class="{{.Status}}" data-status="{{.Status}}" data-count="{{.N}}">{{.N}}</td>{{end}}</tr>
</table>
{{range .Tables}}<h2>By {{.Title}}</h2>
<table><tr><th>{{.Title}}</th><th>Score</th><th>Killed</th><th>Counted</th></tr>
{{range .Rows}}<tr><td>{{.Name}}</td><td>{{.Score}}</td><td>{{.Killed}}</td><td>{{.Counted}}</td></tr>
{{end}}</table>
{{end}}<h2>Sites</h2>
{{range .Sites}}<section class="site">
<h3>{{.File}}:{{.Line}}</h3>
<pre>{{range .Lines}}<span{{if .Here}} class="here"{{end}}>{{printf "%4d" .N}}  {{.Text}}
</span>{{end}}</pre>
<table class="mutants">
<colgroup><col class="mid"><col class="mid"><col class="mid"><col class="narrow"><col><col></colgroup>
<tr><th>Mutant</th><th>Option</th><th>Change</th><th>Status</th><th>Why</th><th>Benchmarks: measured [95% CI], predicted, p, resolves</th></tr>
{{range .Mutants}}<tr class="mutant" data-status="{{.Status}}" id="{{.ID}}">
<td>{{.ID}}</td><td>{{.Option}}</td><td><code>{{.Change}}</code></td><td class="{{.Status}}">{{.Status}}</td><td>{{.Why}}</td>
<td>{{range .Benches}}<div>{{.Name}}: {{if .Slower}}<strong>{{.Measured}}</strong>{{else}}{{.Measured}}{{end}} {{.Interval}}, predicted {{.Predicted}}, p={{.P}}, {{.MDE}}</div>{{end}}</td>
</tr>
{{end}}</table>
</section>
{{end}}</body>
</html>
`))

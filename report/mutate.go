package report

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"text/tabwriter"

	"github.com/confhunt/confhunt/mutate"
)

// MutateText writes a mutate report as tables: the mutants with their
// status and what explains it, the mutation score, and the scores by
// option, operator and benchmark.
func MutateText(w io.Writer, r *mutate.Report) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "MUTANT\tSTATUS\tOPTION\tCHANGE\tWHY")
	for _, m := range r.Mutants {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", m.ID, m.Status, m.Option, edit(m), oneLine(inModule(mutate.Explain(m), r.Module)))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	s := r.Score.Overall
	fmt.Fprintf(w, "\nmutation score %s: %d killed of %d (%d survived, %d never reached by a benchmark); not counted: %d not viable, %d not equivalent, %d timed out",
		scoreText(s), s.Killed, s.Counted(), s.Survived, s.Unreached, s.NotViable, s.NotEquivalent, s.Timeout)
	if s.Pending > 0 {
		fmt.Fprintf(w, ", %d not run", s.Pending)
	}
	fmt.Fprintln(w)
	if r.Shard != "" || r.Selected != r.Generated {
		fmt.Fprintf(w, "%d mutants generated, %d selected", r.Generated, r.Selected)
		if r.Shard != "" {
			fmt.Fprintf(w, ", shard %s of them: %d", r.Shard, len(r.Mutants))
		}
		fmt.Fprintln(w)
	}
	for _, t := range []struct {
		title string
		m     map[string]mutate.Score
	}{{"OPTION", r.Score.Options}, {"OPERATOR", r.Score.Operators}, {"BENCHMARK", r.Score.Benchmarks}} {
		if len(t.m) == 0 {
			continue
		}
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "%s\tSCORE\tKILLED\tCOUNTED\n", t.title)
		for _, k := range sortedKeys(t.m) {
			sc := t.m[k]
			fmt.Fprintf(tw, "%s\t%s\t%d\t%d\n", inModule(k, r.Module), scoreText(sc), sc.Killed, sc.Counted())
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// inModule shortens the names of the module's packages in s to their
// paths in it (example.com/app/internal/store.Put: internal/store.Put),
// so that what explains a mutant fits the table; the JSON keeps them
// whole.
func inModule(s, module string) string {
	if module == "" {
		return s
	}
	return strings.ReplaceAll(s, module+"/", "")
}

func scoreText(s mutate.Score) string {
	if s.Counted() == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*s.Score)
}

// edit shows a mutant's edit in one line.
func edit(m *mutate.Mutant) string {
	switch {
	case m.Original == "":
		return oneLine("+ " + m.Replacement)
	case m.Replacement == "":
		return oneLine("- " + m.Original)
	}
	change := m.Original + " → " + m.Replacement
	if m := allSites.FindStringSubmatch(m.Description); m != nil {
		// The value set where the option is read everywhere, not only
		// at the mutant's own place.
		change += " (all " + m[1] + " read sites)"
	}
	return oneLine(change)
}

// allSites matches the description of a value set at every read site of
// its option (mutate's "… at all its 7 read sites").
var allSites = regexp.MustCompile(`at all its (\d+) read sites$`)

func oneLine(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r == '\n' || r == '\t' {
			r = ' '
		}
		out = append(out, r)
	}
	if len(out) > 120 {
		out = append(out[:119], '…')
	}
	return string(out)
}

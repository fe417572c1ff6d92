package report

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// RankFile is the JSON form of confhunt rank (DESIGN.md fixes its fields).
type RankFile struct {
	Options []RankOption `json:"options"`
	Stats   RankStats    `json:"stats"`
}

// RankOption is one ranked option.
type RankOption struct {
	Name      string     `json:"name"`
	Aliases   []string   `json:"aliases"`
	Type      string     `json:"type"`
	Style     string     `json:"style"`
	Package   string     `json:"package"`
	Dynamic   bool       `json:"dynamic"`
	Rank      int        `json:"rank"`
	Suspect   bool       `json:"suspect"`
	Ignored   string     `json:"ignored,omitempty"` // where and why //confhunt:ignore keeps it out of the suspects
	Score     ScoreJSON  `json:"score"`
	Measured  float64    `json:"measured"`
	Influence []string   `json:"influence"`
	Sites     []Site     `json:"sites"`
	Slice     SliceSize  `json:"slice"`
	Top       []LineJSON `json:"top"`
}

// ScoreJSON holds an option's per-resource scores and normalised total.
type ScoreJSON struct {
	CPU   float64 `json:"cpu"`
	MEM   float64 `json:"mem"`
	IO    float64 `json:"io"`
	LAT   float64 `json:"lat"`
	Total float64 `json:"total"`
}

// SliceSize counts a slice.
type SliceSize struct {
	Instructions int `json:"instructions"`
	Functions    int `json:"functions"`
	Blocks       int `json:"blocks"`
}

// LineJSON is a source line's contribution to a score.
type LineJSON struct {
	Pos   string    `json:"pos"`
	Func  string    `json:"func"`
	Score ScoreJSON `json:"score"`
	Share float64   `json:"share"`
}

// RankStats describes the analysis behind a ranking.
type RankStats struct {
	Options   int     `json:"options"`
	Suspects  int     `json:"suspects"`
	Ignored   int     `json:"ignored,omitempty"` // options kept out of the suspects by //confhunt:ignore
	TopPct    float64 `json:"top_percent"`
	Functions int     `json:"largest_slice_functions"`
	Measured  bool    `json:"measured"`
}

// round keeps JSON stable and readable: six significant digits.
func round(x float64) float64 {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	d := math.Pow(10, 5-math.Floor(math.Log10(math.Abs(x))))
	return math.Round(x*d) / d
}

func scoreJSON(c scoring.Cost, total float64) ScoreJSON {
	return ScoreJSON{CPU: round(c.CPU), MEM: round(c.MEM), IO: round(c.IO), LAT: round(c.LAT), Total: round(total)}
}

// RankJSON writes the ranking as JSON, with up to topLines lines per option.
func RankJSON(w io.Writer, scores []*scoring.Score, stats RankStats, topLines int) error {
	f := RankFile{Options: make([]RankOption, 0, len(scores)), Stats: stats}
	for _, sc := range scores {
		o := sc.Option
		ro := RankOption{
			Name: o.Name, Aliases: nonNil(o.Aliases), Type: o.Type, Style: o.Style,
			Package: o.Package, Dynamic: o.Dynamic, Rank: sc.Rank, Suspect: sc.Suspect, Ignored: o.Ignored,
			Score:     scoreJSON(sc.Cost, sc.Total),
			Measured:  round(sc.Measured),
			Influence: sc.Influence.Kinds(),
			Sites:     Sites(o.Sites),
			Slice:     SliceSize{Instructions: sc.Size.Instructions, Functions: sc.Size.Functions, Blocks: sc.Size.Blocks},
			Top:       []LineJSON{},
		}
		for i, l := range sc.Lines {
			if i == topLines {
				break
			}
			ro.Top = append(ro.Top, LineJSON{Pos: l.Pos, Func: slicing.FullName(l.Func), Score: scoreJSON(l.Cost, l.Total), Share: round(l.Share)})
		}
		f.Options = append(f.Options, ro)
	}
	return writeJSON(w, f)
}

// RankText writes the ranking as a table: rank, option, total, CPU, MEM,
// IO, influence kinds and the top contributing line. Suspects are marked
// with '*'.
func RankText(w io.Writer, scores []*scoring.Score, stats RankStats) error {
	if len(scores) == 0 {
		_, err := fmt.Fprint(w, NoOptions)
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tOPTION\tTOTAL\tCPU\tMEM\tIO\tLAT\tINFLUENCE\tTOP SITE")
	for _, sc := range scores {
		mark := ""
		if sc.Suspect {
			mark = "*"
		}
		top := "-"
		if l := sc.Top(); l != nil {
			top = fmt.Sprintf("%s (%.0f%%)", l, 100*l.Share)
		}
		name := sc.Option.Name
		if sc.Option.Ignored != "" {
			name += " (ignored)"
		}
		fmt.Fprintf(tw, "%d%s\t%s\t%.3f\t%s\t%s\t%s\t%s\t%s\t%s\n", sc.Rank, mark, name,
			sc.Total, num(sc.Cost.CPU), num(sc.Cost.MEM), num(sc.Cost.IO), num(sc.Cost.LAT), sc.Influence, top)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	how := "estimated"
	if stats.Measured {
		how = "measured where counted"
	}
	ignored := ""
	if stats.Ignored > 0 {
		ignored = fmt.Sprintf(", %d ignored (//confhunt:ignore)", stats.Ignored)
	}
	_, err := fmt.Fprintf(w, "\n%d options, %d suspects (*, top %g%%)%s; execution counts %s\n%s", stats.Options, stats.Suspects, stats.TopPct, ignored, how, RankLegend)
	return err
}

// NoOptions is what sources and rank print when the packages read no
// option: often the options are a library's, and the library is
// analysed from a module that requires it.
const NoOptions = `no options: nothing in the packages reads a flag, a key, the environment or a configuration struct
(to analyse a library your module requires, name its packages: confhunt rank example.com/lib/...)
`

// RankLegend explains the columns of the rank table: its units and the
// words of INFLUENCE (slicing.Influence).
const RankLegend = `CPU, MEM, IO, LAT: weighted instruction executions per program run (LAT: waiting); TOTAL: the four, each divided by its maximum over the options, summed (0 to 4)
INFLUENCE: size (allocation sizes), trip (loop trips), path (branches), conc (goroutines), time (sleeps, timers), io (IO calls), bound (container growth)
`

// num formats a score compactly.
func num(x float64) string {
	switch {
	case x == 0:
		return "0"
	case x >= 1e6:
		return fmt.Sprintf("%.3g", x)
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.1f", x)
}

// Explain writes, for one option of a ranking of count options, the n
// lines that contribute most to its score with their share of it.
func Explain(w io.Writer, sc *scoring.Score, count, n int) error {
	o := sc.Option
	fmt.Fprintf(w, "%s (%s, %s) rank %d of %d, total %.3f (CPU %s, MEM %s, IO %s, LAT %s)\n",
		o.Name, orDash(o.Type), o.Style, sc.Rank, count, sc.Total, num(sc.Cost.CPU), num(sc.Cost.MEM), num(sc.Cost.IO), num(sc.Cost.LAT))
	fmt.Fprintf(w, "influence: %s; slice: %d instructions in %d blocks of %d functions; read at %d sites\n",
		sc.Influence, sc.Size.Instructions, sc.Size.Blocks, sc.Size.Functions, len(o.Sites))
	if o.Ignored != "" {
		fmt.Fprintf(w, "ignored: kept out of the suspects by //confhunt:ignore at %s\n", o.Ignored)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SHARE\tCPU\tMEM\tIO\tLAT\tLINE")
	var rest scoring.Line // the lines not shown, so that SHARE adds up
	others := 0
	for i, l := range sc.Lines {
		if l.Total == 0 {
			break
		}
		if i >= n {
			rest.Share += l.Share
			rest.Cost.CPU += l.Cost.CPU
			rest.Cost.MEM += l.Cost.MEM
			rest.Cost.IO += l.Cost.IO
			rest.Cost.LAT += l.Cost.LAT
			others++
			continue
		}
		fmt.Fprintf(tw, "%5.1f%%\t%s\t%s\t%s\t%s\t%s\n", 100*l.Share, num(l.Cost.CPU), num(l.Cost.MEM), num(l.Cost.IO), num(l.Cost.LAT), l)
	}
	if others > 0 {
		fmt.Fprintf(tw, "%5.1f%%\t%s\t%s\t%s\t%s\t(%d other lines)\n", 100*rest.Share, num(rest.Cost.CPU), num(rest.Cost.MEM), num(rest.Cost.IO), num(rest.Cost.LAT), others)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(o.Sites) > 0 {
		fmt.Fprintln(w, "\nread at:")
		for _, s := range o.Sites {
			fmt.Fprintf(w, "  %s\n", s)
		}
	}
	return nil
}

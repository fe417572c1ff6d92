package report

import (
	"fmt"
	"go/token"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// Slice is the view of confhunt slice: one option's forward slice by
// function, with its loops and where it acts.
type Slice struct {
	Version   int             `json:"version"`
	Option    SourceOption    `json:"option"`
	Influence []string        `json:"influence"`
	Slice     SliceSize       `json:"slice"`
	Functions []SliceFunction `json:"functions"`
	Effects   []Effect        `json:"effects"`
}

// SliceFunction is the part of a slice in one function.
type SliceFunction struct {
	Func         string     `json:"func"`
	Short        string     `json:"-"`
	Pos          string     `json:"pos"`
	Whole        bool       `json:"whole"`
	Instructions int        `json:"instructions"`
	Lines        []int      `json:"lines"`
	Loops        []LoopJSON `json:"loops"`
}

// LoopJSON is a loop holding slice instructions.
type LoopJSON struct {
	Pos      string  `json:"pos"`
	Trips    float64 `json:"trips"`
	Measured bool    `json:"measured"`
}

// Effect is a place where the option acts in one of the influence kinds.
type Effect struct {
	Kind  string `json:"kind"`
	Pos   string `json:"pos"`
	Func  string `json:"func"`
	Short string `json:"-"`
}

// SliceView assembles a slice for rendering; trips gives each function's
// loops with their trip counts.
func SliceView(prog *slicing.Program, sl *slicing.Slice, trips func(*ssa.Function) []scoring.LoopTrip) Slice {
	in, bl, fn := sl.Size()
	f := Slice{
		Option:    sourceOption(sl.Option),
		Influence: sl.Influence.Kinds(),
		Slice:     SliceSize{Instructions: in, Functions: fn, Blocks: bl},
		Functions: []SliceFunction{},
		Effects:   []Effect{},
	}
	for _, fs := range sl.Functions() {
		sf := SliceFunction{Func: slicing.FullName(fs.Func), Short: slicing.ShortName(fs.Func), Pos: prog.Position(fs.Func.Pos()), Whole: fs.Whole, Lines: []int{}, Loops: []LoopJSON{}}
		inLoop := make(map[*slicing.Loop]bool)
		loops := trips(fs.Func)
		for _, b := range fs.Func.Blocks {
			for _, instr := range b.Instrs {
				if !fs.Contains(instr) {
					continue
				}
				sf.Instructions++
				if p := slicing.Pos(instr); p.IsValid() {
					sf.Lines = append(sf.Lines, prog.Fset.Position(p).Line)
				}
				for _, lt := range loops {
					if lt.Loop.Contains(b) {
						inLoop[lt.Loop] = true
					}
				}
				if in := fs.Influence[instr]; in != 0 {
					for _, k := range in.Kinds() {
						f.Effects = append(f.Effects, Effect{Kind: k, Pos: prog.Position(slicing.Pos(instr)), Func: slicing.FullName(fs.Func), Short: slicing.ShortName(fs.Func)})
					}
				}
			}
		}
		slices.Sort(sf.Lines)
		sf.Lines = slices.Compact(sf.Lines)
		for _, lt := range loops {
			if inLoop[lt.Loop] {
				sf.Loops = append(sf.Loops, LoopJSON{Pos: prog.Position(loopPos(lt.Loop)), Trips: round(lt.Trips), Measured: lt.Measured})
			}
		}
		f.Functions = append(f.Functions, sf)
	}
	return f
}

// loopPos is the position of a loop: its header's first positioned
// instruction, or its condition.
func loopPos(l *slicing.Loop) token.Pos {
	for _, instr := range l.Header.Instrs {
		if _, ok := instr.(*ssa.Phi); ok {
			continue
		}
		if p := slicing.Pos(instr); p.IsValid() {
			return p
		}
	}
	return l.Header.Parent().Pos()
}

func (v Slice) document() any {
	v.Version = Version
	return v
}

func (v Slice) summary() string {
	return fmt.Sprintf("influence %s; %s in %s of %s", orDash(joinComma(v.Influence)),
		plural(v.Slice.Instructions, "instruction"), plural(v.Slice.Blocks, "block"), plural(v.Slice.Functions, "function"))
}

func (sf SliceFunction) name() string {
	if sf.Whole {
		return sf.Short + " (whole)"
	}
	return sf.Short
}

func (l LoopJSON) String() string {
	m := "est"
	if l.Measured {
		m = "measured"
	}
	return fmt.Sprintf("%s ×%s %s", lineOf(l.Pos), num(l.Trips), m)
}

func (sf SliceFunction) loops() string {
	var loops []string
	for _, l := range sf.Loops {
		loops = append(loops, l.String())
	}
	return orDash(strings.Join(loops, ", "))
}

// text writes a slice: a summary, the functions with their lines and
// loops, and where each kind of influence arises.
func (v Slice) text(w io.Writer) error {
	fmt.Fprintf(w, "%s (%s, %s): %s\n\n", v.Option.Name, orDash(v.Option.Type), v.Option.Style, v.summary())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FUNCTION\tPOS\tINSTRS\tLINES\tLOOPS (trips)")
	for _, sf := range v.Functions {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", sf.name(), sf.Pos, count(sf.Instructions), lineList(sf.Lines), sf.loops())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(v.Effects) > 0 {
		fmt.Fprintln(w, "\ninfluence:")
		for _, e := range v.Effects {
			fmt.Fprintf(w, "  %-5s %s in %s\n", e.Kind, e.Pos, e.Short)
		}
	}
	return nil
}

// markdown writes a slice as a summary line, a table of its functions
// and one of where it acts.
func (v Slice) markdown(w io.Writer) error {
	fmt.Fprintf(w, "**%s** (%s, %s): %s.\n\n", code(v.Option.Name), code(orDash(v.Option.Type)), v.Option.Style, v.summary())
	t := newTable("function", "position", "instructions", "lines", "loops (trips)").alignRight(2)
	for _, sf := range v.Functions {
		name := code(sf.Short)
		if sf.Whole {
			name += " (whole)"
		}
		t.row(name, code(sf.Pos), count(sf.Instructions), lineList(sf.Lines), sf.loops())
	}
	if err := t.write(w); err != nil {
		return err
	}
	if len(v.Effects) == 0 {
		return nil
	}
	fmt.Fprintln(w)
	t = newTable("influence", "position", "function")
	for _, e := range v.Effects {
		t.row(e.Kind, code(e.Pos), code(e.Short))
	}
	return t.write(w)
}

// lineOf returns "file:line" of a "file:line:col" position, or the line alone.
func lineOf(pos string) string {
	parts := strings.Split(pos, ":")
	if len(parts) >= 2 {
		return "line " + parts[len(parts)-2]
	}
	return pos
}

// lineList shortens a sorted list of lines to ranges: 3-5,9.
func lineList(lines []int) string {
	if len(lines) == 0 {
		return "-"
	}
	var b strings.Builder
	for i := 0; i < len(lines); {
		j := i
		for j+1 < len(lines) && lines[j+1] == lines[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		if j > i {
			fmt.Fprintf(&b, "%d-%d", lines[i], lines[j])
		} else {
			fmt.Fprintf(&b, "%d", lines[i])
		}
		i = j + 1
	}
	return b.String()
}

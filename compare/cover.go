package compare

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/slicing"
)

// span is where a changed function changed: its file, as coverage
// profiles name files (import path and file name), and the lines of the
// change and those after which lines were deleted (Change.Lines),
// sorted.
type span struct {
	file         string
	lines, after []int
	name         string
	sync         bool
}

// SelectCovered selects by measured coverage (PerfDetect's dynamic
// selection): it runs every benchmark of head's analysed packages once
// (-test.benchtime=1x), and with tests every test, each with coverage
// counters over the module's packages (one that fails is left out, in
// Selection.Failed), and keeps those that ran a
// block of a changed function holding a line of the change
// (Change.Lines): a benchmark that runs the function but not the
// branch the change is in is not selected. Coverage does not count _test.go
// files: changed functions there are followed back in graph, as Select
// does. The test binaries are built in run's directory, with the build
// tags, and run with args after confhunt's own (Protocol.Args).
func SelectCovered(ctx context.Context, run *runner.Run, head *slicing.Program, graph *callgraph.Graph, changes []Change, tests bool, tags string, args []string) (Selection, error) {
	all := Benchmarks(head)
	byFunc := make(map[*ssa.Function]*Bench, len(all))
	for i := range all {
		byFunc[all[i].fn] = &all[i]
	}
	var inTests []Change
	var spans []span
	for _, c := range changes {
		if len(c.Funcs) == 0 {
			continue
		}
		fn := c.Funcs[0]
		if strings.HasSuffix(head.Fset.Position(fn.Pos()).Filename, "_test.go") {
			inTests = append(inTests, c)
			continue
		}
		if lines, after := c.Lines(); len(lines)+len(after) > 0 {
			file := strings.TrimSuffix(fn.Pkg.Pkg.Path(), "_test") + "/" + filepath.Base(head.Fset.Position(fn.Pos()).Filename)
			spans = append(spans, span{file, lines, after, c.Name, c.Sync})
		}
	}
	reach(head.Module, graph, inTests, byFunc)
	if len(spans) > 0 {
		bins := make(map[string]string)
		for i := range all {
			b := &all[i]
			if b.Test && !tests {
				continue
			}
			bin := bins[b.Pkg]
			if bin == "" {
				bin = filepath.Join(run.Dir, "cover", fmt.Sprintf("%d.test", len(bins)))
				if err := build(ctx, run.In(b.Dir), bin, tags, "-cover", "-covermode=set", "-coverpkg="+head.Module+"/..."); err != nil {
					return Selection{}, fmt.Errorf("building the tests of %s with coverage: %w", b.Pkg, err)
				}
				bins[b.Pkg] = bin
			}
			prof, err := coverRun(ctx, run.In(b.Dir), bin, *b, filepath.Join(run.Dir, "cover", fmt.Sprintf("%d", i)), args)
			if errors.Is(err, runner.ErrWorkload) && ctx.Err() == nil {
				// It fails whatever changed (data or a server it needs is
				// missing here): the others are still selected.
				b.Failed = strings.TrimPrefix(err.Error(), runner.ErrWorkload.Error()+": ")
				continue
			}
			if err != nil {
				return Selection{}, err
			}
			for _, blk := range prof.Blocks {
				if blk.Count == 0 {
					continue
				}
				for _, s := range spans {
					if s.covers(blk) && !slices.Contains(b.Reaches, s.name) {
						b.Reaches = append(b.Reaches, s.name)
						b.Sync = b.Sync || s.sync
					}
				}
			}
		}
	}
	return selection(all, tests), nil
}

// covers reports whether the block b holds a line of the change, or a
// line after which lines were deleted together with the next line.
func (s span) covers(b counts.Block) bool {
	if b.File != s.file {
		return false
	}
	i, _ := slices.BinarySearch(s.lines, b.StartLine)
	if i < len(s.lines) && s.lines[i] <= b.EndLine {
		return true
	}
	i, _ = slices.BinarySearch(s.after, b.StartLine)
	return i < len(s.after) && s.after[i] < b.EndLine
}

// coverRun runs one benchmark once, or one test, with its counters
// written under dir, and returns its profile; more are the user's
// arguments. The test binary writes the text profile itself
// (-test.coverprofile), as under go test: one process per run, not a
// second one for go tool covdata textfmt.
func coverRun(ctx context.Context, run *runner.Run, bin string, b Bench, dir string, more []string) (*counts.Profile, error) {
	covdata := filepath.Join(dir, "covdata")
	if err := os.MkdirAll(covdata, 0o755); err != nil {
		return nil, err
	}
	text := filepath.Join(dir, "cover.txt")
	only := "^" + regexp.QuoteMeta(b.Name) + "$"
	args := []string{"-test.run=^$", "-test.bench=" + only, "-test.benchtime=1x"}
	if b.Test {
		args = []string{"-test.run=" + only}
	}
	args = append(append(args, "-test.count=1", "-test.gocoverdir="+covdata, "-test.coverprofile="+text), more...)
	var out bytes.Buffer
	if err := run.Exec(ctx, []string{"GOCOVERDIR=" + covdata}, &out, &out, bin, args...); err != nil {
		if ctx.Err() != nil || errors.Is(err, runner.ErrTimeout) {
			return nil, err
		}
		return nil, fmt.Errorf("%w: %s.%s failed in the coverage run: %v\n%s", runner.ErrWorkload, b.Pkg, b.Name, err, lastLines(out.String(), 10))
	}
	f, err := os.Open(text)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return counts.Parse(text, f)
}

package report

import (
	"fmt"
	"io"

	"github.com/confhunt/confhunt/counts"
)

// Counts is the view of confhunt counts: the counts file written and
// what it holds.
type Counts struct {
	Version int    `json:"version"`
	File    string `json:"file"`   // as given to -o
	Module  string `json:"module"` // whose counts the file holds
	Mode    string `json:"mode"`   // the coverage mode they were taken in
	Runs    int    `json:"runs"`   // the in-house runs summed, with -append
	Files   int    `json:"files"`  // source files with counts
	Blocks  int    `json:"blocks"` // coverage blocks counted
}

// CountsView describes the counts file f, written to file.
func CountsView(file string, f *counts.File) Counts {
	v := Counts{File: file, Module: f.Module, Mode: f.Mode, Runs: f.Runs, Files: len(f.Files)}
	for _, fc := range f.Files {
		v.Blocks += len(fc.Blocks)
	}
	return v
}

func (v Counts) document() any {
	v.Version = Version
	return v
}

func (v Counts) text(w io.Writer) error {
	_, err := fmt.Fprintf(w, "%s: %s in %s of %s, %s\n", v.File, plural(v.Blocks, "coverage block"), plural(v.Files, "file"), v.Module, plural(v.Runs, "run"))
	return err
}

func (v Counts) markdown(w io.Writer) error {
	fmt.Fprintf(w, "**confhunt counts**: %s\n\n", code(v.File))
	t := newTable("module", "runs", "files", "coverage blocks", "mode").alignRight(1, 2, 3)
	t.row(code(v.Module), count(v.Runs), count(v.Files), count(v.Blocks), v.Mode)
	return t.write(w)
}

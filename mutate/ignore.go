package mutate

import (
	"go/ast"
	"go/token"
	"maps"
	"os"
	"slices"
	"strings"
)

// directive is the comment that suppresses mutants:
// //confhunt:ignore [mutate=op,op] [reason]. Without mutate= it
// suppresses every operator.
const directive = "//confhunt:ignore"

// ignore is one directive's reach on a line: every operator, or those
// listed.
type ignore struct {
	all bool
	ops []Operator
}

func (ig ignore) covers(op Operator) bool {
	if ig.all {
		return true
	}
	for _, o := range ig.ops {
		if o == op {
			return true
		}
	}
	return false
}

// ignored reports whether a directive suppresses op on line.
func (f *file) ignored(line int, op Operator) bool {
	if ig, ok := f.ignores[line]; ok && ig.covers(op) {
		return true
	}
	if ig, ok := f.ignores[0]; ok && ig.covers(op) { // the whole file
		return true
	}
	return false
}

// parseDirective parses a comment's text; ok is false when it is no
// directive.
func parseDirective(text string) (ignore, bool) {
	rest, ok := strings.CutPrefix(text, directive)
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return ignore{}, false
	}
	rest, _, _ = strings.Cut(rest, "//")
	ig := ignore{all: true}
	for _, w := range strings.Fields(rest) {
		list, ok := strings.CutPrefix(w, "mutate=")
		if !ok {
			continue
		}
		ig.all = false
		for _, name := range strings.Split(list, ",") {
			if op, ok := ParseOperator(name); ok {
				ig.ops = append(ig.ops, op)
			}
		}
	}
	return ig, true
}

// ignores returns the lines f's directives cover, line 0 standing for
// the whole file: a directive covers its own line; alone on its line, the
// next line too; in a function's doc comment, the whole function; above
// the package clause, the whole file.
func ignores(fset *token.FileSet, f *ast.File) map[int]ignore {
	out := make(map[int]ignore)
	merge := func(line int, ig ignore) {
		old, ok := out[line]
		if !ok {
			out[line] = ig
			return
		}
		out[line] = ignore{all: old.all || ig.all, ops: append(old.ops, ig.ops...)}
	}
	alone := make(map[int]token.Pos) // line of a directive not after code -> its position
	for _, g := range f.Comments {
		for _, c := range g.List {
			ig, ok := parseDirective(c.Text)
			if !ok {
				continue
			}
			line := fset.Position(c.Slash).Line
			if c.Slash < f.Package {
				merge(0, ig)
				continue
			}
			merge(line, ig)
			alone[line] = c.Slash
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil, *ast.Comment, *ast.CommentGroup:
			return false
		case *ast.FuncDecl:
			if n.Doc != nil {
				for _, c := range n.Doc.List {
					if ig, ok := parseDirective(c.Text); ok {
						from, to := fset.Position(n.Pos()).Line, fset.Position(n.End()).Line
						for l := from; l <= to; l++ {
							merge(l, ig)
						}
					}
				}
			}
		}
		// Code starting on a directive's line before it: the directive
		// trails it and covers that line only.
		if len(alone) > 0 {
			line := fset.Position(n.Pos()).Line
			if slash, ok := alone[line]; ok && n.Pos() < slash {
				delete(alone, line)
			}
		}
		return true
	})
	for _, line := range slices.Sorted(maps.Keys(alone)) {
		merge(line+1, out[line])
	}
	return out
}

// maxSource bounds the source files read.
const maxSource = 64 << 20

func readSource(name string) ([]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if fi.Size() > maxSource {
		return nil, os.ErrInvalid
	}
	return os.ReadFile(name)
}

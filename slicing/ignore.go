package slicing

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// ignoreDirective keeps an option out of the suspects when it stands on
// the line of the option's declaration or of one of its read sites, or on
// the line above: //confhunt:ignore [reason]. The reason ends at the end
// of the comment or at a "//" in it.
const ignoreDirective = "//confhunt:ignore"

// markIgnored sets Ignored on the options with an ignore directive at
// their declaration or a read site.
func markIgnored(prog *Program, opts []*Option) {
	files := make(map[string]*ast.File)
	packages.Visit(prog.Packages, nil, func(p *packages.Package) {
		for _, f := range p.Syntax {
			files[prog.Fset.File(f.FileStart).Name()] = f
		}
	})
	// The directives of each file, by line, read when a position asks.
	directives := make(map[string]map[int]directive)
	at := func(pos token.Position) (string, bool) {
		d, ok := directives[pos.Filename]
		if !ok {
			d = fileDirectives(prog.Fset, files[pos.Filename])
			directives[pos.Filename] = d
		}
		if dir, ok := d[pos.Line]; ok {
			where := prog.relPos(pos.Filename) + ":" + strconv.Itoa(dir.line)
			return strings.TrimSuffix(where+": "+dir.reason, ": "), true
		}
		return "", false
	}
	for _, o := range opts {
		decls := make([]token.Position, 0, len(o.decls))
		for _, decl := range o.decls {
			if decl.IsValid() {
				decls = append(decls, prog.Fset.Position(decl))
			}
		}
		// By file and line: token.Pos order is the order files were parsed.
		slices.SortFunc(decls, func(a, b token.Position) int {
			return cmp.Or(cmp.Compare(a.Filename, b.Filename), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
		})
		for _, decl := range decls {
			if why, ok := at(decl); ok {
				o.Ignored = why
				break
			}
		}
		if o.Ignored != "" {
			continue
		}
		for _, s := range o.Sites {
			if why, ok := at(s.pos); ok {
				o.Ignored = why
				break
			}
		}
	}
}

// directive is an ignore directive: its line and reason.
type directive struct {
	line   int
	reason string
}

// fileDirectives returns the ignore directives in f by the line they
// apply to: their own, and the next when they stand alone (no code before
// them on their line).
func fileDirectives(fset *token.FileSet, f *ast.File) map[int]directive {
	out := make(map[int]directive)
	if f == nil {
		return out
	}
	alone := make(map[int]token.Pos) // line of a directive -> its position
	for _, g := range f.Comments {
		for _, c := range g.List {
			rest, ok := strings.CutPrefix(c.Text, ignoreDirective)
			if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
				continue
			}
			// The reason ends at another comment: //confhunt:ignore why // more.
			reason, _, _ := strings.Cut(rest, "//")
			if strings.HasPrefix(strings.TrimSpace(reason), "mutate=") {
				continue // mutate's: only those operators, not the option
			}
			line := fset.Position(c.Slash).Line
			out[line] = directive{line, strings.TrimSpace(reason)}
			alone[line] = c.Slash
		}
	}
	if len(alone) == 0 {
		return out
	}
	// A node starting or ending before a directive on its line is code
	// before it: the directive trails that code.
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case nil, *ast.Comment, *ast.CommentGroup:
			return false
		}
		for _, p := range []token.Pos{n.Pos(), n.End() - 1} {
			line := fset.Position(p).Line
			if slash, ok := alone[line]; ok && p < slash {
				delete(alone, line)
			}
		}
		return true
	})
	for line := range alone {
		if _, ok := out[line+1]; !ok {
			out[line+1] = out[line]
		}
	}
	return out
}

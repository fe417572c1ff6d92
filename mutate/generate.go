package mutate

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/internal/overlay"
	"github.com/confhunt/confhunt/slicing"
)

// Generate makes the mutants of the slices' sites, every operator
// (cfg.Operators) at every place in the slices where it applies, except
// in test files, outside the module root, where cfg.Exclude says so or
// under a //confhunt:ignore directive (see the package doc). The result
// is sorted by file, position and operator, and IDs are stable: the same
// code and slices give the same mutants.
func Generate(prog *slicing.Program, a *slicing.Analysis, sls []*slicing.Slice, cfg Config) []*Mutant {
	g := &generator{prog: prog, a: a, cfg: cfg, files: make(map[*token.File]*file), seen: make(map[string]bool), reach: make(map[*ssa.Function]*reached), ffs: make(map[*slicing.Slice][]funcFile)}
	g.index()
	for _, sl := range sls {
		if cfg.wants(Value) {
			g.value(sl)
		}
		if cfg.wants(FastPath) {
			g.fastPath(sl)
		}
		if cfg.wants(Loop) || cfg.wants(Sleep) {
			g.inject(sl)
		}
		if cfg.wants(Alloc) {
			g.alloc(sl)
		}
		if cfg.wants(Unbreak) {
			g.unbreak(sl)
		}
		if cfg.wants(Oblivion) {
			g.oblivion(sl)
		}
		if cfg.wants(Lock) {
			g.lock(sl)
		}
	}
	slices.SortFunc(g.out, func(a, b *Mutant) int {
		return cmp.Or(compareMutants(a, b), cmp.Compare(a.Replacement, b.Replacement), cmp.Compare(a.Option, b.Option), cmp.Compare(len(a.also), len(b.also)))
	})
	// IDs name the place; several mutants at one place are numbered.
	count := make(map[string]int)
	for _, m := range g.out {
		id := fmt.Sprintf("%s@%s:%d:%d", m.Operator, m.File, m.Line, m.Col)
		count[id]++
		if n := count[id]; n > 1 {
			id += fmt.Sprintf("#%d", n)
		}
		m.ID = id
	}
	return g.out
}

type generator struct {
	prog  *slicing.Program
	a     *slicing.Analysis
	cfg   Config
	files map[*token.File]*file // nil for a file that cannot be mutated
	pkgs  map[string][]*packages.Package
	seen  map[string]bool // path, edit, operator: one mutant for a package and its test variant
	reach map[*ssa.Function]*reached
	// values holds, for each function, the functions that make a value
	// of it (madeIn).
	values map[*ssa.Function][]*ssa.Function
	ffs    map[*slicing.Slice][]funcFile // funcsOf's
	// variants holds the functions at each position: a package's and its
	// test variant's.
	variants map[token.Pos][]*ssa.Function
	elems    map[*types.Info]map[*types.TypeName]bool // elemTypes'
	// constStores holds the module's stores of a constant into each
	// struct field, by field (defaults).
	constStores map[*types.Var][]*ssa.Store
	out         []*Mutant
}

// file is a parsed source file with what the operators look up in it.
type file struct {
	name   string // absolute
	rel    string // relative to the module root
	syntax *ast.File
	infos  map[*types.Package]*types.Info // by package variant
	tf     *token.File
	src    []byte
	pkg    string // package name

	indexed bool
	ignores map[int]ignore // by line, expanded to the lines they cover
	ifs     []*ast.IfStmt  // in source order
	after   map[*ast.IfStmt]float64
	calls   map[token.Pos]*ast.CallExpr // by Lparen
}

// index records the program's packages by import path: a package and
// its test variant share it.
func (g *generator) index() {
	g.pkgs = make(map[string][]*packages.Package)
	packages.Visit(g.prog.Packages, nil, func(p *packages.Package) {
		g.pkgs[p.PkgPath] = append(g.pkgs[p.PkgPath], p)
	})
}

// fileAt returns the file holding pos in fn's package, or nil when it is
// not a mutable file: a test file, one outside the module root, or one
// that changed since it was loaded.
func (g *generator) fileAt(fn *ssa.Function, pos token.Pos) *file {
	tf := g.prog.Fset.File(pos)
	if tf == nil || fn.Pkg == nil {
		return nil
	}
	f, ok := g.files[tf]
	if !ok {
		// go/packages parses a file once for a package and its test
		// variant; each has its own types.
		for _, p := range g.pkgs[fn.Pkg.Pkg.Path()] {
			for _, syn := range p.Syntax {
				if g.prog.Fset.File(syn.FileStart) != tf {
					continue
				}
				if f == nil {
					f = &file{name: tf.Name(), syntax: syn, tf: tf, pkg: p.Name, infos: make(map[*types.Package]*types.Info)}
				}
				f.infos[p.Types] = p.TypesInfo
			}
		}
		g.files[tf] = f
	}
	if f == nil {
		return nil
	}
	if !f.indexed {
		f.indexed = true
		rel, err := filepath.Rel(g.prog.Root, f.name)
		if err != nil || strings.HasPrefix(rel, "..") || strings.HasSuffix(f.name, "_test.go") || f.syntax == nil {
			f.syntax = nil
			return nil
		}
		f.rel = filepath.ToSlash(rel)
		if f.src, err = readSource(f.name); err != nil || len(f.src) != f.tf.Size() {
			f.syntax = nil // changed since it was loaded
			return nil
		}
		f.scan(g.prog.Fset)
	}
	if f.syntax == nil {
		return nil
	}
	return f
}

func (f *file) off(p token.Pos) int { return f.tf.Offset(p) }

func (f *file) text(n ast.Node) string { return string(f.src[f.off(n.Pos()):f.off(n.End())]) }

// scan indexes the if statements, calls and ignore directives of f.
func (f *file) scan(fset *token.FileSet) {
	f.ignores = ignores(fset, f.syntax)
	f.after = make(map[*ast.IfStmt]float64)
	f.calls = make(map[token.Pos]*ast.CallExpr)
	ast.Inspect(f.syntax, func(n ast.Node) bool {
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.IfStmt:
			f.ifs = append(f.ifs, n)
		case *ast.CallExpr:
			f.calls[n.Lparen] = n
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		}
		// What follows an if whose body leaves the block is its else.
		for i, s := range list {
			if is, ok := s.(*ast.IfStmt); ok && is.Else == nil && terminates(is.Body) {
				c := 0.0
				for _, t := range list[i+1:] {
					c += cost(t)
				}
				f.after[is] = c
			}
		}
		return true
	})
}

// terminates reports whether a block ends by leaving it.
func terminates(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok != token.FALLTHROUGH
	case *ast.ExprStmt:
		if c, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}

// cost estimates the work of a piece of syntax: a statement or an
// expression counts 1, a call 5, and a loop's body 10 times. It only
// compares the two sides of one branch.
func cost(n ast.Node) float64 {
	if n == nil {
		return 0
	}
	total := 0.0
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case nil:
			return false
		case *ast.FuncLit:
			return false // runs when called, elsewhere
		case *ast.ForStmt:
			total += 1 + cost(m.Cond) + 10*(cost(m.Body)+cost(m.Post))
			return false
		case *ast.RangeStmt:
			total += 1 + cost(m.X) + 10*cost(m.Body)
			return false
		case *ast.CallExpr:
			total += 5
		case ast.Stmt, ast.Expr:
			total++
		}
		return true
	})
	return total
}

// ifStmt returns the if statement whose condition holds pos, the
// innermost one.
func (f *file) ifStmt(pos token.Pos) *ast.IfStmt {
	var best *ast.IfStmt
	for _, is := range f.ifs {
		if is.Cond.Pos() <= pos && pos < is.Cond.End() {
			best = is
		}
	}
	return best
}

// sides returns the cost of the then and else sides of is.
func (f *file) sides(is *ast.IfStmt) (then, els float64) {
	then = cost(is.Body)
	if is.Else != nil {
		return then, cost(is.Else)
	}
	return then, f.after[is]
}

// add records a mutant of the edit at [start, end) of f in fn, unless an
// identical one exists or a directive or pattern suppresses it.
func (g *generator) add(f *file, fn *ssa.Function, op Operator, option string, start, end token.Pos, text, desc string) *Mutant {
	s, e := f.off(start), f.off(end)
	key := fmt.Sprintf("%s\x00%d\x00%d\x00%d\x00%s", f.name, s, e, op, text)
	if g.seen[key] {
		return nil
	}
	g.seen[key] = true
	p, q := g.prog.Fset.Position(start), g.prog.Fset.Position(end)
	name := slicing.ShortName(origin(fn))
	if g.cfg.excluded(f.rel, name) || f.ignored(p.Line, op) {
		return nil
	}
	m := &Mutant{
		Operator: op, Option: option, File: f.rel, Line: p.Line, Col: p.Column, EndLine: q.Line, EndCol: q.Column,
		Func: name, Package: strings.TrimSuffix(origin(fn).Pkg.Pkg.Path(), "_test"),
		Original: string(f.src[s:e]), Replacement: text, Description: desc,
		path: f.name, src: f.src, edit: overlay.Edit{Start: s, End: e, Text: text}, fn: fn,
	}
	m.Benchmarks, m.Tests = g.reached(fn)
	g.out = append(g.out, m)
	return m
}

func origin(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		return o
	}
	return fn
}

// pathMatch is path.Match, for -exclude patterns.
func pathMatch(pattern, name string) (bool, error) { return path.Match(pattern, name) }

// funcsOf returns the slice's functions that have source in a mutable
// file, with the file.
func (g *generator) funcsOf(sl *slicing.Slice) []funcFile {
	if ffs, ok := g.ffs[sl]; ok {
		return ffs
	}
	var out []funcFile
	for _, fs := range sl.Functions() {
		fn := fs.Func
		if fn.Syntax() == nil || fn.Pkg == nil || !fn.Pos().IsValid() {
			continue
		}
		if f := g.fileAt(fn, fn.Pos()); f != nil {
			out = append(out, funcFile{fs, f, instrs(fs)})
		}
	}
	g.ffs[sl] = out
	return out
}

type funcFile struct {
	fs     *slicing.FuncSlice
	f      *file
	instrs []ssa.Instruction // the slice's, in block order
}

// instrs returns the slice's instructions in fs in block order.
func instrs(fs *slicing.FuncSlice) []ssa.Instruction {
	var out []ssa.Instruction
	for _, b := range fs.Func.Blocks {
		for _, instr := range b.Instrs {
			if fs.Contains(instr) {
				out = append(out, instr)
			}
		}
	}
	return out
}

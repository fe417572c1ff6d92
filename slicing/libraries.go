package slicing

import (
	"cmp"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/internal/cache"
)

// Libraries are the packages of other modules whose functions the
// analysed code calls, to be loaded from source as a program of their
// own (Load): what those calls cost is in their bodies (a sync the
// library makes, a loop over what it is given), which the analysed
// program, built from export data (see bodies.go), lacks. The standard
// library is left out: the resource catalogue prices what the program
// calls of it, and what the libraries call of it.
type Libraries struct {
	// Note says how many packages were left out over the budget, and
	// Left counts them.
	Note   []string
	Left   int
	loader *packages.Config
	store  *cache.Cache
	roots  []*packages.Package // by import path
	// called names the libraries' functions the analysed code calls with
	// a number or a bool among its arguments, sorted: those whose
	// parameters ParamReads summarises.
	called []string
	// entries names the libraries' functions the analysed code calls,
	// takes as values (a method value's method included) or may have
	// called through an interface value it makes (every method of the
	// value's type declared in a library, promoted ones included),
	// sorted: where the libraries' code the program runs starts (see
	// Program.libraryReach).
	entries []string
}

// Libraries selects the packages the analysed functions (not helpers)
// call directly, the smallest first while the Go source of the packages
// and of every package they import adds up to at most budget bytes
// (Limits.MaxLibraryBytes); packages the resource catalogue prices,
// generated ones and those that use cgo are left out. It
// selects none when prog has the libraries' bodies already
// (Config.AllBodies). It needs no call graph: it runs beside the one
// CallGraph builds.
func (prog *Program) Libraries(catalogue map[string]configs.Resource, budget int) *Libraries {
	libs := &Libraries{loader: prog.loader, store: prog.store}
	if prog.loader == nil {
		return libs
	}
	byPath := make(map[string]*packages.Package)
	packages.Visit(prog.Packages, nil, func(p *packages.Package) {
		if p.ID == p.PkgPath {
			byPath[p.PkgPath] = p
		}
	})
	catalogued := make(map[string]bool)
	for name, r := range catalogue {
		if r.Sink {
			continue // it marks a log output; it prices nothing of the package
		}
		catalogued[cataloguePackage(name)] = true
	}
	user := allFunctions(prog, false)
	checked := make(map[*packages.Package]bool)
	type sized struct {
		p    *packages.Package
		size int
	}
	var wanted []sized
	called := make(map[string]bool)
	entries := make(map[string]bool)
	entry := func(f *ssa.Function) {
		if f != nil && f.Synthetic != "" && f.Blocks != nil {
			// A wrapper (a method value, a promoted method): the
			// method it calls.
			obj, ok := f.Object().(*types.Func)
			if !ok {
				return
			}
			f = prog.SSA.FuncValue(obj.Origin())
		}
		if f == nil {
			return
		}
		if o := origin(f); !user[o] && o.Blocks == nil && o.Pkg != nil {
			entries[funcName(o)] = true
		}
	}
	for _, fn := range sortedFuncs(maps.Keys(user)) {
		if testSupport(fn) {
			continue // test support pulls in libraries the program does not run
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				referenced(prog.SSA, instr, entry)
				c, ok := instr.(ssa.CallInstruction)
				if !ok || c.Common().StaticCallee() == nil {
					continue
				}
				o := origin(c.Common().StaticCallee())
				if user[o] || o.Blocks != nil || o.Pkg == nil {
					continue
				}
				entries[funcName(o)] = true
				if slices.ContainsFunc(c.Common().Args, func(v ssa.Value) bool { return isNumber(v.Type()) || isBool(v.Type()) }) {
					called[funcName(o)] = true
				}
				p := byPath[o.Pkg.Pkg.Path()]
				if p == nil || checked[p] {
					continue
				}
				checked[p] = true
				if !catalogued[p.PkgPath] && library(p) {
					wanted = append(wanted, sized{p, sourceBytes(p)})
				}
			}
		}
	}
	slices.SortFunc(wanted, func(x, y sized) int {
		return cmp.Or(cmp.Compare(x.size, y.size), strings.Compare(x.p.PkgPath, y.p.PkgPath))
	})
	// What loading a library costs is its source and what it imports, read
	// from export data in a universe of their own: a small package over a
	// large framework costs the framework. Each is charged what it adds to
	// those taken before it, its imports' source standing for their export
	// data.
	included := make(map[*packages.Package]bool)
	sizes := make(map[*packages.Package]int, len(wanted))
	for _, w := range wanted {
		sizes[w.p] = w.size
	}
	total := 0
	var left []string
	for _, w := range wanted {
		var add []*packages.Package
		cost := 0
		packages.Visit([]*packages.Package{w.p}, nil, func(q *packages.Package) {
			if included[q] {
				return
			}
			n, ok := sizes[q]
			if !ok {
				n = sourceBytes(q)
				sizes[q] = n
			}
			add = append(add, q)
			cost += n
		})
		if total+cost > budget {
			left = append(left, w.p.PkgPath)
			continue
		}
		total += cost
		for _, q := range add {
			included[q] = true
		}
		libs.roots = append(libs.roots, w.p)
	}
	slices.SortFunc(libs.roots, func(x, y *packages.Package) int { return strings.Compare(x.PkgPath, y.PkgPath) })
	libs.called = slices.Sorted(maps.Keys(called))
	libs.entries = slices.Sorted(maps.Keys(entries))
	libs.Left = len(left)
	if len(left) > 0 {
		slices.Sort(left)
		named := strings.Join(left, ", ")
		if len(left) > 5 {
			named = strings.Join(left[:5], ", ") + ", ..."
		}
		libs.Note = append(libs.Note, fmt.Sprintf("%d libraries not summarised, over limits.max_library_bytes (%d kB of source summarised, with what it imports): %s", len(left), total/1000, named))
	}
	return libs
}

// Len is the number of packages selected.
func (l *Libraries) Len() int { return len(l.roots) }

// Hash adds to h the inputs of Load: the functions the analysed code
// calls and runs (called, entries), the go command's environment in
// listing and every package of the libraries' import graph, as
// Listing.Hash does. A call of a library function the program did not
// make before is a new key: the summaries depend on what it runs.
func (l *Libraries) Hash(h *cache.Hash, listing *Listing) error {
	for _, p := range l.roots {
		h.String(p.ID)
	}
	for _, names := range [][]string{l.called, l.entries} {
		h.String(fmt.Sprint(len(names)))
		for _, name := range names {
			h.String(name)
		}
	}
	return listing.hashGraph(h, l.roots)
}

// Load type-checks the libraries from source in a universe of their
// own, their imports read from export data the build cache has (the
// analysed program's load compiled it), and builds their SSA; packages
// that do not type-check are left out. It returns nil when there are
// none.
func (l *Libraries) Load(ctx context.Context) (*Program, error) {
	if len(l.roots) == 0 {
		return nil, nil
	}
	fset := token.NewFileSet()
	clones := make(map[*packages.Package]*packages.Package)
	var clone func(p *packages.Package) *packages.Package
	clone = func(p *packages.Package) *packages.Package {
		if c, ok := clones[p]; ok {
			return c
		}
		c := &packages.Package{ID: p.ID, Name: p.Name, PkgPath: p.PkgPath, GoFiles: p.GoFiles, CompiledGoFiles: p.CompiledGoFiles,
			Module: p.Module, TypesSizes: p.TypesSizes, Fset: fset, Imports: make(map[string]*packages.Package, len(p.Imports))}
		clones[p] = c
		for path, imp := range p.Imports {
			c.Imports[path] = clone(imp)
		}
		return c
	}
	var libs []*packages.Package
	root := make(map[*packages.Package]bool)
	for _, p := range l.roots {
		libs = append(libs, clone(p))
		root[libs[len(libs)-1]] = true
	}
	// A package that imports a source package is one too (see
	// loadSource); postorder sees the imports first.
	source := make(map[*packages.Package]bool)
	var order []*packages.Package
	packages.Visit(libs, nil, func(p *packages.Package) {
		if p.PkgPath == "unsafe" {
			p.Types = types.Unsafe
		}
		source[p] = root[p]
		for _, imp := range p.Imports {
			if source[imp] {
				source[p] = true
			}
		}
		if source[p] {
			order = append(order, p)
		}
	})
	exports, err := cachedExports(ctx, l.loader, l.store, libs, order, source)
	if err != nil {
		return nil, err
	}
	if err := checkAll(ctx, fset, exports, order); err != nil {
		return nil, err
	}
	ssaProg, ssaPkgs, _ := allPackages(libs, ssa.InstantiateGenerics)
	ssaProg.Build()
	lib := &Program{Fset: fset, SSA: ssaProg, Packages: libs, Scanned: make(map[*ssa.Package]bool), Helper: make(map[*ssa.Package]bool), AllBodies: true,
		called: make(map[string]bool, len(l.called))}
	for _, name := range l.called {
		lib.called[name] = true
	}
	lib.entries = make(map[string]bool, len(l.entries))
	for _, name := range l.entries {
		lib.entries[name] = true
	}
	for _, p := range ssaPkgs {
		if p != nil {
			lib.Scanned[p] = true
		}
	}
	return lib, nil
}

// sourceBytes is the size of p's Go files.
func sourceBytes(p *packages.Package) int {
	n := 0
	for _, f := range p.GoFiles {
		if st, err := os.Stat(f); err == nil {
			n += int(st.Size())
		}
	}
	return n
}

// library says whether Libraries selects p: another module's package,
// written by hand (generated code, such as protocol buffer messages,
// leaves its work to the runtime it calls), without cgo.
func library(p *packages.Package) bool {
	return p.Module != nil && !p.Module.Main && len(p.GoFiles) > 0 && !generated(p.GoFiles) && !usesCgo(p.GoFiles)
}

// generated says whether every one of files is generated code, as its
// "Code generated ... DO NOT EDIT." comment says (go help generate).
func generated(files []string) bool {
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil || !ast.IsGenerated(f) {
			return false
		}
	}
	return true
}

// cataloguePackage returns the import path of a catalogue name:
// "os" of "os.(*File).Sync", "golang.org/x/sys/unix" of
// "golang.org/x/sys/unix.Fsync".
func cataloguePackage(name string) string {
	slash := strings.LastIndexByte(name, '/') + 1
	if dot := strings.IndexByte(name[slash:], '.'); dot >= 0 {
		return name[:slash+dot]
	}
	return name
}

// Declared returns the functions with a body that the scanned packages
// declare, generic ones by their origin, and the closures in them, in a
// fixed order.
func (p *Program) Declared() []*ssa.Function {
	var out []*ssa.Function
	seen := make(map[*ssa.Function]bool)
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if fn == nil || seen[fn] || fn.Blocks == nil {
			return
		}
		seen[fn] = true
		out = append(out, fn)
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	for pkg := range p.Scanned {
		for _, mem := range pkg.Members {
			switch mem := mem.(type) {
			case *ssa.Function:
				visit(mem)
			case *ssa.Type:
				if n, ok := types.Unalias(mem.Type()).(*types.Named); ok {
					for m := range n.Methods() {
						visit(p.SSA.FuncValue(m))
					}
				}
			}
		}
	}
	sortFuncs(out)
	return out
}

package slicing

import (
	"cmp"
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/callgraph/cha"
	"golang.org/x/tools/go/callgraph/vta"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/confhunt/confhunt/internal/cache"
)

// Config says what to load.
type Config struct {
	Dir      string   // directory to run in, as go -C; "" is the current one
	Patterns []string // package patterns; empty means ./...
	Tags     string   // comma-separated build tags
	Tests    bool     // include test files and test variants of packages
	Exclude  []string // packages not scanned for read sites: import paths, or prefixes ending in /...
	Helpers  bool     // scan test helpers, harnesses, examples and benchmarks too (see helpers)
	// AllBodies loads the dependencies (other modules, the standard
	// library) from source with their bodies, which the analysis never
	// enters (see loadSource): for a call graph whose paths through
	// library code must be exact. confhunt's commands do without.
	AllBodies bool
	// Cache, if not nil, keeps where the go command put the export data
	// of the dependencies, between runs (see cachedExports).
	Cache *cache.Cache
	// Listing, if not nil, is the import graph List made for the same
	// directory, patterns, tags and tests (to key a cache): Load starts
	// from it instead of listing the graph again.
	Listing *Listing

	// Trace, when set, is called at the end of each loading phase: deps
	// (the import graph listed, the dependencies' export data compiled
	// where the build cache lacks it), load, ssa.
	Trace func(phase string)
}

// Program is a loaded program in SSA form.
type Program struct {
	Fset     *token.FileSet
	SSA      *ssa.Program
	Packages []*packages.Package // the packages the patterns match
	Root     string              // directory of the main module's go.mod
	Module   string              // path of the main module
	Errors   []PackageError      // errors of packages that did not type-check
	// Dependent are the matched packages left out with no error of their
	// own: they import a package that did not type-check, sorted.
	Dependent []string
	// bodiless holds the paths of the packages that did not type-check
	// but stand, without their bodies, for what others import of them
	// (allPackages); declared holds those of them matched and not left
	// out by Config.Exclude or as helpers, whose types Discover takes as
	// candidates.
	bodiless map[string]bool
	declared []*types.Package
	// Warnings are what the analysis could not do as asked, for the user:
	// a declared type or accessor that yields no option (see Discover).
	Warnings []string

	modules []modDir         // modules other than the main one, for positions
	loader  *packages.Config // how the dependencies' export data was found, for Libraries; nil with AllBodies
	store   *cache.Cache     // Config.Cache, for Libraries
	size    *Counts          // Measure's answer, once CallGraph has found every function

	// Scanned holds the packages searched for read sites: those matched by
	// the patterns, each once (a test variant is its package's, with
	// the tests' code, which goes with the helpers).
	Scanned map[*ssa.Package]bool
	// Helper holds the matched helper packages (see helpers) left out
	// of Scanned: not searched for options, but analysed like the rest,
	// so that their calls count where the program's code goes.
	Helper  map[*ssa.Package]bool
	Helpers bool // Config.Helpers: helpers are in Scanned instead (test variants stay in Helper)
	// Support and Harness hold the test support kept in the files of the
	// program's packages (see supportDecls): the functions are analysed
	// but not searched for options, as helper packages' are; the struct
	// types are not configuration.
	Support map[*types.Func]bool
	Harness map[*types.TypeName]bool
	// AllBodies is Config.AllBodies: without them, the analysis marks
	// callbacks from the calls into body-less functions.
	AllBodies bool

	// settings holds the configuration structs Discover found, but the
	// running objects among them (see Analysis.Settings).
	settings map[*types.Struct]bool
	// running holds the running objects Discover found (see
	// Analysis.Running).
	running map[*types.Struct]bool
	// called names, in a program of libraries, the functions the analysed
	// program calls with a number or a bool argument (Libraries.Load).
	called map[string]bool
	// entries names, in a program of libraries, the functions the
	// analysed program runs (Libraries.Load); nil when unknown.
	entries map[string]bool
}

type modDir struct{ dir, name string }

// PackageError is an error of one package, with its position when known.
type PackageError struct {
	Package string
	Pos     string // file:line:col, relative to Root when inside it
	Msg     string
}

func (e PackageError) String() string {
	if e.Pos == "" {
		return e.Package + ": " + e.Msg
	}
	return e.Pos + ": " + e.Msg
}

// comparePos orders positions file:line:col by file, then line and
// column as numbers (main.go:9:5 before main.go:10:2).
func comparePos(a, b string) int {
	fa, la, ca := splitPos(a)
	fb, lb, cb := splitPos(b)
	return cmp.Or(cmp.Compare(fa, fb), cmp.Compare(la, lb), cmp.Compare(ca, cb), cmp.Compare(a, b))
}

// splitPos splits file:line:col, or file:line, into its parts; what does
// not end in numbers is all file.
func splitPos(pos string) (file string, line, col int) {
	file = pos
	var nums []int
	for range 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(file[i+1:])
		if err != nil {
			break
		}
		nums = append(nums, n)
		file = file[:i]
	}
	switch len(nums) {
	case 1:
		line = nums[0]
	case 2:
		line, col = nums[1], nums[0]
	}
	return file, line, col
}

// Load loads, type-checks and builds the packages cfg names. Packages that
// fail to type-check are recorded in Program.Errors and left out; a
// package importing one is kept when the broken one's errors are all
// inside function bodies (it stands for its declarations, see
// allPackages), and named in Program.Dependent otherwise. If no matched
// package is usable, Load fails.
func Load(ctx context.Context, cfg Config) (*Program, error) {
	dir, lay, pcfg, patterns, err := graphConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	modRoot, module := lay.root()
	pcfg.Mode = packages.LoadAllSyntax | packages.NeedModule
	var pkgs []*packages.Package
	if cfg.AllBodies {
		trace(cfg.Trace, "deps")
		pcfg.Fset = nil // go/packages makes one
		pkgs, err = packages.Load(pcfg, patterns...)
	} else {
		pkgs, err = loadSource(ctx, pcfg, patterns, cfg.Listing.take(dir, patterns, cfg), cfg.Cache, func() { trace(cfg.Trace, "deps") })
	}
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", strings.Join(patterns, " "), err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	trace(cfg.Trace, "load")
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("loading %s: no packages match", strings.Join(patterns, " "))
	}

	prog := &Program{Fset: pcfg.Fset, Root: modRoot, Module: module, Packages: pkgs, AllBodies: cfg.AllBodies}
	if !cfg.AllBodies {
		prog.loader, prog.store = pcfg, cfg.Cache
	}
	if prog.Fset == nil && len(pkgs) > 0 {
		prog.Fset = pkgs[0].Fset
	}
	seen := make(map[string]bool)
	mods := make(map[string]string)
	importers := make(map[*packages.Package][]*packages.Package)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, imp := range p.Imports {
			importers[imp] = append(importers[imp], p)
		}
	})
	// missing holds the imports that are no package of the program (no
	// module provides them, or their directory has no Go files): the
	// go command's error about one is its importer's, at its import,
	// and the importer's "could not import" follows from it.
	missing := make(map[string]bool)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if m := p.Module; m != nil && m.Dir != "" && m.Dir != modRoot {
			mods[m.Dir] = m.Path
			if m.Version != "" { // a workspace module has none
				mods[m.Dir] += "@" + m.Version
			}
		}
		// A file that does not parse is type-checked as far as it
		// parsed, and what that finds follows from the syntax errors:
		// they alone are reported, as the compiler stops before type
		// checking, and of a file's only the first: the parser's others
		// mostly follow from it (go build lists the rest).
		syntax := slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind == packages.ParseError })
		parsed := make(map[string]bool) // files with a syntax error reported
		owner := p.PkgPath
		if len(p.GoFiles)+len(p.CompiledGoFiles)+len(p.IgnoredFiles)+len(p.OtherFiles) == 0 && len(importers[p]) > 0 && slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind == packages.ListError }) {
			missing[p.PkgPath] = true
			owner = importers[p][0].PkgPath
		}
		for _, e := range p.Errors {
			if syntax && e.Kind == packages.TypeError {
				continue
			}
			if rest, ok := strings.CutPrefix(e.Msg, "could not import "); ok && e.Kind == packages.TypeError {
				if path, _, _ := strings.Cut(rest, " "); missing[path] {
					continue // the import's own error says why
				}
			}
			if e.Kind == packages.ListError && e.Pos != "" && e.Pos != "-" && !filepath.IsAbs(e.Pos) {
				// go list's positions are relative to the directory it
				// ran in, the parser's absolute: the same error from both
				// (a package clause or an import that does not parse)
				// is one.
				e.Pos = filepath.Join(pcfg.Dir, e.Pos)
			}
			if e.Kind == packages.ParseError {
				if file, _, _ := splitPos(e.Pos); e.Pos != "" {
					if parsed[file] {
						continue
					}
					parsed[file] = true
				}
			}
			pe := PackageError{Package: owner, Pos: e.Pos, Msg: e.Msg}
			if missing[p.PkgPath] {
				// The import's error lies at an import of it: it is the
				// package of that file's.
				for _, q := range importers[p] {
					if file, _, _ := splitPos(e.Pos); slices.Contains(q.CompiledGoFiles, file) || slices.Contains(q.GoFiles, file) {
						pe.Package = q.PkgPath
						break
					}
				}
			}
			if strings.Contains(e.Msg, "build constraints exclude all Go files") && usesCgo(p.IgnoredFiles) {
				pe.Msg += ` (its files use cgo, which is off: set CGO_ENABLED=1 with a C compiler installed)`
			}
			if key := pe.String(); !seen[key] {
				seen[key] = true
				prog.Errors = append(prog.Errors, pe)
			}
		}
	})
	for _, p := range pkgs {
		if p.IllTyped && len(p.Errors) == 0 {
			prog.Dependent = append(prog.Dependent, p.PkgPath)
		}
	}
	slices.Sort(prog.Dependent)
	if w := cgoLeftOut(ctx, pcfg.Dir, modRoot, cfg.Tags, pkgs); w != "" {
		prog.Warnings = append(prog.Warnings, w)
	}
	for dir, name := range mods {
		prog.modules = append(prog.modules, modDir{dir, name})
	}
	// Longest directory first, so that nested modules win.
	slices.SortFunc(prog.modules, func(a, b modDir) int {
		return cmp.Or(cmp.Compare(len(b.dir), len(a.dir)), cmp.Compare(a.dir, b.dir))
	})
	for i := range prog.Errors {
		prog.Errors[i].Pos = prog.relPos(prog.Errors[i].Pos)
	}
	slices.SortFunc(prog.Errors, func(a, b PackageError) int {
		return cmp.Or(comparePos(a.Pos, b.Pos), cmp.Compare(a.Package, b.Package), cmp.Compare(a.Msg, b.Msg))
	})

	ssaProg, ssaPkgs, bodiless := allPackages(pkgs, ssa.InstantiateGenerics)
	ssaProg.Build()
	prog.SSA, prog.bodiless = ssaProg, bodiless
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	trace(cfg.Trace, "ssa")

	prog.Scanned, prog.Helper = scanned(pkgs, ssaPkgs, cfg.Exclude, cfg.Helpers)
	isHelper := helpers(pkgs)
	for _, p := range pkgs {
		// A matched package that stands for its declarations alone: its
		// types are the program's, under the same filters as the others.
		if bodiless[p.PkgPath] && p.Types != nil && !testVariant(p) && !excluded(p.PkgPath, cfg.Exclude) && (cfg.Helpers || !isHelper(p)) {
			prog.declared = append(prog.declared, p.Types)
		}
	}
	slices.SortFunc(prog.declared, func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) })
	prog.Helpers = cfg.Helpers
	if !cfg.Helpers {
		prog.Support, prog.Harness = supportDecls(pkgs)
	}
	if len(prog.Scanned) == 0 {
		var msgs []string
		for _, e := range prog.Errors {
			msgs = append(msgs, e.String())
		}
		if len(msgs) == 0 {
			return nil, fmt.Errorf("loading %s: no package could be analysed", strings.Join(patterns, " "))
		}
		if len(msgs) > 10 {
			msgs = append(msgs[:10], fmt.Sprintf("and %d more errors", len(msgs)-10))
		}
		return nil, fmt.Errorf("loading %s: no package could be analysed:\n\t%s", strings.Join(patterns, " "), strings.Join(msgs, "\n\t"))
	}
	return prog, nil
}

// scanned picks the packages to search for read sites: each matched,
// well-typed package, not its test variant ("p [p.test]") nor an
// external test package, which go aside with the helpers, and no
// generated test mains. Helper packages (see helpers) are left
// out unless helpers is set or every other package is excluded: a user
// who names only examples means to analyse them.
func scanned(pkgs []*packages.Package, ssaPkgs []*ssa.Package, exclude []string, withHelpers bool) (scan, aside map[*ssa.Package]bool) {
	isHelper := helpers(pkgs)
	out := make(map[*ssa.Package]bool)
	aside = make(map[*ssa.Package]bool)
	variants := make(map[*ssa.Package]bool)
	for i, p := range pkgs {
		sp := ssaPkgs[i]
		switch {
		case sp == nil, strings.HasSuffix(p.PkgPath, ".test"), excluded(p.PkgPath, exclude):
		case testVariant(p):
			// The package compiled with its tests: its own code is
			// searched in the package; what the variant adds is the
			// tests', analysed as test support.
			variants[sp] = true
		case !withHelpers && isHelper(p):
			aside[sp] = true
		default:
			out[sp] = true
		}
	}
	if len(out) == 0 {
		out, aside = aside, make(map[*ssa.Package]bool)
	}
	maps.Copy(aside, variants)
	return out, aside
}

// helpers returns the test for helper packages: test support rather than
// the program. A helper is a package under a directory that Go projects
// keep for tests, harnesses, mocks, examples and benchmarks (testdata,
// test*, *test, *tests, *testing, e2e, mock*, fake*, example*,
// bench*, counted from the module's root); one that imports such a
// package of its own module that is test support proper, importing
// "testing" itself or through another such (a test client's main
// package), since the program's code does not; one each of whose files
// imports "testing" and that only helpers import (a package of test
// utilities); or an internal package that no package of the program
// imports (only tests do). A package of the program that imports
// "testing" for a test hook stays in (the hook is left out:
// supportDecls), and so does a library's package keeping helpers for its
// tests in a file of its own (testing.go) that no package of its module
// imports, and one that imports ordinary code kept under a test-like
// name (a key generator in internal/testkeys).
func helpers(pkgs []*packages.Package) func(*packages.Package) bool {
	sameModule := func(p, q *packages.Package) bool {
		return p.Module != nil && q.Module != nil && p.Module.Path == q.Module.Path
	}
	var importsSupport func(p *packages.Package) bool
	importedBy := make(map[*packages.Package][]*packages.Package)
	packages.Visit(pkgs, func(p *packages.Package) bool {
		if testVariant(p) {
			return true // a test variant's imports say nothing of the program
		}
		for _, imp := range p.Imports {
			if sameModule(p, imp) {
				importedBy[imp] = append(importedBy[imp], p)
			}
		}
		return true
	}, nil)
	// support: test support proper, a package under a helper directory
	// that imports the testing package, or one importing such a package
	// of its own module.
	memo := make(map[*packages.Package]bool)
	var support func(p *packages.Package) bool
	support = func(p *packages.Package) bool {
		if v, ok := memo[p]; ok {
			return v
		}
		memo[p] = false // imports are acyclic; this only guards bad input
		_, testing := p.Imports["testing"]
		v := testing && helperDir(p) || importsSupport(p)
		memo[p] = v
		return v
	}
	importsSupport = func(p *packages.Package) bool {
		for path, imp := range p.Imports {
			if sameModule(p, imp) && support(imp) && !onlyFromTestFiles(p, path) {
				return true
			}
		}
		return false
	}
	byPath := func(p *packages.Package) bool { return helperDir(p) || importsSupport(p) }
	matched := make(map[string]bool)
	for _, p := range pkgs {
		matched[p.PkgPath] = true
	}
	return func(p *packages.Package) bool {
		if byPath(p) || unimportedInternal(p, importedBy[p], matched) {
			return true
		}
		if !allImportTesting(p) {
			return false // a library's file of test helpers does not make the library one
		}
		for _, q := range importedBy[p] {
			if !byPath(q) {
				return false
			}
		}
		return true
	}
}

// onlyFromTestFiles reports whether every file of p that imports path
// also imports "testing": test support kept beside the program's code (a
// repository package's testing.go, which builds test repositories with
// the module's test utilities), which makes neither p nor its importers
// test support. Without syntax nothing shows it.
func onlyFromTestFiles(p *packages.Package, path string) bool {
	if len(p.Syntax) == 0 {
		return false
	}
	for _, f := range p.Syntax {
		imports, testing := false, false
		for _, spec := range f.Imports {
			switch strings.Trim(spec.Path.Value, "`\"") {
			case path:
				imports = true
			case "testing":
				testing = true
			}
		}
		if imports && !testing {
			return false
		}
	}
	return true
}

// testVariant reports whether p is a package compiled for its tests: a
// package's test variant or an external test package ("p [p.test]",
// "p_test [p.test]"), by its ID, as go list gives it (go/packages sets
// ForTest only when asked).
func testVariant(p *packages.Package) bool {
	return p.ForTest != "" || strings.HasSuffix(p.ID, ".test]")
}

// allImportTesting reports whether every file of p that declares
// anything imports testing: a package of test utilities, not a library
// keeping helpers for its tests in one file (testing.go). Without the
// files' syntax, whether p imports testing at all.
func allImportTesting(p *packages.Package) bool {
	if _, ok := p.Imports["testing"]; !ok {
		return false
	}
	for _, f := range p.Syntax {
		if declaresAny(f) && !slices.ContainsFunc(f.Imports, func(spec *ast.ImportSpec) bool { return strings.Trim(spec.Path.Value, "`\"") == "testing" }) {
			return false
		}
	}
	return true
}

// declaresAny reports whether f declares anything beside its imports: a
// doc.go holding only the package's comment does not.
func declaresAny(f *ast.File) bool {
	return slices.ContainsFunc(f.Decls, func(d ast.Decl) bool {
		g, ok := d.(*ast.GenDecl)
		return !ok || g.Tok != token.IMPORT
	})
}

// unimportedInternal reports whether p is an internal package that no
// package of the program imports while the packages that could are
// loaded (the directory holding its internal directory is matched): only
// tests use it (a retry helper in internal/retry), since no other module
// can.
func unimportedInternal(p *packages.Package, importers []*packages.Package, matched map[string]bool) bool {
	if len(importers) > 0 || p.Name == "main" || testVariant(p) {
		return false
	}
	root, ok := internalRoot(p.PkgPath)
	return ok && root != "" && matched[root]
}

// supportDecls returns the test support kept in the non-test files of
// pkgs beside the program's code: the functions that take one of package
// testing's types (a cluster harness's makeCluster(t *testing.T, opts
// *MakeClusterOpts), a test hook SetClockForTesting(t *testing.T, ...)),
// and the struct types only such functions take (MakeClusterOpts: the
// harness's settings, not the program's).
func supportDecls(pkgs []*packages.Package) (funcs map[*types.Func]bool, harnesses map[*types.TypeName]bool) {
	funcs = make(map[*types.Func]bool)
	harnesses = make(map[*types.TypeName]bool)
	program := make(map[*types.TypeName]bool) // taken by a function of the program
	for _, p := range pkgs {
		if p.TypesInfo == nil || p.Fset == nil {
			continue
		}
		for _, f := range p.Syntax {
			if tf := p.Fset.File(f.Pos()); tf == nil || strings.HasSuffix(tf.Name(), "_test.go") {
				continue
			}
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok {
					continue
				}
				fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
				if fn == nil {
					continue
				}
				support := testingFields(p.TypesInfo, fd.Type.Params)
				if support {
					funcs[fn] = true
				}
				for _, field := range fd.Type.Params.List {
					t := types.Unalias(p.TypesInfo.TypeOf(field.Type))
					if ptr, ok := t.(*types.Pointer); ok {
						t = types.Unalias(ptr.Elem())
					}
					n, ok := t.(*types.Named)
					if !ok {
						continue
					}
					if _, ok := n.Underlying().(*types.Struct); !ok {
						continue
					}
					if support {
						harnesses[n.Origin().Obj()] = true
					} else {
						program[n.Origin().Obj()] = true
					}
				}
			}
		}
	}
	for tn := range program {
		delete(harnesses, tn)
	}
	return funcs, harnesses
}

// testingFields reports whether one of fields has a type of package
// testing (*testing.T, testing.TB, ...).
func testingFields(info *types.Info, fields *ast.FieldList) bool {
	if fields == nil {
		return false
	}
	for _, f := range fields.List {
		t := types.Unalias(info.TypeOf(f.Type))
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" {
			return true
		}
	}
	return false
}

// helperDir reports whether p lies under a helper directory (see helpers).
func helperDir(p *packages.Package) bool {
	rel := p.PkgPath
	if p.Module != nil {
		if r, ok := strings.CutPrefix(rel, p.Module.Path); ok {
			rel = r
		}
	} else if host, r, ok := strings.Cut(rel, "/"); ok && strings.Contains(host, ".") {
		rel = r // a host (example.com) is no directory
	}
	for elem := range strings.SplitSeq(rel, "/") {
		elem = strings.ToLower(strings.TrimPrefix(elem, "_"))
		switch {
		case elem == "testdata", elem == "e2e",
			strings.HasPrefix(elem, "test"), strings.HasSuffix(elem, "test"), strings.HasSuffix(elem, "tests"), strings.HasSuffix(elem, "testing"),
			strings.HasPrefix(elem, "mock"), strings.HasPrefix(elem, "fake"),
			strings.HasPrefix(elem, "example"), strings.HasPrefix(elem, "bench"):
			return true
		}
	}
	return false
}

func excluded(path string, patterns []string) bool {
	for _, pat := range patterns {
		if prefix, ok := strings.CutSuffix(pat, "/..."); ok {
			if path == prefix || strings.HasPrefix(path, prefix+"/") {
				return true
			}
		} else if path == pat {
			return true
		}
	}
	return false
}

// ModuleRoot returns the root directory and path of the module holding
// dir, as the go command sees it: in a go.work workspace, the workspace
// module whose directory holds dir; at the root of a workspace, which
// no module holds, the workspace's directory and its first module.
// Everything that needs the module root asks here, so that loading and
// settings agree. Outside any module the error names the modules below
// dir, if any, and says how to analyse them.
func ModuleRoot(ctx context.Context, dir string) (root, path string, err error) {
	l, err := findLayout(ctx, dir)
	if err != nil {
		return "", "", err
	}
	root, path = l.root()
	return root, path, nil
}

// holds reports whether the directory dir holds the file or directory name.
func holds(dir, name string) bool {
	rel, err := filepath.Rel(dir, name)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

func trace(f func(string), phase string) {
	if f != nil {
		f(phase)
	}
}

// CallGraph returns a VTA call graph, seeded by a CHA graph, over the
// functions that can run when the analysed code does: those a CHA graph
// reaches from the analysed functions (helpers included), as govulncheck
// does. Their package initialisers call every imported package's, so
// what a dependency's init registers is seen. Code nothing analysed can
// call (much of a large dependency closure) is left out of the VTA
// fixpoint, the costliest phase; flows from it cannot happen in a run of
// the analysed code. It is sound apart from reflection and unsafe.
func CallGraph(prog *Program) *callgraph.Graph {
	initial := cha.CallGraph(prog.SSA)
	// CHA has a node for every function: Measure need not find them again.
	sz := prog.measure(maps.Keys(initial.Nodes))
	prog.size = &sz
	return vta.CallGraph(reachable(initial, allFunctions(prog, true)), initial)
}

// StaticCallGraph returns the graph of the static calls among the
// functions of prog (helpers included), for a program with no root to
// start a precise graph from (the libraries' program, Libraries.Load). A
// call of an instance of a generic function is an edge to its generic
// body, which stands for every instance in prog; interface and
// function-value calls have no edge.
func StaticCallGraph(prog *Program) *callgraph.Graph {
	funcs := allFunctions(prog, true)
	g := callgraph.New(nil)
	for _, fn := range sortedFuncs(maps.Keys(funcs)) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				to := c.Common().StaticCallee()
				if to != nil && !funcs[to] && to.Origin() != nil {
					to = to.Origin()
				}
				if to != nil && funcs[to] {
					callgraph.AddEdge(g.CreateNode(fn), c, g.CreateNode(to))
				}
			}
		}
	}
	return g
}

// reachable returns the functions g reaches from entries, entries
// included.
func reachable(g *callgraph.Graph, entries map[*ssa.Function]bool) map[*ssa.Function]bool {
	out := make(map[*ssa.Function]bool, len(entries))
	var stack []*ssa.Function
	for fn := range entries {
		out[fn] = true
		stack = append(stack, fn)
	}
	for len(stack) > 0 {
		fn := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := g.Nodes[fn]
		if n == nil {
			continue
		}
		for _, e := range n.Out {
			if callee := e.Callee.Func; !out[callee] {
				out[callee] = true
				stack = append(stack, callee)
			}
		}
	}
	return out
}

// Bodiless reports whether the package path did not type-check and is
// in the program without its functions' bodies: code not analysed, as
// another module's.
func (p *Program) Bodiless(path string) bool { return p.bodiless[path] }

// relPos formats a position as file:line:col with the file relative to
// the main module's root when it lies inside it, and as module@version/file
// when it lies in another module.
func (p *Program) relPos(pos string) string {
	if pos == "" || pos == "-" {
		return ""
	}
	if !filepath.IsAbs(pos) {
		return pos
	}
	if rel, ok := within(p.Root, pos); ok {
		return rel
	}
	for _, m := range p.modules {
		if rel, ok := within(m.dir, pos); ok {
			return m.name + "/" + rel
		}
	}
	return pos
}

func within(dir, path string) (string, bool) {
	if dir == "" {
		return "", false
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// Position formats pos as file:line:col relative to the module root.
func (p *Program) Position(pos token.Pos) string {
	if !pos.IsValid() {
		return ""
	}
	position := p.Fset.Position(pos)
	return p.relPos(fmt.Sprintf("%s:%d:%d", position.Filename, position.Line, position.Column))
}

// Counts counts the packages, functions with bodies and SSA instructions of
// the whole program (all, dependencies included) and of the analysed code.
type Counts struct {
	Packages, Functions, Instructions       int
	AnalysedFunctions, AnalysedInstructions int
}

// Measure counts prog. It walks every function, so it is for -v reports;
// after CallGraph it is free.
func (p *Program) Measure() Counts {
	if p.size != nil {
		return *p.size
	}
	return p.measure(maps.Keys(ssautil.AllFunctions(p.SSA)))
}

func (p *Program) measure(funcs iter.Seq[*ssa.Function]) Counts {
	s := Counts{Packages: len(p.SSA.AllPackages())}
	analysed := allFunctions(p, true)
	for fn := range funcs {
		if fn == nil || fn.Blocks == nil {
			continue
		}
		n := 0
		for _, b := range fn.Blocks {
			n += len(b.Instrs)
		}
		s.Functions++
		s.Instructions += n
		if analysed[fn] {
			s.AnalysedFunctions++
			s.AnalysedInstructions += n
		}
	}
	return s
}

package slicing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/internal/cache"
)

// loadSource loads the packages the patterns match and type-checks
// them from source, with the main modules' packages they import (a
// registry one of those keeps is how calls reach the implementations
// another package registers), and reads every other package of their
// import graph from the export data the go command compiles into its
// build cache. It does what go/packages does without NeedDeps, but for
// one thing: go/packages asks the go command for the export data of
// every package, the program's too, and so compiles the program itself,
// which a copy of a module not built yet, or any edit, makes a cost of
// its own. Here only the dependencies are compiled.
//
// A dependency that imports a source package (a module whose dependency
// imports the main module back) is type-checked from source as well, as
// go/packages does: its export data would give the main module's types
// twice. It then loses its syntax, to be built without bodies like the
// other dependencies.
//
// listed, when not nil, is the import graph of the patterns, listed
// already (see Listing); deps is called once the dependencies' export
// data is at hand.
func loadSource(ctx context.Context, cfg *packages.Config, patterns []string, listed []*packages.Package, store *cache.Cache, deps func()) ([]*packages.Package, error) {
	pkgs := listed
	if pkgs == nil {
		var err error
		if pkgs, err = listGraph(cfg, patterns); err != nil {
			return nil, err
		}
	}
	sizes, err := typesSizes(ctx, cfg)
	if err != nil {
		return nil, err
	}
	fset := cfg.Fset
	root := make(map[*packages.Package]bool)
	for _, p := range pkgs {
		root[p] = true
	}
	own := func(p *packages.Package) bool { return root[p] || p.Module != nil && p.Module.Main }
	// A package that imports a source package is one too; postorder
	// sees the imports first.
	source := make(map[*packages.Package]bool)
	var order []*packages.Package
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		p.Fset = fset
		p.TypesSizes = sizes
		if p.PkgPath == "unsafe" {
			p.Types = types.Unsafe
		}
		source[p] = own(p)
		for _, imp := range p.Imports {
			if source[imp] {
				source[p] = true
			}
		}
		if source[p] {
			order = append(order, p)
		}
	})
	if err := compiledFiles(ctx, cfg, pkgs, order); err != nil {
		return nil, err
	}
	exports, err := cachedExports(ctx, cfg, store, pkgs, order, source)
	if err != nil {
		return nil, err
	}
	deps()
	if err := checkAll(ctx, fset, exports, order); err != nil {
		return nil, err
	}
	for _, p := range order {
		if !own(p) {
			p.Syntax, p.TypesInfo = nil, nil
		}
	}
	return pkgs, nil
}

// typesSizes returns the sizes of the build's compiler and architecture,
// as go/packages finds them.
func typesSizes(ctx context.Context, cfg *packages.Config) (types.Sizes, error) {
	args := append([]string{"list", "-f", "{{context.Compiler}} {{context.GOARCH}}"}, cfg.BuildFlags...)
	out, err := goCmd(ctx, cfg.Dir, append(args, "--", "unsafe")...)
	if err != nil {
		return nil, err
	}
	compiler, arch, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	sizes := types.SizesFor(compiler, arch)
	if sizes == nil {
		return nil, fmt.Errorf("no type sizes for compiler %q on %q", compiler, arch)
	}
	return sizes, nil
}

// compiledFiles gives the source packages that use cgo the files the
// go command compiles (cgo's output in place of the files that import
// "C") and the imports those add (runtime/cgo, syscall, unsafe), which
// the graph was listed without. A package uses cgo when one of its
// files imports "C": with cgo off, the go command leaves such files out
// of GoFiles.
func compiledFiles(ctx context.Context, cfg *packages.Config, pkgs, order []*packages.Package) error {
	var cgo []*packages.Package
	var paths []string
	for _, p := range order {
		if importsC(p.GoFiles) {
			cgo = append(cgo, p)
			paths = append(paths, p.PkgPath)
		}
	}
	if len(cgo) == 0 {
		return nil
	}
	list := *cfg
	list.Mode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports | packages.NeedDeps | packages.NeedModule
	listed, err := packages.Load(&list, slices.Compact(slices.Sorted(slices.Values(paths)))...)
	if err != nil {
		return err
	}
	known := make(map[string]*packages.Package)
	packages.Visit(pkgs, nil, func(p *packages.Package) { known[p.ID] = p })
	byID := make(map[string]*packages.Package)
	for _, l := range listed {
		byID[l.ID] = l
	}
	for _, p := range cgo {
		l := byID[p.ID]
		if l == nil {
			continue
		}
		p.CompiledGoFiles = l.CompiledGoFiles
		for path, imp := range l.Imports {
			if _, ok := p.Imports[path]; ok {
				continue
			}
			if k := known[imp.ID]; k != nil {
				imp = k
			} else {
				packages.Visit([]*packages.Package{imp}, nil, func(q *packages.Package) {
					if known[q.ID] == nil {
						known[q.ID] = q
						q.Fset, q.TypesSizes = p.Fset, p.TypesSizes
						if q.PkgPath == "unsafe" {
							q.Types = types.Unsafe
						}
					}
				})
				imp = known[imp.ID]
			}
			p.Imports[path] = imp
		}
	}
	return nil
}

// importsC reports whether one of files imports "C". A file that does
// not parse is left to the type checker to report.
func importsC(files []string) bool {
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly|parser.SkipObjectResolution)
		if err != nil || f == nil {
			continue
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return true
			}
		}
	}
	return false
}

// exportFiles asks the go command for the export data of the packages
// that source packages import from outside: it compiles them (and what
// they import) if the build cache has them not. The import paths go in
// batches short enough for any system's command line (Windows allows
// 32,767 characters).
func exportFiles(ctx context.Context, cfg *packages.Config, paths []string) (map[string]string, error) {
	files := make(map[string]string)
	for len(paths) > 0 {
		n, size := 0, 0
		for n < len(paths) && (n == 0 || size+len(paths[n])+1 <= maxArgBytes) {
			size += len(paths[n]) + 1
			n++
		}
		args := append([]string{"list", "-e", "-export", "-f", "{{.ImportPath}}\t{{.Export}}"}, cfg.BuildFlags...)
		out, err := goCmd(ctx, cfg.Dir, append(append(args, "--"), paths[:n]...)...)
		if err != nil {
			return nil, err
		}
		for line := range strings.SplitSeq(string(out), "\n") {
			if path, file, ok := strings.Cut(line, "\t"); ok && file != "" {
				files[path] = file
			}
		}
		paths = paths[n:]
	}
	return files, nil
}

// cachedExports returns exportFiles' answer, from store when a run with
// the same dependencies kept it there, complete, and every file it names
// is still in the build cache. It keys the answer by the go command's
// environment, the build flags and every dependency's import path and
// directory, and so only when every dependency lies in GOROOT or the
// module cache, where a directory's files cannot change: a program with
// another (a module replaced by a local directory, a vendor directory)
// asks the go command each time, as it does with no store.
func cachedExports(ctx context.Context, cfg *packages.Config, store *cache.Cache, pkgs, order []*packages.Package, source map[*packages.Package]bool) (map[string]string, error) {
	need := make(map[string]bool)
	for _, p := range order {
		for _, imp := range p.Imports {
			if !source[imp] && imp.PkgPath != "unsafe" {
				need[imp.ID] = true
			}
		}
	}
	paths := slices.Sorted(maps.Keys(need))
	if store == nil {
		return listExports(ctx, cfg, paths)
	}
	key, ok := exportsKey(ctx, cfg, pkgs, source, paths)
	if !ok {
		return listExports(ctx, cfg, paths)
	}
	if data, hit := store.Get(key); hit {
		var files map[string]string
		if json.Unmarshal(data, &files) == nil && complete(files, paths) {
			return files, nil
		}
	}
	files, err := listExports(ctx, cfg, paths)
	if err != nil {
		return nil, err
	}
	if !complete(files, paths) {
		// A dependency without export data (its build failed, or the
		// build cache was being cleaned): the type check says so, and
		// a later run asks again.
		return files, nil
	}
	if data, err := json.Marshal(files); err == nil {
		store.Put(key, data) // a failed write costs the next run a go command, no more
	}
	return files, nil
}

// listExports is exportFiles, counted for the tests.
func listExports(ctx context.Context, cfg *packages.Config, paths []string) (map[string]string, error) {
	exportLists.Add(1)
	return exportFiles(ctx, cfg, paths)
}

// exportLists counts the times the go command was asked for export data.
var exportLists atomic.Int64

// exportsKey returns the key of the export files of paths, among pkgs'
// dependencies (the packages not in source), and false when one of
// those lies outside GOROOT and the module cache.
func exportsKey(ctx context.Context, cfg *packages.Config, pkgs []*packages.Package, source map[*packages.Package]bool, paths []string) (cache.Key, bool) {
	env, err := goCmd(ctx, cfg.Dir, "env", "-json")
	if err != nil {
		return cache.Key{}, false
	}
	var vars map[string]string
	if json.Unmarshal(env, &vars) != nil || vars["GOROOT"] == "" || vars["GOMODCACHE"] == "" {
		return cache.Key{}, false
	}
	// Neither names what is built, and each names a new temporary
	// directory each time: GOGCCFLAGS one of the go command's own, and
	// GOTMPDIR the one every confhunt run gives its go commands.
	delete(vars, "GOGCCFLAGS")
	delete(vars, "GOTMPDIR")
	var deps []string
	fixed := true
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if source[p] {
			return
		}
		_, inRoot := within(vars["GOROOT"], p.Dir)
		_, inModCache := within(vars["GOMODCACHE"], p.Dir)
		if p.Dir == "" || !inRoot && !inModCache {
			fixed = false
		}
		deps = append(deps, p.ID+"\x00"+p.Dir)
	})
	if !fixed {
		return cache.Key{}, false
	}
	slices.Sort(deps)
	var h cache.Hash
	h.String("confhunt export files 1")
	for _, k := range slices.Sorted(maps.Keys(vars)) {
		h.String(k + "=" + vars[k])
	}
	h.String(strings.Join(cfg.BuildFlags, "\x00"))
	for _, d := range deps {
		h.String(d)
	}
	h.String(strings.Join(paths, "\x00"))
	return h.Sum(), true
}

// complete reports whether files names an export file for every one of
// paths, and each still exists: the go command may have trimmed or
// cleaned its build cache since they were listed, or failed to build
// one.
func complete(files map[string]string, paths []string) bool {
	for _, p := range paths {
		f, ok := files[p]
		if !ok {
			return false
		}
		if _, err := os.Stat(f); err != nil {
			return false
		}
	}
	return true
}

// maxArgBytes bounds the import paths of one go list command line (a
// variable for the tests).
var maxArgBytes = 24000

// checkAll type-checks the source packages of order (imports first), in
// parallel, reading the others from the export data files in exports.
func checkAll(ctx context.Context, fset *token.FileSet, exports map[string]string, order []*packages.Package) error {
	c := &checker{fset: fset, exports: exports, view: make(map[string]*types.Package), parsed: make(map[string]*parsed), done: make(map[*packages.Package]chan struct{}), declared: make(map[*packages.Package]bool)}
	for _, p := range order {
		c.done[p] = make(chan struct{})
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, p := range order {
		wg.Go(func() {
			defer close(c.done[p])
			for _, imp := range p.Imports {
				if ch, ok := c.done[imp]; ok {
					<-ch
				}
			}
			if ctx.Err() != nil {
				return
			}
			sem <- struct{}{}
			defer func() { <-sem }()
			c.check(p)
		})
	}
	wg.Wait()
	return ctx.Err()
}

// checker type-checks source packages, reading the export data of the
// others into one view, so that each package has one types.Package.
type checker struct {
	fset    *token.FileSet
	exports map[string]string // import path -> export data file
	mu      sync.Mutex        // guards view, parsed and the imported packages' Types
	view    map[string]*types.Package
	parsed  map[string]*parsed
	done    map[*packages.Package]chan struct{} // closed once a source package is checked
	// declared holds the packages whose errors are all type errors
	// inside function bodies: their declarations are whole (see
	// usableTypes). Guarded by mu.
	declared map[*packages.Package]bool
}

// check parses and type-checks the source package p, as go/packages
// does: every error is recorded in p.Errors, and p is ill-typed when it
// or an import has one.
func (c *checker) check(p *packages.Package) {
	files := p.CompiledGoFiles
	if len(files) == 0 {
		files = p.GoFiles
	}
	for _, name := range files {
		f, err := c.parse(name)
		if f != nil {
			p.Syntax = append(p.Syntax, f)
		}
		var list scanner.ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
			}
		} else if err != nil {
			p.Errors = append(p.Errors, packages.Error{Pos: name, Msg: err.Error(), Kind: packages.ParseError})
		}
	}
	// The maps are sized for the source from the first: grown entry by
	// entry, rehashing them took a fifth of the type checker's time on a
	// large module. Go source has about an expression per 14 bytes, an
	// identifier use per 18 and a definition, selection or scope per 100
	// (measured on minio's 7 MB); the sizes are kept a little under that,
	// so that a file of comments does not reserve much it never uses.
	size := 0
	for _, f := range p.Syntax {
		if tf := c.fset.File(f.FileStart); tf != nil {
			size += tf.Size()
		}
	}
	p.TypesInfo = &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue, size/16),
		Defs:         make(map[*ast.Ident]types.Object, size/128),
		Uses:         make(map[*ast.Ident]types.Object, size/20),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope, size/128),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection, size/128),
		FileVersions: make(map[*ast.File]string, len(p.Syntax)),
	}
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) { return c.importPkg(p, path) }),
		Sizes:    p.TypesSizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	p.Types = types.NewPackage(p.PkgPath, p.Name)
	bodies := true // every error so far inside a function's body
	tc.Error = func(err error) {
		var te types.Error
		if errors.As(err, &te) {
			p.Errors = append(p.Errors, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
			bodies = bodies && inBody(p.Syntax, te.Pos)
		} else {
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.TypeError})
			bodies = false
		}
	}
	// A parse error leaves declarations out; a listing error (an embed
	// pattern matching no file) leaves them whole.
	parsed := !slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind == packages.ParseError })
	err := types.NewChecker(tc, c.fset, p.Types, p.TypesInfo).Files(p.Syntax)
	if err != nil && len(p.Errors) == 0 {
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.TypeError})
	}
	p.IllTyped = len(p.Errors) > 0
	if p.IllTyped && parsed && bodies {
		c.mu.Lock()
		c.declared[p] = true
		c.mu.Unlock()
	}
	for _, imp := range p.Imports {
		if imp.IllTyped && !(c.usable(imp) && validInfo(p.TypesInfo)) {
			p.IllTyped = true
		}
	}
}

// inBody reports whether pos lies inside the body of one of files'
// function declarations, its closing brace included.
func inBody(files []*ast.File, pos token.Pos) bool {
	for _, f := range files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Body.Lbrace < pos && pos <= fd.Body.Rbrace { // "missing return" is at the closing brace
				return true
			}
		}
	}
	return false
}

// usable reports whether imp, a package that did not type-check, can
// stand for its declarations without their bodies: its errors are all
// inside function bodies, and every name it declares has a valid type
// (see usableTypes).
func (c *checker) usable(imp *packages.Package) bool {
	c.mu.Lock()
	declared := c.declared[imp]
	c.mu.Unlock()
	return declared && usableTypes(imp)
}

// usableTypes reports whether imp, a package that did not type-check,
// still declares every package-level name with a valid type, as when
// its errors are inside function bodies (a name a missing generated
// file declares, used in a body): a package importing it that checks
// without error is analysed, against imp's declarations without their
// bodies (see allPackages, checker.usable).
func usableTypes(imp *packages.Package) bool {
	if imp.Types == nil || !imp.Types.Complete() {
		return false
	}
	seen := make(map[types.Type]bool)
	scope := imp.Types.Scope()
	for _, name := range scope.Names() {
		if !validType(scope.Lookup(name).Type(), seen) {
			return false
		}
	}
	return true
}

// validInfo reports whether no expression info records has an invalid
// type: nothing the package uses comes from a broken declaration.
func validInfo(info *types.Info) bool {
	for _, tv := range info.Types {
		if tv.Type == nil || tv.Type == types.Typ[types.Invalid] {
			return false
		}
	}
	return true
}

// validType reports whether t and every type it is made of are valid
// (no types.Invalid), methods of named types included.
func validType(t types.Type, seen map[types.Type]bool) bool {
	if t == nil {
		return false
	}
	if seen[t] {
		return true
	}
	seen[t] = true
	switch t := t.(type) {
	case *types.Basic:
		return t.Kind() != types.Invalid
	case *types.Alias:
		return validType(types.Unalias(t), seen)
	case *types.Named:
		for i := range t.NumMethods() {
			if !validType(t.Method(i).Type(), seen) {
				return false
			}
		}
		return validType(t.Underlying(), seen)
	case *types.Pointer:
		return validType(t.Elem(), seen)
	case *types.Slice:
		return validType(t.Elem(), seen)
	case *types.Array:
		return validType(t.Elem(), seen)
	case *types.Chan:
		return validType(t.Elem(), seen)
	case *types.Map:
		return validType(t.Key(), seen) && validType(t.Elem(), seen)
	case *types.Signature:
		return validType(t.Params(), seen) && validType(t.Results(), seen)
	case *types.Tuple:
		for v := range t.Variables() {
			if !validType(v.Type(), seen) {
				return false
			}
		}
		return true
	case *types.Struct:
		for f := range t.Fields() {
			if !validType(f.Type(), seen) {
				return false
			}
		}
		return true
	case *types.Interface:
		for i := range t.NumMethods() {
			if !validType(t.Method(i).Type(), seen) {
				return false
			}
		}
		return true
	case *types.TypeParam:
		return validType(t.Constraint(), seen)
	case *types.Union:
		for i := range t.Len() {
			if !validType(t.Term(i).Type(), seen) {
				return false
			}
		}
		return true
	}
	return true
}

// allPackages is ssautil.AllPackages but for the packages that did not
// type-check and are imported by one that did (see checker.usable):
// those are made from their declarations alone, as export data gives a
// dependency, so that the importer's calls of them have a callee, and
// their paths returned in bodiless. The result holds nil for such a
// package among pkgs, as for the others that did not type-check.
func allPackages(pkgs []*packages.Package, mode ssa.BuilderMode) (prog *ssa.Program, out []*ssa.Package, bodiless map[string]bool) {
	var fset *token.FileSet
	if len(pkgs) > 0 {
		fset = pkgs[0].Fset
	}
	prog = ssa.NewProgram(fset, mode)
	imported := make(map[*packages.Package]bool) // ill-typed, imported by a well-typed package
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Types != nil && !p.IllTyped {
			for _, imp := range p.Imports {
				if imp.IllTyped {
					imported[imp] = true
				}
			}
		}
	})
	made := make(map[*packages.Package]*ssa.Package)
	bodiless = make(map[string]bool)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		switch {
		case p.Types != nil && !p.IllTyped:
			made[p] = prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, true)
		case imported[p] && p.Types != nil:
			prog.CreatePackage(p.Types, nil, nil, true)
			bodiless[p.PkgPath] = true
		}
	})
	out = make([]*ssa.Package, len(pkgs))
	for i, p := range pkgs {
		out[i] = made[p]
	}
	return prog, out, bodiless
}

// parse parses a file once for all the packages that have it: a
// package and its test variant share their syntax, as with go/packages,
// so that a position names one function.
func (c *checker) parse(name string) (*ast.File, error) {
	c.mu.Lock()
	e, ok := c.parsed[name]
	if !ok {
		e = &parsed{}
		c.parsed[name] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		e.file, e.err = parser.ParseFile(c.fset, name, nil, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
	})
	return e.file, e.err
}

type parsed struct {
	once sync.Once
	file *ast.File
	err  error
}

// importPkg returns the package p imports as path: a source package
// checked before p, or one read from its export data.
func (c *checker) importPkg(p *packages.Package, path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	imp := p.Imports[path]
	if imp == nil {
		return nil, fmt.Errorf("no metadata for %s", path)
	}
	if _, ok := c.done[imp]; ok {
		if imp.Types == nil {
			return nil, fmt.Errorf("%s was not type-checked", path)
		}
		return imp.Types, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if imp.Types != nil {
		return imp.Types, nil
	}
	file, ok := c.exports[imp.ID]
	if !ok {
		return nil, fmt.Errorf("no export data for %s (does it build?)", path)
	}
	t, err := readExport(c.fset, file, c.view, imp.PkgPath)
	if err != nil {
		return nil, fmt.Errorf("reading export data for %s: %v", path, err)
	}
	imp.Types = t
	return t, nil
}

func readExport(fset *token.FileSet, file string, view map[string]*types.Package, path string) (*types.Package, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, err
	}
	return gcexportdata.Read(r, fset, view, path)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

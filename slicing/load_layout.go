package slicing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"
)

// layout is how the go command sees a directory: its main modules (several
// in a go.work workspace) and, in a workspace, the go.work file's directory.
type layout struct {
	dir  string   // absolute
	mods []modDir // the main modules: dir and module path, in go list -m's order
	work string   // the directory of go.work, or ""
}

// layouts memoises findLayout for the process: the settings and the
// loader both ask for the same directory's (a go command run each), and
// the answer depends on nothing else but the environment, part of the key.
var layouts sync.Map // layoutKey → *layout

type layoutKey struct{ dir, env string }

// findLayout asks the go command for the main modules of dir. Outside
// any module it fails, naming the modules below dir if there are any, with
// what to do.
func findLayout(ctx context.Context, dir string) (*layout, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	key := layoutKey{dir, os.Getenv("GOWORK") + "\x00" + os.Getenv("GOFLAGS") + "\x00" + os.Getenv("GO111MODULE")}
	if l, ok := layouts.Load(key); ok {
		return l.(*layout), nil
	}
	l, err := askLayout(ctx, dir)
	if err == nil {
		layouts.Store(key, l)
	}
	return l, err
}

// layoutAsks counts askLayout's runs per directory, for the tests.
var layoutAsks sync.Map // dir → *atomic.Int64

func askLayout(ctx context.Context, dir string) (*layout, error) {
	n, _ := layoutAsks.LoadOrStore(dir, new(atomic.Int64))
	n.(*atomic.Int64).Add(1)
	out, err := goCmd(ctx, dir, "list", "-m", "-f", "{{.Dir}}\t{{.Path}}")
	if err != nil {
		if strings.Contains(err.Error(), "go.mod file not found") || strings.Contains(err.Error(), "not using modules") {
			return nil, notInModule(dir)
		}
		return nil, fmt.Errorf("finding the module of %s: %w", dir, err)
	}
	l := &layout{dir: dir}
	for line := range strings.Lines(string(out)) {
		d, p, _ := strings.Cut(strings.TrimSuffix(line, "\n"), "\t")
		if d != "" {
			l.mods = append(l.mods, modDir{d, p})
		}
	}
	if len(l.mods) == 0 { // outside a module, go list -m reports command-line-arguments
		return nil, notInModule(dir)
	}
	if l.holder(dir) == nil {
		// The root of a workspace: go.work is not in any module.
		out, err := goCmd(ctx, dir, "env", "GOWORK")
		if err != nil {
			return nil, fmt.Errorf("finding the workspace of %s: %w", dir, err)
		}
		if work := strings.TrimSpace(string(out)); work != "" && work != "off" {
			l.work = filepath.Dir(work)
		}
	}
	return l, nil
}

// holder returns the innermost main module whose directory holds dir, or
// nil.
func (l *layout) holder(dir string) *modDir {
	var in *modDir
	for i, m := range l.mods {
		if holds(m.dir, dir) && (in == nil || len(m.dir) > len(in.dir)) {
			in = &l.mods[i]
		}
	}
	return in
}

// root returns the directory positions and settings are relative to, and
// the module path counts files are keyed by: the main module holding dir;
// at the root of a workspace, the workspace's directory and its first
// module.
func (l *layout) root() (dir, path string) {
	if m := l.holder(l.dir); m != nil {
		return m.dir, m.name
	}
	if l.work != "" {
		return l.work, l.mods[0].name
	}
	return l.mods[0].dir, l.mods[0].name
}

// patterns checks the relative package patterns against the layout, as the
// go command would match them, and returns them for go/packages. A pattern
// over a directory in no main module but holding some (./... at the root
// of a workspace, which go refuses) becomes one pattern per main module
// below it. A pattern inside a module that is not a main one (a nested
// module, or one the workspace does not use) fails, saying what to do.
func (l *layout) patterns(patterns []string) ([]string, error) {
	var out []string
	for _, p := range patterns {
		if !relative(p) {
			out = append(out, p)
			continue
		}
		base, recursive := strings.CutSuffix(p, "/...")
		if p == "..." {
			base, recursive = ".", true
		}
		dir := filepath.Join(l.dir, filepath.FromSlash(base))
		mod := nearestModule(dir)
		if mod != "" && l.isMain(mod) {
			out = append(out, p)
			continue
		}
		var below []string
		if recursive {
			for _, m := range l.mods {
				if holds(dir, m.dir) {
					below = append(below, l.pattern(m.dir))
				}
			}
		}
		switch {
		case len(below) > 0:
			slices.Sort(below)
			out = append(out, below...)
		case mod != "":
			return nil, l.outside(p, mod)
		default:
			out = append(out, p) // go says what is wrong
		}
	}
	return out, nil
}

// relative reports whether a package pattern names a directory.
func relative(p string) bool {
	return p == "." || p == ".." || p == "..." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || filepath.IsAbs(p)
}

// pattern is the pattern of every package under dir, relative to l.dir.
func (l *layout) pattern(dir string) string {
	rel, err := filepath.Rel(l.dir, dir)
	if err != nil {
		return dir + "/..."
	}
	rel = filepath.ToSlash(rel)
	if rel == "." {
		return "./..."
	}
	if !strings.HasPrefix(rel, "../") {
		rel = "./" + rel
	}
	return rel + "/..."
}

func (l *layout) isMain(dir string) bool {
	return slices.ContainsFunc(l.mods, func(m modDir) bool { return m.dir == dir })
}

// outside is the error of pattern p naming packages of the module in dir,
// which is not a main module.
func (l *layout) outside(p, dir string) error {
	rel := l.rel(dir)
	mains := make([]string, len(l.mods))
	uses := make([]string, len(l.mods))
	for i, m := range l.mods {
		mains[i] = m.name
		uses[i] = l.rel(m.dir)
	}
	which := rel + "/go.mod"
	if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
		if path := modfile.ModulePath(data); path != "" {
			which = path + " (" + which + ")"
		}
	}
	if l.work != "" || len(l.mods) > 1 {
		return fmt.Errorf("pattern %s: its packages are in the module %s, which the workspace does not use (it uses %s): "+
			"run confhunt in %s (-C %s), or add it to the workspace (go work use %s)",
			p, which, strings.Join(uses, ", "), rel, rel, rel)
	}
	return fmt.Errorf("pattern %s: its packages are in the module %s, not in the main module %s: "+
		"run confhunt in %s (-C %s), or make both one workspace here (go work init %s %s)",
		p, which, strings.Join(mains, ", "), rel, rel, strings.Join(uses, " "), rel)
}

// rel names dir relative to l.dir, as a user would type it.
func (l *layout) rel(dir string) string {
	rel, err := filepath.Rel(l.dir, dir)
	if err != nil {
		return dir
	}
	if rel != "." && !strings.HasPrefix(rel, "..") {
		rel = "./" + rel
	}
	return filepath.ToSlash(rel)
}

// nearestModule returns the directory of the go.mod file nearest above
// dir (dir included), or "".
func nearestModule(dir string) string {
	for {
		if fi, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && fi.Mode().IsRegular() {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// notInModule is the error of a directory in no module: it names the
// modules below it, if any, and says how to analyse them.
func notInModule(dir string) error {
	msg := fmt.Sprintf("%s is not inside a Go module (no go.mod found here or above)", dir)
	mods := modulesBelow(dir)
	if len(mods) == 0 {
		return errors.New(msg)
	}
	shown := mods
	if len(shown) > 5 {
		shown = append(slices.Clip(shown[:5]), fmt.Sprintf("and %d more", len(mods)-5))
	}
	return fmt.Errorf("%s; it holds the modules %s: run confhunt in one of them (-C %s), "+
		"or make them one workspace (go work init %s) and run confhunt here",
		msg, strings.Join(shown, ", "), mods[0], strings.Join(mods, " "))
}

// maxWalk bounds how many directories modulesBelow looks at, for a
// directory such as a home holding much else.
const maxWalk = 10000

// modulesBelow returns the directories below dir holding a go.mod file,
// as ./rel, sorted, skipping those the go command ignores (testdata,
// vendor, and names starting with . or _).
func modulesBelow(dir string) []string {
	var out []string
	seen := 0
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if seen++; seen > maxWalk {
			return filepath.SkipAll
		}
		name := d.Name()
		if p != dir && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if fi, err := os.Stat(filepath.Join(p, "go.mod")); err == nil && fi.Mode().IsRegular() && p != dir {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, "./"+filepath.ToSlash(rel))
			return filepath.SkipDir // go.mod files below belong to it
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// cgoLeftOut returns a warning naming the files of the matched
// packages the build leaves out only because they use cgo and cgo is
// off (CGO_ENABLED=0, or no C compiler): the rest of each package is
// analysed without them, so what they read is missing. A package all of
// whose files are left out has an error of its own instead (see Load).
// It returns "" when there are none, or when cgo is on.
func cgoLeftOut(ctx context.Context, dir, root, tags string, pkgs []*packages.Package) string {
	var ignored []string
	for _, p := range pkgs {
		if len(p.GoFiles) == 0 {
			continue
		}
		for _, f := range p.IgnoredFiles {
			if strings.HasSuffix(f, ".go") && !strings.HasSuffix(f, "_test.go") {
				ignored = append(ignored, f)
			}
		}
	}
	if len(ignored) == 0 {
		return ""
	}
	out, err := goCmd(ctx, dir, "env", "-json", "CGO_ENABLED", "GOOS", "GOARCH", "GOFLAGS")
	var env struct{ CGO_ENABLED, GOOS, GOARCH, GOFLAGS string }
	if err != nil || json.Unmarshal(out, &env) != nil || env.CGO_ENABLED != "0" {
		return ""
	}
	// The build the go command makes, but with cgo: its system, and the
	// tags given to confhunt or in GOFLAGS.
	bctx := build.Default
	bctx.GOOS, bctx.GOARCH, bctx.CgoEnabled = env.GOOS, env.GOARCH, true
	bctx.BuildTags = nil
	for _, list := range append([]string{tags}, flagTags(env.GOFLAGS)...) {
		for _, t := range strings.Split(list, ",") {
			if t = strings.TrimSpace(t); t != "" {
				bctx.BuildTags = append(bctx.BuildTags, t)
			}
		}
	}
	var files []string
	for _, f := range ignored {
		if !usesCgo([]string{f}) {
			continue
		}
		// Left out whatever cgo says (another system's file, a tag
		// not set): not cgo's doing.
		if ok, err := bctx.MatchFile(filepath.Dir(f), filepath.Base(f)); err != nil || !ok {
			continue
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return ""
	}
	slices.Sort(files)
	files = slices.Compact(files)
	names := make([]string, 0, 3)
	for _, f := range files[:min(3, len(files))] {
		if rel, err := filepath.Rel(root, f); err == nil && !strings.HasPrefix(rel, "..") {
			f = rel
		}
		names = append(names, f)
	}
	more := ""
	if len(files) > len(names) {
		more = fmt.Sprintf(" and %d more", len(files)-len(names))
	}
	what := fmt.Sprintf("%d files use cgo, which is off (CGO_ENABLED=0): they are left out, and what they read is not found", len(files))
	if len(files) == 1 {
		what = "1 file uses cgo, which is off (CGO_ENABLED=0): it is left out, and what it reads is not found"
	}
	return fmt.Sprintf("%s (%s%s); set CGO_ENABLED=1 with a C compiler installed to analyse it all", what, strings.Join(names, ", "), more)
}

// flagTags returns the values of the -tags flags in goflags (GOFLAGS).
func flagTags(goflags string) []string {
	var out []string
	for _, f := range strings.Fields(goflags) {
		for _, prefix := range []string{"-tags=", "--tags="} {
			if v, ok := strings.CutPrefix(f, prefix); ok {
				out = append(out, v)
			}
		}
	}
	return out
}

// usesCgo reports whether one of the files imports "C".
func usesCgo(files []string) bool {
	fset := token.NewFileSet()
	for _, name := range files {
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
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

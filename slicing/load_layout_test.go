package slicing_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/internal/cache"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/slicing"
)

// sites returns "option file:line" for every read site of every option
// discovered in the scanned packages, sorted.
func sites(t *testing.T, prog *slicing.Program) []string {
	t.Helper()
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := slicing.Discover(context.Background(), prog, s.Sources)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, o := range opts {
		for _, site := range o.Sites {
			pos := site.Pos
			pos = pos[:strings.LastIndex(pos, ":")] // file:line
			out = append(out, o.Name+" "+pos)
		}
	}
	slices.Sort(out)
	return out
}

// workFiles is a go.work workspace of two modules; b's command uses a's
// package.
var workFiles = map[string]string{
	"go.work":  "go 1.22\n\nuse (\n\t./a\n\t./b\n)\n",
	"a/go.mod": "module example.com/a\n\ngo 1.22\n",
	"a/a.go": `package a

type Config struct {
	Rounds int ` + "`yaml:\"rounds\"`" + `
}

func Work(c Config) int {
	n := 0
	for i := 0; i < c.Rounds; i++ {
		n += i
	}
	return n
}
`,
	"b/go.mod": "module example.com/b\n\ngo 1.22\n\nrequire example.com/a v0.0.0\n",
	"b/cmd/b/main.go": `package main

import "example.com/a"

type Options struct {
	Size int ` + "`yaml:\"size\"`" + `
}

func main() {
	o := Options{Size: 3}
	println(a.Work(a.Config{Rounds: o.Size}))
}
`,
}

// TestWorkspace: in a go.work workspace, ./... at the workspace's root
// (which go refuses: no module holds the directory) spans every module,
// with positions relative to the workspace; from inside a module it is
// that module, and another workspace module's files are named by its
// path (no "@" of a version it does not have).
func TestWorkspace(t *testing.T) {
	testutil.GoEnv(t)
	ws := testutil.Tree(t, workFiles)
	ctx := context.Background()

	prog, err := slicing.Load(ctx, slicing.Config{Dir: ws})
	if err != nil {
		t.Fatal(err)
	}
	if prog.Root != ws || prog.Module != "example.com/a" {
		t.Errorf("at the workspace root: Root %s, Module %s; want %s, example.com/a", prog.Root, prog.Module, ws)
	}
	want := []string{"Config.Rounds a/a.go:9", "Options.Size b/cmd/b/main.go:11"}
	if got := sites(t, prog); !slices.Equal(got, want) {
		t.Errorf("./... at the workspace root: sites %q, want %q", got, want)
	}
	if root, path, err := slicing.ModuleRoot(ctx, ws); err != nil || root != ws || path != "example.com/a" {
		t.Errorf("ModuleRoot(workspace root) = %s, %s, %v; want the workspace and its first module", root, path, err)
	}

	prog, err = slicing.Load(ctx, slicing.Config{Dir: filepath.Join(ws, "b"), Patterns: []string{"./...", "example.com/a"}})
	if err != nil {
		t.Fatal(err)
	}
	want = []string{"Config.Rounds example.com/a/a.go:9", "Options.Size cmd/b/main.go:11"}
	if got := sites(t, prog); !slices.Equal(got, want) {
		t.Errorf("in module b: sites %q, want %q", got, want)
	}
}

// TestVendor: a module with a vendor directory loads with -mod=vendor and
// no network; the vendored package is analysed as a dependency (in the
// program, its options not listed) and positioned in vendor/.
func TestVendor(t *testing.T) {
	testutil.GoEnv(t)
	t.Setenv("GOFLAGS", "-mod=vendor")
	dir := testutil.Tree(t, map[string]string{
		"go.mod":             "module example.com/app\n\ngo 1.22\n\nrequire example.com/dep v1.0.0\n",
		"vendor/modules.txt": "# example.com/dep v1.0.0\n## explicit; go 1.22\nexample.com/dep\n",
		"vendor/example.com/dep/dep.go": `package dep

type Settings struct {
	Size int ` + "`yaml:\"size\"`" + `
}

func Fill(s Settings) []byte { return make([]byte, s.Size) }
`,
		"main.go": `package main

import "example.com/dep"

type Config struct {
	Size int ` + "`yaml:\"size\"`" + `
}

func main() {
	c := Config{Size: 3}
	println(len(dep.Fill(dep.Settings{Size: c.Size})))
}
`,
	})
	prog, err := slicing.Load(context.Background(), slicing.Config{Dir: dir, AllBodies: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Config.Size main.go:11"}; !slices.Equal(sites(t, prog), want) {
		t.Errorf("sites %q, want %q (the vendored package's options are a dependency's)", sites(t, prog), want)
	}
	dep := prog.SSA.ImportedPackage("example.com/dep")
	if dep == nil || dep.Func("Fill") == nil || dep.Func("Fill").Blocks == nil {
		t.Fatal("the vendored package is not in the program with its bodies")
	}
	if got := prog.Position(dep.Func("Fill").Pos()); !strings.HasPrefix(got, "vendor/example.com/dep/dep.go:") {
		t.Errorf("vendored function at %s, want vendor/example.com/dep/dep.go", got)
	}
	// By default a dependency, vendored too, is loaded without bodies,
	// and the module's own code with them.
	prog, err = slicing.Load(context.Background(), slicing.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if fill := prog.SSA.ImportedPackage("example.com/dep").Func("Fill"); fill.Blocks != nil {
		t.Error("the vendored dependency's Fill kept its body")
	}
	if want := []string{"Config.Size main.go:11"}; !slices.Equal(sites(t, prog), want) {
		t.Errorf("without the dependency's bodies: sites %q, want %q", sites(t, prog), want)
	}
}

// TestModules: a directory holding several modules and no go.work, and a
// pattern reaching into a nested module, fail with what to do instead of
// go's "does not contain" messages.
func TestModules(t *testing.T) {
	testutil.GoEnv(t)
	dir := testutil.Tree(t, map[string]string{
		"a/go.mod":          "module example.com/a\n\ngo 1.22\n",
		"a/a.go":            "package a\n",
		"b/go.mod":          "module example.com/b\n\ngo 1.22\n",
		"b/x/x.go":          "package x\n",
		"b/testdata/go.mod": "module ignored\n",
	})
	ctx := context.Background()
	_, err := slicing.Load(ctx, slicing.Config{Dir: dir})
	for _, want := range []string{"is not inside a Go module", "it holds the modules ./a, ./b:", "(-C ./a)", "go work init ./a ./b"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("several modules, no go.work: err = %v; want it to say %q", err, want)
		}
	}

	for name, text := range map[string]string{"go.mod": "module example.com/root\n\ngo 1.22\n", "r.go": "package root\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, pattern := range []string{"./b/x", "./b/..."} {
		_, err = slicing.Load(ctx, slicing.Config{Dir: dir, Patterns: []string{pattern}})
		for _, want := range []string{"pattern " + pattern + ": its packages are in the module example.com/b (./b/go.mod), not in the main module example.com/root", "(-C ./b)", "go work init . ./b"} {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s from the root module: err = %v; want it to say %q", pattern, err, want)
			}
		}
	}
	prog, err := slicing.Load(ctx, slicing.Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil || len(prog.Packages) != 1 || prog.Packages[0].PkgPath != "example.com/root" {
		t.Errorf("./... from the root module: %v; want the root module's package alone, as go does", err)
	}
}

// TestCgo: a cgo package is analysed from the Go files cgo generates,
// positioned in the user's file; with cgo off, its error says so.
func TestCgo(t *testing.T) {
	testutil.GoEnv(t)
	dir := testutil.Tree(t, map[string]string{
		"go.mod":          "module example.com/cg\n\ngo 1.22\n",
		"cmd/app/main.go": "package main\n\nimport \"example.com/cg\"\n\nfunc main() { println(cg.Run(cg.Options{Loops: 3})) }\n",
		"c.go": `package cg

// static int twice(int x) { return 2*x; }
import "C"

type Options struct {
	Loops int ` + "`yaml:\"loops\"`" + `
}

func Run(o Options) int {
	n := 0
	for i := 0; i < o.Loops; i++ {
		n += int(C.twice(C.int(i)))
	}
	return n
}
`,
	})
	ctx := context.Background()
	t.Run("on", func(t *testing.T) {
		testutil.NeedCgo(t)
		prog, err := slicing.Load(ctx, slicing.Config{Dir: dir})
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"Options.Loops c.go:12"}; !slices.Equal(sites(t, prog), want) {
			t.Errorf("sites %q, want %q", sites(t, prog), want)
		}
	})
	t.Run("off", func(t *testing.T) {
		t.Setenv("CGO_ENABLED", "0")
		_, err := slicing.Load(ctx, slicing.Config{Dir: dir})
		for _, want := range []string{"example.com/cg: build constraints exclude all Go files", "its files use cgo, which is off: set CGO_ENABLED=1"} {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("err = %v; want it to say %q", err, want)
			}
		}
	})
}

// TestCgoPartly: with cgo off, a package that keeps some of its files
// is analysed without those that use cgo, and a warning names them;
// with cgo on, or a file left out for another system, there is none.
func TestCgoPartly(t *testing.T) {
	testutil.GoEnv(t)
	dir := testutil.Tree(t, map[string]string{
		"go.mod":     "module example.com/cg\n\ngo 1.22\n",
		"opts.go":    "package cg\n\ntype Options struct {\n\tLoops int `yaml:\"loops\"`\n}\n",
		"c.go":       "package cg\n\n// static int twice(int x) { return 2*x; }\nimport \"C\"\n\nfunc Run(o Options) int {\n\tn := 0\n\tfor i := 0; i < o.Loops; i++ {\n\t\tn += int(C.twice(C.int(i)))\n\t}\n\treturn n\n}\n",
		"c_plan9.go": "package cg\n\nimport \"C\"\n\nfunc Plan9() {}\n",
		"c_foo.go":   "//go:build foo\n\npackage cg\n\nimport \"C\"\n\nfunc Foo() {}\n",
	})
	ctx := context.Background()
	warned := func(prog *slicing.Program) bool {
		return slices.ContainsFunc(prog.Warnings, func(w string) bool {
			return strings.Contains(w, "1 file uses cgo, which is off") && strings.Contains(w, "(c.go)")
		})
	}
	t.Run("off", func(t *testing.T) {
		t.Setenv("CGO_ENABLED", "0")
		prog, err := slicing.Load(ctx, slicing.Config{Dir: dir})
		if err != nil {
			t.Fatal(err)
		}
		if !warned(prog) {
			t.Errorf("warnings %q, want one naming c.go alone", prog.Warnings)
		}
	})
	t.Run("off, with a tag in GOFLAGS", func(t *testing.T) {
		t.Setenv("CGO_ENABLED", "0")
		t.Setenv("GOFLAGS", "-tags=foo")
		prog, err := slicing.Load(ctx, slicing.Config{Dir: dir})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(prog.Warnings, func(w string) bool {
			return strings.Contains(w, "2 files use cgo") && strings.Contains(w, "(c.go, c_foo.go)")
		}) {
			t.Errorf("warnings %q, want one naming c.go and c_foo.go", prog.Warnings)
		}
	})
	t.Run("on", func(t *testing.T) {
		testutil.NeedCgo(t)
		prog, err := slicing.Load(ctx, slicing.Config{Dir: dir})
		if err != nil {
			t.Fatal(err)
		}
		if len(prog.Warnings) > 0 {
			t.Errorf("warnings %q with cgo on", prog.Warnings)
		}
	})
}

// TestWorkspaceInputs: at a workspace's root, the cache key of ./...
// covers the files of the workspace's modules, so a changed file is no
// stale hit.
func TestWorkspaceInputs(t *testing.T) {
	testutil.GoEnv(t)
	ws := testutil.Tree(t, workFiles)
	key := func() cache.Key {
		t.Helper()
		var h cache.Hash
		if err := slicing.Inputs(context.Background(), slicing.Config{Dir: ws}, &h); err != nil {
			t.Fatal(err)
		}
		return h.Sum()
	}
	k0 := key()
	if err := os.WriteFile(filepath.Join(ws, "a", "a.go"), []byte(strings.Replace(workFiles["a/a.go"], "i++", "i += 2", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if key() == k0 {
		t.Error("a changed file of a workspace module left the key of ./... at the workspace's root unchanged")
	}
}

// TestDependencies: the matched packages and the module's own packages
// they import are type-checked from source with their bodies; every
// other package comes from export data without them, a dependency that
// imports the main module back included (type-checked from source, as
// its export data would give the module's types twice, then left
// without its bodies).
func TestDependencies(t *testing.T) {
	testutil.GoEnv(t)
	dir := testutil.Tree(t, map[string]string{
		"go.mod": "module example.com/app\n\ngo 1.22\n\nrequire example.com/ext v0.0.0\n\nreplace example.com/ext => ./ext\n",
		"conf/conf.go": `package conf

type Config struct {
	Size int ` + "`yaml:\"size\"`" + `
}

func (c Config) Bytes() int { return c.Size * 8 }
`,
		"main.go": `package main

import (
	"fmt"

	"example.com/app/conf"
	"example.com/ext"
)

func main() {
	c := conf.Config{Size: 3}
	fmt.Println(ext.Twice(c), c.Bytes())
}
`,
		"ext/go.mod": "module example.com/ext\n\ngo 1.22\n\nrequire example.com/app v0.0.0\n\nreplace example.com/app => ../\n",
		"ext/ext.go": `package ext

import "example.com/app/conf"

func Twice(c conf.Config) int { return 2 * c.Size }
`,
	})
	prog, err := slicing.Load(context.Background(), slicing.Config{Dir: dir, Patterns: []string{"."}})
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Errors) > 0 {
		t.Fatalf("errors: %v", prog.Errors)
	}
	if len(prog.Packages) != 1 || prog.Packages[0].PkgPath != "example.com/app" {
		t.Errorf("matched packages %v, want example.com/app alone", prog.Packages)
	}
	bodies := map[string]bool{
		"example.com/app.main":                true,
		"(example.com/app/conf.Config).Bytes": true,  // the module's own, not matched
		"example.com/ext.Twice":               false, // imports the module back
		"fmt.Println":                         false,
	}
	for fn := range ssautil.AllFunctions(prog.SSA) {
		if want, ok := bodies[fn.String()]; ok {
			delete(bodies, fn.String())
			if got := fn.Blocks != nil; got != want {
				t.Errorf("%s has a body: %v, want %v", fn, got, want)
			}
		}
	}
	for name := range bodies {
		t.Errorf("%s is not in the program", name)
	}
}

// TestExportCache: with a cache, a second load of the same program, or
// of one whose own code changed, takes the dependencies' export files
// from it instead of the go command; a new import asks again. A module
// replaced by a local directory, whose files can change, is never
// cached. Not parallel: it counts the go commands of every load.
func TestExportCache(t *testing.T) {
	testutil.GoEnv(t)
	store, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	main := "package main\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\nfunc main() { fmt.Println(strings.Repeat(\"a\", %d)) }\n"
	dir := testutil.Tree(t, map[string]string{
		"go.mod":  "module example.com/app\n\ngo 1.22\n",
		"main.go": fmt.Sprintf(main, 1),
	})
	load := func(dir string) {
		t.Helper()
		prog, err := slicing.Load(context.Background(), slicing.Config{Dir: dir, Patterns: []string{"."}, Cache: store})
		if err != nil {
			t.Fatal(err)
		}
		if len(prog.Errors) > 0 {
			t.Fatalf("errors: %v", prog.Errors)
		}
	}
	lists := func(step string, want int64, f func()) {
		t.Helper()
		before := slicing.ExportLists()
		f()
		if got := slicing.ExportLists() - before; got != want {
			t.Errorf("%s: %d go list -export, want %d", step, got, want)
		}
	}
	lists("first load", 1, func() { load(dir) })
	lists("same program", 0, func() { load(dir) })
	// Each confhunt process runs its go commands in a GOTMPDIR of its
	// own (see cmd/confhunt): a later run is the same program.
	t.Setenv("GOTMPDIR", t.TempDir())
	lists("same program, another run's GOTMPDIR", 0, func() { load(dir) })
	// An answer kept without one of the packages (listed while the
	// build cache was being cleaned) is not taken: it would fail the
	// type check of every later run.
	dropExport(t, store, "strings")
	lists("a kept answer lacking a package", 1, func() { load(dir) })
	lists("the same, once complete again", 0, func() { load(dir) })
	if err := os.WriteFile(filepath.Join(dir, "main.go"), fmt.Appendf(nil, main, 2), 0o644); err != nil {
		t.Fatal(err)
	}
	lists("its own code changed", 0, func() { load(dir) })
	edited := strings.Replace(fmt.Sprintf(main, 3), `"strings"`, "\"strings\"\n\t\"unicode\"", 1)
	edited = strings.Replace(edited, `"a"`, `string(unicode.MaxASCII)`, 1)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	lists("a new import", 1, func() { load(dir) })

	local := testutil.Tree(t, map[string]string{
		"go.mod":     "module example.com/app\n\ngo 1.22\n\nrequire example.com/ext v0.0.0\n\nreplace example.com/ext => ./ext\n",
		"main.go":    "package main\n\nimport \"example.com/ext\"\n\nfunc main() { println(ext.Two()) }\n",
		"ext/go.mod": "module example.com/ext\n\ngo 1.22\n",
		"ext/ext.go": "package ext\n\nfunc Two() int { return 2 }\n",
	})
	lists("a local replacement, twice", 2, func() { load(local); load(local) })
}

// dropExport removes path from every list of export files kept in store.
func dropExport(t *testing.T, store *cache.Cache, path string) {
	t.Helper()
	dropped := 0
	err := filepath.WalkDir(store.Dir(), func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		hexKey, ok := strings.CutSuffix(filepath.Base(name), "-r")
		var key cache.Key
		b, err := hex.DecodeString(hexKey)
		if !ok || err != nil || len(b) != len(key) {
			return nil
		}
		copy(key[:], b)
		data, hit := store.Get(key)
		var files map[string]string
		if !hit || json.Unmarshal(data, &files) != nil || files[path] == "" {
			return nil
		}
		delete(files, path)
		dropped++
		out, err := json.Marshal(files)
		if err != nil {
			return err
		}
		return store.Put(key, out)
	})
	if err != nil || dropped == 0 {
		t.Fatalf("no list of export files with %s in the cache (%v)", path, err)
	}
}

// TestDependent: a package that does not type-check (a generated file
// missing) is reported with its errors. A matched package importing it
// is analysed when the errors are inside function bodies (its
// declarations are whole: the importer calls them as it would a
// dependency's, without their bodies); when a declaration is broken, even
// with every type valid, the importer is left out with no error of its
// own, and named as such.
func TestDependent(t *testing.T) {
	testutil.GoEnv(t)
	dir := testutil.Tree(t, map[string]string{
		"go.mod":           "module example.com/m\n\ngo 1.22\n",
		"assets/use.go":    "package assets\n\ntype Options struct {\n\tLevel int `yaml:\"level\"`\n}\n\nfunc Size() int { return len(files) }\n",
		"app/app.go":       "package app\n\nimport \"example.com/m/assets\"\n\ntype Config struct {\n\tCopies int `yaml:\"copies\"`\n}\n\nfunc Total(c Config) int {\n\tn := 0\n\tfor i := 0; i < c.Copies; i++ {\n\t\tn += assets.Size()\n\t}\n\treturn n\n}\n\nfunc Level(o assets.Options) int { return o.Level * 2 }\n",
		"cmd/m/main.go":    "package main\n\nimport \"example.com/m/app\"\n\nfunc main() { println(app.Total(app.Config{Copies: 2})) }\n",
		"schema/schema.go": "package schema\n\ntype Row struct{ V Missing }\n",
		"report/report.go": "package report\n\nimport \"example.com/m/schema\"\n\nfunc Rows() []schema.Row { return nil }\n",
		// A declaration broken with every type still valid: a receiver
		// that may not be an interface.
		"iface/iface.go": "package iface\n\ntype I interface{ N() int }\n\nfunc (I) M(n int) int { return n }\n",
		"use/use.go":     "package use\n\nimport \"example.com/m/iface\"\n\nfunc Call(i iface.I) int { return i.N() }\n",
		// A missing return, reported at the body's closing brace; an
		// embedded file missing, a listing error: declarations whole.
		"ret/ret.go":         "package ret\n\nfunc F(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\t}\n}\n",
		"retuse/retuse.go":   "package retuse\n\nimport \"example.com/m/ret\"\n\nfunc G() int { return ret.F(2) }\n",
		"emb/emb.go":         "package emb\n\nimport _ \"embed\"\n\n//go:embed gen.txt\nvar Data string\n\nfunc Size() int { return len(Data) }\n",
		"embuse/embuse.go":   "package embuse\n\nimport \"example.com/m/emb\"\n\nfunc H() int { return emb.Size() }\n",
		"assets/use_test.go": "package assets\n\nimport \"testing\"\n\nfunc TestSize(t *testing.T) { _ = Size() }\n",
	})
	prog, err := slicing.Load(context.Background(), slicing.Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	var broken []string
	for _, e := range prog.Errors {
		broken = append(broken, e.Package)
	}
	slices.Sort(broken)
	broken = slices.Compact(broken)
	if want := []string{"example.com/m/assets", "example.com/m/emb", "example.com/m/iface", "example.com/m/ret", "example.com/m/schema"}; !slices.Equal(broken, want) {
		t.Errorf("packages with errors %v, want %v", broken, want)
	}
	if want := []string{"example.com/m/report", "example.com/m/use"}; !slices.Equal(prog.Dependent, want) {
		t.Errorf("dependent packages %v, want %v", prog.Dependent, want)
	}
	for path, want := range map[string]bool{"example.com/m/assets": true, "example.com/m/schema": false, "example.com/m/iface": false, "example.com/m/app": false} {
		if got := prog.Bodiless(path); got != want {
			t.Errorf("%s without bodies: %v, want %v", path, got, want)
		}
	}
	var scanned []string
	for pkg := range prog.Scanned {
		scanned = append(scanned, pkg.Pkg.Path())
	}
	slices.Sort(scanned)
	if want := []string{"example.com/m/app", "example.com/m/cmd/m", "example.com/m/embuse", "example.com/m/retuse"}; !slices.Equal(scanned, want) {
		t.Errorf("packages analysed %v, want %v", scanned, want)
	}
	// Config.Copies is read in app, which imports the broken package;
	// Options.Level is declared in the broken package and read in app.
	got := sites(t, prog)
	for _, want := range []string{"Config.Copies app/app.go:11", "Options.Level app/app.go:17"} {
		if !slices.Contains(got, want) {
			t.Errorf("read sites %v; want %s", got, want)
		}
	}
	// With the tests, the broken package's test variant stands for no
	// declarations of its own: Options.Level is declared once.
	withTests, err := slicing.Load(context.Background(), slicing.Config{Dir: dir, Patterns: []string{"./..."}, Tests: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := sites(t, withTests); !slices.Contains(got, "Options.Level app/app.go:17") {
		t.Errorf("with tests, read sites %v; want Options.Level app/app.go:17", got)
	}
	// Excluded, the broken package offers no candidates either.
	prog, err = slicing.Load(context.Background(), slicing.Config{Dir: dir, Patterns: []string{"./..."}, Exclude: []string{"example.com/m/assets"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := sites(t, prog); slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "Options.Level ") }) {
		t.Errorf("read sites %v; want no Options.Level: its package is excluded", got)
	}
}

// TestMissingImport: an import no module provides is no package of the
// program: the go command's error about it is the importer's, at its
// import, and the importer's "could not import" that follows from it is
// not reported again.
func TestMissingImport(t *testing.T) {
	testutil.GoEnv(t)
	dir := testutil.Tree(t, map[string]string{
		"go.mod":     "module example.com/m\n\ngo 1.22\n",
		"enc/enc.go": "package enc\n\nimport \"example.org/proto\"\n\nfunc Size() int { return proto.Size(nil) }\n",
		"app/app.go": "package app\n\ntype Config struct{ N int }\n\nfunc Run(c Config) int { return c.N * 2 }\n",
	})
	prog, err := slicing.Load(context.Background(), slicing.Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Errors) != 1 {
		t.Fatalf("errors %v, want the one of the import", prog.Errors)
	}
	e := prog.Errors[0]
	if e.Package != "example.com/m/enc" || !strings.HasPrefix(e.Pos, "enc/enc.go:3:") || !strings.Contains(e.Msg, "example.org/proto") || strings.Contains(e.Msg, "could not import") {
		t.Errorf("error %+v, want the import's, in example.com/m/enc at enc/enc.go:3", e)
	}
}

// TestFuncOrderVariants: a function and the same function of its
// package's test variant (same file, line and name) are ordered the same
// way every time, the package's first, so that what reads a slice's
// functions in order (mutate's branches) is deterministic.
func TestFuncOrderVariants(t *testing.T) {
	testutil.GoEnv(t)
	for name, files := range map[string]map[string]string{
		"a test function": {
			"v_test.go": "package v\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { _ = F(2) }\n",
		},
		// The in-package test file adds only a method: the variant has as
		// many members, and more methods.
		"an export_test.go's method": {
			"export_test.go": "package v\n\nfunc (c *C) Len() int { return 1 }\n",
			"x_test.go":      "package v_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/v\"\n)\n\nfunc TestF(t *testing.T) { _ = v.F(2) + new(v.C).Len() }\n",
		},
	} {
		t.Run(name, func(t *testing.T) {
			files["go.mod"] = "module example.com/v\n\ngo 1.22\n"
			files["v.go"] = "package v\n\ntype C struct{}\n\nfunc F(n int) int { return n * 2 }\n"
			funcOrderVariants(t, testutil.Tree(t, files))
		})
	}
}

func funcOrderVariants(t *testing.T, dir string) {
	t.Helper()
	prog, err := slicing.Load(context.Background(), slicing.Config{Dir: dir, Patterns: []string{"./..."}, Tests: true})
	if err != nil {
		t.Fatal(err)
	}
	var fs []*ssa.Function
	for fn := range ssautil.AllFunctions(prog.SSA) {
		if fn.Name() == "F" && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "example.com/v" {
			fs = append(fs, fn)
		}
	}
	if len(fs) != 2 {
		t.Fatalf("F in %d packages, want the package and its test variant", len(fs))
	}
	// The variant has the tests' code: TestF, or C's method Len.
	isVariant := func(fn *ssa.Function) bool {
		c, _ := fn.Pkg.Pkg.Scope().Lookup("C").(*types.TypeName)
		return fn.Pkg.Members["TestF"] != nil || c != nil && c.Type().(*types.Named).NumMethods() > 0
	}
	base, variant := fs[0], fs[1]
	if isVariant(base) {
		base, variant = variant, base
	}
	if isVariant(base) || !isVariant(variant) {
		t.Fatal("cannot tell the package from its test variant")
	}
	if c := slicing.CompareFuncs(base, variant); c >= 0 {
		t.Errorf("compareFuncs(package's, variant's) = %d, want < 0", c)
	}
	for range 20 {
		got := []*ssa.Function{variant, base}
		slicing.SortFuncs(got)
		if got[0] != base {
			t.Fatal("the test variant's F sorted before the package's")
		}
	}
}

package slicing_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/slicing"
)

// loadedPkg is one testdata package loaded, its options discovered.
type loadedPkg struct {
	prog *slicing.Program
	opts []*slicing.Option
}

// loadOnce loads each testdata package once per test binary: loading is
// most of these tests' time, and they only read the program and options.
var loadOnce = testutil.OncePer(func(pkg string) (loadedPkg, error) {
	s, err := configs.Load(filepath.Join("testdata", "src", pkg), "", nil, nil)
	if err != nil {
		return loadedPkg{}, err
	}
	prog, err := slicing.Load(context.Background(), slicing.Config{
		Dir:      filepath.Join("testdata", "src"),
		Patterns: []string{"./" + pkg},
	})
	if err != nil {
		return loadedPkg{}, err
	}
	if len(prog.Errors) > 0 {
		return loadedPkg{}, fmt.Errorf("testdata does not type-check: %v", prog.Errors)
	}
	opts, err := slicing.Discover(context.Background(), prog, s.Sources)
	return loadedPkg{prog, opts}, err
})

// load loads one testdata package with the settings in its directory and
// discovers its options, once for all the tests.
func load(t *testing.T, pkg string) (*slicing.Program, []*slicing.Option) {
	t.Helper()
	l := loadOnce(t, pkg)
	return l.prog, l.opts
}

// TestDiscover checks, for each testdata package, that the read sites
// found are exactly those its want comments name, and the facts stated
// about their options (style, type, aliases, dynamic names) hold.
func TestDiscover(t *testing.T) {
	for _, pkg := range []string{"keys", "flags", "env", "structs", "declared", "unmarshal", "funcopts", "kingpin", "ignore", "gates", "cliflags", "globals", "registry", "ctors", "wrappers", "parsed"} {
		t.Run(pkg, func(t *testing.T) {
			t.Parallel()
			_, opts := load(t, pkg)
			byName := make(map[string]*slicing.Option)
			got := make(map[string][]string) // file:line -> options read there
			for _, o := range opts {
				byName[o.Name] = o
				for _, s := range o.Sites {
					file, line := fileLine(t, s.Pos)
					if filepath.Dir(file) != pkg {
						continue
					}
					key := filepath.Base(file) + ":" + line
					if !slices.Contains(got[key], o.Name) {
						got[key] = append(got[key], o.Name)
					}
				}
			}
			want := make(map[string][]string)
			for _, w := range testutil.Wants(t, filepath.Join("testdata", "src", pkg)) {
				key := fmt.Sprintf("%s:%d", w.File, w.Line)
				wanted := append(w.Values("option"), w.Values("dynamic")...)
				want[key] = wanted
				for _, name := range wanted {
					o := byName[name]
					if o == nil {
						t.Errorf("%s: no option %q; have %s", key, name, names(opts))
						continue
					}
					checkFacts(t, key, o, w)
				}
			}
			for key, names := range want {
				slices.Sort(names)
				g := slices.Sorted(slices.Values(got[key]))
				if !slices.Equal(g, names) {
					t.Errorf("%s: read sites of %v, want %v", key, g, names)
				}
			}
			for key, names := range got {
				if _, ok := want[key]; !ok {
					t.Errorf("%s: unexpected read sites of %v", key, names)
				}
			}
		})
	}
}

func checkFacts(t *testing.T, key string, o *slicing.Option, w testutil.Want) {
	t.Helper()
	for _, f := range w.Facts {
		var ok bool
		switch f.Key {
		case "option":
			continue
		case "dynamic":
			ok = o.Dynamic
		case "style":
			ok = o.Style == f.Value
		case "type":
			ok = o.Type == f.Value
		case "alias":
			ok = slices.Contains(o.Aliases, f.Value)
		case "ignored": // ignored:"" is ignored for any reason, !ignored:"" not at all
			ok = o.Ignored != "" && (f.Value == "" || o.Ignored == f.Value)
		default:
			t.Fatalf("%s: unknown fact %q", key, f.Key)
		}
		if ok == f.Negated {
			t.Errorf("%s: option %s: want %s%s:%q; option is %+v", key, o.Name, neg(f.Negated), f.Key, f.Value, *o)
		}
	}
}

// TestNegative checks options that must exist without read sites, and
// types that must not be configuration.
func TestNegative(t *testing.T) {
	_, opts := load(t, "flags")
	for _, o := range opts {
		if o.Name == "unused" && len(o.Sites) != 0 {
			t.Errorf("flag defined but never read has sites %v", o.Sites)
		}
	}
	if !hasOption(opts, "unused") {
		t.Errorf("the defined flag %q is not listed", "unused")
	}
	_, opts = load(t, "structs")
	for _, name := range []string{"Tuning.Stride", "Response.Count", "Config.Storage", "Config.Limits", "Config.Peer.Conns", "Server.Conns", "Config.cache", "Upgrader.handshakes", "Point.X", "Record.Key", "Failure.Code", "ServerConfig.Listeners", "ServerConfig.Log", "StoreConfig.Log", "WorkerConfig.Log", "RequestConfig.MaxBody", "RetryConfig.Blobs", "BackoffConfig.OnRetry", "BackoffConfig.Password", "UploadWriter.UploadAttrs", "UploadAttrs.ContentType", "UploadWriter.unimplementedUploader", "UploadWriter.Written", "UploadWriter.Offset", "PartWriter.Index", "ListingProto.Remaining", "RepositorySettings.ChunkSize", "PeerConfig.ID", "PeerConfig.Fingerprint", "FooterSettings.PageSize", "FooterSettings.Rows", "IntKind.BitWidth", "IntKind.IsSigned"} {
		if hasOption(opts, name) {
			t.Errorf("%s is an option; it is not configuration (or is a group)", name)
		}
	}
	// Observers whose value escapes: through nested helpers to a caller
	// that hands it out, and through a getter also used as a value.
	for _, name := range []string{"NestConfig.Log", "GetConfig.Log", "StoreConfig.Codec", "WorkerConfig.Batch", "HookServer.MaxBody", "ReloadConfig.Window"} {
		if !hasOption(opts, name) {
			t.Errorf("%s is not an option; its value is not only observed", name)
		}
	}
	if !hasOption(opts, "Config.Started") {
		t.Errorf("a time.Time field of a configuration struct is not an option")
	}
	// A reply a client parses by key for its user, a command's arguments
	// parsed and used in place, and the parser's own constants and
	// strings under a key, are not settings.
	_, opts = load(t, "parsed")
	for _, name := range []string{"Info.Clients", "Info.Uptime", "Cache.mode", "Cache.hits", "Cache.name", "scanArgs.count", "Peer.Port"} {
		if hasOption(opts, name) {
			t.Errorf("%s is an option; it is not configuration", name)
		}
	}
}

func hasOption(opts []*slicing.Option, name string) bool {
	return slices.ContainsFunc(opts, func(o *slicing.Option) bool { return o.Name == name })
}

func fileLine(t *testing.T, pos string) (string, string) {
	parts := strings.Split(pos, ":")
	if len(parts) < 3 {
		t.Fatalf("bad position %q", pos)
	}
	if _, err := strconv.Atoi(parts[1]); err != nil {
		t.Fatalf("bad position %q", pos)
	}
	return parts[0], parts[1]
}

func names(opts []*slicing.Option) string {
	var s []string
	for _, o := range opts {
		s = append(s, o.Name)
	}
	return strings.Join(s, ", ")
}

func neg(b bool) string {
	if b {
		return "!"
	}
	return ""
}

// TestHelpers checks that test support is left out by default, whether a
// helper package (one importing testing, an example, an internal package
// nothing imports), a harness kept in a file of the library that imports
// testing, or a mock kept in the library's own files, and that
// Config.Helpers brings it back; and that a package of the program whose
// testing.go imports a test helper stays in, with its importers, as does
// a library's package that no package of its module imports and one of
// whose files holds test helpers.
func TestHelpers(t *testing.T) {
	discover := func(helpers bool) []*slicing.Option {
		_, opts := discoverHelpers(t, slicing.Config{Patterns: []string{"./helpers/..."}, Helpers: helpers})
		return opts
	}
	// The example's flag is bound into Config.Workers: with helpers it is
	// one of that option's names.
	support := []string{"rounds", "workers", "rate", "MockFetchOptions.Delay", "MockFetchOptions.Records", "ClusterOpts.Nodes", "RetryConfig.Attempts", "golden.Verbose"}
	named := func(name string) func(*slicing.Option) bool {
		return func(o *slicing.Option) bool { return o.Name == name || slices.Contains(o.Aliases, name) }
	}
	opts := discover(false)
	for _, name := range []string{"Config.Workers", "PollOptions.Interval", "StoreOptions.PackSize", "packs", "CacheOptions.Size"} {
		if !hasOption(opts, name) {
			t.Errorf("the program's own option %s is missing (a test hook's import of testing, a testing.go file's import of a test helper, or a library's file of test helpers that no package of its module imports, does not make a helper); have %s", name, names(opts))
		}
	}
	for _, name := range support {
		if slices.ContainsFunc(opts, named(name)) {
			t.Errorf("%s is an option by default; it belongs to test support", name)
		}
	}
	opts = discover(true)
	for _, name := range support {
		if !slices.ContainsFunc(opts, named(name)) {
			t.Errorf("with Helpers, %s is not an option; have %s", name, names(opts))
		}
	}
}

// TestTestVariant checks that with tests loaded a package is searched
// once: its test variant ("p [p.test]"), the package with its tests,
// goes with the helpers, so its options are found once, under their own
// names, and the tests' code is not searched.
func TestTestVariant(t *testing.T) {
	prog, opts := discoverHelpers(t, slicing.Config{Patterns: []string{"./helpers/lrucache"}, Tests: true})
	n := 0
	for p := range prog.Scanned {
		if p.Pkg.Path() == "example.com/t/helpers/lrucache" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("lrucache searched %d times, want once", n)
	}
	if got := names(opts); got != "CacheOptions.Size" {
		t.Errorf("options %s, want CacheOptions.Size alone", got)
	}
	// Only an example named, which is searched for want of anything
	// else: once too, not with its test variant.
	prog, _ = discoverHelpers(t, slicing.Config{Patterns: []string{"./helpers/examples/basic"}, Tests: true})
	if len(prog.Scanned) != 1 {
		t.Errorf("the example alone: %d packages searched, want 1", len(prog.Scanned))
	}
}

// discoverHelpers loads cfg's patterns in testdata/src and discovers
// their options with the helpers testdata's settings.
func discoverHelpers(t *testing.T, cfg slicing.Config) (*slicing.Program, []*slicing.Option) {
	t.Helper()
	cfg.Dir = filepath.Join("testdata", "src")
	prog, err := slicing.Load(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, err := configs.Load(filepath.Join("testdata", "src", "helpers"), "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := slicing.Discover(context.Background(), prog, s.Sources)
	if err != nil {
		t.Fatal(err)
	}
	return prog, opts
}

// TestHelperDir checks the directory rule of test support on import
// paths, with and without the package's module known: a host such as
// example.com is no examples directory.
func TestHelperDir(t *testing.T) {
	mod := &packages.Module{Path: "example.com/m"}
	for _, c := range []struct {
		path   string
		module *packages.Module
		want   bool
	}{
		{"example.com/m/server", mod, false},
		{"example.com/m/server", nil, false},
		{"example.com/m/examples/chat", mod, true},
		{"example.com/m/examples/chat", nil, true},
		{"example.com/m/internal/testutil", nil, true},
		{"github.com/o/r/mock", nil, true},
		{"github.com/o/r/pool", nil, false},
		{"github.com/o/r/bench", nil, true}, // a throughput tool's samples
		{"github.com/o/r/benchmark/worker", mod, true},
		{"github.com/o/r/workbench", nil, false},
	} {
		if got := slicing.HelperDir(&packages.Package{PkgPath: c.path, Module: c.module}); got != c.want {
			t.Errorf("helperDir(%s, module %v) = %v, want %v", c.path, c.module != nil, got, c.want)
		}
	}
}

// TestInternalRoot checks where an internal package may be imported from.
func TestInternalRoot(t *testing.T) {
	for _, c := range []struct {
		path, root string
		ok         bool
	}{
		{"example.com/m/internal/retry", "example.com/m", true},
		{"example.com/m/internal", "example.com/m", true},
		{"example.com/m/a/internal/b/internal/c", "example.com/m/a/internal/b", true},
		{"internal/x", "", true},
		{"example.com/m/internalx/y", "", false},
		{"example.com/m/retry", "", false},
	} {
		if root, ok := slicing.InternalRoot(c.path); root != c.root || ok != c.ok {
			t.Errorf("internalRoot(%s) = %q, %v; want %q, %v", c.path, root, ok, c.root, c.ok)
		}
	}
}

// TestNames: types of one name in two packages of one name are told
// apart by their import paths, and options structs that hold each other
// are named by their types, whichever is named first: the same names in
// every run. An argument struct's settings of one call (package c's
// ClientOptions) are qualified, and leave the settings' names alone.
func TestNames(t *testing.T) {
	_, opts := load(t, "names/...")
	var got []string
	for _, o := range opts {
		got = append(got, o.Name)
	}
	slices.Sort(got)
	want := []string{"ClientOptions.PoolSize", "VaultOptions.Batch", "a/options.ReadOptions.Limit", "b/options.ReadOptions.Limit", "c.ClientOptions.Retries"}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("no option %s; have %q", w, got)
		}
	}
	for _, n := range got {
		if strings.Count(n, ".") > 3 {
			t.Errorf("option %s: a name round a cycle", n)
		}
	}
}

package slicing_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/confhunt/confhunt/internal/cache"
	"github.com/confhunt/confhunt/slicing"
)

// TestInputs checks that the inputs key of a load changes with a file of
// a loaded package and only then: not with a package the patterns do not
// reach, nor when nothing changed.
func TestInputs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("a/a.go", "package a\n\nimport \"example.com/m/b\"\n\nvar X = b.Y\n")
	write("b/b.go", "package b\n\nvar Y = 1\n")
	write("c/c.go", "package c\n\nvar Z = 1\n")
	keyOf := func(pattern string) cache.Key {
		t.Helper()
		var h cache.Hash
		if err := slicing.Inputs(context.Background(), slicing.Config{Dir: dir, Patterns: []string{pattern}}, &h); err != nil {
			t.Fatal(err)
		}
		return h.Sum()
	}
	key := func() cache.Key { t.Helper(); return keyOf("./a") }
	k0 := key()
	if k := key(); k != k0 {
		t.Fatal("the key of unchanged inputs changed")
	}
	write("c/c.go", "package c\n\nvar Z = 2\n")
	if k := key(); k != k0 {
		t.Error("a package ./a does not import changed the key")
	}
	write("b/b.go", "package b\n\nvar Y = 2\n")
	k1 := key()
	if k1 == k0 {
		t.Error("a change in a dependency of ./a left the key alike")
	}
	write("a/a_test.go", "package a\n")
	k2 := key()
	if k2 == k1 {
		t.Error("a new test file of ./a left the key alike")
	}
	// A main package's default.pgo is an input of its build.
	write("cmd/m/main.go", "package main\n\nfunc main() {}\n")
	k3 := keyOf("./cmd/m")
	write("cmd/m/default.pgo", "profile")
	if k := keyOf("./cmd/m"); k == k3 {
		t.Error("a new default.pgo of a main package left the key alike")
	}
}

// TestListing checks that a Load given the listing that keyed a cache
// starts from it instead of listing the import graph again, once, and
// only for the same patterns; and that it loads what a Load alone does.
func TestListing(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"a/a.go": "package a\n\nimport \"example.com/m/b\"\n\nfunc X() int { return b.Y() }\n",
		"b/b.go": "package b\n\nfunc Y() int { return 1 }\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	cfg := slicing.Config{Dir: dir, Patterns: []string{"./a"}}
	l, err := slicing.List(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	funcs := func(p *slicing.Program) []string {
		var out []string
		for fn := range ssautil.AllFunctions(p.SSA) {
			if fn.Pkg != nil && strings.HasPrefix(fn.Pkg.Pkg.Path(), "example.com/") {
				out = append(out, fn.String())
			}
		}
		slices.Sort(out)
		return out
	}
	n := slicing.GraphLists()
	with := cfg
	with.Listing = l
	p1, err := slicing.Load(ctx, with)
	if err != nil {
		t.Fatal(err)
	}
	if got := slicing.GraphLists() - n; got != 0 {
		t.Errorf("a Load given the listing listed the graph %d times, want 0", got)
	}
	p2, err := slicing.Load(ctx, with)
	if err != nil {
		t.Fatal(err)
	}
	if got := slicing.GraphLists() - n; got != 1 {
		t.Errorf("a second Load given the used listing listed the graph %d times in all, want 1", got)
	}
	if a, b := funcs(p1), funcs(p2); !slices.Equal(a, b) || !slices.Contains(a, "example.com/m/b.Y") {
		t.Errorf("functions from the listing %v, without it %v; want the same, b.Y among them", a, b)
	}
	other := slicing.Config{Dir: dir, Patterns: []string{"./b"}}
	l2, err := slicing.List(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	other.Listing = l2
	n = slicing.GraphLists()
	if _, err := slicing.Load(ctx, other); err != nil {
		t.Fatal(err)
	}
	if got := slicing.GraphLists() - n; got != 1 {
		t.Errorf("a Load of ./b given the listing of ./a listed the graph %d times, want 1", got)
	}
	// The directory's modules were asked of the go command once, by
	// the first List; its root too comes from that answer.
	if got := slicing.LayoutAsks(dir); got != 1 {
		t.Errorf("the go command was asked for %s's modules %d times, want 1", dir, got)
	}
	if root, path, err := slicing.ModuleRoot(ctx, filepath.Join(dir, "a")); err != nil || path != "example.com/m" || root != dir {
		t.Errorf("ModuleRoot of a = %s, %s, %v; want %s, example.com/m", root, path, err, dir)
	}
}

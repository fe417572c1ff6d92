package slicing_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

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
	key := func() cache.Key {
		t.Helper()
		var h cache.Hash
		if err := slicing.Inputs(context.Background(), slicing.Config{Dir: dir, Patterns: []string{"./a"}}, &h); err != nil {
			t.Fatal(err)
		}
		return h.Sum()
	}
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
	if k := key(); k == k1 {
		t.Error("a new test file of ./a left the key alike")
	}
}

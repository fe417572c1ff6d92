package slicing_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/slicing"
)

// TestModuleRoot: the module holding a directory, also in a go.work
// workspace where it is not the first module; outside any module, an
// error saying so.
func TestModuleRoot(t *testing.T) {
	ws := t.TempDir()
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOWORK", "")
	write := func(name, text string) {
		name = filepath.Join(ws, name)
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a/go.mod", "module example.com/a\n\ngo 1.22\n")
	write("b/go.mod", "module example.com/b\n\ngo 1.22\n")
	write("b/sub/x.go", "package sub\n")
	write("go.work", "go 1.22\n\nuse (\n\t./a\n\t./b\n)\n")
	ws, _ = filepath.EvalSymlinks(ws)
	for dir, want := range map[string]string{"b/sub": "b example.com/b", "b": "b example.com/b", "a": "a example.com/a"} {
		root, path, err := slicing.ModuleRoot(context.Background(), filepath.Join(ws, dir))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimPrefix(root, ws+string(filepath.Separator)) + " " + path; got != want {
			t.Errorf("%s: module %s, want %s", dir, got, want)
		}
	}
	none := t.TempDir()
	if _, _, err := slicing.ModuleRoot(context.Background(), none); err == nil || !strings.Contains(err.Error(), "is not inside a Go module") {
		t.Errorf("outside a module: err = %v", err)
	}
}

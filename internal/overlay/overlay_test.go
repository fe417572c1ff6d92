package overlay_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/internal/overlay"
)

func TestApply(t *testing.T) {
	src := []byte("0123456789")
	for _, tc := range []struct {
		name  string
		edits []overlay.Edit
		want  string // or the error's text
	}{
		{"none", nil, "0123456789"},
		{"replace and insert", []overlay.Edit{{5, 7, "x"}, {2, 2, "<"}, {0, 2, "ab"}}, "ab<234x789"},
		{"insert at a replacement's end", []overlay.Edit{{2, 4, "R"}, {4, 4, "I"}}, "01RI456789"},
		{"inserts at one offset keep their order", []overlay.Edit{{3, 3, "a"}, {3, 3, "b"}}, "012ab3456789"},
		{"overlap", []overlay.Edit{{2, 6, "x"}, {4, 8, "y"}}, "edit [4,8) overlaps an edit ending at 6"},
		{"nested", []overlay.Edit{{2, 6, "x"}, {3, 4, "y"}}, "edit [3,4) overlaps an edit ending at 6"},
		{"outside", []overlay.Edit{{8, 12, "x"}}, "edit [8,12) outside the source's 10 bytes"},
		{"backwards", []overlay.Edit{{5, 4, "x"}}, "edit [5,4) outside the source's 10 bytes"},
	} {
		got, err := overlay.Apply(src, tc.edits)
		if err != nil {
			if err.Error() != tc.want {
				t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
			}
			continue
		}
		if string(got) != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
	if string(src) != "0123456789" {
		t.Errorf("Apply changed its input: %q", src)
	}
}

// TestOverlayBuild replaces a file and adds one, builds through the
// overlay, and removes it: the user's files are untouched.
func TestOverlayBuild(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", t.TempDir())
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("main.go", "package main\n\nfunc main() { println(word) }\n")
	write("word.go", "package main\n\nvar word = \"user\"\n")

	ov, err := overlay.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ov.Remove()
	if err := ov.Replace(filepath.Join(dir, "word.go"), []byte("package main\n\nvar word = other\n")); err != nil {
		t.Fatal(err)
	}
	if err := ov.Replace(filepath.Join(dir, "added.go"), []byte("package main\n\nvar other = \"overlay\"\n")); err != nil {
		t.Fatal(err)
	}
	if err := ov.Replace(filepath.Join(dir, "added.go"), nil); err == nil {
		t.Error("a file replaced twice is no error")
	}
	if err := ov.Replace("rel.go", nil); err == nil {
		t.Error("a relative name is no error")
	}
	if err := ov.Save(); err != nil {
		t.Fatal(err)
	}
	var js struct{ Replace map[string]string }
	data, err := os.ReadFile(ov.JSON)
	if err != nil || json.Unmarshal(data, &js) != nil || len(js.Replace) != 2 {
		t.Fatalf("overlay.json: %s (%v)", data, err)
	}
	cmd := exec.Command("go", "run", "-overlay="+ov.JSON, ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "overlay" {
		t.Errorf("go run through the overlay: %v\n%s", err, out)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "word.go")); !strings.Contains(string(data), `"user"`) {
		t.Errorf("the user's file changed: %s", data)
	}
	if _, err := os.Stat(filepath.Join(dir, "added.go")); !os.IsNotExist(err) {
		t.Errorf("the added file was written into the user's tree")
	}
	if err := ov.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(ov.Dir); !os.IsNotExist(err) {
		t.Errorf("the overlay's directory is left behind")
	}
}

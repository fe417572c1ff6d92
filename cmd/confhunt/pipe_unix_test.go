//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrokenPipe: confhunt writing to a standard output nobody reads any
// more (confhunt sources | head, head gone) still removes the directory
// of its go commands: the broken pipe fails the write instead of killing
// confhunt before it cleans up. It then exits 141, as a shell reports a
// SIGPIPE, saying nothing.
func TestBrokenPipe(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "package main\n\nimport \"flag\"\n\nvar n = flag.Int(\"n\", 1, \"\")\n\nfunc main() {\n\tflag.Parse()\n\tfor range *n {\n\t\tprintln()\n\t}\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	gotmp := t.TempDir()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // the reader is gone before the first write
	cmd := exec.Command("confhunt-main", "sources", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTMPDIR="+gotmp, "GOFLAGS=-mod=mod", "CONFHUNT_CACHE=off")
	cmd.Stdout = w
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err = cmd.Run()
	w.Close()
	if ee, ok := err.(*exec.ExitError); !ok || !ee.Exited() || ee.ExitCode() != exitBrokenPipe {
		t.Errorf("writing to a closed pipe: %v, want exit status %d", err, exitBrokenPipe)
	}
	if stderr.Len() > 0 {
		t.Errorf("stderr %q, want nothing: the reader went away, nothing failed", stderr.String())
	}
	left, err := os.ReadDir(gotmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("%s is left in GOTMPDIR", e.Name())
	}
}

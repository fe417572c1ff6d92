//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestBrokenPipe: confhunt writing to a standard output nobody reads any
// more (confhunt sources | head, head gone) still removes the directory
// of its go commands: the broken pipe fails the write instead of killing
// confhunt before it cleans up.
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
	out, _ := os.CreateTemp(t.TempDir(), "stderr")
	cmd.Stderr = out
	err = cmd.Run()
	w.Close()
	if ee, ok := err.(*exec.ExitError); ok && !ee.Exited() {
		t.Errorf("confhunt was killed (%v) writing to a closed pipe", err)
	}
	left, err := os.ReadDir(gotmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("%s is left in GOTMPDIR", e.Name())
	}
}

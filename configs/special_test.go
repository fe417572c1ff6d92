//go:build unix

package configs

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSpecialSettingsFile: a settings file that is a named pipe or a
// symbolic link to /dev/zero, given with -config or found in the module
// root, is one clear error naming it.
func TestSpecialSettingsFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.yaml")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	if err := os.Symlink("/dev/zero", filepath.Join(root, FileName)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ root, file, want string }{
		{"", fifo, fifo + ": not a regular file (a named pipe)"},
		{"", zero, zero + ": not a regular file (a device)"},
		{root, "", filepath.Join(root, FileName) + ": not a regular file (a device)"},
	} {
		_, err := Load(tc.root, tc.file, nil, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Load(%q, %q) = %v, want %q", tc.root, tc.file, err, tc.want)
		}
	}
}

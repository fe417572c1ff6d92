//go:build unix

package limited

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSpecialFiles: a named pipe nobody writes to and /dev/zero behind a
// symbolic link are errors, not a read that blocks or never ends.
func TestSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, want string }{
		{fifo, fifo + ": not a regular file (a named pipe)"},
		{zero, zero + ": not a regular file (a device)"},
	} {
		data, err := ReadFile(tc.name, 1<<20)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadFile(%s) = %d bytes, %v; want error %q", tc.name, len(data), err, tc.want)
		}
	}
}

//go:build unix

package counts_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/confhunt/confhunt/counts"
)

// TestReadSpecialFiles: a counts file that is a named pipe or a symbolic
// link to /dev/zero is one clear error naming it, not a read that blocks
// forever or exhausts memory.
func TestReadSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.json")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, want string }{
		{fifo, fifo + ": not a regular file (a named pipe)"},
		{zero, zero + ": not a regular file (a device)"},
	} {
		_, err := counts.Read(tc.name)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Read(%s) = %v, want %q", tc.name, err, tc.want)
		}
	}
}

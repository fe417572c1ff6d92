package main

import (
	"os"
	"testing"

	"github.com/confhunt/confhunt/internal/cache"
)

// TestExecutableSum: the running binary's sum is its content's, kept in
// the cache under the file's identity and read back from there on the
// next run instead of hashing the binary again.
func TestExecutableSum(t *testing.T) {
	dir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	var h cache.Hash
	h.Bytes(data)
	first, err := executableSum(dir)
	if err != nil || first != h.Sum() {
		t.Fatalf("executableSum = %v, %v; want the hash of the binary %v", first, err, h.Sum())
	}
	// Replace the kept sum: the next run takes it from the cache.
	c, err := cache.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) == 0 {
		t.Fatalf("nothing kept in the cache dir (%v)", err)
	}
	var other cache.Hash
	other.String("another build")
	fi, err := os.Stat(exe)
	if err != nil {
		t.Fatal(err)
	}
	sum := other.Sum()
	if err := c.Put(executableID(exe, fi), sum[:]); err != nil {
		t.Fatal(err)
	}
	if again, err := executableSum(dir); err != nil || again != sum {
		t.Errorf("second executableSum = %v, %v; want the kept %v", again, err, sum)
	}
}

package probe

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWork(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := &Config{Rounds: 50, BufSize: 100, Sync: true}
	for range 3 {
		if _, err := Work(c, f); err != nil {
			t.Fatal(err)
		}
	}
	if line := Line(); line != 21 { // this line's number
		t.Fatalf("Line() = %d, want 21: probes moved lines", line)
	}
}

// TestDir checks that the test runs in its package's directory, as go
// test runs it.
func TestDir(t *testing.T) {
	if _, err := os.Stat("probe.go"); err != nil {
		t.Fatal(err)
	}
}

package limited

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := ReadFile(small, 10)
	if err != nil || string(data) != "0123456789" {
		t.Fatalf("ReadFile at the limit = %q, %v", data, err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(small, link); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(link, 10); err != nil || string(data) != "0123456789" {
		t.Errorf("ReadFile through a symlink to a regular file = %q, %v", data, err)
	}

	for _, tc := range []struct {
		name string
		max  int64
		want string
	}{
		{small, 9, small + ": larger than 9 bytes"},
		{dir, 1 << 20, dir + ": not a regular file (a directory)"},
		{filepath.Join(dir, "none"), 1 << 20, filepath.Join(dir, "none") + ": no such file"},
	} {
		data, err := ReadFile(tc.name, tc.max)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadFile(%s, %d) = %d bytes, %v; want error %q", tc.name, tc.max, len(data), err, tc.want)
		}
	}
}

func TestReader(t *testing.T) {
	r := Reader(strings.NewReader("0123456789"), "p.out", 4)
	data, err := io.ReadAll(r)
	if err == nil || err.Error() != "p.out: larger than 4 bytes" {
		t.Errorf("reading past the limit: err = %v", err)
	}
	if len(data) > 4 {
		t.Errorf("read %d bytes past a limit of 4", len(data))
	}
	data, err = io.ReadAll(Reader(strings.NewReader("0123"), "p.out", 4))
	if err != nil || string(data) != "0123" {
		t.Errorf("reading up to the limit = %q, %v", data, err)
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{9: "9 bytes", 1 << 20: "1 MiB", 256 << 20: "256 MiB", 1536: "1536 bytes"} {
		if got := size(n); got != want {
			t.Errorf("size(%d) = %q, want %q", n, got, want)
		}
	}
}

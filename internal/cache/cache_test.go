package cache

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func key(s string) Key {
	var h Hash
	h.String(s)
	return h.Sum()
}

// TestRoundTrip checks that what Put stores Get returns, under its own
// key only, and that Clean empties the cache.
func TestRoundTrip(t *testing.T) {
	c, err := Open(filepath.Join(t.TempDir(), "c"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(key("a")); ok {
		t.Fatal("hit in an empty cache")
	}
	if err := c.Put(key("a"), []byte("result a")); err != nil {
		t.Fatal(err)
	}
	if got, ok := c.Get(key("a")); !ok || string(got) != "result a" {
		t.Fatalf("Get(a) = %q, %v; want the stored result", got, ok)
	}
	if _, ok := c.Get(key("b")); ok {
		t.Fatal("hit for a key never stored")
	}
	if err := Clean(c.Dir()); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(key("a")); ok {
		t.Fatal("hit after Clean")
	}
}

// TestCorrupt checks that a damaged entry is a miss, is removed, and is
// rewritten by the next Put.
func TestCorrupt(t *testing.T) {
	for name, damage := range map[string]func([]byte) []byte{
		"truncated":    func(b []byte) []byte { return b[:len(b)-3] },
		"flipped":      func(b []byte) []byte { b[len(b)-1] ^= 1; return b },
		"other format": func(b []byte) []byte { return bytes.Replace(b, []byte("cache 1"), []byte("cache 0"), 1) },
		"empty":        func(b []byte) []byte { return nil },
	} {
		t.Run(name, func(t *testing.T) {
			c, err := Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			k := key("x")
			if err := c.Put(k, []byte("the result")); err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(c.path(k))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(c.path(k), damage(raw), 0o666); err != nil {
				t.Fatal(err)
			}
			if got, ok := c.Get(k); ok {
				t.Fatalf("a %s entry was trusted: %q", name, got)
			}
			if _, err := os.Stat(c.path(k)); !os.IsNotExist(err) {
				t.Errorf("the %s entry was not removed", name)
			}
			if err := c.Put(k, []byte("the result")); err != nil {
				t.Fatal(err)
			}
			if got, ok := c.Get(k); !ok || string(got) != "the result" {
				t.Errorf("after rewriting: Get = %q, %v", got, ok)
			}
		})
	}
}

// TestHash checks that inputs are delimited: the same bytes split
// differently give different keys.
func TestHash(t *testing.T) {
	var a, b Hash
	a.String("ab")
	a.String("c")
	b.String("a")
	b.String("bc")
	if a.Sum() == b.Sum() {
		t.Error(`("ab","c") and ("a","bc") hash alike`)
	}
	var c Hash
	c.String("ab")
	c.String("c")
	if a.Sum() != c.Sum() {
		t.Error("the same inputs hash differently")
	}
}

// TestDir checks the directory the environment selects.
func TestDir(t *testing.T) {
	if d, err := Dir([]string{Env + "=off"}); err != nil || d != "" {
		t.Errorf("off: Dir = %q, %v; want the cache off", d, err)
	}
	if d, err := Dir([]string{Env + "=/tmp/x", Env + "=/tmp/y"}); err != nil || d != "/tmp/y" {
		t.Errorf("Dir = %q, %v; want the last setting /tmp/y", d, err)
	}
	if _, err := Dir([]string{Env + "=relative"}); err == nil {
		t.Error("a relative directory was accepted")
	}
}

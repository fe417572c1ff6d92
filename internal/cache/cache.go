package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Env is the environment variable naming the cache directory, or "off".
const Env = "CONFHUNT_CACHE"

// magic starts every entry; a new format changes it.
const magic = "confhunt-cache 1\n"

// maxEntry bounds what Get reads: an entry larger than this is corrupt.
const maxEntry = 256 << 20

// Key addresses an entry.
type Key [sha256.Size]byte

func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Cache is a directory of entries.
type Cache struct {
	dir string
}

// Dir returns the cache directory the environment selects: $CONFHUNT_CACHE,
// or os.UserCacheDir()/confhunt. It returns "" when the cache is off.
func Dir(environ []string) (string, error) {
	for i := len(environ) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(environ[i], Env+"="); ok {
			switch {
			case v == "off":
				return "", nil
			case !filepath.IsAbs(v):
				return "", fmt.Errorf("%s=%s: not an absolute directory (or off)", Env, v)
			}
			return v, nil
		}
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (set %s): %w", Env, err)
	}
	return filepath.Join(base, "confhunt"), nil
}

// Open returns the cache in dir, creating the directory.
func Open(dir string) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	return &Cache{dir: dir}, nil
}

// Dir returns the cache's directory.
func (c *Cache) Dir() string { return c.dir }

func (c *Cache) path(k Key) string {
	s := k.String()
	return filepath.Join(c.dir, s[:2], s+"-r")
}

// Get returns the data stored under k. A missing entry is a miss; so is
// an invalid one, which Get removes.
func (c *Cache) Get(k Key) ([]byte, bool) {
	p := c.path(k)
	f, err := os.Open(p)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, false
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxEntry+1))
	if err != nil {
		return nil, false
	}
	data, ok := decode(raw)
	if !ok {
		os.Remove(p)
		return nil, false
	}
	return data, true
}

// Put stores data under k.
func (c *Cache) Put(k Key, data []byte) error {
	p := c.path(k)
	if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	_, err = f.Write(encode(data))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// Clean removes the cache in dir: every entry, and the directory.
func Clean(dir string) error {
	if err := os.RemoveAll(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

func encode(data []byte) []byte {
	sum := sha256.Sum256(data)
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(data)))
	out := make([]byte, 0, len(magic)+len(n)+len(sum)+len(data))
	out = append(out, magic...)
	out = append(out, n[:]...)
	out = append(out, sum[:]...)
	return append(out, data...)
}

func decode(raw []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(raw, []byte(magic))
	if !ok || len(rest) < 8+sha256.Size {
		return nil, false
	}
	n := binary.BigEndian.Uint64(rest[:8])
	sum, data := rest[8:8+sha256.Size], rest[8+sha256.Size:]
	if uint64(len(data)) != n {
		return nil, false
	}
	got := sha256.Sum256(data)
	return data, bytes.Equal(got[:], sum)
}

// Hash builds a Key from a sequence of inputs. Each input is written with
// its length, so that ("ab", "c") and ("a", "bc") differ. The zero Hash
// is ready to use.
type Hash struct {
	h hash.Hash
}

// String adds s.
func (h *Hash) String(s string) { h.Bytes([]byte(s)) }

// Bytes adds b.
func (h *Hash) Bytes(b []byte) {
	if h.h == nil {
		h.h = sha256.New()
	}
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(b)))
	h.h.Write(n[:])
	h.h.Write(b)
}

// Sum returns the key of everything added.
func (h *Hash) Sum() Key {
	if h.h == nil {
		h.h = sha256.New()
	}
	var k Key
	h.h.Sum(k[:0])
	return k
}

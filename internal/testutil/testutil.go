package testutil

import (
	"bufio"
	"cmp"
	"crypto/sha256"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Update makes Golden rewrite golden files instead of comparing.
var Update = flag.Bool("update", false, "rewrite golden files")

// Want is one expectation from a "// want" comment: a list of key:"value"
// facts about the line, such as option:"batch" influence:"size". A fact
// written !key:"value" must not hold.
type Want struct {
	File  string // base name of the file
	Line  int
	Facts []Fact
}

// Fact is one key:"value" of a want comment.
type Fact struct {
	Key, Value string
	Negated    bool
}

var (
	wantRE = regexp.MustCompile(`//\s*want\s+(.*)$`)
	factRE = regexp.MustCompile(`(!?)([a-z]+):"([^"]*)"`)
)

// Wants reads the want comments of the .go files in dir.
func Wants(t testing.TB, dir string) []Want {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []Want
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			m := wantRE.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			w := Want{File: filepath.Base(file), Line: line}
			for _, fm := range factRE.FindAllStringSubmatch(m[1], -1) {
				w.Facts = append(w.Facts, Fact{Key: fm[2], Value: fm[3], Negated: fm[1] == "!"})
			}
			if len(w.Facts) == 0 {
				t.Fatalf("%s:%d: want comment with no key:\"value\" facts", file, line)
			}
			out = append(out, w)
		}
		f.Close()
	}
	slices.SortFunc(out, func(a, b Want) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
	})
	return out
}

// Values returns the values of the non-negated facts with key k.
func (w Want) Values(k string) []string {
	var out []string
	for _, f := range w.Facts {
		if f.Key == k && !f.Negated {
			out = append(out, f.Value)
		}
	}
	return out
}

// Golden compares got with the golden file, or rewrites it under -update.
func Golden(t testing.TB, file string, got []byte) {
	t.Helper()
	if *Update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != string(got) {
		t.Errorf("%s differs (run with -update to accept):\n%s", file, Diff(string(want), string(got)))
	}
}

// Diff is a short line diff of want and got, for failure messages.
func Diff(want, got string) string {
	w := strings.Split(want, "\n")
	g := strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			b.WriteString("- " + a + "\n+ " + c + "\n")
		}
	}
	return b.String()
}

// Checksum hashes the names, modes and contents of every file under dir,
// to prove that a run wrote nothing there.
func Checksum(t testing.TB, dir string) string {
	t.Helper()
	h := sha256.New()
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		names = append(names, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(names)
	for _, n := range names {
		fi, err := os.Lstat(n)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "%s %v %d\n", n, fi.Mode(), fi.Size())
		if fi.Mode().IsRegular() {
			data, _ := os.ReadFile(n)
			h.Write(data)
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// FreePort returns a local TCP address that nothing listens on now.
func FreePort(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// ServiceDir returns the directory of the test service module that the
// counts and hunt tests build and drive (testdata/service here: a server
// with a ready port, its client, and one that ignores SIGINT).
func ServiceDir(t testing.TB) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("testutil: no caller information")
	}
	return filepath.Join(filepath.Dir(file), "testdata", "service")
}

// Tree writes files (slash-separated name → text) under a new temporary
// directory and returns the directory, its symbolic links resolved as
// the go command reports directories.
func Tree(t testing.TB, files map[string]string) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		name = filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// GoEnv isolates the go commands a test runs from the machine's module
// settings and from the network: no GOFLAGS, no go.work but the test's
// own, no module proxy.
func GoEnv(t testing.TB) {
	t.Helper()
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOWORK", "")
	t.Setenv("GOPROXY", "off")
}

// NeedCgo skips t when the go command has no C compiler to run cgo with,
// and otherwise turns cgo on for it.
func NeedCgo(t testing.TB) {
	t.Helper()
	cc, err := exec.Command("go", "env", "CC").Output()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath(strings.TrimSpace(string(cc))); err != nil {
		t.Skipf("no C compiler: %v", err)
	}
	t.Setenv("CGO_ENABLED", "1")
}

// OncePer returns a function that calls load once per key, on the key's
// first use, and hands its value to every later call with that key; an
// error of load fails each test that asks for the key. It is for testdata
// that several tests of a package read and none changes: loading it is
// most of their time.
func OncePer[V any](load func(key string) (V, error)) func(t testing.TB, key string) V {
	var mu sync.Mutex
	loaded := make(map[string]func() (V, error))
	return func(t testing.TB, key string) V {
		t.Helper()
		mu.Lock()
		f := loaded[key]
		if f == nil {
			f = sync.OnceValues(func() (V, error) { return load(key) })
			loaded[key] = f
		}
		mu.Unlock()
		v, err := f()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

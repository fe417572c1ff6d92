package snapshot

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"

	"github.com/confhunt/confhunt/internal/testutil"
)

func read(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func exists(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}

// TestGitAndWorkTree checks that a revision and the working tree are
// copied as they are, and that the repository is left as it was.
func TestGitAndWorkTree(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	repo := t.TempDir()
	first := testutil.Commit(t, repo, "first", map[string]string{
		"a.txt": "one\n", "sub/b.txt": "bee\n", "gone.txt": "x\n", ".gitignore": "*.log\n",
	})
	testutil.Commit(t, repo, "second", map[string]string{"a.txt": "two\n"})
	// Uncommitted: an edit, a deletion, a new file, an ignored one.
	testutil.WriteFiles(t, repo, map[string]string{"a.txt": "three\n", "new.txt": "new\n", "x.log": "ignored\n"})
	if err := os.Remove(filepath.Join(repo, "gone.txt")); err != nil {
		t.Fatal(err)
	}
	before := testutil.State(t, repo)

	dst := filepath.Join(t.TempDir(), "base")
	commit, top, err := Git(ctx, filepath.Join(repo, "sub"), first[:7], dst)
	if err != nil {
		t.Fatal(err)
	}
	if commit != first {
		t.Errorf("commit %s, want %s", commit, first)
	}
	if want, _ := filepath.EvalSymlinks(repo); top != want && top != repo {
		t.Errorf("top %s, want %s", top, repo)
	}
	if got := read(t, filepath.Join(dst, "a.txt")); got != "one\n" {
		t.Errorf("a.txt at the first commit = %q, want one", got)
	}
	if got := read(t, filepath.Join(dst, "sub", "b.txt")); got != "bee\n" {
		t.Errorf("sub/b.txt = %q", got)
	}
	if !exists(filepath.Join(dst, "gone.txt")) || exists(filepath.Join(dst, "new.txt")) {
		t.Error("the revision's copy holds the working tree's files")
	}

	wt := filepath.Join(t.TempDir(), "head")
	if _, err := WorkTree(ctx, repo, wt); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(wt, "a.txt")); got != "three\n" {
		t.Errorf("a.txt in the working tree = %q, want three", got)
	}
	if !exists(filepath.Join(wt, "new.txt")) {
		t.Error("the untracked new.txt is not copied")
	}
	if exists(filepath.Join(wt, "x.log")) || exists(filepath.Join(wt, "gone.txt")) || exists(filepath.Join(wt, ".git")) {
		t.Error("an ignored file, a deleted file or .git is copied")
	}

	if _, _, err := Git(ctx, repo, "no-such-rev", filepath.Join(t.TempDir(), "x")); err == nil || !strings.Contains(err.Error(), "no-such-rev") {
		t.Errorf("a bad revision: error %v, want one naming it", err)
	}
	if after := testutil.State(t, repo); after != before {
		t.Errorf("the repository changed:\nbefore %+v\nafter  %+v", before, after)
	}
}

// TestModule fetches a module version from a file:// proxy made here and
// checks that its files are copied, writable.
func TestModule(t *testing.T) {
	proxy, cache := t.TempDir(), t.TempDir()
	src := t.TempDir()
	testutil.WriteFiles(t, src, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.21\n", "m.go": "package m\n\nfunc F() int { return 1 }\n",
		"vendor/modules.txt": "# example.org/x v1.0.0\n## explicit; go 1.21\nexample.org/x\n", "vendor/example.org/x/x.go": "package x\n",
	})
	mv := module.Version{Path: "example.com/m", Version: "v1.0.0"}
	vdir := filepath.Join(proxy, "example.com", "m", "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		t.Fatal(err)
	}
	zf, err := os.Create(filepath.Join(vdir, "v1.0.0.zip"))
	if err != nil {
		t.Fatal(err)
	}
	if err := modzip.CreateFromDir(zf, mv, src); err != nil {
		t.Fatal(err)
	}
	if err := zf.Close(); err != nil {
		t.Fatal(err)
	}
	testutil.WriteFiles(t, vdir, map[string]string{
		"list": "v1.0.0\n", "v1.0.0.info": `{"Version":"v1.0.0"}`, "v1.0.0.mod": "module example.com/m\n\ngo 1.21\n",
	})
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(proxy))
	t.Setenv("GOSUMDB", "off")
	t.Setenv("GOFLAGS", "-modcacherw")
	t.Setenv("GOMODCACHE", cache)
	t.Cleanup(func() { _ = exec.Command("go", "clean", "-modcache").Run() })

	dst := filepath.Join(t.TempDir(), "m")
	if err := Module(context.Background(), mv.Path, mv.Version, dst); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(dst, "m.go")); !strings.Contains(got, "func F") {
		t.Errorf("m.go = %q", got)
	}
	if err := os.WriteFile(filepath.Join(dst, "m.go"), nil, 0o644); err != nil {
		t.Errorf("the copy is not writable: %v", err)
	}
	// The zip keeps vendor/modules.txt without the vendored packages:
	// the copy has no vendor directory, which would make the go command
	// build from one.
	if _, err := os.Stat(filepath.Join(dst, "vendor")); !os.IsNotExist(err) {
		t.Errorf("the copy has a vendor directory (%v)", err)
	}
	err = Module(context.Background(), mv.Path, "v9.9.9", filepath.Join(t.TempDir(), "x"))
	if err == nil || !strings.Contains(err.Error(), "example.com/m@v9.9.9") {
		t.Errorf("an unknown version: error %v, want one naming it", err)
	}
}

package testutil

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Git runs git in dir with a fixed identity and dates, and no optional
// locks, and returns its trimmed output; it fails the test on error.
func Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GIT_AUTHOR_NAME=test", "GIT_AUTHOR_EMAIL=test@example.com", "GIT_COMMITTER_NAME=test", "GIT_COMMITTER_EMAIL=test@example.com",
		"GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z",
		"GIT_OPTIONAL_LOCKS=0", "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// WriteFiles writes files (name → content) under dir, making directories.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Commit writes files into the git repository dir (made with git init
// when it has none), stages everything and commits with message, and
// returns the commit's hash.
func Commit(t testing.TB, dir, message string, files map[string]string) string {
	t.Helper()
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		Git(t, dir, "init", "-q", "-b", "main")
	}
	WriteFiles(t, dir, files)
	Git(t, dir, "add", "-A")
	Git(t, dir, "commit", "-q", "--allow-empty", "-m", message)
	return Git(t, dir, "rev-parse", "HEAD")
}

// RepoState is what a run must leave as it was in a git repository: the
// porcelain status, the worktree list, the refs and the index's
// modification time.
type RepoState struct {
	Status, Worktrees, Refs string
	Index                   time.Time
}

// State reads the RepoState of the repository dir.
func State(t testing.TB, dir string) RepoState {
	t.Helper()
	fi, err := os.Stat(filepath.Join(dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	return RepoState{
		Status:    Git(t, dir, "status", "--porcelain", "--untracked-files=all"),
		Worktrees: Git(t, dir, "worktree", "list", "--porcelain"),
		Refs:      Git(t, dir, "for-each-ref"),
		Index:     fi.ModTime(),
	}
}

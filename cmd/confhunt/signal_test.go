package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/confhunt/confhunt/internal/leftovers"
)

// TestAbortOnSecond: the second signal, not the first, resets the
// signals' handling, then kills and removes what the Set holds, says
// "confhunt: interrupted" and exits 130, in that order.
func TestAbortOnSecond(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var steps []string
	left := new(leftovers.Set)
	left.Add(dir, func() { steps = append(steps, "kill") })
	var stderr strings.Builder
	signals := make(chan os.Signal, 2)
	exited := make(chan int, 1)
	go abortOnSecond(signals, func() { steps = append(steps, "reset") }, left, &stderr, func(code int) {
		steps = append(steps, "exit")
		exited <- code
	})
	signals <- os.Interrupt
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("the first signal removed the run's directory: %v", err)
	}
	signals <- syscall.SIGTERM
	if code := <-exited; code != exitInterrupted {
		t.Errorf("exit code %d, want %d", code, exitInterrupted)
	}
	if got := strings.Join(steps, " "); got != "reset kill exit" {
		t.Errorf("steps %q, want reset, kill, exit", got)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the run's directory is left after the second signal (%v)", err)
	}
	if stderr.String() != "confhunt: interrupted\n" {
		t.Errorf("stderr %q", stderr.String())
	}
}

// TestGoTmpDir: the go commands' work directory is a new one inside
// $GOTMPDIR, held by the Set until the returned func removes it.
func TestGoTmpDir(t *testing.T) {
	parent := t.TempDir()
	t.Setenv("GOTMPDIR", parent)
	left := new(leftovers.Set)
	remove := goTmpDir(left)
	tmp := os.Getenv("GOTMPDIR")
	if filepath.Dir(tmp) != parent {
		t.Fatalf("GOTMPDIR = %s, want a new directory in %s", tmp, parent)
	}
	if err := os.WriteFile(filepath.Join(tmp, "work"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	remove(false)
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("%s is left after remove (%v)", tmp, err)
	}

	t.Setenv("GOTMPDIR", parent)
	held := goTmpDir(left)
	tmp = os.Getenv("GOTMPDIR")
	if _, err := os.Stat(tmp); err != nil || filepath.Dir(tmp) != parent {
		t.Fatalf("GOTMPDIR = %s (%v), want a new directory in %s", tmp, err, parent)
	}
	left.Abort()
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("%s is left after Abort (%v)", tmp, err)
	}
	held(false)
}

//go:build unix

package runner_test

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/confhunt/confhunt/internal/leftovers"
	"github.com/confhunt/confhunt/internal/runner"
)

// TestAbort: the Abort of a Runner's Leftovers, a second interrupt's cleanup, ends what a
// run is running at once (its process group, a process in it without the
// run's mark, and on Linux a marked process that left the group) and
// removes the run's directory, without waiting for the command to return
// or for Close.
func TestAbort(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	left := new(leftovers.Set)
	r := &runner.Runner{Dir: t.TempDir(), Env: os.Environ(), Stderr: io.Discard, Leftovers: left}
	run, err := r.Start("runner-test-")
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	// The first child leaves the environment that marks the run's
	// processes: only its process group finds it.
	script := `env -i sleep 60 & echo $! > "$CONFHUNT_RUN/child"; `
	_, err = exec.LookPath("setsid")
	escapes := err == nil && runtime.GOOS == "linux"
	if escapes {
		script += `setsid sleep 60 & echo $! > "$CONFHUNT_RUN/escaped"; `
	}
	script += `touch "$CONFHUNT_RUN/started"; wait`
	done := make(chan error, 1)
	go func() { done <- run.Exec(context.Background(), nil, io.Discard, io.Discard, "sh", "-c", script) }()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(filepath.Join(run.Dir, "started")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the command did not start")
		}
	}
	var pids []int
	for _, name := range []string{"child", "escaped"} {
		b, err := os.ReadFile(filepath.Join(run.Dir, name))
		if err != nil {
			if name == "escaped" && !escapes {
				continue
			}
			t.Fatal(err)
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		pids = append(pids, pid)
	}
	left.Abort()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the command still runs after Abort")
	}
	if _, err := os.Stat(run.Dir); !os.IsNotExist(err) {
		t.Errorf("the run's directory is left after Abort (%v)", err)
	}
	for _, pid := range pids {
		for deadline := time.Now().Add(10 * time.Second); running(pid); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Errorf("process %d still runs after Abort", pid)
				syscall.Kill(pid, syscall.SIGKILL)
				break
			}
		}
	}
}

// running says whether pid runs: it exists and is no zombie.
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return runtime.GOOS != "linux"
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

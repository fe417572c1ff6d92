package main

import (
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHangup: a hangup (the terminal confhunt runs in closes) stops a run
// as an interrupt does: the workload it started ends and the run's
// temporary files go, instead of confhunt dying at once and leaving both.
// It looks for the workload in /proc: Linux only.
func TestHangup(t *testing.T) {
	if signal.Ignored(syscall.SIGHUP) {
		t.Skip("hangups are ignored here (nohup), and so by confhunt")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":    "module example.com/m\n\ngo 1.26.0\n",
		"m.go":      "package m\n\nfunc F() {}\n",
		"m_test.go": "package m\n\nimport (\n\t\"os\"\n\t\"testing\"\n\t\"time\"\n)\n\n// TestWait says it started, then waits.\nfunc TestWait(t *testing.T) {\n\tos.WriteFile(os.Getenv(\"STARTED\"), nil, 0o644)\n\ttime.Sleep(time.Minute)\n}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tmp := t.TempDir()
	t.Cleanup(func() { // on every way out: no workload sleeps on
		for _, pid := range runProcs(tmp) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	marker := filepath.Join(t.TempDir(), "started")
	cmd := exec.Command("confhunt-main", "counts", "-o", filepath.Join(t.TempDir(), "c.counts"), "./...", "--", "go", "test", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "STARTED="+marker, "GOFLAGS=-mod=mod", "CONFHUNT_CACHE=off")
	// A file, not a pipe: a workload left running would hold a pipe open.
	stderr, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	logged := func() string { b, _ := os.ReadFile(stderr.Name()); return string(b) }
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if _, err := os.Stat(marker); err == nil {
			break
		}
		select {
		case err := <-done:
			t.Fatalf("confhunt ended before its workload started: %v\n%s", err, logged())
		default:
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the workload did not start\n%s", logged())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitInterrupted {
			t.Errorf("after a hangup: %v, want exit status %d\n%s", err, exitInterrupted, logged())
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("confhunt did not stop after a hangup")
	}
	for _, pid := range runProcs(tmp) {
		t.Errorf("a process of the run (pid %d) still runs after a hangup", pid)
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("%s is left in TMPDIR after a hangup", e.Name())
	}
}

// runProcs lists the live processes whose environment has TMPDIR=tmp:
// those of the run the test started.
func runProcs(tmp string) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil || !strings.Contains(string(env), "TMPDIR="+tmp+"\x00") {
			continue
		}
		if stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat")); err == nil && strings.Contains(string(stat), ") Z ") {
			continue // ended, not yet reaped
		}
		pids = append(pids, pid)
	}
	return pids
}

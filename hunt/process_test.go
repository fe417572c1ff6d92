//go:build unix

package hunt_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/confhunt/confhunt/hunt"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/internal/testutil"
)

// helperEnv switches the test binary into a helper program (see TestMain).
const helperEnv = "CONFHUNT_TEST_HELPER"

// TestMain lets the test binary stand in for programs of a user's
// workload: with helperEnv set, it is a workload that leaves a process
// behind instead of running the tests.
//
//   - spawn: start a grandchild (below), write its pid to the file in
//     $CONFHUNT_TEST_PIDFILE and exit.
//   - spawn-wait: the same, but the grandchild ignores SIGTERM too; then
//     wait to be interrupted.
//   - spawn-exec: the same, then run the rest of the arguments (as go test
//     -exec does) and exit as they do.
//   - grandchild, stubborn-grandchild: in a session of its own, ignoring
//     SIGINT (and SIGTERM), sleep.
func TestMain(m *testing.M) {
	switch mode := os.Getenv(helperEnv); mode {
	case "":
		os.Exit(m.Run())
	case "grandchild", "stubborn-grandchild":
		signal.Ignore(os.Interrupt)
		if mode == "stubborn-grandchild" {
			signal.Ignore(syscall.SIGTERM)
		}
		time.Sleep(time.Hour)
		os.Exit(0)
	case "spawn", "spawn-wait", "spawn-exec":
		gc := exec.Command(os.Args[0])
		gc.Env = append(os.Environ(), helperEnv+"=grandchild")
		if mode == "spawn-wait" {
			gc.Env = append(os.Environ(), helperEnv+"=stubborn-grandchild")
		}
		gc.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := gc.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := os.WriteFile(os.Getenv("CONFHUNT_TEST_PIDFILE"), []byte(strconv.Itoa(gc.Process.Pid)), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		switch mode {
		case "spawn-wait":
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			<-ctx.Done()
			os.Exit(1)
		case "spawn-exec":
			cmd := exec.Command(os.Args[1], os.Args[2:]...)
			cmd.Env = os.Environ()
			for i, kv := range cmd.Env {
				if strings.HasPrefix(kv, helperEnv+"=") {
					cmd.Env[i] = helperEnv + "="
				}
			}
			cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
			if err := cmd.Run(); err != nil {
				os.Exit(1)
			}
		}
		os.Exit(0)
	default:
		fmt.Fprintf(os.Stderr, "unknown %s=%s\n", helperEnv, mode)
		os.Exit(2)
	}
}

// leftover sets the test up for a helper that leaves a grandchild behind,
// and returns a function that waits for the grandchild's pid. The
// grandchild is killed when the test ends, whatever the test found.
func leftover(t *testing.T, mode string) (pid func(ctx context.Context) int) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "pid")
	t.Setenv(helperEnv, mode)
	t.Setenv("CONFHUNT_TEST_PIDFILE", file)
	t.Setenv("TMPDIR", t.TempDir())
	read := func() int {
		data, err := os.ReadFile(file)
		if err != nil {
			return 0
		}
		n, _ := strconv.Atoi(string(data))
		return n
	}
	t.Cleanup(func() {
		if n := read(); n > 0 && running(n) {
			syscall.Kill(n, syscall.SIGKILL)
			var ws syscall.WaitStatus
			syscall.Wait4(n, &ws, 0, nil) // in case it is this process's child
		}
	})
	return func(ctx context.Context) int {
		for ctx.Err() == nil {
			if n := read(); n > 0 {
				return n
			}
			time.Sleep(5 * time.Millisecond)
		}
		return 0
	}
}

// running says whether process pid exists and is no zombie.
func running(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return !errors.Is(err, os.ErrNotExist)
	}
	i := strings.LastIndexByte(string(stat), ')')
	return i < 0 || !strings.HasPrefix(string(stat[i:]), ") Z")
}

// TestLeftoverAfterSuccess: a grandchild that the workload starts in a
// session of its own, ignoring SIGINT, does not outlive a successful run,
// be the workload a go test command or a service's.
func TestLeftoverAfterSuccess(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Run("go test", func(t *testing.T) {
		pid := leftover(t, "spawn-exec")
		r := &hunt.Runner{Runner: runner.Runner{Dir: probeDir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
		// go test -exec runs the helper, which starts the grandchild
		// and then the test binary.
		_, err := r.Probe(context.Background(), nil, nil, runner.Workload{Command: []string{"go", "test", "-exec", self, "-run", "TestWork", "."}})
		if err != nil {
			t.Fatal(err)
		}
		if n := pid(context.Background()); running(n) {
			t.Errorf("the grandchild %d outlived the run", n)
		}
	})
	t.Run("service", func(t *testing.T) {
		pid := leftover(t, "spawn")
		dir := testutil.ServiceDir(t)
		addr := testutil.FreePort(t)
		r := &hunt.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
		_, err := r.Probe(context.Background(), nil, nil, runner.Workload{Build: "./server", Args: []string{"-addr", addr}, Ready: addr, Command: []string{self}})
		if err != nil {
			t.Fatal(err)
		}
		if n := pid(context.Background()); running(n) {
			t.Errorf("the grandchild %d outlived the run", n)
		}
	})
}

// TestLeftoverAfterInterrupt: after an interrupted run, a grandchild that
// ignores SIGINT and SIGTERM in a session of its own is gone too.
func TestLeftoverAfterInterrupt(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pid := leftover(t, "spawn-wait")
	dir := testutil.ServiceDir(t)
	addr := testutil.FreePort(t)
	r := &hunt.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan int, 1)
	go func() {
		n := pid(ctx)
		cancel() // the grandchild is started: interrupt the run
		got <- n
	}()
	_, err = r.Probe(ctx, nil, nil, runner.Workload{Build: "./server", Args: []string{"-addr", addr}, Ready: addr, Command: []string{self}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	n := <-got
	if n == 0 {
		t.Fatal("the helper started no grandchild")
	}
	if running(n) {
		t.Errorf("the grandchild %d outlived the interrupted run", n)
	}
}

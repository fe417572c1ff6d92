package runner_test

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/confhunt/confhunt/internal/runner"
)

func start(t *testing.T, r *runner.Runner) *runner.Run {
	t.Helper()
	t.Setenv("TMPDIR", t.TempDir())
	run, err := r.Start("runner-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := run.Close(); err != nil {
			t.Error(err)
		}
		if _, err := os.Stat(run.Dir); !os.IsNotExist(err) {
			t.Errorf("the run's directory is left behind")
		}
	})
	return run
}

// TestEnv: a command gets the Runner's environment and the run's
// additions, not this process's.
func TestEnv(t *testing.T) {
	t.Setenv("RUNNER_TEST_OWN", "leaked")
	r := &runner.Runner{Dir: t.TempDir(), Env: []string{"RUNNER_TEST_BASE=base"}}
	run := start(t, r)
	var out strings.Builder
	if err := run.Exec(context.Background(), []string{"RUNNER_TEST_ADDED=added"}, &out, io.Discard, "/usr/bin/env"); err != nil {
		t.Fatal(err)
	}
	env := out.String()
	for _, want := range []string{"RUNNER_TEST_BASE=base\n", "RUNNER_TEST_ADDED=added\n", "CONFHUNT_RUN=" + run.Dir + "\n", "GOTMPDIR=" + run.Dir} {
		if !strings.Contains(env, want) {
			t.Errorf("environment lacks %q:\n%s", want, env)
		}
	}
	if strings.Contains(env, "RUNNER_TEST_OWN") {
		t.Errorf("the process's own environment leaked in:\n%s", env)
	}
}

// TestTimeout: a command past the Runner's Timeout fails with ErrTimeout;
// one canceled by its caller fails with the context's error, not as a
// failure of the user's code.
func TestTimeout(t *testing.T) {
	r := &runner.Runner{Dir: t.TempDir(), Env: os.Environ(), Stderr: io.Discard, Timeout: 100 * time.Millisecond}
	run := start(t, r)
	err := run.ExecWorkload(context.Background(), nil, io.Discard, []string{"sleep", "60"})
	if !errors.Is(err, runner.ErrTimeout) || errors.Is(err, runner.ErrWorkload) {
		t.Errorf("err = %v, want ErrTimeout alone", err)
	}

	r.Timeout = 0
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	r.Command = func(ctx context.Context, name string, args ...string) *exec.Cmd {
		close(started)
		return exec.CommandContext(ctx, name, args...)
	}
	go func() { <-started; cancel() }()
	err = run.ExecWorkload(ctx, nil, io.Discard, []string{"sleep", "60"})
	if !errors.Is(err, context.Canceled) || errors.Is(err, runner.ErrTimeout) || errors.Is(err, runner.ErrWorkload) {
		t.Errorf("err = %v, want context.Canceled alone", err)
	}
}

// TestFailures: a failing workload is ErrWorkload; a service that does not
// build is ErrBuild; neither runs anything further.
func TestFailures(t *testing.T) {
	r := &runner.Runner{Dir: t.TempDir(), Env: os.Environ(), Stderr: io.Discard}
	run := start(t, r)
	err := run.ExecWorkload(context.Background(), nil, io.Discard, []string{"false"})
	if !errors.Is(err, runner.ErrWorkload) || err.Error() != "the workload failed (exit status 1)" {
		t.Errorf("failing workload: %v", err)
	}
	// A fake go command that fails the build; the workload never runs.
	var ran []string
	r.Command = func(ctx context.Context, name string, args ...string) *exec.Cmd {
		ran = append(ran, name)
		return exec.CommandContext(ctx, "sh", "-c", "echo cannot build >&2; exit 1")
	}
	_, _, err = run.Service(context.Background(), runner.Workload{Build: "./svc", Command: []string{"client"}}, nil, nil, io.Discard)
	if !errors.Is(err, runner.ErrBuild) || !strings.Contains(err.Error(), "building ./svc") || !strings.Contains(err.Error(), "cannot build") {
		t.Errorf("service build: %v", err)
	}
	if len(ran) != 1 || ran[0] != "go" {
		t.Errorf("ran %v, want only the go build", ran)
	}
}

func TestCheckGoTest(t *testing.T) {
	refused := runner.Flag{Name: "cover", Why: "not here"}
	for _, tc := range []struct {
		cmd  []string
		want string
	}{
		{[]string{"go", "test", "-run", "X", "./..."}, ""},
		{[]string{"go", "test", "-args", "-cover", "-c"}, ""},
		{[]string{"go", "test", "-c"}, "the go test command sets -c: "},
		{[]string{"go", "test", "--o=x"}, "the go test command sets -o: "},
		{[]string{"go", "test", "-cover"}, "the go test command sets -cover: not here"},
		{[]string{"make", "test"}, "the workload must be a go test command"},
		{[]string{"go"}, "the workload must be a go test command"},
	} {
		err := runner.CheckGoTest(tc.cmd, refused)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v: %v", tc.cmd, err)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
			t.Errorf("%v: err = %v, want %q", tc.cmd, err, tc.want)
		}
	}
}

func TestCheckReady(t *testing.T) {
	for addr, ok := range map[string]bool{"127.0.0.1:7391": true, "localhost:http": true, ":80": true, "7391": false, "host:": false, "host:nosuchservice": false} {
		if err := runner.CheckReady(addr); (err == nil) != ok {
			t.Errorf("CheckReady(%q) = %v", addr, err)
		}
	}
}

// TestIn: a run moved to another directory runs its commands there, with
// the same mark and temporary directory.
func TestIn(t *testing.T) {
	r := &runner.Runner{Dir: t.TempDir(), Env: os.Environ()}
	run := start(t, r)
	other := t.TempDir()
	var out strings.Builder
	if err := run.In(other).Exec(context.Background(), nil, &out, io.Discard, "sh", "-c", "pwd; echo $CONFHUNT_RUN"); err != nil {
		t.Fatal(err)
	}
	if want := other + "\n" + run.Dir + "\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
	out.Reset()
	if err := run.Exec(context.Background(), nil, &out, io.Discard, "pwd"); err != nil {
		t.Fatal(err)
	}
	if out.String() != r.Dir+"\n" {
		t.Errorf("the original run moved too: %q", out.String())
	}
}

func TestSplitGoTest(t *testing.T) {
	for _, tc := range []struct {
		cmd                   []string
		build, packages, test string
		err                   string
	}{
		{cmd: []string{"go", "test"}, test: "-test.timeout=10m0s"},
		{
			cmd:      []string{"go", "test", "-run", "^$", "-bench=.", "-benchtime", "5x", "-tags", "a,b", "-race", "--count=3", "-v", "./...", "example.com/x"},
			build:    "-tags=a,b -race",
			packages: "./... example.com/x",
			test:     "-test.run=^$ -test.bench=. -test.benchtime=5x -test.count=3 -test.v -test.timeout=10m0s",
		},
		{cmd: []string{"go", "test", "-timeout=1m", "-vet=off", "-mod", "vendor", "."}, build: "-mod=vendor", packages: ".", test: "-test.timeout=1m"},
		{cmd: []string{"go", "test", "-json", "."}, err: "the go test command sets -json: go test converts the output"},
		{cmd: []string{"go", "test", "-cpuprofile", "c.out", "."}, err: "the go test command sets -cpuprofile"},
		{cmd: []string{"go", "test", ".", "-args", "-x"}, err: "passes -args to the test binaries"},
		{cmd: []string{"go", "test", "-frobnicate", "."}, err: "does not know the go test flag -frobnicate"},
		{cmd: []string{"go", "test", "-run"}, err: "the go test flag -run has no value"},
		{cmd: []string{"go", "test", "-c"}, err: "the go test command sets -c"},
	} {
		gt, err := runner.SplitGoTest(tc.cmd)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: err = %v, want %q", tc.cmd, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v: %v", tc.cmd, err)
			continue
		}
		got := []string{strings.Join(gt.Build, " "), strings.Join(gt.Packages, " "), strings.Join(gt.Test, " ")}
		if want := []string{tc.build, tc.packages, tc.test}; strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%v:\n got build %q, packages %q, test %q\nwant build %q, packages %q, test %q", tc.cmd, got[0], got[1], got[2], want[0], want[1], want[2])
		}
	}
}

package runner

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/confhunt/confhunt/internal/leftovers"
)

var (
	// ErrBuild is the error of the user's program failing to build.
	ErrBuild = errors.New("the build failed")
	// ErrWorkload is the error of a workload command, or the service it
	// drives, failing.
	ErrWorkload = errors.New("the workload failed")
	// ErrTimeout is the error of a command running past Runner.Timeout.
	ErrTimeout = errors.New("the run timed out")
)

// failure marks err as a failure of kind (ErrBuild, ErrWorkload or
// ErrTimeout). Its message is err's.
func failure(kind, err error) error { return &failed{err, kind} }

type failed struct{ err, kind error }

func (f *failed) Error() string   { return f.err.Error() }
func (f *failed) Unwrap() []error { return []error{f.err, f.kind} }

// Runner runs commands for confhunt's stages. Its Command field makes the
// processes, so that tests can replace them.
type Runner struct {
	Dir            string    // the module root: where go commands and the workload run
	Env            []string  // the environment of every command (os.Environ() for confhunt's own)
	Stdout, Stderr io.Writer // the workload's and the service's output
	Log            io.Writer // progress
	Grace          time.Duration
	ReadyTimeout   time.Duration
	// Timeout bounds each command a run executes (zero: no bound). A
	// command that runs longer is ended and fails with ErrTimeout.
	Timeout time.Duration
	// Leftovers, if not nil, holds each run until it is closed: its
	// Abort ends the run's processes and removes its directory at once.
	Leftovers *leftovers.Set

	// Command returns the command to run; nil means exec.CommandContext
	// in its own process group, interrupted as a group when ctx is done.
	Command func(ctx context.Context, name string, args ...string) *exec.Cmd
}

// Workload says what a run runs: the user's go test command, or a
// service built from Build, started with Args, ready on Ready, and driven
// by Command.
type Workload struct {
	Command []string
	Build   string
	Args    []string
	Ready   string
}

// Run is one run: a temporary directory for its files, and the processes
// started for it, which carry its mark.
type Run struct {
	Dir string
	r   *Runner
	// groups holds the process groups its commands lead and that have
	// not ended yet, shared with the runs In returns.
	groups *groups
	forget func() // leaves leftovers' account once closed
}

type groups struct {
	sync.Mutex
	pgids map[int]bool
}

// Start makes a run in a new temporary directory whose name starts with
// prefix. The caller must Close it. Until then the Runner's Leftovers
// hold it.
func (r *Runner) Start(prefix string) (*Run, error) {
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		return nil, err
	}
	run := &Run{Dir: dir, r: r, groups: &groups{pgids: make(map[int]bool)}}
	run.forget = r.Leftovers.Add(dir, run.killNow)
	return run, nil
}

// killNow ends every process of the run at once, with SIGKILL, without
// waiting for them: for a second interrupt, which does not wait for
// Close.
func (run *Run) killNow() {
	run.groups.Lock()
	pgids := make([]int, 0, len(run.groups.pgids))
	for pgid := range run.groups.pgids {
		pgids = append(pgids, pgid)
	}
	run.groups.Unlock()
	slices.Sort(pgids)
	for _, pgid := range pgids {
		killGroupNow(pgid)
	}
	killTreeNow(runMark(run.Dir)) // those that left their groups
}

// started records cmd's process group, once cmd has started, and ended
// forgets it once the group has ended.
func (run *Run) started(cmd *exec.Cmd) {
	if pgid, ok := groupOf(cmd); ok {
		run.groups.Lock()
		run.groups.pgids[pgid] = true
		run.groups.Unlock()
	}
}

func (run *Run) ended(cmd *exec.Cmd) {
	if pgid, ok := groupOf(cmd); ok {
		run.groups.Lock()
		delete(run.groups.pgids, pgid)
		run.groups.Unlock()
	}
}

// In returns the run with its commands run in dir instead of the
// Runner's Dir: the same temporary directory and mark, so that the
// original's Close ends them too. Only the original is to be closed.
func (run *Run) In(dir string) *Run {
	r := *run.r
	r.Dir = dir
	return &Run{Dir: run.Dir, r: &r, groups: run.groups}
}

// Close ends every process of the run still running, wherever it went,
// and removes the run's directory.
func (run *Run) Close() error {
	endTree(runMark(run.Dir)) // first: what the run left running may use the directory
	err := os.RemoveAll(run.Dir)
	if run.forget != nil {
		run.forget()
	}
	return err
}

// command returns the command for name in its own process group. Its
// GOTMPDIR is a directory inside the run's, so that the work directories
// of go commands (go-build*) go with the run even when go is interrupted
// before it removes them itself; and its environment holds the run's
// mark, so that Close finds every process the run started, whichever
// process group or parent it ends up with.
func (run *Run) command(ctx context.Context, dir string, env []string, name string, args ...string) (*exec.Cmd, error) {
	if err := subreaper(); err != nil {
		return nil, fmt.Errorf("becoming the subreaper of the run's processes: %w", err)
	}
	gotmp := filepath.Join(run.Dir, "gotmp")
	if err := os.MkdirAll(gotmp, 0o755); err != nil {
		return nil, err
	}
	env = append(append(slices.Clip(run.r.Env), env...), "GOTMPDIR="+gotmp, runMark(run.Dir))
	var cmd *exec.Cmd
	if run.r.Command != nil {
		cmd = run.r.Command(ctx, name, args...)
	} else {
		cmd = exec.CommandContext(ctx, name, args...)
		if err := inGroup(cmd); err != nil {
			return nil, err
		}
		cmd.WaitDelay = 10 * time.Second
	}
	cmd.Env = env
	cmd.Dir = cmp.Or(dir, run.r.Dir)
	return cmd, nil
}

// runMark is the environment variable that marks the processes of the run
// whose temporary directory is tmp.
func runMark(tmp string) string { return markKey + "=" + tmp }

// markKey is the name of the variable that marks processes.
const markKey = "CONFHUNT_RUN"

// Exec runs name with args in the module root, its environment the
// Runner's and env, and returns once its whole process group has ended.
// The error is ctx's when ctx is done, one wrapping ErrTimeout when the
// command ran past the Runner's Timeout, or else the command's own.
func (run *Run) Exec(ctx context.Context, env []string, stdout, stderr io.Writer, name string, args ...string) error {
	return run.execIn(ctx, "", env, stdout, stderr, name, args...)
}

// execIn is Exec in the directory dir ("" is the module root).
func (run *Run) execIn(ctx context.Context, dir string, env []string, stdout, stderr io.Writer, name string, args ...string) error {
	cctx := ctx
	if run.r.Timeout > 0 {
		var cancel context.CancelFunc
		cctx, cancel = context.WithTimeout(ctx, run.r.Timeout)
		defer cancel()
	}
	cmd, err := run.command(cctx, dir, env, name, args...)
	if err != nil {
		return err
	}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := run.runCmd(cmd); err != nil {
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case cctx.Err() != nil:
			return failure(ErrTimeout, fmt.Errorf("%s did not end within %v and was stopped", strings.Join(append([]string{name}, args...), " "), run.r.Timeout))
		}
		return err
	}
	return nil
}

// ExecWorkload runs the command argv as Exec does, its output to stdout
// and the Runner's Stderr; a command that fails is an error wrapping
// ErrWorkload.
func (run *Run) ExecWorkload(ctx context.Context, env []string, stdout io.Writer, argv []string) error {
	err := run.Exec(ctx, env, stdout, run.r.Stderr, argv[0], argv[1:]...)
	if err == nil || ctx.Err() != nil || errors.Is(err, ErrTimeout) {
		return err
	}
	return fmt.Errorf("%w (%v)", ErrWorkload, err)
}

// runCmd runs cmd and returns only once its whole process group has ended:
// what the leader left behind is interrupted, then killed after a grace
// period, so that the caller may remove the run's temporary directory.
func (run *Run) runCmd(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	run.started(cmd)
	err := cmd.Wait()
	endGroup(cmd)
	run.ended(cmd)
	return err
}

// Logf writes a line of progress to the Runner's Log, if any.
func (r *Runner) Logf(format string, args ...any) {
	if r.Log != nil {
		fmt.Fprintf(r.Log, "confhunt: "+format+"\n", args...)
	}
}

// Flag is a go test flag that a run refuses, and why.
type Flag struct{ Name, Why string }

// writeFlags write a test binary into the user's tree instead of running it.
var writeFlags = []Flag{
	{"c", "it writes a test binary into your tree instead of running the tests; confhunt builds and runs them itself"},
	{"o", "it writes a test binary into your tree; confhunt builds and runs the tests itself"},
}

// CheckGoTest checks that goTest is a go test command that sets neither
// -c nor -o, which write a test binary into the user's tree, nor any of
// refused. What follows -args is the test binary's, and not checked.
func CheckGoTest(goTest []string, refused ...Flag) error {
	if len(goTest) < 2 || filepath.Base(goTest[0]) != "go" || goTest[1] != "test" {
		return errors.New("the workload must be a go test command (go test [flags] [packages]); use -build for a service")
	}
	flags := append(slices.Clip(writeFlags), refused...)
	for _, a := range goTest[2:] {
		name, ok := strings.CutPrefix(a, "-")
		if !ok {
			continue
		}
		name = strings.TrimPrefix(name, "-")
		name, _, _ = strings.Cut(name, "=")
		if name == "args" {
			break
		}
		for _, f := range flags {
			if name == f.Name {
				return fmt.Errorf("the go test command sets -%s: %s", f.Name, f.Why)
			}
		}
	}
	return nil
}

// Service builds the main package w.Build with the build flags (-cover
// or -overlay) into the run's directory, starts it with w.Args and env,
// waits until w.Ready accepts connections, runs the workload w.Command
// (its output to stdout) and stops the service with SIGINT. stopErr says
// how stopping went (a service that exited early, died of a signal, or had
// to be killed after the Runner's Grace); err is any other failure, after
// which nothing is left running.
func (run *Run) Service(ctx context.Context, w Workload, flags, env []string, stdout io.Writer) (wall time.Duration, stopErr, err error) {
	r := run.r
	if len(w.Command) == 0 {
		return 0, nil, errors.New("no workload command after --")
	}
	if w.Ready != "" {
		if err := CheckReady(w.Ready); err != nil {
			return 0, nil, err
		}
	}
	bin := filepath.Join(run.Dir, "service")
	var out strings.Builder
	if err := run.Exec(ctx, env, &out, &out, "go", append(append([]string{"build"}, flags...), "-o", bin, w.Build)...); err != nil {
		if ctx.Err() != nil || errors.Is(err, ErrTimeout) {
			return 0, nil, err
		}
		return 0, nil, failure(ErrBuild, fmt.Errorf("building %s: %v\n%s", w.Build, err, strings.TrimSpace(out.String())))
	}
	// go build -o writes a package archive for a package that is no
	// program, which cannot be started.
	if fi, err := os.Stat(bin); err != nil {
		return 0, nil, fmt.Errorf("building %s: %w", w.Build, err)
	} else if fi.Mode()&0o111 == 0 {
		return 0, nil, fmt.Errorf("building %s: not a main package; -build takes the main package of the service", w.Build)
	}
	r.Logf("starting %s", strings.Join(append([]string{w.Build}, w.Args...), " "))
	svc, err := run.command(ctx, "", env, bin, w.Args...)
	if err != nil {
		return 0, nil, err
	}
	svc.Stdout, svc.Stderr = r.Stderr, r.Stderr
	if err := svc.Start(); err != nil {
		return 0, nil, fmt.Errorf("starting %s: %w", w.Build, err)
	}
	run.started(svc)
	p := &process{cmd: svc, done: make(chan struct{})}
	go func() { p.err = svc.Wait(); endGroup(svc); run.ended(svc); close(p.done) }()
	stopped := false
	stop := func() error {
		if stopped {
			return nil
		}
		stopped = true
		return r.stop(p)
	}
	defer stop() // on every early return: nothing is left running
	if w.Ready != "" {
		if err := r.waitReady(ctx, w.Ready, p); err != nil {
			return 0, nil, err
		}
	}
	r.Logf("running the workload: %s", strings.Join(w.Command, " "))
	start := time.Now()
	if err := run.ExecWorkload(ctx, env, stdout, w.Command); err != nil {
		return 0, nil, err
	}
	wall = time.Since(start)
	return wall, stop(), nil
}

// process is a started service; err is set when done is closed.
type process struct {
	cmd  *exec.Cmd
	done chan struct{}
	err  error
}

// stop interrupts the service and waits for it to return from main.
func (r *Runner) stop(p *process) error {
	select {
	case <-p.done: // it stopped by itself
		if p.err != nil {
			return failure(ErrWorkload, fmt.Errorf("the service exited before the workload ended: %v", p.err))
		}
		return nil
	default:
	}
	_ = p.cmd.Process.Signal(os.Interrupt) // if it exited meanwhile, done tells below
	grace := r.Grace
	if grace == 0 {
		grace = 10 * time.Second
	}
	select {
	case <-p.done:
		var ee *exec.ExitError
		if errors.As(p.err, &ee) && !ee.Exited() {
			return failure(ErrWorkload, fmt.Errorf("the service died of %v instead of returning from main; no counters were written", ee.ProcessState))
		}
		return nil
	case <-time.After(grace):
		_ = killGroup(p.cmd) // waiting on done below reports how it ended
		<-p.done
		return failure(ErrWorkload, fmt.Errorf("the service did not exit within %v of SIGINT and was killed; no counters were written (it must return from main on SIGINT or SIGTERM)", grace))
	}
}

// CheckReady checks that addr is a host:port that a service can be
// waited on.
func CheckReady(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err == nil && port == "" {
		err = errors.New("no port")
	}
	if err == nil {
		_, err = net.LookupPort("tcp", port)
	}
	if err != nil {
		return fmt.Errorf("want host:port (%v)", err)
	}
	return nil
}

// waitReady polls addr until it accepts a connection.
func (r *Runner) waitReady(ctx context.Context, addr string, p *process) error {
	timeout := r.ReadyTimeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	deadline := time.Now().Add(timeout)
	for {
		conn, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			conn.Close()
			return nil
		}
		select {
		case <-p.done:
			return failure(ErrWorkload, fmt.Errorf("the service exited before it was ready: %v", p.err))
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return failure(ErrWorkload, fmt.Errorf("the service did not accept connections on %s within %v", addr, timeout))
		}
	}
}

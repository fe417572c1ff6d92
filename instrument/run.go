package instrument

import (
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
	"time"
)

// ErrWorkload is the error of a workload command that failed.
var ErrWorkload = errors.New("the workload failed")

// Runner runs in-house runs. Its Command field makes the processes, so
// that tests can replace them.
type Runner struct {
	Dir            string    // the module root: where go commands and the workload run
	Stdout, Stderr io.Writer // the workload's and the service's output
	Log            io.Writer // progress
	Grace          time.Duration
	ReadyTimeout   time.Duration

	// Command returns the command to run; nil means exec.CommandContext
	// in its own process group, interrupted as a group when ctx is done.
	Command func(ctx context.Context, name string, args ...string) *exec.Cmd
}

// command returns the command for name in its own process group. tmp is
// the run's temporary directory: the command's GOTMPDIR is a directory
// inside it, so that the work directories of go commands (go-build*) go
// with tmp even when go is interrupted before it removes them itself; and
// its environment holds runMark(tmp), so that endTree finds every process
// the run started, whichever process group or parent it ends up with.
func (r *Runner) command(ctx context.Context, tmp string, env []string, name string, args ...string) (*exec.Cmd, error) {
	if err := subreaper(); err != nil {
		return nil, fmt.Errorf("becoming the subreaper of the run's processes: %w", err)
	}
	gotmp := filepath.Join(tmp, "gotmp")
	if err := os.MkdirAll(gotmp, 0o755); err != nil {
		return nil, err
	}
	if env == nil {
		env = os.Environ()
	}
	env = append(slices.Clip(env), "GOTMPDIR="+gotmp, runMark(tmp))
	if r.Command != nil {
		cmd := r.Command(ctx, name, args...)
		cmd.Env = env
		return cmd, nil
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = env
	if err := inGroup(cmd); err != nil {
		return nil, err
	}
	cmd.WaitDelay = 10 * time.Second
	return cmd, nil
}

// runMark is the environment variable that marks the processes of the run
// whose temporary directory is tmp.
func runMark(tmp string) string { return "CONFHUNT_RUN=" + tmp }

// run runs cmd and returns only once its whole process group has ended:
// what the leader left behind is interrupted, then killed after a grace
// period, so that the caller may remove the run's temporary directory.
func (r *Runner) run(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	err := cmd.Wait()
	endGroup(cmd)
	return err
}

func (r *Runner) logf(format string, args ...any) {
	if r.Log != nil {
		fmt.Fprintf(r.Log, "confhunt: "+format+"\n", args...)
	}
}

// Tests runs a go test command with coverage counters in count mode over
// pkgs and returns the profile. goTest is the user's command, which must
// start with "go test".
func (r *Runner) Tests(ctx context.Context, pkgs []string, goTest []string) (*Profile, error) {
	if err := CheckTests(goTest); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "confhunt-counts-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	defer endTree(runMark(tmp)) // first: what the run left running may use tmp
	profile := filepath.Join(tmp, "cover.out")
	args := append([]string{"test", "-covermode=count", "-coverpkg=" + strings.Join(pkgs, ","), "-coverprofile=" + profile}, goTest[2:]...)
	r.logf("running go %s", strings.Join(args, " "))
	cmd, err := r.command(ctx, tmp, nil, goTest[0], args...)
	if err != nil {
		return nil, err
	}
	cmd.Dir = r.Dir
	cmd.Stdout, cmd.Stderr = r.Stdout, r.Stderr
	if err := r.run(cmd); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%w (%v); no counts were written", ErrWorkload, err)
	}
	return readProfile(profile)
}

// goTestFlag is a go test flag that a run cannot pass on, and why.
type goTestFlag struct{ name, why string }

// writeFlags write a test binary into the user's tree instead of running it.
var writeFlags = []goTestFlag{
	{"c", "it writes a test binary into your tree instead of running the tests; confhunt builds and runs them itself"},
	{"o", "it writes a test binary into your tree; confhunt builds and runs the tests itself"},
}

// countsFlags are the flags a counts run sets itself.
var countsFlags = append(slices.Clip(writeFlags),
	goTestFlag{"cover", "confhunt sets the coverage flags itself"},
	goTestFlag{"covermode", "confhunt sets the coverage flags itself"},
	goTestFlag{"coverpkg", "confhunt sets the coverage flags itself"},
	goTestFlag{"coverprofile", "confhunt sets the coverage flags itself"},
	goTestFlag{"overlay", "counts are taken on your files as they are"},
)

// probeFlags are the flags a probe run cannot combine with its overlay.
var probeFlags = append(slices.Clip(writeFlags),
	goTestFlag{"cover", coverWhy},
	goTestFlag{"covermode", coverWhy},
	goTestFlag{"coverpkg", coverWhy},
	goTestFlag{"coverprofile", coverWhy},
	goTestFlag{"overlay", "confhunt passes its own overlay, which holds the probes"},
)

const coverWhy = "go ignores the probes' overlay for packages built with coverage (golang/go#73802); take coverage with confhunt counts"

// checkGoTest checks that goTest is a go test command that sets none of
// the flags. What follows -args is the test binary's, and not checked.
func checkGoTest(goTest []string, flags []goTestFlag) error {
	if len(goTest) < 2 || filepath.Base(goTest[0]) != "go" || goTest[1] != "test" {
		return errors.New("the workload must be a go test command (go test [flags] [packages]); use -build for a service")
	}
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
			if name == f.name {
				return fmt.Errorf("the go test command sets -%s: %s", f.name, f.why)
			}
		}
	}
	return nil
}

// CheckTests checks, before anything runs, that goTest is a go test
// command that Runner.Tests can run.
func CheckTests(goTest []string) error {
	return checkGoTest(goTest, countsFlags)
}

func readProfile(name string) (*Profile, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("the run wrote no coverage profile: %w", err)
	}
	defer f.Close()
	return Parse(name, f)
}

// Service builds the package build with coverage counters over pkgs,
// starts it with args and a fresh GOCOVERDIR, waits until ready (a TCP
// address that accepts connections; empty means no wait), runs the
// workload, stops the service with SIGINT and returns the merged profile.
// A service still running Grace after SIGINT is killed, and the run fails:
// a killed process writes no counters.
func (r *Runner) Service(ctx context.Context, pkgs []string, build string, args []string, ready string, workload []string) (*Profile, error) {
	tmp, err := os.MkdirTemp("", "confhunt-counts-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	defer endTree(runMark(tmp)) // first: what the run left running may use tmp
	covdir := filepath.Join(tmp, "covdata")
	if err := os.Mkdir(covdir, 0o755); err != nil {
		return nil, err
	}

	r.logf("building %s with coverage counters", build)
	flags := []string{"-cover", "-covermode=atomic", "-coverpkg=" + strings.Join(pkgs, ",")}
	env := append(os.Environ(), "GOCOVERDIR="+covdir)
	_, stopErr, err := r.runService(ctx, tmp, flags, build, args, env, ready, workload, r.Stdout)
	if err != nil {
		if errors.Is(err, ErrWorkload) {
			return nil, fmt.Errorf("%w; no counts were written", err)
		}
		return nil, err
	}
	if stopErr != nil {
		return nil, stopErr
	}

	var out strings.Builder
	prof := filepath.Join(tmp, "cover.txt")
	td, err := r.command(ctx, tmp, nil, "go", "tool", "covdata", "textfmt", "-i="+covdir, "-o="+prof)
	if err != nil {
		return nil, err
	}
	td.Dir = r.Dir
	td.Stdout, td.Stderr = &out, &out
	if err := r.run(td); err != nil {
		return nil, fmt.Errorf("go tool covdata: %v\n%s", err, strings.TrimSpace(out.String()))
	}
	return readProfile(prof)
}

// runService builds the service with the given build flags into dir,
// starts it with args and env, waits until ready accepts connections,
// runs the workload (its output to stdout) and stops the service with
// SIGINT. stopErr says how stopping went (a service that had to be
// killed); err is any other failure, after which nothing is left running.
func (r *Runner) runService(ctx context.Context, dir string, flags []string, build string, args, env []string, ready string, workload []string, stdout io.Writer) (wall time.Duration, stopErr, err error) {
	if len(workload) == 0 {
		return 0, nil, errors.New("no workload command after --")
	}
	if ready != "" {
		if err := CheckReady(ready); err != nil {
			return 0, nil, err
		}
	}
	bin := filepath.Join(dir, "service")
	gob, err := r.command(ctx, dir, env, "go", append(append([]string{"build"}, flags...), "-o", bin, build)...)
	if err != nil {
		return 0, nil, err
	}
	gob.Dir = r.Dir
	var out strings.Builder
	gob.Stdout, gob.Stderr = &out, &out
	if err := r.run(gob); err != nil {
		if ctx.Err() != nil {
			return 0, nil, ctx.Err()
		}
		return 0, nil, failure(ErrBuild, fmt.Errorf("building %s: %v\n%s", build, err, strings.TrimSpace(out.String())))
	}
	// go build -o writes a package archive for a package that is no
	// program, which cannot be started.
	if fi, err := os.Stat(bin); err != nil {
		return 0, nil, fmt.Errorf("building %s: %w", build, err)
	} else if fi.Mode()&0o111 == 0 {
		return 0, nil, fmt.Errorf("building %s: not a main package; -build takes the main package of the service", build)
	}
	r.logf("starting %s", strings.Join(append([]string{build}, args...), " "))
	svc, err := r.command(ctx, dir, env, bin, args...)
	if err != nil {
		return 0, nil, err
	}
	svc.Dir = r.Dir
	svc.Stdout, svc.Stderr = r.Stderr, r.Stderr
	if err := svc.Start(); err != nil {
		return 0, nil, fmt.Errorf("starting %s: %w", build, err)
	}
	p := &process{cmd: svc, done: make(chan struct{})}
	go func() { p.err = svc.Wait(); endGroup(svc); close(p.done) }()
	stopped := false
	stop := func() error {
		if stopped {
			return nil
		}
		stopped = true
		return r.stop(p)
	}
	defer stop() // on every early return: nothing is left running
	if ready != "" {
		if err := r.waitReady(ctx, ready, p); err != nil {
			return 0, nil, err
		}
	}
	r.logf("running the workload: %s", strings.Join(workload, " "))
	wl, err := r.command(ctx, dir, env, workload[0], workload[1:]...)
	if err != nil {
		return 0, nil, err
	}
	wl.Dir = r.Dir
	wl.Stdout, wl.Stderr = stdout, r.Stderr
	start := time.Now()
	if err := r.run(wl); err != nil {
		if ctx.Err() != nil {
			return 0, nil, ctx.Err()
		}
		return 0, nil, fmt.Errorf("%w (%v)", ErrWorkload, err)
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

// Packages lists the import paths to count: the analysed packages, without
// test variants and generated test mains.
func Packages(paths []string) []string {
	var out []string
	for _, p := range paths {
		if strings.Contains(p, " ") || strings.HasSuffix(p, ".test") || strings.HasSuffix(p, "_test") {
			continue
		}
		out = append(out, p)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

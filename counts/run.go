package counts

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/confhunt/confhunt/internal/runner"
)

// Runner takes in-house runs: the user's tests, or a service under a
// workload, with Go's coverage counters.
type Runner struct {
	runner.Runner
}

// countsFlags are the go test flags a counts run sets itself.
var countsFlags = []runner.Flag{
	{Name: "cover", Why: "confhunt sets the coverage flags itself"},
	{Name: "covermode", Why: "confhunt sets the coverage flags itself"},
	{Name: "coverpkg", Why: "confhunt sets the coverage flags itself"},
	{Name: "coverprofile", Why: "confhunt sets the coverage flags itself"},
	{Name: "overlay", Why: "counts are taken on your files as they are"},
}

// CheckTests checks, before anything runs, that goTest is a go test
// command that Runner.Tests can run.
func CheckTests(goTest []string) error {
	return runner.CheckGoTest(goTest, countsFlags...)
}

// Tests runs a go test command with coverage counters in count mode over
// pkgs and returns the profile. goTest is the user's command, which must
// start with "go test".
func (r *Runner) Tests(ctx context.Context, pkgs []string, goTest []string) (*Profile, error) {
	if err := CheckTests(goTest); err != nil {
		return nil, err
	}
	run, err := r.Start("confhunt-counts-")
	if err != nil {
		return nil, err
	}
	defer run.Close()
	profile := filepath.Join(run.Dir, "cover.out")
	args := append([]string{"test", "-covermode=count", "-coverpkg=" + strings.Join(pkgs, ","), "-coverprofile=" + profile}, goTest[2:]...)
	r.Logf("running go %s", strings.Join(args, " "))
	if err := run.ExecWorkload(ctx, nil, r.Stdout, append([]string{goTest[0]}, args...)); err != nil {
		if errors.Is(err, runner.ErrWorkload) {
			return nil, fmt.Errorf("%w; no counts were written", err)
		}
		return nil, err
	}
	return readProfile(profile)
}

func readProfile(name string) (*Profile, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("the run wrote no coverage profile: %w", err)
	}
	defer f.Close()
	return Parse(name, f)
}

// Service builds the main package w.Build with coverage counters over
// pkgs, starts it with w.Args and a fresh GOCOVERDIR, waits until w.Ready
// accepts connections (empty means no wait), runs the workload w.Command,
// stops the service with SIGINT and returns the merged profile. A service
// still running the Runner's Grace after SIGINT is killed, and the run
// fails: a killed process writes no counters.
func (r *Runner) Service(ctx context.Context, pkgs []string, w runner.Workload) (*Profile, error) {
	run, err := r.Start("confhunt-counts-")
	if err != nil {
		return nil, err
	}
	defer run.Close()
	covdir := filepath.Join(run.Dir, "covdata")
	if err := os.Mkdir(covdir, 0o755); err != nil {
		return nil, err
	}

	r.Logf("building %s with coverage counters", w.Build)
	flags := []string{"-cover", "-covermode=atomic", "-coverpkg=" + strings.Join(pkgs, ",")}
	_, stopErr, err := run.Service(ctx, w, flags, []string{"GOCOVERDIR=" + covdir}, r.Stdout)
	if err != nil {
		if errors.Is(err, runner.ErrWorkload) {
			return nil, fmt.Errorf("%w; no counts were written", err)
		}
		return nil, err
	}
	if stopErr != nil {
		return nil, stopErr
	}

	var out strings.Builder
	prof := filepath.Join(run.Dir, "cover.txt")
	if err := run.Exec(ctx, nil, &out, &out, "go", "tool", "covdata", "textfmt", "-i="+covdir, "-o="+prof); err != nil {
		return nil, fmt.Errorf("go tool covdata: %v\n%s", err, strings.TrimSpace(out.String()))
	}
	return readProfile(prof)
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

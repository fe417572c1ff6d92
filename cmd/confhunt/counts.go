package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/report"
	"github.com/confhunt/confhunt/scoring"
)

func runCounts(ctx context.Context, e *env, args []string) error {
	fs := e.flags("counts", "counts -o FILE [-build PKG [-args ARGS] [-ready ADDR]] [flags] [packages] -- COMMAND...")
	out := fs.String("o", "", "write the counts to `file`")
	build := fs.String("build", "", "build this main `package` with coverage, start it, run COMMAND against it, stop it with SIGINT")
	svcArgs := fs.String("args", "", "`arguments` of the service started with -build (split into words as a shell does, with quotes and backslashes)")
	ready := fs.String("ready", "", "with -build, wait until the service accepts TCP connections on `host:port`")
	grace := fs.Duration("grace", 10*time.Second, "with -build, how long the service has to exit after SIGINT")
	appendTo := fs.Bool("append", false, "add the run's counts to those already in the -o file")
	format := e.formatFlag("what was written as `text`, json or markdown (a GitHub table)")
	flagArgs, command := splitCommand(args)
	patterns, err := e.parseRun(flagArgs)
	if err != nil {
		return err
	}
	outFormat, err := e.format(*format, report.Counts{}, "")
	if err != nil {
		return err
	}
	if *out == "" {
		return usageError("counts: -o FILE is required")
	}
	if len(command) == 0 {
		return usageError("counts: no command after -- (a go test command, or with -build the workload)")
	}
	if err := checkOutput("o", *out); err != nil {
		return err
	}
	w, err := workload(command, *build, *svcArgs, *ready)
	if err != nil {
		return usageError("counts: %w", err)
	}
	if *build == "" {
		if err := counts.CheckTests(command); err != nil {
			return usageError("counts: %w", err)
		}
	}
	s, _, err := e.settings(ctx)
	if err != nil {
		return err
	}
	prog, err := e.load(ctx, s, patterns)
	if err != nil {
		return err
	}
	// The counts file -append adds to is read before the run, which may
	// take long, so that a file that cannot be added to fails at once.
	var old *counts.File
	if *appendTo {
		old, err = counts.Read(*out)
		switch {
		case errors.Is(err, os.ErrNotExist):
			old = nil
		case err != nil:
			return &exitError{exitUsage, err}
		case old.Module != prog.Module:
			return usageError("-append: %s holds counts of module %s, not %s", *out, old.Module, prog.Module)
		}
	}
	var paths []string
	for _, p := range prog.Packages {
		paths = append(paths, p.PkgPath)
	}
	pkgs := counts.Packages(paths)
	dir, err := filepath.Abs(cmpOr(e.dir, "."))
	if err != nil {
		return err
	}
	r := &counts.Runner{Runner: runner.Runner{Dir: dir, Env: e.environ, Stdout: e.stderr, Stderr: e.stderr, Log: e.stderr, Grace: *grace, Leftovers: e.left}}
	var prof *counts.Profile
	if *build != "" {
		prof, err = r.Service(ctx, pkgs, w)
	} else {
		prof, err = r.Tests(ctx, pkgs, command)
	}
	if err != nil {
		return err
	}
	e.timer.phase("run")
	f, err := counts.NewFile(prog, prof)
	if err != nil {
		return err
	}
	if old != nil {
		if err := old.Merge(f); err != nil {
			return &exitError{exitUsage, fmt.Errorf("%s: %w", *out, err)}
		}
		f = old
	}
	if err := f.Write(*out); err != nil {
		return err
	}
	return report.Write(e.stdout, report.CountsView(*out, f), outFormat)
}

// splitCommand splits arguments at the first "--": flags and packages
// before, the command after (the flag package would drop the "--").
func splitCommand(args []string) (patterns, command []string) {
	if i := slices.Index(args, "--"); i >= 0 {
		return args[:i], args[i+1:]
	}
	return args, nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// measured reads a counts file for the analysis, reporting on stderr the
// source files whose counts no longer apply; a sparse run's (see
// counts.Counts.Sparse) is not used, with a warning saying so.
func (e *env) measured(an *analysis, file string) (scoring.Counts, error) {
	if file == "" {
		return nil, nil
	}
	f, err := e.readCounts(file)
	if err != nil {
		return nil, err
	}
	c, warnings, err := counts.Measure(an.prog, f)
	if err != nil {
		return nil, &exitError{exitUsage, fmt.Errorf("%s: %w", file, err)}
	}
	for _, w := range warnings {
		fmt.Fprintf(e.stderr, "confhunt: warning: %s: %s\n", file, w)
	}
	if c.Sparse() {
		return nil, nil
	}
	return c, nil
}

// readCounts reads a counts file given with -counts, once, failing as a
// usage error: rank checks it before the analysis and uses it after.
func (e *env) readCounts(file string) (*counts.File, error) {
	if f, ok := e.counts[file]; ok {
		return f, nil
	}
	f, err := counts.Read(file)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, usageError("-counts %s: no such file (confhunt counts -o %s writes one)", file, file)
		}
		return nil, &exitError{exitUsage, err}
	}
	if e.counts == nil {
		e.counts = make(map[string]*counts.File)
	}
	e.counts[file] = f
	return f, nil
}

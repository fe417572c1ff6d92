package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/internal/leftovers"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/slicing"
)

//go:embed doc.go
var doc string

// usage is the package comment of doc.go, without the comment markers.
func usage() string {
	start := strings.Index(doc, "/*\n")
	end := strings.Index(doc, "*/")
	if start < 0 || end < start {
		return doc
	}
	return doc[start+3 : end]
}

// exitError carries the process exit code of a failure.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func usageError(format string, args ...any) error {
	return &exitError{exitUsage, fmt.Errorf(format, args...)}
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *env, args []string) error
}

var commands = []command{
	{"sources", "list the options and every place they are read", runSources},
	{"slice", "show one option's forward slice", runSlice},
	{"rank", "rank the options by the CPU, memory and IO work they control", runRank},
	{"counts", "measure execution counts in an in-house run (tests, benchmarks or a service)", runCounts},
	{"hunt", "probe the suspects' slices under a workload and rank the bottlenecks", runHunt},
	{"mutate", "inject slowdowns at the suspects' sites and score whether the benchmarks notice", runMutate},
	{"compare", "find the benchmarks a change reaches and measure them on both revisions", runCompare},
	{"cache", "clean the cache of results between runs, or print its directory", runCache},
}

// env is what a command runs with: its streams and the parsed common flags.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	environ        []string
	left           *leftovers.Set // what a second interrupt removes (see main)

	dir, config, tags      string
	test, helpers, json, v bool
	hidden                 map[string]bool // common flags the command's -help leaves out (see hide)
	top                    float64
	cpuprofile             string
	memprofile             string
	profile                string // rank -profile: a CPU profile of the program
	cache                  string // -cache: on or off
	stopProfile            func()

	fs    *flag.FlagSet
	timer *timer
	// listing is the import graph the cache key was computed from, for
	// the load that follows a miss (slicing.Config.Listing).
	listing *slicing.Listing
	// counts is the -counts file read, by name: rank checks it before
	// the analysis and uses it after without reading it twice.
	counts map[string]*counts.File
}

// Exit codes.
const (
	exitDone        = 0
	exitFindings    = 1 // findings asked for by a check flag (rank -fail-on-suspects)
	exitUsage       = 2 // a usage error, bad settings or input, nothing loadable
	exitFailed      = 3 // the user's build or workload failed
	exitInterrupted = 130
	exitBrokenPipe  = 141 // standard output closed by its reader, as a shell reports SIGPIPE
)

// run runs the command args. left, if not nil, holds the temporary
// directories and processes made for it until they are removed, for a
// second interrupt (see main).
func run(ctx context.Context, left *leftovers.Set, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	err := dispatch(ctx, left, args, stdin, stdout, stderr)
	// Once interrupted, whatever failed did so because of it (go list
	// killed, a canceled context), and what was done is incomplete.
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "confhunt: interrupted")
		return exitInterrupted
	}
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return exitDone
	}
	if readerGone(err, stdout) {
		// The reader of the output went away (confhunt rank | head):
		// nothing to say, and no one to say it to.
		return exitBrokenPipe
	}
	fmt.Fprintf(stderr, "confhunt: %v\n", err)
	return exitCode(err)
}

// output is the standard output main hands run: it remembers a write
// that failed because the reader went away (EPIPE).
type output struct {
	w    io.Writer
	gone atomic.Bool
}

func (o *output) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if errors.Is(err, syscall.EPIPE) {
		o.gone.Store(true)
	}
	return n, err
}

// readerGone reports whether err is a write to stdout whose reader went
// away, not a broken pipe of another kind (a workload's, a service's).
func readerGone(err error, stdout io.Writer) bool {
	o, ok := stdout.(*output)
	return ok && o.gone.Load() && errors.Is(err, syscall.EPIPE)
}

// exitCode is the exit code of a command that failed with err.
func exitCode(err error) int {
	var ee *exitError
	switch {
	case errors.As(err, &ee):
		return ee.code
	case errors.Is(err, runner.ErrWorkload), errors.Is(err, runner.ErrBuild), errors.Is(err, runner.ErrTimeout):
		return exitFailed
	}
	return exitUsage
}

func dispatch(ctx context.Context, left *leftovers.Set, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
		return usageError("no command given")
	}
	switch args[0] {
	case "-h", "-help", "--help":
		fmt.Fprint(stdout, usage())
		return nil
	case "help":
		if len(args) == 1 {
			fmt.Fprint(stdout, usage())
			return nil
		}
		// help COMMAND is COMMAND -help, on stdout as asked for.
		c, err := lookup(args[1])
		if err != nil {
			return err
		}
		e := &env{stdin: stdin, stdout: stdout, stderr: stdout, environ: os.Environ(), left: left}
		return c.run(ctx, e, []string{"-help"})
	case "version":
		info, _ := debug.ReadBuildInfo()
		fmt.Fprintln(stdout, version(info))
		return nil
	}
	c, err := lookup(args[0])
	if err != nil {
		return err
	}
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, environ: os.Environ(), left: left}
	defer func() {
		e.timer.close()
		if e.stopProfile != nil {
			e.stopProfile()
		}
	}()
	return c.run(ctx, e, args[1:])
}

func lookup(name string) (command, error) {
	for _, c := range commands {
		if c.name == name {
			return c, nil
		}
	}
	return command{}, usageError("unknown command %q (run 'confhunt -help')", name)
}

// version describes the build: the module's version, or (devel) and the
// revision it was built from, and the Go release.
func version(info *debug.BuildInfo) string {
	if info == nil {
		return "confhunt (devel)"
	}
	out := "confhunt " + cmpOr(info.Main.Version, "(devel)")
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" {
		out += " revision " + rev
		if modified == "true" {
			out += " (modified)"
		}
	}
	return out + " " + info.GoVersion
}

// flags returns a flag set with the common flags for command name.
func (e *env) flags(name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.StringVar(&e.dir, "C", "", "run as if in `dir` (the packages and the settings; files other flags name stay relative to the current directory)")
	fs.StringVar(&e.config, "config", "", "settings `file` (default: .confhunt.yaml in the module root)")
	fs.StringVar(&e.tags, "tags", "", "comma-separated build `tags`")
	fs.BoolVar(&e.test, "test", false, "include test files and test variants of packages")
	fs.BoolVar(&e.helpers, "helpers", false, "also search test helpers, mocks, examples and benchmarks in non-test files for options")
	fs.BoolVar(&e.json, "json", false, "print JSON")
	fs.BoolVar(&e.v, "v", false, "print time and peak memory per phase on stderr")
	fs.StringVar(&e.cpuprofile, "debug.cpuprofile", "", "write a CPU profile of confhunt itself to `file`")
	fs.StringVar(&e.memprofile, "debug.memprofile", "", "write a heap profile of confhunt itself, at its end, to `file`")
	fs.StringVar(&e.cache, "cache", "on", "reuse the result of a run with the same inputs: on or `off` (CONFHUNT_CACHE=off too)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: confhunt %s\n\nFlags:\n", synopsis)
		shown := flag.NewFlagSet(name, flag.ContinueOnError)
		shown.SetOutput(fs.Output())
		fs.VisitAll(func(f *flag.Flag) {
			if !e.hidden[f.Name] {
				shown.Var(f.Value, f.Name, f.Usage)
				shown.Lookup(f.Name).DefValue = f.DefValue
			}
		})
		shown.PrintDefaults()
	}
	e.fs = fs
	return fs
}

// hide leaves the common flags names out of the command's -help: it
// refuses them (mutate always loads the tests and keeps no result).
func (e *env) hide(names ...string) {
	if e.hidden == nil {
		e.hidden = make(map[string]bool)
	}
	for _, n := range names {
		e.hidden[n] = true
	}
}

// parse parses args and returns the package patterns.
func (e *env) parse(args []string) ([]string, error) {
	if err := e.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, &exitError{exitUsage, err}
	}
	// The flag package stops at the first package pattern and would
	// take a flag after it for a pattern.
	for _, a := range e.fs.Args() {
		if strings.HasPrefix(a, "-") {
			return nil, usageError("%s: flag %s after the packages; flags go before them", e.fs.Name(), a)
		}
	}
	if err := checkNumbers(e.fs); err != nil {
		return nil, err
	}
	if e.cache != "on" && e.cache != "off" {
		return nil, usageError("-cache %s: want on or off", e.cache)
	}
	e.timer = newTimer(e.stderr, e.v, newProgress(e.stderr, e.fs.Name(), e.v))
	if e.cpuprofile != "" {
		f, err := os.Create(e.cpuprofile)
		if err != nil {
			return nil, &exitError{exitUsage, err}
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return nil, &exitError{exitUsage, err}
		}
		e.stopProfile = func() {
			pprof.StopCPUProfile()
			f.Close()
		}
	}
	if e.memprofile != "" {
		f, err := os.Create(e.memprofile)
		if err != nil {
			return nil, &exitError{exitUsage, err}
		}
		stop := e.stopProfile
		e.stopProfile = func() {
			if stop != nil {
				stop()
			}
			// The heap as the run left it: every object it allocated
			// (alloc_space) and those still live (inuse_space).
			if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
				fmt.Fprintf(e.stderr, "confhunt: writing %s: %v\n", e.memprofile, err)
			}
			f.Close()
		}
	}
	return e.fs.Args(), nil
}

// checkNumbers rejects the numeric flags set to a negative or non-finite
// value: every count, size, duration and percentage confhunt takes is
// finite and at least 0.
func checkNumbers(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		g, ok := f.Value.(flag.Getter)
		if !ok || err != nil {
			return
		}
		switch v := g.Get().(type) {
		case int:
			if v < 0 {
				err = usageError("-%s %s: negative", f.Name, f.Value)
			}
		case time.Duration:
			if v < 0 {
				err = usageError("-%s %s: negative", f.Name, f.Value)
			}
		case float64:
			if math.IsNaN(v) || math.IsInf(v, 0) {
				err = usageError("-%s %s: not a finite number", f.Name, f.Value)
			} else if v < 0 {
				err = usageError("-%s %s: negative", f.Name, f.Value)
			}
		}
	})
	return err
}

// checkOutput reports, before any work is done, a file the flag -name
// asks to write that cannot be written: a directory or other non-regular
// file is there, or its directory is missing or not writable.
func checkOutput(name, file string) error {
	if fi, err := os.Stat(file); err == nil {
		switch {
		case fi.IsDir():
			return usageError("-%s %s: is a directory", name, file)
		case !fi.Mode().IsRegular():
			return usageError("-%s %s: is not a regular file", name, file)
		}
	}
	// The files are written through a temporary file beside them.
	tmp, err := os.CreateTemp(filepath.Dir(file), ".confhunt-check-*")
	if err != nil {
		return usageError("-%s %s: cannot write there: %v", name, file, errors.Unwrap(err))
	}
	tmp.Close()
	if err := os.Remove(tmp.Name()); err != nil {
		return err
	}
	return nil
}

// settings loads confhunt's settings for the module around e.dir, with the
// flags the user set on the command line as the last layer.
func (e *env) settings(ctx context.Context) (*configs.Settings, string, error) {
	dir := e.dir
	if dir == "" {
		dir = "."
	}
	if fi, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil, "", usageError("-C %s: no such directory", dir)
	} else if err != nil || !fi.IsDir() {
		return nil, "", usageError("-C %s: not a directory", dir)
	}
	// Outside a module, the settings are looked for in dir; loading the
	// packages then reports the problem.
	root, _, err := slicing.ModuleRoot(ctx, dir)
	if err != nil {
		if root, err = filepath.Abs(dir); err != nil {
			root = dir
		}
	}
	overrides := make(map[string]any)
	e.fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "top":
			overrides["top"] = e.top
		case "tags":
			overrides["tags"] = splitComma(e.tags)
		case "test":
			overrides["test"] = e.test
		case "helpers":
			overrides["helpers"] = e.helpers
		}
	})
	s, err := configs.Load(root, e.config, e.environ, overrides)
	if err != nil {
		return nil, "", &exitError{exitUsage, err}
	}
	return s, root, nil
}

// load loads the program the patterns name.
func (e *env) load(ctx context.Context, s *configs.Settings, patterns []string) (*slicing.Program, error) {
	return e.loadIn(ctx, s, e.dir, s.Test, patterns)
}

// loadIn loads the program the patterns name in dir, with tests or not.
func (e *env) loadIn(ctx context.Context, s *configs.Settings, dir string, tests bool, patterns []string) (*slicing.Program, error) {
	prog, err := slicing.Load(ctx, slicing.Config{
		Dir:      dir,
		Patterns: patterns,
		Tags:     strings.Join(s.Tags, ","),
		Tests:    tests,
		Exclude:  s.Sources.Exclude,
		Helpers:  s.Helpers,
		Cache:    e.depsCache(),
		Listing:  e.listing,
		Trace:    e.timer.phase,
	})
	if err != nil {
		return nil, &exitError{exitUsage, err}
	}
	reportPackageErrors(e.stderr, prog.Errors)
	reportDependent(e.stderr, prog.Dependent)
	return prog, nil
}

// maxPackageErrors bounds the errors reportPackageErrors prints.
const maxPackageErrors = 20

// reportPackageErrors names the packages that did not type-check, each
// with its errors (a message of several lines indented as one), at most
// maxPackageErrors of them in all.
func reportPackageErrors(w io.Writer, errs []slicing.PackageError) {
	if len(errs) == 0 {
		return
	}
	byPkg := make(map[string][]slicing.PackageError)
	for _, pe := range errs {
		byPkg[pe.Package] = append(byPkg[pe.Package], pe)
	}
	pkgs := slices.Sorted(maps.Keys(byPkg))
	if len(pkgs) == 1 {
		fmt.Fprintf(w, "confhunt: 1 package did not type-check and is left out:\n")
	} else {
		fmt.Fprintf(w, "confhunt: %d packages did not type-check and are left out:\n", len(pkgs))
	}
	printed := 0
	for _, pkg := range pkgs {
		if printed == maxPackageErrors {
			break
		}
		fmt.Fprintf(w, "\t%s\n", pkg)
		for _, pe := range byPkg[pkg] {
			if printed == maxPackageErrors {
				break
			}
			fmt.Fprintf(w, "\t\t%s\n", strings.ReplaceAll(strings.TrimRight(pe.String(), "\n"), "\n", "\n\t\t\t"))
			printed++
		}
	}
	if printed < len(errs) {
		fmt.Fprintf(w, "\t... and %d more errors\n", len(errs)-printed)
	}
}

// reportDependent names the matched packages left out because they
// import one that did not type-check (reportPackageErrors names it),
// at most maxPackageErrors of them: the code of the first is lost too,
// which the user may not see from the errors alone.
func reportDependent(w io.Writer, pkgs []string) {
	if len(pkgs) == 0 {
		return
	}
	if len(pkgs) == 1 {
		fmt.Fprintf(w, "confhunt: 1 package that imports one of them is left out too:\n")
	} else {
		fmt.Fprintf(w, "confhunt: %d packages that import one of them are left out too:\n", len(pkgs))
	}
	for i, p := range pkgs {
		if i == maxPackageErrors {
			fmt.Fprintf(w, "\t... and %d more\n", len(pkgs)-i)
			break
		}
		fmt.Fprintf(w, "\t%s\n", p)
	}
}

var commaRE = regexp.MustCompile(`\s*,\s*`)

func splitComma(s string) []string {
	s = strings.TrimSpace(s)
	if s == "" {
		return []string{}
	}
	return commaRE.Split(s, -1)
}

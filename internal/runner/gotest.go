package runner

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/confhunt/confhunt/internal/bench"
)

// GoTest is a go test command split so that its test binaries can be
// built once and run directly.
type GoTest struct {
	Go       string   // the go command
	Build    []string // build flags, for go list and go test -c
	Packages []string // package patterns; none means the current directory's
	Test     []string // test flags as the binaries take them (-test.run=X)
}

// testFlags are the go test flags that go test passes on to the test
// binaries as -test.name; true marks those that take a value.
var testFlags = map[string]bool{
	"bench": true, "benchtime": true, "count": true, "cpu": true, "list": true,
	"parallel": true, "run": true, "shuffle": true, "skip": true, "timeout": true,
	"fuzzminimizetime": true, "fuzztime": true,
	"benchmem": false, "failfast": false, "fullpath": false, "short": false, "v": false,
}

// buildFlags are the go build flags; true marks those that take a value.
var buildFlags = map[string]bool{
	"tags": true, "gcflags": true, "ldflags": true, "asmflags": true, "gccgoflags": true,
	"mod": true, "modfile": true, "pgo": true, "pkgdir": true, "p": true, "buildmode": true,
	"compiler": true, "installsuffix": true, "toolexec": true,
	"a": false, "n": false, "x": false, "race": false, "msan": false, "asan": false,
	"trimpath": false, "linkshared": false, "work": false, "buildvcs": false,
}

// direct says why go test flags that go test handles itself prevent
// running the test binaries directly.
var direct = map[string]string{
	"json":         "go test converts the output to JSON itself",
	"exec":         "go test runs the binaries through another program",
	"fuzz":         "fuzzing keeps its corpus in go test's cache",
	"cpuprofile":   "go test decides where profiles go",
	"memprofile":   "go test decides where profiles go",
	"blockprofile": "go test decides where profiles go",
	"mutexprofile": "go test decides where profiles go",
	"trace":        "go test decides where profiles go",
	"outputdir":    "go test decides where profiles go",
	"artifacts":    "go test decides where artifacts go",
	"C":            "go test changes directory first",
}

// SplitGoTest splits the go test command goTest into build flags,
// packages and test flags. It fails, saying why, for a command whose test
// binaries cannot be run in its place: a flag go test handles itself
// (-json, -exec, profiles, -fuzz), one it does not know, or arguments
// after -args. go vet, which go test runs first, is left out.
func SplitGoTest(goTest []string) (GoTest, error) {
	if err := CheckGoTest(goTest); err != nil {
		return GoTest{}, err
	}
	gt := GoTest{Go: goTest[0]}
	timeout := false
	args := goTest[2:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			gt.Packages = append(gt.Packages, a)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "args" {
			return GoTest{}, errors.New("the go test command passes -args to the test binaries")
		}
		if why, ok := direct[name]; ok {
			return GoTest{}, fmt.Errorf("the go test command sets -%s: %s", name, why)
		}
		takes, isTest := testFlags[name]
		if !isTest {
			var isBuild bool
			takes, isBuild = buildFlags[name]
			if !isBuild && name != "vet" && name != "i" {
				return GoTest{}, fmt.Errorf("confhunt does not know the go test flag -%s", name)
			}
			if name == "vet" {
				takes = true
			}
		}
		if takes && !hasValue {
			if i+1 >= len(args) {
				return GoTest{}, fmt.Errorf("the go test flag -%s has no value", name)
			}
			i++
			value, hasValue = args[i], true
		}
		switch {
		case name == "vet" || name == "i": // go test's own: go vet, and a no-op
		case isTest:
			timeout = timeout || name == "timeout"
			if hasValue {
				gt.Test = append(gt.Test, "-test."+name+"="+value)
			} else {
				gt.Test = append(gt.Test, "-test."+name)
			}
		case hasValue:
			gt.Build = append(gt.Build, "-"+name+"="+value)
		default:
			gt.Build = append(gt.Build, "-"+name)
		}
	}
	if !timeout { // go test's default
		gt.Test = append(gt.Test, "-test.timeout=10m0s")
	}
	return gt, nil
}

// TestBinaries are the test binaries of a go test command, built once
// into a run's directory, one per package that has tests.
type TestBinaries struct {
	run   *Run
	bins  []testBinary
	test  []string
	sums  map[string][sha256.Size]byte // by package, once DropSame compared against them
	equal bool                         // see EqualWork
}

type testBinary struct {
	pkg, dir, path string
	// planned says series holds the benchmarks this binary runs on their
	// own (EqualWork, ShareWork); none runs it with the test flags.
	planned bool
	series  []bench.Series
}

// BuildTests builds the test binary of each package gt names with go test
// -c, its build flags and flags (an overlay) and env, into the run's
// directory. A package that does not build is an error wrapping ErrBuild.
func (run *Run) BuildTests(ctx context.Context, gt GoTest, flags, env []string) (*TestBinaries, error) {
	var out, errOut strings.Builder
	list := append(append(append([]string{"list", "-f", "{{.ImportPath}}\t{{.Dir}}"}, gt.Build...), flags...), gt.Packages...)
	if err := run.Exec(ctx, env, &out, &errOut, gt.Go, list...); err != nil {
		if ctx.Err() != nil || errors.Is(err, ErrTimeout) {
			return nil, err
		}
		return nil, failure(ErrBuild, fmt.Errorf("listing the packages of %s: %v\n%s", strings.Join(gt.Packages, " "), err, strings.TrimSpace(errOut.String())))
	}
	binDir := filepath.Join(run.Dir, "tests")
	if err := os.MkdirAll(binDir, 0o755); err != nil {
		return nil, err
	}
	tb := &TestBinaries{run: run, test: gt.Test}
	for i, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		pkg, dir, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		bin := filepath.Join(binDir, strconv.Itoa(i)+".test")
		var msg strings.Builder
		args := append(append(append([]string{"test", "-c", "-vet=off", "-o", bin}, gt.Build...), flags...), pkg)
		if err := run.Exec(ctx, env, &msg, &msg, gt.Go, args...); err != nil {
			if ctx.Err() != nil || errors.Is(err, ErrTimeout) {
				return nil, err
			}
			return nil, failure(ErrBuild, fmt.Errorf("building the tests of %s: %v\n%s", pkg, err, strings.TrimSpace(msg.String())))
		}
		if _, err := os.Stat(bin); err != nil {
			continue // no test files: go test -c writes nothing
		}
		tb.bins = append(tb.bins, testBinary{pkg: pkg, dir: dir, path: bin})
	}
	return tb, nil
}

// DropSame drops the test binaries that are byte for byte those of base
// for the same package, and returns how many are left: with an overlay,
// the packages the overlay's files do not reach build as without it, and
// running them again measures nothing new.
func (tb *TestBinaries) DropSame(base *TestBinaries) (int, error) {
	if base.sums == nil { // the base's binaries are hashed once for all the variants
		sums := make(map[string][sha256.Size]byte)
		for _, b := range base.bins {
			sum, err := fileSum(b.path)
			if err != nil {
				return 0, err
			}
			sums[b.pkg] = sum
		}
		base.sums = sums
	}
	sums := base.sums
	kept := tb.bins[:0]
	for _, b := range tb.bins {
		sum, err := fileSum(b.path)
		if err != nil {
			return 0, err
		}
		if old, ok := sums[b.pkg]; ok && old == sum {
			continue
		}
		kept = append(kept, b)
	}
	tb.bins = kept
	return len(kept), nil
}

func fileSum(name string) ([sha256.Size]byte, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	return sha256.Sum256(data), nil
}

// Packages returns the import paths of the packages that have a test
// binary, in the order they run.
func (tb *TestBinaries) Packages() []string {
	out := make([]string, len(tb.bins))
	for i, b := range tb.bins {
		out[i] = b.pkg
	}
	return out
}

// Run runs each test binary once, one after the other, in its package's
// directory as go test does, with the test flags and env, its output to
// stdout and the Runner's Stderr. It returns the wall time of all of
// them; a binary that fails is an error wrapping ErrWorkload.
func (tb *TestBinaries) Run(ctx context.Context, env []string, stdout io.Writer) (time.Duration, error) {
	start := time.Now()
	benchtime, cpus, plan := tb.benchFlags()
	for i := range tb.bins {
		b := &tb.bins[i]
		exec := func(args []string, w io.Writer) error {
			err := tb.run.execIn(ctx, b.dir, env, w, tb.run.r.Stderr, b.path, args...)
			if err != nil && ctx.Err() == nil && !errors.Is(err, ErrTimeout) {
				err = fmt.Errorf("%w (the tests of %s: %v)", ErrWorkload, b.pkg, err)
			}
			return err
		}
		if b.planned && len(b.series) > 0 {
			rest := slices.DeleteFunc(slices.Clone(tb.test), func(f string) bool {
				return strings.HasPrefix(f, "-test.bench=") || strings.HasPrefix(f, "-test.benchtime=")
			})
			for _, s := range b.series {
				if err := exec(append(slices.Clip(rest), s.Args()...), stdout); err != nil {
					return 0, err
				}
			}
			continue
		}
		if !tb.equal || !plan || b.planned {
			if err := exec(tb.test, stdout); err != nil {
				return 0, err
			}
			continue
		}
		// The run that plans: its output is kept to read the iterations.
		var out bytes.Buffer
		if err := exec(tb.test, io.MultiWriter(stdout, &out)); err != nil {
			return 0, err
		}
		b.planned, b.series = true, bench.Plan(out.Bytes(), benchtime, cpus)
	}
	return time.Since(start), nil
}

// EqualWork makes the runs after the first do the same work as it: when
// the test flags run benchmarks for a duration (-test.benchtime 1s, or
// none), each benchmark and sub-benchmark the first run printed then
// runs on its own (at the flags' -test.cpu values) at the iterations it
// made there (bench.Plan). A benchmark that fills a store as it runs costs more per
// op the more ops it runs: at a duration, a slower variant makes fewer,
// and is compared over less work. Variants share the plan through
// ShareWork.
func (tb *TestBinaries) EqualWork() { tb.equal = true }

// ShareWork makes tb's binaries run the benchmarks base's first run
// planned (EqualWork), package by package: both sides then do the same
// work. A package base has not planned runs with the test flags.
func (tb *TestBinaries) ShareWork(base *TestBinaries) {
	for i := range tb.bins {
		for _, b := range base.bins {
			if b.pkg == tb.bins[i].pkg && b.planned {
				tb.bins[i].planned, tb.bins[i].series = true, b.series
			}
		}
	}
}

// benchFlags returns the -test.benchtime of the test flags (go test's 1s
// when none), their -test.cpu values, and whether they run benchmarks
// for a duration, which EqualWork plans.
func (tb *TestBinaries) benchFlags() (benchtime string, cpus []int, duration bool) {
	benchtime = "1s"
	bench := false
	for _, f := range tb.test {
		switch {
		case strings.HasPrefix(f, "-test.benchtime="):
			benchtime = strings.TrimPrefix(f, "-test.benchtime=")
		case strings.HasPrefix(f, "-test.cpu="):
			cpus = nil
			for _, v := range strings.Split(strings.TrimPrefix(f, "-test.cpu="), ",") {
				if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
					cpus = append(cpus, n)
				}
			}
		case strings.HasPrefix(f, "-test.bench="):
			bench = f != "-test.bench="
		}
	}
	return benchtime, cpus, bench && !strings.HasSuffix(benchtime, "x")
}

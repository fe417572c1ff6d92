package mutate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/packages"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/confhunt/confhunt/internal/bench"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/slicing"
)

// Status is what became of a mutant.
type Status int

const (
	Pending       Status = iota // not run (a dry run)
	NotViable                   // does not compile; not counted
	NotEquivalent               // the tests reaching its site fail; not counted
	Timeout                     // ran past the timeout; not counted
	Killed                      // a benchmark reaching its site is slower
	Survived                    // no benchmark reaching its site is slower
	Unreached                   // no benchmark reaches its site
	numStatuses
)

var statusNames = [...]string{"pending", "not-viable", "not-equivalent", "timeout", "killed", "survived", "unreached"}

func (s Status) String() string {
	if s < 0 || s >= numStatuses {
		return fmt.Sprintf("Status(%d)", int(s))
	}
	return statusNames[s]
}

// Statuses returns every status, in order.
func Statuses() []Status {
	out := make([]Status, numStatuses)
	for i := range out {
		out[i] = Status(i)
	}
	return out
}

func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

func (s *Status) UnmarshalText(b []byte) error {
	for i, n := range statusNames {
		if n == string(b) {
			*s = Status(i)
			return nil
		}
	}
	return fmt.Errorf("unknown status %q", b)
}

// Counted reports whether a mutant of status s counts in the score:
// viable, equivalent, not timed out, and run.
func (s Status) Counted() bool { return s == Killed || s == Survived || s == Unreached }

// Bench is what one benchmark measured of a mutant.
type Bench struct {
	Name string `json:"name"` // as go test prints it, with its package, without the -GOMAXPROCS suffix
	// Unit is what was compared: ns/op, or for an allocation mutant B/op
	// or allocs/op too; Base and Mutant are medians in it.
	Unit   string  `json:"unit"`
	Base   float64 `json:"base_ns"` // median of the unmutated build
	Mutant float64 `json:"mutant_ns"`
	// Ratio is the Hodges–Lehmann estimate of mutant/base, in [Lo, Hi].
	Ratio  float64 `json:"ratio"`
	Lo     float64 `json:"ratio_lo"`
	Hi     float64 `json:"ratio_hi"`
	P      float64 `json:"p"`     // one-sided Mann–Whitney U: mutant slower
	PKS    float64 `json:"p_ks"`  // two-sided Kolmogorov–Smirnov, permutation
	Cliff  float64 `json:"cliff"` // Cliff's delta, the effect size
	Slower bool    `json:"slower"`
	// MDE is the least slowdown the benchmark detects at its noise, as a
	// fraction: the slowdown the one-sided test, at the level the mutant
	// was judged at, finds with probability power (detectable).
	MDE float64 `json:"mde"`
	// Predicted is the slowdown the calibration run predicts, as a
	// fraction of the base time; Basis says from what, "" when there is
	// no prediction: "injected cost" (a loop's or sleep's executions per
	// op times its cost), "branch sides" (the work the forced sides of
	// branches add, a share of the run's weighted work; 0 when the run
	// takes those sides already), "loop trips" (the work of the counted
	// loops whose bound a number mutant scales, times the factor less
	// one: negative when it shortens them) or "not run" (the run never
	// executed the site: 0).
	Predicted float64 `json:"predicted,omitempty"`
	Basis     string  `json:"prediction,omitempty"`
	// PerOp is the site's executions per benchmark op (calibration).
	PerOp float64 `json:"executions_per_op,omitempty"`
}

// Timings are the seconds a mutant spent in each phase.
type Timings struct {
	Build       float64 `json:"build_s"`
	Equivalence float64 `json:"equivalence_s"`
	Measure     float64 `json:"measure_s"`
}

// Runner builds and measures mutants.
type Runner struct {
	runner.Runner // Dir is the module root

	Jobs          int     // parallel builds; 0 means 1
	Alpha         float64 // of the one-sided test; 0 means 0.05
	TimeoutFactor float64 // a run longer than this × the base's times out; 0 means 10
	Runs          int     // interleaved runs of base and mutant; 0 means 5
	// MaxRuns are the rounds of a mutant measured on to the second look
	// (undecided, leaning slower, at the first); 0 means 3 × Runs.
	MaxRuns int
	// Benchtime is the go test -benchtime of the base's first run of the
	// benchmarks; "" means 100ms. Each benchmark is then measured on its
	// own, both sides at the iterations that run took (a count, Nx, is
	// used as it is).
	Benchtime string
	// Skip, when set, is a go test -skip pattern: tests not run on
	// either side (a test of the module's that fails without any
	// mutant, which would stop the run).
	Skip string
	Tags string // build tags, comma-separated
	// Calibrate measures how often each site runs per op of each
	// benchmark reaching it (a coverage run of each, before the mutants),
	// and how long an injected sleep really takes on this machine, and
	// predicts the slowdown of the mutants whose cost is known.
	Calibrate bool
	// Target, with Calibrate, sizes each injected busy loop for this
	// slowdown (a fraction) of the benchmark it slows most; 0 keeps the
	// generated cost.
	Target float64
	// Progress, if not nil, is called after each mutant.
	Progress func(done, total int, m *Mutant)
}

func (r *Runner) defaults() {
	r.Jobs = max(r.Jobs, 1)
	if r.Alpha == 0 {
		r.Alpha = 0.05
	}
	if r.TimeoutFactor == 0 {
		r.TimeoutFactor = 10
	}
	if r.Runs == 0 {
		r.Runs = 5
	}
	if r.MaxRuns == 0 {
		r.MaxRuns = 3 * r.Runs
	}
	if r.Benchtime == "" {
		r.Benchtime = "100ms"
	}
}

// testPkg is one package whose test binary runs tests or benchmarks
// reaching mutants.
type testPkg struct {
	mu    sync.Mutex
	plans map[string][]bench.Series // plan's, by its run's arguments
	path  string
	run   *runner.Run // its directory holds the binaries; commands run in the package's
	base  string      // the unmutated test binary
	// baseTest is how long the base's tests took; the timeout of a
	// mutant's scales it.
	baseTest time.Duration
}

// Run builds every mutant, checks it with the tests reaching its site
// and measures it with the benchmarks reaching its site, setting its
// Status, Reason, Benches and Timings. Builds run r.Jobs at a time;
// tests and measurements one at a time, never beside a build. A base
// that fails to build or whose tests fail is an error (runner.ErrBuild,
// runner.ErrWorkload).
func (r *Runner) Run(ctx context.Context, prog *slicing.Program, ms []*Mutant) error {
	r.defaults()
	dirs := packageDirs(prog)
	pkgs := make(map[string]*testPkg)
	for _, m := range ms {
		for _, name := range append(slices.Clone(m.Benchmarks), m.Tests...) {
			path, _ := splitTest(name)
			if pkgs[path] == nil {
				pkgs[path] = &testPkg{path: path}
			}
		}
	}
	paths := slices.Sorted(maps.Keys(pkgs))
	defer func() {
		for _, p := range pkgs {
			if p.run != nil {
				p.run.Close()
			}
		}
	}()
	for _, path := range paths {
		p := pkgs[path]
		dir := dirs[path]
		if dir == "" {
			return fmt.Errorf("no directory for package %s", path)
		}
		pr := r.Runner
		pr.Dir = dir
		run, err := pr.Start("confhunt-mutate-")
		if err != nil {
			return err
		}
		p.run = run
	}
	// The bases, built in parallel.
	err := parallel(ctx, r.Jobs, len(paths), func(i int) error {
		p := pkgs[paths[i]]
		p.base = filepath.Join(p.run.Dir, "base.test")
		if msg, err := r.build(ctx, p, "", p.base); err != nil {
			if msg != "" {
				return fmt.Errorf("%w: building the tests of %s: %s", runner.ErrBuild, p.path, msg)
			}
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := r.baseTests(ctx, pkgs, paths, ms); err != nil {
		return err
	}
	var cal calibration
	if r.Calibrate {
		if cal, err = r.calibrate(ctx, prog, pkgs, ms); err != nil {
			return err
		}
		if r.Target > 0 {
			cal.size(ms, r.Target)
		}
		sleepCosts(ms, sleepTime)
	}
	done := 0
	for i := 0; i < len(ms); i += r.Jobs {
		batch := ms[i:min(i+r.Jobs, len(ms))]
		bins := make([]map[string]string, len(batch)) // package -> binary
		err := parallel(ctx, r.Jobs, len(batch), func(j int) error {
			var err error
			bins[j], err = r.buildMutant(ctx, pkgs, batch[j], i+j)
			return err
		})
		if err != nil {
			return err
		}
		for j, m := range batch {
			if m.Status != NotViable {
				if err := r.check(ctx, pkgs, m, bins[j], cal); err != nil {
					return err
				}
			}
			for _, b := range bins[j] {
				os.Remove(b)
			}
			done++
			if r.Progress != nil {
				r.Progress(done, len(ms), m)
			}
		}
	}
	return nil
}

// splitTest splits "import/path.Name".
func splitTest(name string) (path, fn string) {
	i := strings.LastIndex(name, ".")
	return name[:i], name[i+1:]
}

// packageDirs maps import paths to directories.
func packageDirs(prog *slicing.Program) map[string]string {
	out := make(map[string]string)
	packages.Visit(prog.Packages, nil, func(p *packages.Package) {
		if _, ok := out[p.PkgPath]; ok {
			return
		}
		switch {
		case p.Dir != "":
			out[p.PkgPath] = p.Dir
		case len(p.GoFiles) > 0:
			out[p.PkgPath] = filepath.Dir(p.GoFiles[0])
		}
	})
	return out
}

// parallel runs f(0..n-1), jobs at a time, and returns the first error.
func parallel(ctx context.Context, jobs, n int, f func(i int) error) error {
	var wg sync.WaitGroup
	sem := make(chan struct{}, jobs)
	errs := make([]error, n)
	for i := range n {
		if ctx.Err() != nil {
			break
		}
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			errs[i] = f(i)
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	return errors.Join(errs...)
}

// build builds p's test binary into out, through the overlay file ov
// when it is not "". A build that fails returns its compiler output as
// msg.
func (r *Runner) build(ctx context.Context, p *testPkg, ov, out string) (msg string, err error) {
	args := []string{"test", "-c", "-vet=off", "-o", out}
	if ov != "" {
		args = append(args, "-overlay", ov)
	}
	args = append(args, r.buildFlags()...)
	args = append(args, p.path)
	var buf bytes.Buffer
	if err := p.run.Exec(ctx, nil, &buf, &buf, "go", args...); err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return firstLines(buf.String(), 5), err
	}
	return "", nil
}

// buildFlags are the flags every build shares.
func (r *Runner) buildFlags() []string {
	if r.Tags != "" {
		return []string{"-tags", r.Tags}
	}
	return nil
}

// buildMutant builds m's test binaries, one per package whose tests or
// benchmarks reach it, and returns them by package; a mutant no test
// reaches is only compiled. A compile failure makes m NotViable.
func (r *Runner) buildMutant(ctx context.Context, pkgs map[string]*testPkg, m *Mutant, n int) (map[string]string, error) {
	start := time.Now()
	defer func() { m.Timings.Build = time.Since(start).Seconds() }()
	ov, err := m.Overlay(r.Leftovers)
	if err != nil {
		return nil, err
	}
	defer ov.Remove()
	var paths []string
	for _, name := range append(slices.Clone(m.Benchmarks), m.Tests...) {
		path, _ := splitTest(name)
		if !slices.Contains(paths, path) {
			paths = append(paths, path)
		}
	}
	slices.Sort(paths)
	bins := make(map[string]string)
	if len(paths) == 0 {
		// Nothing will run it: only check that it compiles.
		var buf bytes.Buffer
		run, err := r.Start("confhunt-mutate-")
		if err != nil {
			return nil, err
		}
		defer run.Close()
		args := append(append([]string{"build", "-o", filepath.Join(run.Dir, "pkg"), "-overlay", ov.JSON}, r.buildFlags()...), m.Package)
		if err := run.Exec(ctx, nil, &buf, &buf, "go", args...); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			m.Status, m.Reason = NotViable, firstLines(buf.String(), 5)
		}
		return bins, nil
	}
	for _, path := range paths {
		p := pkgs[path]
		out := filepath.Join(p.run.Dir, fmt.Sprintf("m%d.test", n))
		msg, err := r.build(ctx, p, ov.JSON, out)
		if err != nil {
			if msg == "" {
				return nil, err
			}
			m.Status, m.Reason = NotViable, msg
			return bins, nil
		}
		bins[path] = out
	}
	return bins, nil
}

// firstLines returns the first n lines of s, trimmed.
func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, "\n")
}

// testPattern is a -test.run or -test.bench pattern matching the named
// top-level functions exactly.
func testPattern(fns []string) string {
	quoted := make([]string, len(fns))
	for i, f := range fns {
		quoted[i] = regexp.QuoteMeta(f)
	}
	return "^(" + strings.Join(quoted, "|") + ")$"
}

// byPackage groups "path.Name" test names by package, sorted.
func byPackage(names []string) (paths []string, fns map[string][]string) {
	fns = make(map[string][]string)
	for _, name := range names {
		path, fn := splitTest(name)
		if fns[path] == nil {
			paths = append(paths, path)
		}
		fns[path] = append(fns[path], fn)
	}
	slices.Sort(paths)
	return paths, fns
}

// baseTests runs the tests reaching any mutant on the bases, for their
// time; a failure, again on a second run, is the user's tests failing
// without any mutant. One that passes on the second run is flaky: the
// run goes on, with a warning that a mutant failing them may be
// classed not equivalent by chance.
func (r *Runner) baseTests(ctx context.Context, pkgs map[string]*testPkg, paths []string, ms []*Mutant) error {
	var names []string
	for _, m := range ms {
		names = append(names, m.Tests...)
	}
	slices.Sort(names)
	tpaths, fns := byPackage(slices.Compact(names))
	for _, path := range tpaths {
		p := pkgs[path]
		var buf bytes.Buffer
		start := time.Now()
		err := p.run.Exec(ctx, nil, &buf, &buf, p.base, r.testArgs(fns[path])...)
		if err != nil && ctx.Err() == nil {
			first := lastLines(buf.String(), 10)
			buf.Reset()
			start = time.Now()
			if err = p.run.Exec(ctx, nil, &buf, &buf, p.base, r.testArgs(fns[path])...); err == nil && r.Log != nil {
				fmt.Fprintf(r.Log, "confhunt: warning: the tests of %s failed once without any mutant and passed when run again: a mutant failing them may be classed not equivalent by chance\n%s\n", path, first)
			}
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("%w: the tests of %s fail without any mutant (-skip leaves a test out):\n%s", runner.ErrWorkload, path, lastLines(buf.String(), 10))
		}
		p.baseTest = time.Since(start)
	}
	return nil
}

// testArgs are the arguments of a test binary's run of the tests fns,
// once, past those -skip names.
func (r *Runner) testArgs(fns []string) []string {
	args := []string{"-test.run=" + testPattern(fns), "-test.count=1"}
	if r.Skip != "" {
		args = append(args, "-test.skip="+r.Skip)
	}
	return args
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append([]string{"…"}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "\n")
}

// limit is the timeout of a mutant's run whose base took d.
func (r *Runner) limit(d time.Duration) time.Duration {
	return max(time.Duration(r.TimeoutFactor*float64(d)), 5*time.Second)
}

// exec runs a binary with a timeout; timedOut reports a run ended by it.
func exec(ctx context.Context, run *runner.Run, limit time.Duration, env []string, out *bytes.Buffer, bin string, args ...string) (timedOut bool, err error) {
	return execErr(ctx, run, limit, env, out, out, bin, args...)
}

// execErr is exec with standard error apart from standard output.
func execErr(ctx context.Context, run *runner.Run, limit time.Duration, env []string, out, errOut *bytes.Buffer, bin string, args ...string) (timedOut bool, err error) {
	cctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	err = run.Exec(cctx, env, out, errOut, bin, args...)
	if err != nil && ctx.Err() == nil && cctx.Err() != nil {
		return true, err
	}
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	return false, err
}

// check runs the tests reaching m, then measures it with the benchmarks
// reaching it.
func (r *Runner) check(ctx context.Context, pkgs map[string]*testPkg, m *Mutant, bins map[string]string, cal calibration) error {
	start := time.Now()
	tpaths, tfns := byPackage(m.Tests)
	for _, path := range tpaths {
		p := pkgs[path]
		var buf bytes.Buffer
		timedOut, err := exec(ctx, p.run, r.limit(p.baseTest), nil, &buf, bins[path], r.testArgs(tfns[path])...)
		switch {
		case timedOut:
			m.Status, m.Reason = Timeout, fmt.Sprintf("the tests of %s ran past %v", path, r.limit(p.baseTest))
		case ctx.Err() != nil:
			return ctx.Err()
		case err != nil:
			m.Status, m.Reason = NotEquivalent, lastLines(failures(buf.String()), 5)
		}
		if m.Status != Pending {
			m.Timings.Equivalence = time.Since(start).Seconds()
			return nil
		}
	}
	m.Timings.Equivalence = time.Since(start).Seconds()
	if len(m.Benchmarks) == 0 {
		m.Status, m.Reason = Unreached, "never reached by any benchmark"
		return nil
	}
	start = time.Now()
	defer func() { m.Timings.Measure = time.Since(start).Seconds() }()
	bpaths, bfns := byPackage(m.Benchmarks)
	m.Benches = nil
	units := unitsOf(m)
	var env []string
	if slices.Contains(units, bench.LiveHeap.Unit) {
		// The runtime traces its collections on standard error, which
		// measure hands to bench.Parse after standard output.
		env = []string{"GODEBUG=" + strings.TrimPrefix(r.godebug()+",gctrace=1", ",")}
	}
	flags := []string{"-test.run=^$", "-test.count=1"}
	if m.Operator == Alloc {
		flags = append(flags, "-test.benchmem")
	}
	if m.contends {
		// Which lock is taken costs in contention, which few threads
		// (a CI runner's two cores) do not show: both sides run their
		// parallel benchmarks on at least contended threads.
		flags = append(flags, "-test.cpu="+strconv.Itoa(max(contended, runtime.NumCPU())))
	}
	// Every package's series first: their number is the Bonferroni
	// divisor of each series' first look.
	plans := make(map[string][]bench.Series)
	total := 0
	for _, path := range bpaths {
		ss, err := r.plan(ctx, pkgs[path], path, bfns[path], flags)
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case err != nil:
			return fmt.Errorf("%w: the benchmarks of %s: %v", runner.ErrWorkload, path, err)
		}
		plans[path] = ss
		for range ss {
			total += len(units)
		}
	}
	for _, path := range bpaths {
		p := pkgs[path]
		for _, sr := range plans[path] {
			args := append(slices.Clip(flags), sr.Args()...)
			runs, err := r.measure(ctx, p, bins[path], args, env, units, total, m, cal)
			if errors.Is(err, errTimeout) && sr.Benchtime != r.Benchtime {
				// Ten times slower at the base's iterations: at a
				// duration, the mutant runs fewer, and the test decides.
				timed := sr
				timed.Benchtime = r.Benchtime
				args = append(slices.Clip(flags), timed.Args()...)
				runs, err = r.measure(ctx, p, bins[path], args, env, units, total, m, cal)
			}
			switch {
			case ctx.Err() != nil:
				return ctx.Err()
			case errors.Is(err, errTimeout):
				m.Status, m.Reason = Timeout, fmt.Sprintf("the benchmarks of %s ran past %v× the base's time", path, r.TimeoutFactor)
				return nil
			case err != nil && strings.HasPrefix(err.Error(), "mutant"):
				m.Status, m.Reason = NotEquivalent, "the benchmarks failed: "+firstLines(err.Error(), 5)
				return nil
			case err != nil:
				return fmt.Errorf("%w: the benchmarks of %s: %v", runner.ErrWorkload, path, err)
			}
			for _, k := range comparisons(runs, units) {
				base, mut := values(runs[0], k), values(runs[1], k)
				c := bench.Compare(base, mut, bench.Criteria{Alpha: r.Alpha})
				b := Bench{Name: benchName(k, path, sr.Name), Unit: k.Unit, Base: finite(c.A.Median), Mutant: finite(c.B.Median), Ratio: finite(c.Ratio), Lo: finite(c.Lo), Hi: finite(c.Hi),
					P: finite(c.PSlower), PKS: finite(c.PKS), Cliff: finite(c.Cliff)}
				if k.Unit == "ns/op" {
					cal.predict(m, k, &b)
				}
				m.Benches = append(m.Benches, b)
			}
		}
	}
	if len(m.Benches) == 0 {
		m.Status, m.Reason = Unreached, "the benchmarks reaching it printed no ns/op result"
		return nil
	}
	// One test per benchmark and unit at each of two looks: Bonferroni
	// keeps the chance that any of them is slower by chance at Alpha.
	level := r.Alpha / 2 / float64(len(m.Benches))
	for i := range m.Benches {
		b := &m.Benches[i]
		b.Slower = b.P < level
		b.MDE = finite(detectable(b.Lo, b.Hi, level))
		if b.Slower {
			m.Status = Killed
		}
	}
	if m.Status != Killed {
		m.Status = Survived
	}
	return nil
}

// contended is the least GOMAXPROCS a lock mutant's benchmarks run at:
// on two cores, one mutex shared by eight threads measured 50% slower
// than 64 sharded ones, and faster at two threads (apigw's limiter).
const contended = 8

// plan runs the base's benchmark functions fns of p once, at the
// Runner's Benchtime (once for all the mutants the same benchmarks
// reach), and returns a series for each benchmark that printed a
// result (bench.Plan): both sides of a series run as many iterations as
// the base ran in it, so that the mutant does the same work.
func (r *Runner) plan(ctx context.Context, p *testPkg, path string, fns, flags []string) ([]bench.Series, error) {
	var out, errOut bytes.Buffer
	args := append(slices.Clip(flags), "-test.bench="+testPattern(fns), "-test.benchtime="+r.Benchtime)
	key := strings.Join(args, "\x00")
	p.mu.Lock()
	defer p.mu.Unlock()
	if ss, ok := p.plans[key]; ok {
		return ss, nil // the same benchmarks of the same build: once for all mutants
	}
	if _, err := execErr(ctx, p.run, 24*time.Hour, nil, &out, &errOut, p.base, args...); err != nil {
		return nil, fmt.Errorf("%v\n%s", err, lastLines(out.String()+string(bench.Untraced(errOut.Bytes())), 5))
	}
	ss := bench.Plan(out.Bytes(), r.Benchtime, nil) // a -test.cpu in flags is one value
	for _, fn := range fns {
		if !bench.Printed(ss, fn) {
			r.Logf("mutate: %s.%s printed no result on the unmutated build: not measured", path, fn)
		}
	}
	if p.plans == nil {
		p.plans = make(map[string][]bench.Series)
	}
	p.plans[key] = ss
	return ss, nil
}

// godebug is the GODEBUG of the Runner's environment (its last setting).
func (r *Runner) godebug() string {
	v := ""
	for _, kv := range r.Env {
		if rest, ok := strings.CutPrefix(kv, "GODEBUG="); ok {
			v = rest
		}
	}
	return v
}

// measure runs the base's and the mutant's test binaries with args,
// interleaved, until the sequential rule stops (total comparisons in
// all: its first look's Bonferroni divisor).
func (r *Runner) measure(ctx context.Context, p *testPkg, bin string, args, env, units []string, total int, m *Mutant, cal calibration) ([]bench.Runs, error) {
	var baseWall time.Duration
	variant := func(name, bin string) bench.Variant {
		return bench.Variant{Name: name, Run: func(ctx context.Context) ([]byte, time.Duration, error) {
			// Standard error apart: the runtime's collection trace,
			// printed while a benchmark runs, would split its result line.
			var buf, errBuf bytes.Buffer
			limit := 24 * time.Hour
			if name == "mutant" && baseWall > 0 {
				limit = r.limit(baseWall)
			}
			t := time.Now()
			timedOut, err := execErr(ctx, p.run, limit, env, &buf, &errBuf, bin, args...)
			wall := time.Since(t)
			if name == "base" {
				baseWall = max(baseWall, wall)
			}
			if timedOut {
				return nil, 0, errTimeout
			}
			if err != nil {
				return nil, 0, fmt.Errorf("%v\n%s", err, lastLines(buf.String()+string(bench.Untraced(errBuf.Bytes())), 5))
			}
			buf.Write(errBuf.Bytes())
			return buf.Bytes(), wall, nil
		}}
	}
	seq := &sequential{alpha: r.Alpha, units: units, total: total, predicted: func(k bench.Key, base float64) float64 {
		b := Bench{Base: base}
		cal.predict(m, k, &b)
		return b.Predicted
	}}
	proto := bench.Protocol{Runs: r.Runs, MaxRuns: max(r.Runs, r.MaxRuns), Enough: seq.enough}
	return bench.Measure(ctx, []bench.Variant{variant("base", p.base), variant("mutant", bin)}, proto)
}

// sequential is the stopping rule of a mutant's measurement, a design
// with two looks at the data. The first comes once the one-sided test
// can reach its level, after Runs rounds or more (up to firstLook): it
// ends the measurement when a benchmark is slower, or when none leans
// slower (every p at least futility) and none is predicted to slow by
// more than it resolves yet (its ratio's interval's half-width). A
// mutant it leaves undecided, leaning slower or predicted detectable,
// runs on to the second look, at MaxRuns rounds, where Measure stops.
// Each look tests at half of alpha, divided among the comparisons
// (Bonferroni over both), so that looking twice does not raise the
// chance of a false kill above alpha; whether to look again may depend
// on anything, the prediction included.
type sequential struct {
	alpha float64
	units []string
	total int // comparisons of every series of the mutant, when the runs are one series
	first int // the round of the first look, once it came
	// predicted is the slowdown the calibration run predicts for a
	// benchmark of the given base ns/op (0 without a prediction).
	predicted func(k bench.Key, base float64) float64
}

// level is the level of each one-sided test at either look.
func (s *sequential) level(runs []bench.Runs) float64 {
	return s.alpha / 2 / float64(max(1, s.total, len(comparisons(runs, s.units))))
}

func (s *sequential) enough(runs []bench.Runs) bool {
	n := len(runs[0])
	if s.first > 0 {
		return false // on to the second look, at MaxRuns
	}
	lvl := s.level(runs)
	if minP(n) >= lvl && n < firstLook {
		return false
	}
	s.first = n
	leaning := false
	for _, k := range comparisons(runs, s.units) {
		c := bench.Compare(values(runs[0], k), values(runs[1], k), bench.Criteria{Alpha: s.alpha})
		if c.PSlower < lvl {
			return true
		}
		leaning = leaning || c.PSlower < futility
		if k.Unit == "ns/op" && s.predicted != nil {
			leaning = leaning || s.predicted(k, c.A.Median) > (c.Hi-c.Lo)/2
		}
	}
	return !leaning
}

// power is the probability with which a benchmark detects a slowdown of
// its minimum detectable effect (Bench.MDE), as power analyses usually
// state it.
const power = 0.8

// detectable is the least slowdown the one-sided test at level detects
// with probability power, for a ratio whose 95% interval is [lo, hi]:
// z(1−level) + z(power) standard errors, the standard error read off the
// interval's half-width (÷ z(0.975)), taking the estimate as normal. At
// the levels mutants are judged at (0.025 and less) it is 1.4 to 1.8
// times the half-width: a slowdown just outside the interval is found
// about half the time.
func detectable(lo, hi, level float64) float64 {
	z := distuv.UnitNormal.Quantile
	se := (hi - lo) / 2 / z(0.975)
	return (z(1-level) + z(power)) * se
}

// firstLook bounds the rounds before the first look, which waits until
// the one-sided test can reach its level: 10 a side reach p = 5.4e-6.
const firstLook = 10

// futility is the p-value of the one-sided test at the first look below
// which a benchmark leans slower, so that the mutant is measured on to
// the second look. Stopping for futility never adds false kills.
const futility = 0.3

// minP is the least p-value the exact one-sided Mann–Whitney U test can
// give for two samples of n values: 1/C(2n, n), when they do not overlap.
func minP(n int) float64 {
	p := 1.0
	for i := 1; i <= n; i++ {
		p *= float64(i) / float64(n+i)
	}
	return p
}

// unitsOf are the units a mutant is judged on: time; for an allocation
// mutant the bytes and allocations per op too; for a config-value mutant
// that makes a size or a bound larger, the live heap of the benchmarks'
// process as well (bench.LiveHeap): memory held, such as a cache filled
// to a larger capacity, may cost nothing per op.
func unitsOf(m *Mutant) []string {
	switch {
	case m.Operator == Alloc:
		return []string{"ns/op", "B/op", "allocs/op"}
	case m.retains:
		return []string{"ns/op", bench.LiveHeap.Unit}
	}
	return []string{"ns/op"}
}

// comparisons are the keys compared: the benchmarks every run timed
// (bench.TimeKeys), in each of units that every run printed, and the live
// heap when units hold it and every run traced it.
func comparisons(runs []bench.Runs, units []string) []bench.Key {
	var out []bench.Key
	for _, k := range bench.TimeKeys(runs...) {
		for _, u := range units {
			ku := bench.Key{Pkg: k.Pkg, Name: k.Name, Unit: u}
			if u == "ns/op" || u != bench.LiveHeap.Unit && everyRun(runs, ku) {
				out = append(out, ku)
			}
		}
	}
	if len(out) > 0 && slices.Contains(units, bench.LiveHeap.Unit) && everyRun(runs, bench.LiveHeap) {
		out = append(out, bench.LiveHeap)
	}
	return out
}

func everyRun(runs []bench.Runs, k bench.Key) bool {
	for _, rs := range runs {
		for _, s := range rs {
			if len(s[k]) == 0 {
				return false
			}
		}
	}
	return true
}

// values returns one value of k per run: Runs.Time's for ns/op, the
// mean of the run's values for another unit.
func values(rs bench.Runs, k bench.Key) []float64 {
	if k.Unit == "ns/op" {
		return rs.Time([]bench.Key{k})
	}
	out := make([]float64, len(rs))
	for i, s := range rs {
		for _, v := range s[k] {
			out[i] += v / float64(len(s[k]))
		}
	}
	return out
}

// benchName is a benchmark's name with its package and without the
// -GOMAXPROCS suffix go test adds: "example.com/app.Get/size=64".
func benchName(k bench.Key, path, series string) string {
	if k == bench.LiveHeap { // of the process that ran the series
		return path + "." + strings.TrimPrefix(series, "Benchmark")
	}
	name := trimProcs(k.Name)
	if k.Pkg == "" {
		return name
	}
	return k.Pkg + "." + name
}

var errTimeout = errors.New("timed out")

// finite returns x, or 0 for an infinite or undefined value (which JSON
// cannot hold): a bound the sample is too small for.
func finite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}

// failures keeps the lines of go test output that say what failed.
func failures(out string) string {
	var keep []string
	for _, l := range strings.Split(out, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "--- FAIL") || strings.HasPrefix(t, "panic:") || strings.Contains(t, "_test.go:") {
			keep = append(keep, t)
		}
	}
	if len(keep) == 0 {
		return out
	}
	return strings.Join(keep, "\n")
}

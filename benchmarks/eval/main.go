package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/google/pprof/profile"
)

// Truth is a target's truth.yaml.
type Truth struct {
	Program  string    `yaml:"program"`
	Kind     string    `yaml:"kind"`
	Patterns []string  `yaml:"patterns"`
	Bench    []string  `yaml:"bench"`
	Culprits []Culprit `yaml:"culprits"`
}

// Culprit is a known configuration bottleneck.
type Culprit struct {
	Option   string `yaml:"option"`
	Bad      string `yaml:"bad"`
	Resource string `yaml:"resource"`
	Function string `yaml:"function"`
	Package  string `yaml:"package"`
	Workload string `yaml:"workload"`
}

type rankJSON struct {
	Options []struct {
		Name    string   `json:"name"`
		Aliases []string `json:"aliases"`
		Rank    int      `json:"rank"`
		Suspect bool     `json:"suspect"`
	} `json:"options"`
}

type huntJSON struct {
	Bottlenecks []struct {
		Rank  int    `json:"rank"`
		Kind  string `json:"kind"`
		Func  string `json:"func"`
		Calls int64  `json:"calls"`
	} `json:"bottlenecks"`
}

type result struct {
	truth    Truth
	options  int
	ranks    []int // per culprit; 0 when not found
	suspects []bool
	measured []int // ranks with counts from the benchmarks; nil when none were taken
	profiled []int // ranks with a CPU profile of the benchmarks; nil when none was taken
	psuspect []bool
	overhead string // selective and all-functions overheads from hunt -overhead
	msuspect []bool
	hunt     []string
	pprof    []string
	wall     time.Duration
	peak     string
}

var overheadRuns *int

func main() {
	bin := flag.String("confhunt", "bin/confhunt", "confhunt binary")
	out := flag.String("o", "benchmarks/EVAL.md", "write the tables as Markdown to `file`")
	large := flag.Bool("large", true, "also rank a large real module fetched through the module proxy")
	overheadRuns = flag.Int("overhead-runs", 3, "runs of each variant for hunt -overhead (0 skips it)")
	real := flag.String("real", "", "evaluate on the real-code corpus in `file` (benchmarks/real/corpus.yaml) instead of the targets")
	labels := flag.String("labels", "benchmarks/real/labels.yaml", "with -real: blind perf labels of options")
	only := flag.String("only", "", "with -real or -compare: only these projects or cases (comma-separated names)")
	withCounts := flag.Bool("counts", true, "with -real: also rank with counts from each project's own tests")
	scale := flag.Bool("scale", false, "rank large modules whole, cold, cached and after a one-file change, instead of the targets")
	unlabelled := flag.String("unlabelled", "", "with -real: write the top-15 and culprit options that have no label yet to `file` (JSON), for blind labelling")
	commits := flag.String("compare", "", "run confhunt compare on the real commits in `file` (benchmarks/real/commits.yaml) instead of the targets")
	mirrors := flag.String("mirrors", os.Getenv("CONFHUNT_MIRRORS"), "with -compare: clone each repository from `dir`/owner+name/repo when it is there, not from GitHub")
	compareRuns := flag.Int("compare-runs", 6, "with -compare: the least runs of each side")
	benchtime := flag.String("benchtime", "200ms", "with -compare: -benchtime of each run")
	budget := flag.Duration("compare-budget", 0, "with -compare: the -budget of each real commit's runs (0: none)")
	mutants := flag.Int("mutate", 20, "run a seeded sample of this many mutants per target with confhunt mutate (0 skips it)")
	mutateSeed := flag.Uint64("mutate-seed", 1, "seed of the -mutate sample")
	chromium := flag.String("chromium", "chromium", "check each sample's HTML report in this headless `browser` (Debian's chromium; make chromium installs it); \"\" skips the check")
	mutateOnly := flag.Bool("mutate-only", false, "write only the mutation section, for the -targets")
	only2 := flag.String("targets", "", "with -mutate-only or -measure-only: only these targets (comma-separated directory names under benchmarks/)")
	measureTop := flag.Float64("measure", 30, "measure the slow values of this top `percent` of each target's options with rank -measure (0 skips it)")
	measureOnly := flag.Bool("measure-only", false, "write only the measured-ranking section, for the -targets")
	outside := flag.String("outside", "", "rank the modules of the outside yardsticks in `files` (comma-separated .tsv files or directories: benchmarks/real/outside) instead of the targets")
	flag.Parse()
	// confhunt reads CONFHUNT_* variables as settings and rejects one that
	// names none: the mirrors directory is the evaluation's alone.
	os.Unsetenv("CONFHUNT_MIRRORS")
	// Ctrl-C or a stop cancels the runs; the module copies are removed
	// and no report is written from what was cut short.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	abs, err := filepath.Abs(*bin)
	if err != nil {
		fail(err)
	}
	if *mutateOnly {
		if err := mutationOnly(ctx, abs, *chromium, *only2, *out, *mutants, *mutateSeed); err != nil {
			fail(err)
		}
		return
	}
	if *measureOnly {
		if err := measuredOnly(ctx, abs, *only2, *out, cmp.Or(*measureTop, 30)); err != nil {
			fail(err)
		}
		return
	}
	if *scale {
		var b bytes.Buffer
		runScale(ctx, abs, &b)
		if err := emit(ctx, b.Bytes(), *out); err != nil {
			fail(err)
		}
		return
	}
	if *commits != "" {
		if err := runCompare(ctx, abs, *commits, *out, *only, *mirrors, *compareRuns, *benchtime, *budget); err != nil {
			fail(err)
		}
		return
	}
	if *outside != "" {
		files, err := outsideFiles(*outside)
		if err == nil {
			err = runOutside(ctx, abs, files, *out)
		}
		if err != nil {
			fail(err)
		}
		return
	}
	if *real != "" {
		if err := runReal(ctx, abs, *real, *labels, *out, *only, *unlabelled, *withCounts); err != nil {
			fail(err)
		}
		return
	}
	truths, _ := filepath.Glob(filepath.Join("benchmarks", "*", "truth.yaml"))
	sort.Strings(truths)
	if len(truths) == 0 {
		fail(fmt.Errorf("no benchmarks/*/truth.yaml: run from the repository root"))
	}
	var results []*result
	for _, t := range truths {
		r, err := evaluate(ctx, abs, t)
		if err != nil {
			fail(fmt.Errorf("%s: %w", t, err))
		}
		results = append(results, r)
	}
	var b bytes.Buffer
	b.WriteString(header)
	summary(&b, results)
	details(&b, results)
	if *mutants > 0 {
		data, err := sections("", mutateHeader, func(t target) string { return mutation(ctx, abs, *chromium, t.dir, t.truth, *mutants, *mutateSeed) })
		if err != nil {
			fail(err)
		}
		b.Write(data)
	}
	if *measureTop > 0 {
		data, err := sections("", measureHeader, func(t target) string { return measuredRanking(ctx, abs, t.dir, t.truth, *measureTop) })
		if err != nil {
			fail(err)
		}
		b.Write(data)
	}
	if *large {
		largeModule(ctx, abs, &b)
	}
	if err := emit(ctx, b.Bytes(), *out); err != nil {
		fail(err)
	}
}

const header = "# confhunt evaluation\n\n" +
	"Written by `make eval` (benchmarks/eval). *rank* is the static ranking; *with counts* ranks again " +
	"with execution counts taken from each target's benchmarks (`confhunt counts`); *with a CPU profile* ranks again " +
	"with `rank -profile` and the same benchmarks' CPU profiles (`go test -cpuprofile`, per package, merged). *hunt rank* is the rank " +
	"of the culprit's function among the sites `confhunt hunt` measured while the benchmarks ran (its best " +
	"site: its own time, or an allocation or IO call in it); *not probed* means it was in no suspect's slice, " +
	"*did not run* that the benchmarks never reached it. *pprof -top flat rank* is the function's rank by flat " +
	"CPU time in `go tool pprof -top` for the same benchmarks of its package.\n\n"

func fail(err error) {
	fmt.Fprintln(os.Stderr, "eval:", err)
	os.Exit(1)
}

var peakRE = regexp.MustCompile(`total +([0-9.]+)s, peak memory ([0-9]+ MB)`)

func evaluate(ctx context.Context, bin, truthFile string) (*result, error) {
	t, err := readTruth(truthFile)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(truthFile)
	fmt.Fprintf(os.Stderr, "eval: %s: rank\n", t.Program)
	stdout, stderr, err := run(ctx, dir, bin, append([]string{"rank", "-json", "-v"}, t.Patterns...)...)
	if err != nil {
		return nil, fmt.Errorf("rank: %v\n%s", err, stderr)
	}
	var rj rankJSON
	if err := json.Unmarshal(stdout, &rj); err != nil {
		return nil, err
	}
	r := &result{truth: t, options: len(rj.Options)}
	if m := peakRE.FindAllStringSubmatch(string(stderr), -1); len(m) > 0 {
		last := m[len(m)-1]
		secs, _ := strconv.ParseFloat(last[1], 64)
		r.wall, r.peak = time.Duration(secs*float64(time.Second)), last[2]
	}
	for _, c := range t.Culprits {
		rank, suspect := 0, false
		for _, o := range rj.Options {
			if o.Name == c.Option || slices.Contains(o.Aliases, c.Option) {
				rank, suspect = o.Rank, o.Suspect
			}
		}
		r.ranks = append(r.ranks, rank)
		r.suspects = append(r.suspects, suspect)
	}
	if len(t.Bench) > 0 {
		r.measured, r.msuspect = measuredRanks(ctx, bin, dir, t)
		r.profiled, r.psuspect = profiledRanks(ctx, bin, dir, t)
		r.hunt = huntRanks(ctx, bin, dir, t)
		r.pprof = pprofRanks(ctx, dir, t)
		if *overheadRuns > 0 {
			r.overhead = overhead(ctx, bin, dir, t, *overheadRuns)
		}
	}
	return r, nil
}

// overheadJSON is what eval reads of hunt -overhead -json.
type overheadJSON struct {
	Version int `json:"version"`
	Plans   []struct {
		Name       string   `json:"name"`
		Probes     int      `json:"probes"`
		Slowdown   *float64 `json:"slowdown"`
		SlowdownLo *float64 `json:"slowdown_lo"`
		SlowdownHi *float64 `json:"slowdown_hi"`
		P          float64  `json:"p"`
		Verdict    string   `json:"verdict"`
	} `json:"plans"`
	Runs int `json:"runs"`
}

// overhead runs hunt -overhead -json on the benchmarks and returns
// "selective +x% [lo, hi] p=… (n probes); all ~ [lo, hi] p=… (m probes); k runs".
func overhead(ctx context.Context, bin, dir string, t Truth, runs int) string {
	fmt.Fprintf(os.Stderr, "eval: %s: overhead\n", t.Program)
	args := append(append([]string{"hunt", "-overhead", "-json", "-runs", strconv.Itoa(runs)}, t.Patterns...), "--")
	stdout, stderr, err := run(ctx, dir, bin, append(args, t.Bench...)...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "eval: overhead: %v\n%s\n", err, lastLines(stderr, 5))
		return "error"
	}
	var oj overheadJSON
	if err := json.Unmarshal(stdout, &oj); err != nil || oj.Version != 1 {
		fmt.Fprintf(os.Stderr, "eval: overhead: reading hunt -overhead -json (version %d): %v\n", oj.Version, err)
		return "error"
	}
	pct := func(x *float64) string {
		if x == nil {
			return "?"
		}
		return fmt.Sprintf("%+.1f%%", 100**x)
	}
	var parts []string
	for _, p := range oj.Plans {
		est := pct(p.Slowdown)
		if p.Verdict == "~" {
			est = "~"
		}
		parts = append(parts, fmt.Sprintf("%s %s [%s, %s] p=%.2g (%d probes)", strings.TrimSuffix(p.Name, " functions"), est, pct(p.SlowdownLo), pct(p.SlowdownHi), p.P, p.Probes))
	}
	return strings.Join(parts, "; ") + fmt.Sprintf("; %d runs", oj.Runs)
}

// measuredRanks takes counts from the benchmarks and ranks again with them.
func measuredRanks(ctx context.Context, bin, dir string, t Truth) ([]int, []bool) {
	fmt.Fprintf(os.Stderr, "eval: %s: counts\n", t.Program)
	file := filepath.Join(os.TempDir(), fmt.Sprintf("confhunt-eval-%d.counts", os.Getpid()))
	defer os.Remove(file)
	args := append(append([]string{"counts", "-o", file}, t.Patterns...), "--")
	if _, stderr, err := run(ctx, dir, bin, append(args, t.Bench...)...); err != nil {
		fmt.Fprintf(os.Stderr, "eval: counts: %v\n%s\n", err, lastLines(stderr, 5))
		return nil, nil
	}
	stdout, stderr, err := run(ctx, dir, bin, append([]string{"rank", "-json", "-counts", file}, t.Patterns...)...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "eval: rank -counts: %v\n%s\n", err, lastLines(stderr, 5))
		return nil, nil
	}
	return culpritRanks(stdout, t)
}

// culpritRanks reads rank -json and returns each culprit's rank and
// whether it is a suspect.
func culpritRanks(rankJSONOut []byte, t Truth) ([]int, []bool) {
	var rj rankJSON
	if json.Unmarshal(rankJSONOut, &rj) != nil {
		return nil, nil
	}
	var ranks []int
	var suspects []bool
	for _, c := range t.Culprits {
		rank, suspect := 0, false
		for _, o := range rj.Options {
			if o.Name == c.Option || slices.Contains(o.Aliases, c.Option) {
				rank, suspect = o.Rank, o.Suspect
			}
		}
		ranks = append(ranks, rank)
		suspects = append(suspects, suspect)
	}
	return ranks, suspects
}

// profiledRanks takes a CPU profile of the benchmarks, package by package
// (go test -cpuprofile profiles one package), merges them and ranks again
// with rank -profile.
func profiledRanks(ctx context.Context, bin, dir string, t Truth) ([]int, []bool) {
	fmt.Fprintf(os.Stderr, "eval: %s: profile\n", t.Program)
	var patterns []string
	for _, a := range t.Bench[2:] {
		if !strings.HasPrefix(a, "-") {
			patterns = append(patterns, a)
		}
	}
	stdout, stderr, err := run(ctx, dir, "go", append([]string{"list", "-f", "{{if .TestGoFiles}}{{.ImportPath}}{{end}}"}, patterns...)...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "eval: profile: %v\n%s\n", err, lastLines(stderr, 5))
		return nil, nil
	}
	tmp, err := os.MkdirTemp("", "confhunt-eval-profile-")
	if err != nil {
		return nil, nil
	}
	defer os.RemoveAll(tmp)
	var profs []*profile.Profile
	for i, pkg := range strings.Fields(string(stdout)) {
		file := filepath.Join(tmp, fmt.Sprintf("%d.cpu", i))
		args := append(append([]string{"test"}, benchFlags(t.Bench)...), "-cpuprofile", file, "-o", os.DevNull, pkg)
		if _, stderr, err := run(ctx, dir, "go", args...); err != nil {
			fmt.Fprintf(os.Stderr, "eval: profile %s: %v\n%s\n", pkg, err, lastLines(stderr, 5))
			continue
		}
		f, err := os.Open(file)
		if err != nil {
			continue
		}
		p, err := profile.Parse(f)
		f.Close()
		if err == nil && len(p.Sample) > 0 {
			profs = append(profs, p)
		}
	}
	if len(profs) == 0 {
		return nil, nil
	}
	merged, err := profile.Merge(profs)
	if err != nil {
		fmt.Fprintf(os.Stderr, "eval: profile: merging: %v\n", err)
		return nil, nil
	}
	file := filepath.Join(tmp, "merged.cpu")
	f, err := os.Create(file)
	if err != nil {
		return nil, nil
	}
	err = merged.Write(f)
	f.Close()
	if err != nil {
		return nil, nil
	}
	stdout, stderr, err = run(ctx, dir, bin, append([]string{"rank", "-json", "-profile", file}, t.Patterns...)...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "eval: rank -profile: %v\n%s\n", err, lastLines(stderr, 5))
		return nil, nil
	}
	return culpritRanks(stdout, t)
}

func run(ctx context.Context, dir, name string, args ...string) ([]byte, []byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	stopGently(cmd)
	cmd.Dir = dir
	// Every run measured cold; and each directory is a module of its
	// own: a go.work a module's zip ships, naming directories of its
	// repository the zip lacks, is not used (as a user would set it).
	cmd.Env = append(os.Environ(), "CONFHUNT_CACHE=off", "GOWORK=off")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return out.Bytes(), errb.Bytes(), err
}

// stopGently makes cmd, when its context ends (the evaluation
// interrupted), get an interrupt and time to remove what it made (its
// overlays, its test binaries, the processes it started), as a user's
// Ctrl-C gives it, rather than the SIGKILL that would leave them; it is
// killed if it has not ended within a minute.
func stopGently(cmd *exec.Cmd) {
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = time.Minute
}

// huntRanks runs hunt on the benchmarks and finds each culprit function's
// rank among the sites that ran.
func huntRanks(ctx context.Context, bin, dir string, t Truth) []string {
	fmt.Fprintf(os.Stderr, "eval: %s: hunt\n", t.Program)
	args := append(append([]string{"hunt", "-json"}, t.Patterns...), "--")
	stdout, stderr, err := run(ctx, dir, bin, append(args, t.Bench...)...)
	out := make([]string, len(t.Culprits))
	if err != nil {
		for i := range out {
			out[i] = "error"
		}
		fmt.Fprintf(os.Stderr, "eval: hunt: %v\n%s\n", err, lastLines(stderr, 5))
		return out
	}
	var hj huntJSON
	json.Unmarshal(stdout, &hj)
	// A function's rank is that of its best site: its own time or an
	// allocation or IO call in it.
	for i, c := range t.Culprits {
		out[i] = "not probed"
		rank := 0
		for _, b := range hj.Bottlenecks {
			if b.Calls > 0 {
				rank++
			}
			if !funcMatches(b.Func, c.Function) {
				continue
			}
			if b.Calls == 0 {
				out[i] = "did not run"
				continue
			}
			out[i] = strconv.Itoa(rank)
			break
		}
	}
	return out
}

// funcMatches reports whether a full function name ends with the short
// name of the truth file ("wal.(*Log).syncLocked").
func funcMatches(full, short string) bool {
	return strings.HasSuffix(full, "/"+short) || full == short
}

// pprofRanks profiles each culprit's package with the same benchmarks
// and finds the function's flat rank in go tool pprof -top.
func pprofRanks(ctx context.Context, dir string, t Truth) []string {
	out := make([]string, len(t.Culprits))
	tops := make(map[string][]string)
	for i, c := range t.Culprits {
		out[i] = "-"
		if c.Package == "" {
			continue
		}
		top, ok := tops[c.Package]
		if !ok {
			fmt.Fprintf(os.Stderr, "eval: %s: pprof %s\n", t.Program, c.Package)
			prof := filepath.Join(os.TempDir(), fmt.Sprintf("confhunt-eval-%d.cpu", os.Getpid()))
			bench := benchFlags(t.Bench)
			args := append(append([]string{"test"}, bench...), "-cpuprofile", prof, "-o", os.DevNull, c.Package)
			if _, stderr, err := run(ctx, dir, "go", args...); err != nil {
				fmt.Fprintf(os.Stderr, "eval: pprof: %v\n%s\n", err, lastLines(stderr, 5))
			} else if stdout, _, err := run(ctx, dir, "go", "tool", "pprof", "-top", prof); err == nil {
				top = parseTop(stdout)
			}
			os.Remove(prof)
			tops[c.Package] = top
		}
		out[i] = "not sampled"
		for j, fn := range top {
			if funcMatches(fn, c.Function) {
				out[i] = strconv.Itoa(j + 1)
				break
			}
		}
	}
	return out
}

// benchFlags keeps the flags of a go test command (written -flag=value in
// truth.yaml), dropping go, test and the package patterns.
func benchFlags(cmd []string) []string {
	var out []string
	for _, a := range cmd[2:] {
		if strings.HasPrefix(a, "-") {
			out = append(out, a)
		}
	}
	return out
}

// parseTop returns the function names of go tool pprof -top, by flat order.
func parseTop(out []byte) []string {
	var fns []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	started := false
	for sc.Scan() {
		line := sc.Text()
		if strings.Contains(line, "flat%") {
			started = true
			continue
		}
		if !started {
			continue
		}
		f := strings.Fields(line)
		if len(f) >= 6 {
			fns = append(fns, strings.Join(f[5:], " "))
		}
	}
	return fns
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func summary(w io.Writer, rs []*result) {
	fmt.Fprintf(w, "| program | options | culprits | recall top 10%% | recall top k | median culprit rank | with counts: top 10%% / top k / median | with a CPU profile: top 10%% / top k / median | rank wall | peak memory | hunt overhead (slowdown of the benchmarks' ns/op, 95%% interval, one-sided U p; ~ not significant) |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rs {
		k := len(r.truth.Culprits)
		inTop, inK, median := recall(r.ranks, r.suspects, k, r.options)
		measured := "-"
		if r.measured != nil {
			mt, mk, mm := recall(r.measured, r.msuspect, k, r.options)
			measured = fmt.Sprintf("%d/%d / %d/%d / %g", mt, k, mk, k, mm)
		}
		profiled := "-"
		if r.profiled != nil {
			pt, pk, pm := recall(r.profiled, r.psuspect, k, r.options)
			profiled = fmt.Sprintf("%d/%d / %d/%d / %g", pt, k, pk, k, pm)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d/%d | %d/%d | %g | %s | %s | %.1fs | %s | %s |\n", r.truth.Program, r.options, k, inTop, k, inK, k, median, measured, profiled, r.wall.Seconds(), r.peak, cmpOr(r.overhead, "-"))
	}
	fmt.Fprintln(w)
}

// recall counts the culprits among the suspects and in the top k, and
// their median rank (a culprit not found counts as ranked last).
func recall(ranks []int, suspects []bool, k, options int) (inTop, inK int, median float64) {
	var found []int
	for i, rank := range ranks {
		if suspects[i] {
			inTop++
		}
		if rank > 0 && rank <= k {
			inK++
		}
		if rank > 0 {
			found = append(found, rank)
		} else {
			found = append(found, options+1)
		}
	}
	slices.Sort(found)
	if n := len(found); n > 0 {
		median = float64(found[(n-1)/2]+found[n/2]) / 2
	}
	return inTop, inK, median
}

func details(w io.Writer, rs []*result) {
	fmt.Fprintf(w, "| program | culprit option | resource | rank | suspect | rank with counts | rank with a CPU profile | function | hunt rank | pprof -top flat rank |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rs {
		for i, c := range r.truth.Culprits {
			rank := "not found"
			if r.ranks[i] > 0 {
				rank = strconv.Itoa(r.ranks[i])
			}
			hunt, pp := "-", "-"
			if r.hunt != nil {
				hunt = r.hunt[i]
			}
			if r.pprof != nil {
				pp = r.pprof[i]
			}
			mrank := "-"
			if r.measured != nil && r.measured[i] > 0 {
				mrank = strconv.Itoa(r.measured[i])
			}
			prank := "-"
			if r.profiled != nil && r.profiled[i] > 0 {
				prank = strconv.Itoa(r.profiled[i])
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s of %d | %v | %s | %s | %s | %s | %s |\n", r.truth.Program, c.Option, c.Resource, rank, r.options, r.suspects[i], mrank, prank, c.Function, hunt, pp)
		}
	}
	fmt.Fprintln(w)
}

// largeModule ranks the smaller module of the scale benchmark (gRPC)
// whole, copied out of the module cache; make bench-scale gives more.
func largeModule(ctx context.Context, bin string, w io.Writer) {
	m := scaleModules[len(scaleModules)-1]
	mod, version, pattern := m.module, m.version, "./..."
	fmt.Fprintf(os.Stderr, "eval: large module %s@%s\n", mod, version)
	dir, cleanup, err := moduleCopy(ctx, mod, version)
	if err != nil {
		fmt.Fprintf(w, "large module: %v\n", err)
		return
	}
	defer cleanup()
	start := time.Now()
	stdout, stderr, err := run(ctx, dir, bin, "rank", "-json", "-v", pattern)
	wall := time.Since(start)
	if err != nil {
		fmt.Fprintf(w, "large module: rank: %v\n%s\n", err, lastLines(stderr, 3))
		return
	}
	var rj rankJSON
	json.Unmarshal(stdout, &rj)
	size := regexp.MustCompile(`([0-9]+) SSA instructions; analysed [0-9]+ functions, ([0-9]+) instructions`).FindStringSubmatch(string(stderr))
	peak := ""
	if m := peakRE.FindAllStringSubmatch(string(stderr), -1); len(m) > 0 {
		peak = m[len(m)-1][2]
	}
	fmt.Fprintf(w, "Large module: `confhunt rank %s` in a copy of %s@%s", pattern, mod, version)
	if size != nil {
		fmt.Fprintf(w, ", %s SSA instructions in the program, %s analysed", size[1], size[2])
	}
	fmt.Fprintf(w, ": %d options, wall %.1fs, peak memory %s.\n", len(rj.Options), wall.Seconds(), peak)
	tw := tabwriter.NewWriter(io.Discard, 0, 0, 1, ' ', 0)
	tw.Flush()
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Commits is benchmarks/real/commits.yaml: real commits whose message
// states a measured change.
type Commits struct {
	Cases []CommitCase `yaml:"cases"`
}

// CommitCase is one commit, compared with its first parent.
type CommitCase struct {
	Name   string `yaml:"name"`
	Repo   string `yaml:"repo"` // github.com/owner/name
	Commit string `yaml:"commit"`
	Tags   string `yaml:"tags"`
	// Data is input the benchmarks read that their repository lacks
	// (they would download it): a directory of another repository,
	// copied with git archive; {data} in Args names the copy.
	Data *struct {
		Repo   string `yaml:"repo"` // github.com/owner/name
		Commit string `yaml:"commit"`
		Path   string `yaml:"path"`
	} `yaml:"data"`
	Args      string  `yaml:"args"`      // compare -test-args: the benchmarks' own flags
	Benchmark string  `yaml:"benchmark"` // regexp over the printed name without the -N suffix
	Stated    float64 `yaml:"stated"`    // percent; negative is faster
	Evidence  string  `yaml:"evidence"`
}

// compareJSON is what the harness reads of compare -json.
type compareJSON struct {
	Changes    []json.RawMessage `json:"changes"`
	Benchmarks struct {
		Total    int               `json:"total"`
		Selected []json.RawMessage `json:"selected"`
	} `json:"benchmarks"`
	Results []struct {
		Name    string   `json:"name"`
		Change  *float64 `json:"change"`
		P       float64  `json:"p_slower"`
		PFaster float64  `json:"p_faster"`
		Verdict string   `json:"verdict"`
	} `json:"results"`
	New []string `json:"new"`
	Cut []string `json:"cut"`
}

type commitResult struct {
	c               CommitCase
	err             string
	changed         int
	selected, total int
	found           bool // the stated benchmark was measured
	change          float64
	verdict         string
	detected        bool // in the stated direction
	cut             int  // packages whose runs the budget ended early
	wall            time.Duration
	peak            int64
	missing         []string // files of the commits the mirror lacks, left out of both sides
}

var procs = regexp.MustCompile(`-[0-9]+$`)

// runCompare runs compare on each case's commit and its parent and
// writes a table of detected against stated changes, then runs the
// synthetic changes (runSynthetic); -only synthetic runs those alone. A case's repository
// is cloned from mirrors/owner+name/repo when that exists (a shared,
// read-only clone), from https://repo otherwise.
func runCompare(ctx context.Context, bin, file, out, only, mirrors string, runs int, benchtime string, budget time.Duration) error {
	var cs Commits
	if err := readYAML(file, &cs); err != nil {
		return err
	}
	var results []commitResult
	for _, c := range cs.Cases {
		if only != "" && !strings.Contains(","+only+",", ","+c.Name+",") || only == "synthetic" {
			continue
		}
		fmt.Fprintf(os.Stderr, "eval: compare %s (%s@%s)\n", c.Name, c.Repo, c.Commit[:12])
		results = append(results, compareCase(ctx, bin, c, mirrors, runs, benchtime, budget))
	}
	var b bytes.Buffer
	compareReport(&b, file, results, runs, benchtime, budget)
	if only == "" || only == "synthetic" {
		runSynthetic(ctx, bin, &b, runs, benchtime)
	}
	return emit(ctx, b.Bytes(), out)
}

func compareCase(ctx context.Context, bin string, c CommitCase, mirrors string, runs int, benchtime string, budget time.Duration) commitResult {
	r := commitResult{c: c}
	tmp, err := os.MkdirTemp("", "confhunt-eval-compare-")
	if err != nil {
		r.err = err.Error()
		return r
	}
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "src")
	if err := clone(ctx, c.Repo, mirrors, dir); err != nil {
		r.err = err.Error()
		return r
	}
	testArgs := c.Args
	if d := c.Data; d != nil {
		data := filepath.Join(tmp, "data")
		if err := clone(ctx, d.Repo, mirrors, data); err != nil {
			r.err = err.Error()
			return r
		}
		// git archive | tar -x: the path alone, at the commit.
		if _, stderr, err := run(ctx, data, "sh", "-c", `git archive "$1" -- "$2" | tar -x`, "archive", d.Commit, d.Path); err != nil {
			r.err = fmt.Sprintf("data %s@%s:%s: %v: %s", d.Repo, d.Commit, d.Path, err, lastLines(stderr, 2))
			return r
		}
		testArgs = strings.ReplaceAll(testArgs, "{data}", filepath.Join(data, filepath.FromSlash(d.Path)))
	}
	// -cover: selection by each benchmark's measured coverage of the
	// lines of the change, which the call graph cannot tell apart (every
	// Parse benchmark reaches Parse, whichever branch changed).
	base, head, missing, err := withoutMissing(ctx, dir, c.Commit)
	if err != nil {
		r.err = err.Error()
		return r
	}
	r.missing = missing
	args := []string{"compare", "-json", "-cover", "-base", base, "-head", head, "-runs", fmt.Sprint(runs), "-max-runs", fmt.Sprint(2 * runs), "-benchtime", benchtime}
	if budget > 0 {
		args = append(args, "-budget", budget.String())
	}
	if c.Tags != "" {
		args = append(args, "-tags", c.Tags)
	}
	if testArgs != "" {
		args = append(args, "-test-args", testArgs)
	}
	t := runTimed(ctx, dir, []string{"CONFHUNT_CACHE=off"}, bin, append(args, "./...")...)
	r.wall, r.peak = t.wall, t.peakMB
	if t.err != nil {
		r.err = fmt.Sprintf("confhunt compare: %v: %s", t.err, lastLines(t.stderr, 3))
		return r
	}
	var cj compareJSON
	if err := json.Unmarshal(t.stdout, &cj); err != nil {
		r.err = fmt.Sprintf("reading compare -json: %v", err)
		return r
	}
	r.changed, r.selected, r.total, r.cut = len(cj.Changes), len(cj.Benchmarks.Selected), cj.Benchmarks.Total, len(cj.Cut)
	re, err := regexp.Compile(c.Benchmark)
	if err != nil {
		r.err = fmt.Sprintf("benchmark %q: %v", c.Benchmark, err)
		return r
	}
	for _, res := range cj.Results {
		if !re.MatchString(procs.ReplaceAllString(res.Name, "")) || res.Change == nil {
			continue
		}
		// With -cpu 1,N a benchmark prints twice: the first found (GOMAXPROCS 1 sorts first) is kept.
		if !r.found {
			r.found, r.change, r.verdict = true, 100**res.Change, res.Verdict
		}
	}
	want := "faster"
	if c.Stated > 0 {
		want = "slower"
	}
	r.detected = r.found && r.verdict == want
	return r
}

// withoutMissing returns the revisions to compare for commit in the clone
// dir: the commit's parent and the commit, or, when either tree names
// files whose contents the repository lacks (a mirror fetched without
// its largest blobs, whose git archive fails on them), commits of the
// same trees without those files, made in dir, and the files left out.
func withoutMissing(ctx context.Context, dir, commit string) (base, head string, missing []string, err error) {
	revs := []string{commit + "^", commit}
	trees := make([]string, len(revs))
	for i, rev := range revs {
		out, stderr, err := run(ctx, dir, "git", "ls-tree", "-r", "-z", rev)
		if err != nil {
			return "", "", nil, fmt.Errorf("git ls-tree %s: %v: %s", rev, err, lastLines(stderr, 2))
		}
		var blobs, paths []string
		for _, e := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
			meta, path, _ := strings.Cut(e, "\t")
			if f := strings.Fields(meta); len(f) == 3 && f[1] == "blob" {
				blobs, paths = append(blobs, f[2]), append(paths, path)
			}
		}
		cmd := exec.CommandContext(ctx, "git", "cat-file", "--batch-check")
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(strings.Join(blobs, "\n")+"\n")
		check, err := cmd.Output()
		if err != nil {
			return "", "", nil, fmt.Errorf("git cat-file --batch-check %s: %v", rev, err)
		}
		var gone []string
		for j, l := range strings.Split(strings.TrimSpace(string(check)), "\n") {
			if strings.HasSuffix(l, " missing") && j < len(paths) {
				gone = append(gone, paths[j])
			}
		}
		if len(gone) == 0 {
			continue
		}
		missing = append(missing, gone...)
		// A tree without them: the commit's, read into an index of its
		// own, the files removed, written back.
		index := filepath.Join(dir, ".git", fmt.Sprintf("pruned-%d.index", i))
		env := append(os.Environ(), "GIT_INDEX_FILE="+index)
		steps := [][]string{{"read-tree", rev}, append([]string{"rm", "-q", "--cached", "--"}, gone...)}
		for _, args := range steps {
			cmd := exec.CommandContext(ctx, "git", args...)
			cmd.Dir, cmd.Env = dir, env
			if out, err := cmd.CombinedOutput(); err != nil {
				return "", "", nil, fmt.Errorf("git %s: %v: %s", args[0], err, lastLines(out, 2))
			}
		}
		cmd = exec.CommandContext(ctx, "git", "write-tree")
		cmd.Dir, cmd.Env = dir, env
		tree, err := cmd.Output()
		if err != nil {
			return "", "", nil, fmt.Errorf("git write-tree: %v", err)
		}
		trees[i] = strings.TrimSpace(string(tree))
	}
	if len(missing) == 0 {
		return revs[0], revs[1], nil, nil
	}
	slices.Sort(missing)
	missing = slices.Compact(missing)
	// Both sides are rebuilt, so that the change between them is the
	// commit's and nothing else.
	parent := ""
	for i, rev := range revs {
		tree := trees[i]
		if tree == "" {
			out, _, err := run(ctx, dir, "git", "rev-parse", rev+"^{tree}")
			if err != nil {
				return "", "", nil, fmt.Errorf("git rev-parse %s: %v", rev, err)
			}
			tree = strings.TrimSpace(string(out))
		}
		args := []string{"-c", "user.name=eval", "-c", "user.email=eval@localhost", "commit-tree", tree, "-m", rev + " without the blobs the mirror lacks"}
		if parent != "" {
			args = append(args, "-p", parent)
		}
		out, stderr, err := run(ctx, dir, "git", args...)
		if err != nil {
			return "", "", nil, fmt.Errorf("git commit-tree: %v: %s", err, lastLines(stderr, 2))
		}
		parent = strings.TrimSpace(string(out))
		revs[i] = parent
	}
	return revs[0], revs[1], missing, nil
}

// clone clones repo (github.com/owner/name) into dir, without a work
// tree: from mirrors/owner+name/repo when that exists (shared, read-only),
// from https://repo otherwise.
func clone(ctx context.Context, repo, mirrors, dir string) error {
	src := "https://" + repo
	owner, name, _ := strings.Cut(strings.TrimPrefix(repo, "github.com/"), "/")
	if m := filepath.Join(mirrors, owner+"+"+name, "repo"); mirrors != "" && exists(m) {
		src = m
	}
	if _, stderr, err := run(ctx, filepath.Dir(dir), "git", "clone", "-q", "--shared", "--no-checkout", src, dir); err != nil {
		return fmt.Errorf("git clone %s: %v: %s", src, err, lastLines(stderr, 2))
	}
	return nil
}

func exists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

func compareReport(w io.Writer, file string, results []commitResult, runs int, benchtime string, budget time.Duration) {
	budgetFlag := ""
	if budget > 0 {
		budgetFlag = " -budget " + budget.String()
	}
	fmt.Fprintf(w, "# confhunt compare on real commits\n\n")
	fmt.Fprintf(w, "Cases: `%s`. Each commit is compared with its parent by `confhunt compare -cover -base C^ -head C -runs %d -max-runs %d -benchtime %s%s ./...` "+
		"(the project's own benchmarks; selection by each benchmark's coverage of the changed lines, from one run of each with coverage counters, which the wall time includes). Detected: the stated benchmark measured with the verdict in the stated direction "+
		"(one-sided Mann-Whitney U at 0.05). Cut: the packages whose runs a -budget ended before their medians were known within 5%%.\n\n", file, runs, 2*runs, benchtime, budgetFlag)
	fmt.Fprintln(w, "| case | stated | measured | verdict | detected | changed funcs | selected / total benchmarks | cut | wall | peak |")
	fmt.Fprintln(w, "| --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |")
	detected, cheap, done := 0, 0, 0
	for _, r := range results {
		if r.err != "" {
			fmt.Fprintf(w, "| %s | %+.1f%% | error | | no | | | | %s | |\n", r.c.Name, r.c.Stated, r.wall.Round(time.Second))
			continue
		}
		done++
		measured, verdict := "not measured", "-"
		if r.found {
			measured, verdict = fmt.Sprintf("%+.1f%%", r.change), r.verdict
		}
		if r.detected {
			detected++
		}
		if 2*r.selected < r.total {
			cheap++
		}
		fmt.Fprintf(w, "| %s | %+.1f%% | %s | %s | %s | %d | %d / %d | %d | %s | %d MB |\n", r.c.Name, r.c.Stated, measured, verdict, yesNo(r.detected),
			r.changed, r.selected, r.total, r.cut, r.wall.Round(time.Second), r.peak)
	}
	fmt.Fprintf(w, "\nDetected in the stated direction: %d of %d; fewer than half of the benchmarks run: %d of %d (goal: ≥ 4 of 5 detected, every case under half).\n", detected, len(results), cheap, done)
	for _, r := range results {
		if r.err != "" {
			fmt.Fprintf(w, "\n%s: %s\n", r.c.Name, strings.ReplaceAll(r.err, "\n", " "))
		}
		if len(r.missing) > 0 {
			fmt.Fprintf(w, "\n%s: compared without %d files the mirror lacks, left out of both sides: %s\n", r.c.Name, len(r.missing), strings.Join(r.missing, ", "))
		}
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	yaml "go.yaml.in/yaml/v3"

	"github.com/confhunt/confhunt/internal/snapshot"
)

// Corpus is benchmarks/real/corpus.yaml: real public Go projects and the
// performance problems their issues tie to a configuration option.
type Corpus struct {
	Projects []Project `yaml:"projects"`
	Cases    []Case    `yaml:"cases"`
	Rejected []struct {
		Project string `yaml:"project"`
		URL     string `yaml:"url"`
		Reason  string `yaml:"reason"`
	} `yaml:"rejected"`
}

// Project is one module of the corpus, at one version.
type Project struct {
	Name     string   `yaml:"name"`
	Module   string   `yaml:"module"`
	Version  string   `yaml:"version"`
	Kind     string   `yaml:"kind"`
	Patterns []string `yaml:"patterns"`
	Counts   *struct {
		Packages  []string `yaml:"packages"`
		Run       string   `yaml:"run"`
		Skip      string   `yaml:"skip"`
		Bench     string   `yaml:"bench"`
		Benchtime string   `yaml:"benchtime"`
		Timeout   string   `yaml:"timeout"`
	} `yaml:"counts"`
	Note string `yaml:"note"`
}

// Case is one public performance problem tied to an option.
type Case struct {
	ID         string   `yaml:"id"`
	Project    string   `yaml:"project"`
	Option     string   `yaml:"option"`
	Names      []string `yaml:"names"`
	User       string   `yaml:"user"`
	Resource   string   `yaml:"resource"`
	Bad        string   `yaml:"bad"`
	Function   string   `yaml:"function"`
	URL        string   `yaml:"url"`
	Evidence   string   `yaml:"evidence"`
	Confidence string   `yaml:"confidence"`
	Note       string   `yaml:"note"`
}

// Labels is benchmarks/real/labels.yaml: options of the corpus projects
// labelled blind (without their rank or score) as performance knobs or not.
type Labels struct {
	Labels []Label `yaml:"labels"`
}

// Label says whether one option is a performance knob.
type Label struct {
	Project string `yaml:"project"`
	Option  string `yaml:"option"`
	Perf    string `yaml:"perf"` // yes or no
	Reason  string `yaml:"reason"`
	Ranking string `yaml:"ranking"` // the confhunt commit whose top 15 it was labelled for
}

// rankedOption is an option of rank -json.
type rankedOption struct {
	Name    string   `json:"name"`
	Aliases []string `json:"aliases"`
	Type    string   `json:"type"`
	Rank    int      `json:"rank"`
	Suspect bool     `json:"suspect"`
	Sites   []struct {
		Pos  string `json:"pos"`
		Func string `json:"func"`
	} `json:"sites"`
	Score     optionScore `json:"score"`
	Influence []string    `json:"influence"`
	Command   bool        `json:"command"` // a bundled command's, ranked after the library's own
	Inert     bool        `json:"inert"`   // decides no work, ranked after those that do
	Top       []struct {
		Pos  string `json:"pos"`
		Func string `json:"func"`
	} `json:"top"`
}

// optionScore is an option's score columns in rank -json.
type optionScore struct {
	CPU      float64 `json:"cpu"`
	MEM      float64 `json:"mem"`
	IO       float64 `json:"io"`
	LAT      float64 `json:"lat"`
	SYNC     float64 `json:"sync"`
	Retained float64 `json:"retained"`
	Total    float64 `json:"total"`
}

// columns are the score's columns by name, in rank's order.
func (s optionScore) columns() []float64 {
	return []float64{s.CPU, s.MEM, s.IO, s.LAT, s.SYNC, s.Retained}
}

var columnNames = []string{"CPU", "MEM", "IO", "LAT", "SYNC", "RET"}

// strongest says which of o's columns comes closest to the project's
// largest in that column, and how close: what ranks it where it is. As
// rank normalises them, a work column (all but RET) whose largest value
// is under 2% of the largest work column's is divided by that 2%.
func strongest(o rankedOption, opts []rankedOption) string {
	most := make([]float64, len(columnNames))
	for _, p := range opts {
		for i, v := range p.Score.columns() {
			most[i] = max(most[i], v)
		}
	}
	floor := 0.02 * slices.Max(most[:5])
	for i := range 5 {
		most[i] = max(most[i], floor)
	}
	best, share := -1, 0.0
	for i, v := range o.Score.columns() {
		if most[i] > 0 && v/most[i] > share {
			best, share = i, v/most[i]
		}
	}
	if best < 0 {
		return "none"
	}
	return fmt.Sprintf("%s %.0f%% of the largest", columnNames[best], 100*share)
}

// missHeader introduces the lines of missRow.
const missHeader = "Cases outside the top 10%, statically, and what the score says: the culprit option's total and its strongest column (as a share of the project's largest in that column: the total is the largest such share plus a hundredth of their sum), its influence and top site; and the last option inside the window:\n\n" +
	"| case | option | rank | total (strongest column) | influence | top site | the window ends at |\n|---|---|---|---|---|---|---|\n"

// missRow is the line of a case whose culprit ranks outside the top 10%:
// what the score says of its option (its total, its strongest column,
// its influence and top site) and of the last option inside the window.
func missRow(opts []rankedOption, cs Case) (string, bool) {
	n := len(opts)
	rank := caseRank(opts, cs)
	w := window(n)
	if rank > 0 && rank <= w || n == 0 {
		return "", false
	}
	last := opts[min(w, n)-1]
	end := fmt.Sprintf("%s, %.3g (%s)", last.Name, last.Score.Total, strongest(last, opts))
	if rank == 0 {
		return fmt.Sprintf("| %s | %s | not discovered (%d options) | | | | %s |", cs.ID, cs.Option, n, end), true
	}
	var o rankedOption
	for i, p := range opts {
		if cmp.Or(p.Rank, i+1) == rank {
			o = p
			break
		}
	}
	infl, top := "-", "-"
	if len(o.Influence) > 0 {
		infl = strings.Join(o.Influence, ",")
	}
	switch {
	case o.Command:
		infl += "; a command's: ranked after the library's own"
	case o.Inert:
		infl += "; decides no work: ranked after those that do"
	}
	if len(o.Top) > 0 {
		top = fmt.Sprintf("%s in %s", o.Top[0].Pos, o.Top[0].Func)
	}
	return fmt.Sprintf("| %s | %s | %d of %d (window %d) | %.3g (%s) | %s | %s | %s |", cs.ID, o.Name, rank, n, w, o.Score.Total, strongest(o, opts), infl, top, end), true
}

// realResult is one project's outcome.
type realResult struct {
	project  Project
	cases    []Case
	options  []rankedOption // static ranking, in rank order
	measured []rankedOption // ranking with counts; nil when none were taken
	err      string         // why the project could not be ranked
	wall     time.Duration
	peak     string
	phases   string
	reaches  map[string]string // per case ID: does the culprit's slice reach Case.Function (see blamed)
}

// runReal evaluates the ranking on the corpus and writes out.
func runReal(ctx context.Context, bin, corpusFile, labelsFile, out, only, unlabelled string, withCounts bool) error {
	var c Corpus
	if err := readYAML(corpusFile, &c); err != nil {
		return err
	}
	var labels Labels
	if _, err := os.Stat(labelsFile); err == nil {
		if err := readYAML(labelsFile, &labels); err != nil {
			return err
		}
	}
	if err := checkCorpus(&c); err != nil {
		return fmt.Errorf("%s: %w", corpusFile, err)
	}
	var results []*realResult
	for _, p := range c.Projects {
		if only != "" && !slices.Contains(strings.Split(only, ","), p.Name) {
			continue
		}
		r := &realResult{project: p}
		for _, cs := range c.Cases {
			if cs.Project == p.Name {
				r.cases = append(r.cases, cs)
			}
		}
		evalProject(ctx, bin, r, withCounts)
		results = append(results, r)
	}
	var b bytes.Buffer
	realReport(&b, results, labels)
	if err := emit(ctx, b.Bytes(), out); err != nil {
		return err
	}
	if unlabelled != "" {
		return writeUnlabelled(unlabelled, results, labels)
	}
	return nil
}

func readYAML(name string, v any) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// checkCorpus checks that every case names a known project and carries
// its evidence.
func checkCorpus(c *Corpus) error {
	projects := make(map[string]bool)
	for _, p := range c.Projects {
		if p.Name == "" || p.Module == "" || p.Version == "" {
			return fmt.Errorf("project %q needs name, module and version", p.Name)
		}
		if projects[p.Name] {
			return fmt.Errorf("project %q twice", p.Name)
		}
		projects[p.Name] = true
	}
	ids := make(map[string]bool)
	for _, cs := range c.Cases {
		switch {
		case !projects[cs.Project]:
			return fmt.Errorf("case %s: unknown project %q", cs.ID, cs.Project)
		case ids[cs.ID]:
			return fmt.Errorf("case %s twice", cs.ID)
		case cs.URL == "" || cs.Evidence == "" || cs.Option == "":
			return fmt.Errorf("case %s: option, url and evidence are required", cs.ID)
		}
		ids[cs.ID] = true
	}
	return nil
}

// evalProject copies the module out of the module cache and ranks it
// there, statically and with counts from its own tests.
func evalProject(ctx context.Context, bin string, r *realResult, withCounts bool) {
	p := r.project
	fmt.Fprintf(os.Stderr, "eval-real: %s %s@%s\n", p.Name, p.Module, p.Version)
	dir, cleanup, err := moduleCopy(ctx, p.Module, p.Version)
	if err != nil {
		r.err = err.Error()
		return
	}
	defer cleanup()
	patterns := cmpSlice(p.Patterns, []string{"./..."})
	stdout, stderr, err := run(ctx, dir, bin, append([]string{"rank", "-json", "-v"}, patterns...)...)
	if err != nil {
		r.err = fmt.Sprintf("rank: %v: %s", err, lastLines(stderr, 3))
		return
	}
	var rj struct {
		Options []rankedOption `json:"options"`
	}
	if err := json.Unmarshal(stdout, &rj); err != nil {
		r.err = fmt.Sprintf("rank -json: %v", err)
		return
	}
	r.options = rj.Options
	if m := peakRE.FindAllStringSubmatch(string(stderr), -1); len(m) > 0 {
		last := m[len(m)-1]
		secs, _ := strconv.ParseFloat(last[1], 64)
		r.wall, r.peak = time.Duration(secs*float64(time.Second)), last[2]
	}
	r.phases = phases(stderr)
	r.reaches = blamed(ctx, bin, dir, p.Module, patterns, r.options, r.cases)
	if withCounts && p.Counts != nil {
		r.measured = measuredReal(ctx, bin, dir, p, patterns)
	}
}

var phaseRE = regexp.MustCompile(`(?m)^confhunt: (\S+)\s+([0-9.]+)s`)

// phases summarises rank -v's per-phase times: "load 2.1 ssa 1.0 …".
func phases(stderr []byte) string {
	var parts []string
	for _, m := range phaseRE.FindAllStringSubmatch(string(stderr), -1) {
		parts = append(parts, m[1]+" "+m[2])
	}
	return strings.Join(parts, ", ")
}

func cmpSlice(a, b []string) []string {
	if len(a) > 0 {
		return a
	}
	return b
}

// moduleCopy downloads module@version through the module proxy and copies
// its source into a writable temporary directory (never the cache itself).
func moduleCopy(ctx context.Context, module, version string) (string, func(), error) {
	scratch, err := os.MkdirTemp("", "confhunt-real-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(scratch) }
	dst := filepath.Join(scratch, "src")
	if err := snapshot.Module(ctx, module, version, dst); err != nil {
		cleanup()
		return "", nil, err
	}
	// A module zip has the module's go.sum but no vendor tree; fetch what
	// the build needs now, so that the timed rank does not download.
	if _, stderr, err := run(ctx, dst, "go", "mod", "download"); err != nil {
		fmt.Fprintf(os.Stderr, "eval-real: go mod download in %s: %v\n%s\n", module, err, lastLines(stderr, 3))
	}
	return dst, cleanup, nil
}

// measuredReal takes counts from the project's own tests, cached by
// module@version, and ranks again with them.
func measuredReal(ctx context.Context, bin, dir string, p Project, patterns []string) []rankedOption {
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	cache = filepath.Join(cache, "confhunt-eval", "counts")
	if err := os.MkdirAll(cache, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "eval-real: %v\n", err)
		return nil
	}
	file := filepath.Join(cache, strings.ReplaceAll(p.Module, "/", "_")+"@"+p.Version+".counts")
	if _, err := os.Stat(file); err != nil {
		c := p.Counts
		goTest := []string{"go", "test", "-count=1", "-timeout=" + cmp.Or(c.Timeout, "3m"), "-run=" + cmp.Or(c.Run, "^$")}
		if c.Skip != "" {
			goTest = append(goTest, "-skip="+c.Skip)
		}
		if c.Bench != "" {
			goTest = append(goTest, "-bench="+c.Bench, "-benchtime="+cmp.Or(c.Benchtime, "100x"))
		}
		goTest = append(goTest, cmpSlice(c.Packages, []string{"./..."})...)
		fmt.Fprintf(os.Stderr, "eval-real: %s: counts: %s\n", p.Name, strings.Join(goTest, " "))
		args := append(append([]string{"counts", "-o", file + ".tmp"}, patterns...), "--")
		// Some projects' tests are timing-sensitive and fail now and then
		// on a loaded machine: a failed run is tried once more.
		for attempt := 1; ; attempt++ {
			_, stderr, err := run(ctx, dir, bin, append(args, goTest...)...)
			if err == nil {
				break
			}
			fmt.Fprintf(os.Stderr, "eval-real: %s: counts, attempt %d: %v\n%s%s\n", p.Name, attempt, err, failedTests(stderr), lastLines(stderr, 5))
			os.Remove(file + ".tmp")
			if attempt == 2 || ctx.Err() != nil {
				return nil
			}
		}
		if err := os.Rename(file+".tmp", file); err != nil {
			fmt.Fprintf(os.Stderr, "eval-real: %v\n", err)
			return nil
		}
	}
	stdout, stderr, err := run(ctx, dir, bin, append([]string{"rank", "-json", "-counts", file}, patterns...)...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "eval-real: %s: rank -counts: %v\n%s\n", p.Name, err, lastLines(stderr, 5))
		return nil
	}
	var rj struct {
		Options []rankedOption `json:"options"`
	}
	if json.Unmarshal(stdout, &rj) != nil {
		return nil
	}
	return rj.Options
}

// failedTests returns go test's "--- FAIL" lines of out.
func failedTests(out []byte) string {
	var b strings.Builder
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "--- FAIL") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// nameMatches says whether an option's name (or alias) is one of the
// case's names: equal ignoring case, or one a dotted suffix of the other
// with at least two segments (Flush.Frequency is Config.Producer.Flush.Frequency).
// A case naming a setter without its parameter (worker.SetCacheSize)
// matches the option of any of its parameters (worker.SetCacheSize(size)).
func nameMatches(have, want string) bool {
	have, want = strings.ToLower(have), strings.ToLower(want)
	if fn, _, ok := strings.Cut(have, "("); ok && !strings.Contains(want, "(") && strings.HasSuffix(have, ")") {
		have = fn
	}
	if have == want {
		return true
	}
	short, long := have, want
	if len(short) > len(long) {
		short, long = long, short
	}
	return strings.Contains(short, ".") && strings.HasSuffix(long, "."+short)
}

// caseRank is the best rank of an option matching the case, 0 if none.
func caseRank(opts []rankedOption, cs Case) int {
	_, rank := caseOption(opts, cs)
	return rank
}

// caseOption is the best-ranked option matching the case and its rank;
// rank 0 if none matches.
func caseOption(opts []rankedOption, cs Case) (rankedOption, int) {
	names := append([]string{cs.Option}, cs.Names...)
	var best rankedOption
	bestRank := 0
	for i, o := range opts {
		for _, n := range append([]string{o.Name}, o.Aliases...) {
			if slices.ContainsFunc(names, func(w string) bool { return nameMatches(n, w) }) {
				if rank := cmp.Or(o.Rank, i+1); bestRank == 0 || rank < bestRank {
					best, bestRank = o, rank
				}
			}
		}
	}
	return best, bestRank
}

// What blamed says of a case: whether the culprit option's slice reaches
// the function the case's evidence blames (Case.Function).
const (
	reachYes       = "yes"
	reachNo        = "no"
	reachElsewhere = "elsewhere"  // the function is in another module: a slice ends at the call
	reachUnknown   = "undeclared" // the module declares no such function: the case is to be corrected
)

// blamed runs confhunt slice on the culprit option of each case (once
// per option) and says, per case ID, whether its slice reaches the
// function the case names, or why that cannot be told: the function is
// in another module, or slice failed (its error). A case whose option is
// not discovered, or that names no function, has no entry.
func blamed(ctx context.Context, bin, dir, module string, patterns []string, opts []rankedOption, cases []Case) map[string]string {
	own, decls, dirs, derr := declared(dir)
	names := make(map[string]string) // package names by import path
	for rel, name := range dirs {
		path := module
		if rel != "." {
			path += "/" + rel
		}
		names[path] = name
	}
	funcs := make(map[string][]string)
	errs := make(map[string]string)
	out := make(map[string]string)
	for _, cs := range cases {
		o, rank := caseOption(opts, cs)
		if rank == 0 || cs.Function == "" {
			continue
		}
		if derr != nil {
			out[cs.ID] = "error: reading the module's declarations: " + derr.Error()
			continue
		}
		pkg, _, _ := strings.Cut(cs.Function, ".")
		if !own[pkg] {
			out[cs.ID] = reachElsewhere
			continue
		}
		if !decls[caseDecl(cs.Function)] {
			out[cs.ID] = reachUnknown
			continue
		}
		if _, done := funcs[o.Name]; !done && errs[o.Name] == "" {
			fs, err := sliceFuncs(ctx, bin, dir, patterns, o.Name)
			if err != nil {
				errs[o.Name] = err.Error()
			}
			funcs[o.Name] = fs
		}
		if e := errs[o.Name]; e != "" {
			out[cs.ID] = "error: " + e
			continue
		}
		out[cs.ID] = reachNo
		if slices.ContainsFunc(funcs[o.Name], func(f string) bool { return funcNamed(f, cs.Function, names) }) {
			out[cs.ID] = reachYes
		}
	}
	return out
}

// declared returns the names of the packages of the module in dir and
// of the functions and methods they declare, as declName spells them:
// what a case's Function may name; and each package's name by its
// directory (relative, slash-separated; "." for the root). Test files,
// testdata and vendor directories are left out.
func declared(dir string) (pkgs, funcs map[string]bool, dirs map[string]string, err error) {
	pkgs, funcs, dirs = make(map[string]bool), make(map[string]bool), make(map[string]string)
	fset := token.NewFileSet()
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != dir && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil // the go command would not build it either
		}
		pkgs[f.Name.Name] = true
		if rel, err := filepath.Rel(dir, filepath.Dir(path)); err == nil {
			dirs[filepath.ToSlash(rel)] = f.Name.Name
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			recv := ""
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				t := fd.Recv.List[0].Type
				if star, ok := t.(*ast.StarExpr); ok {
					t = star.X
				}
				switch x := t.(type) {
				case *ast.IndexExpr:
					t = x.X
				case *ast.IndexListExpr:
					t = x.X
				}
				if id, ok := t.(*ast.Ident); ok {
					recv = id.Name
				}
			}
			funcs[declName(f.Name.Name, recv, fd.Name.Name)] = true
		}
		return nil
	})
	return pkgs, funcs, dirs, err
}

// declName spells a function as declared (receiver type without its
// pointer) for comparison with a case's Function: "zstd.Encoder.EncodeAll"
// for both zstd.(*Encoder).EncodeAll and zstd.Encoder.EncodeAll.
func declName(pkg, recv, name string) string {
	if recv == "" {
		return pkg + "." + name
	}
	return pkg + "." + recv + "." + name
}

// caseDecl spells a case's Function as declName does.
func caseDecl(function string) string {
	return strings.NewReplacer("(*", "", "(", "", ")", "").Replace(function)
}

// sliceFuncs lists the functions of the option's slice (confhunt slice
// -json).
func sliceFuncs(ctx context.Context, bin, dir string, patterns []string, option string) ([]string, error) {
	stdout, stderr, err := run(ctx, dir, bin, append([]string{"slice", "-json", "-option", option}, patterns...)...)
	if err != nil {
		return nil, fmt.Errorf("slice: %v: %s", err, lastLines(stderr, 2))
	}
	var sj struct {
		Functions []struct {
			Func string `json:"func"`
		} `json:"functions"`
	}
	if err := json.Unmarshal(stdout, &sj); err != nil {
		return nil, fmt.Errorf("slice -json: %v", err)
	}
	var fs []string
	for _, f := range sj.Functions {
		fs = append(fs, f.Func)
	}
	return fs, nil
}

// funcNamed reports whether full, a function as go/ssa names it
// ("github.com/a/b/v3.(*T[int]).M$1"), is the one want names as the
// corpus does, by its package's name ("b.(*T).M"), the receiver's
// pointer aside. names gives the package name of an import path of the
// module; a path it lacks is named by its last element, after a major
// version (/v3) and a "go-" prefix. A function literal is its enclosing
// function's code, and an instance of a generic function is the
// function.
func funcNamed(full, want string, names map[string]string) bool {
	full, _, _ = strings.Cut(full, "$")
	var b strings.Builder
	depth := 0
	for _, r := range full {
		switch {
		case r == '[':
			depth++
		case r == ']':
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	full = b.String()
	pkg, rest, ok := strings.Cut(want, ".")
	if !ok {
		return false
	}
	// The longest import path of the module full starts with.
	path := ""
	for p := range names {
		if strings.HasPrefix(full, p+".") && len(p) > len(path) {
			path = p
		}
	}
	name := names[path]
	if path == "" {
		i := strings.LastIndex(full, "/")
		j := strings.Index(full[i+1:], ".")
		if j < 0 {
			return false
		}
		path = full[:i+1+j]
		elems := strings.Split(path, "/")
		name = elems[len(elems)-1]
		if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
			name = elems[len(elems)-2]
		}
		name = strings.TrimPrefix(name, "go-")
	}
	return strings.EqualFold(name, pkg) && caseDecl(full[len(path)+1:]) == caseDecl(rest)
}

// window is the size of the top-10% window over n options.
func window(n int) int { return int(math.Ceil(float64(n) * 0.10)) }

// perfNames is the names baseline's fixed expression.
var perfNames = regexp.MustCompile(`(?i)size|buf|cache|sync|compress|interval|batch|concurren|worker|thread|parallel|pool|limit|max|min|threshold|timeout|delay|period|level|capacity|queue|shard|flush|compact|deadline`)

// baseline orders opts as a baseline does for one seed: random, or
// options whose last name segment matches perfNames first.
func baseline(opts []rankedOption, names bool, seed uint64) []rankedOption {
	out := slices.Clone(opts)
	for i := range out {
		out[i].Rank = 0
	}
	slices.SortFunc(out, func(a, b rankedOption) int { return cmp.Compare(a.Name, b.Name) })
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	if names {
		slices.SortStableFunc(out, func(a, b rankedOption) int {
			ma := perfNames.MatchString(a.Name[strings.LastIndex(a.Name, ".")+1:])
			mb := perfNames.MatchString(b.Name[strings.LastIndex(b.Name, ".")+1:])
			switch {
			case ma && !mb:
				return -1
			case mb && !ma:
				return 1
			}
			return 0
		})
	}
	return out
}

// tally is recall over a set of cases.
type tally struct {
	cases, found, top10, top20, topK, topPct int
}

func (t *tally) add(u tally) {
	t.cases += u.cases
	t.found += u.found
	t.top10 += u.top10
	t.top20 += u.top20
	t.topK += u.topK
	t.topPct += u.topPct
}

// score counts the cases whose culprit ranks within each window of opts.
func score(opts []rankedOption, cases []Case) (tally, []int) {
	k := distinctOptions(cases)
	t := tally{cases: len(cases)}
	var ranks []int
	for _, cs := range cases {
		r := caseRank(opts, cs)
		ranks = append(ranks, r)
		if r == 0 {
			continue
		}
		t.found++
		t.top10 += b2i(r <= 10)
		t.top20 += b2i(r <= 20)
		t.topK += b2i(r <= k)
		t.topPct += b2i(r <= window(len(opts)))
	}
	return t, ranks
}

// distinctOptions is k: how many distinct culprit options the cases name
// (cases naming one option count once).
func distinctOptions(cases []Case) int {
	seen := make(map[string]bool)
	for _, cs := range cases {
		seen[strings.ToLower(cs.Option)] = true
	}
	return len(seen)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// medianBaseline is the per-window median over 100 seeds of a baseline.
func medianBaseline(results []*realResult, names bool) tally {
	var runs []tally
	for seed := uint64(1); seed <= 100; seed++ {
		var t tally
		for _, r := range results {
			if r.err != "" {
				t.cases += len(r.cases)
				continue
			}
			u, _ := score(baseline(r.options, names, seed), r.cases)
			t.add(u)
		}
		runs = append(runs, t)
	}
	med := func(f func(tally) int) int {
		v := make([]int, len(runs))
		for i, t := range runs {
			v[i] = f(t)
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	return tally{
		cases:  runs[0].cases,
		top10:  med(func(t tally) int { return t.top10 }),
		top20:  med(func(t tally) int { return t.top20 }),
		topK:   med(func(t tally) int { return t.topK }),
		topPct: med(func(t tally) int { return t.topPct }),
	}
}

// precision counts the options of the top 10 labelled perf: yes, and
// how many are labelled at all.
func precision(project string, opts []rankedOption, labels Labels) (yes, labelled int) {
	for _, o := range opts[:min(10, len(opts))] {
		if l, ok := findLabel(labels, project, o); ok {
			labelled++
			yes += b2i(l.Perf == "yes")
		}
	}
	return yes, labelled
}

// notPerf counts the options of the top n labelled perf: no.
func notPerf(project string, opts []rankedOption, labels Labels, n int) int {
	no := 0
	for _, o := range opts[:min(n, len(opts))] {
		if l, ok := findLabel(labels, project, o); ok && l.Perf == "no" {
			no++
		}
	}
	return no
}

func findLabel(labels Labels, project string, o rankedOption) (Label, bool) {
	for _, l := range labels.Labels {
		if l.Project == project && (l.Option == o.Name || slices.Contains(o.Aliases, l.Option)) {
			return l, true
		}
	}
	return Label{}, false
}

func pct(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d (%.0f%%)", n, d, 100*float64(n)/float64(d))
}

const realHeader = "# confhunt on real code\n\n" +
	"Written by `make eval-real` (benchmarks/eval -real). Each project of `benchmarks/real/corpus.yaml` is copied " +
	"out of the module cache and ranked whole (`confhunt rank ./...`); a case counts as found in a window when " +
	"an option matching its culprit (by name or alias) ranks within it. *top 10%* is the suspects' window " +
	"(ceil(10% of the options)); *k* is the number of distinct culprit options of the project. Precision is " +
	"the share of the top 10 labelled `perf: yes` in `benchmarks/real/labels.yaml` (blind labels; unlabelled " +
	"options are left out of the share); *no@15* counts the top 15 labelled `perf: no`. Baselines order the " +
	"same discovered options: *random* (median over 100 seeded shuffles) and *names* (last name segment " +
	"matching a fixed expression of performance words first, ties shuffled; median over 100 seeds). " +
	"Undiscovered culprits are misses everywhere.\n\n"

func realReport(w io.Writer, results []*realResult, labels Labels) {
	io.WriteString(w, realHeader)
	fmt.Fprintf(w, "| project | options | cases | top 10 | top 20 | top k | top 10%% | with counts: top 10 / top 10%% | precision@10 | no@15 | rank wall | peak memory |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	var total, totalM tally
	var yes, labelled, measuredCases, maxNo int
	for _, r := range results {
		if r.err != "" {
			fmt.Fprintf(w, "| %s | error | %d | - | - | - | - | - | - | - | - | - |\n", r.project.Name, len(r.cases))
			total.cases += len(r.cases)
			continue
		}
		t, _ := score(r.options, r.cases)
		total.add(t)
		mcol := "-"
		if r.measured != nil {
			m, _ := score(r.measured, r.cases)
			totalM.add(m)
			measuredCases += len(r.cases)
			mcol = fmt.Sprintf("%d/%d / %d/%d", m.top10, m.cases, m.topPct, m.cases)
		}
		y, l := precision(r.project.Name, r.options, labels)
		yes += y
		labelled += l
		no := notPerf(r.project.Name, r.options, labels, 15)
		maxNo = max(maxNo, no)
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d (k=%d) | %d (of %d) | %s | %s | %d | %.1fs | %s |\n",
			r.project.Name, len(r.options), t.cases, t.top10, t.top20, t.topK, distinctOptions(r.cases), t.topPct, window(len(r.options)),
			mcol, pct(y, l), no, r.wall.Seconds(), r.peak)
	}
	mcol := "-"
	if measuredCases > 0 {
		mcol = fmt.Sprintf("%d/%d / %d/%d", totalM.top10, measuredCases, totalM.topPct, measuredCases)
	}
	fmt.Fprintf(w, "| **total** | | %d | %s | %s | %s | %s | %s | %s | at most %d | | |\n", total.cases, pct(total.top10, total.cases), pct(total.top20, total.cases), pct(total.topK, total.cases), pct(total.topPct, total.cases), mcol, pct(yes, labelled), maxNo)
	for _, b := range []struct {
		name  string
		names bool
	}{{"random", false}, {"names", true}} {
		t := medianBaseline(results, b.names)
		fmt.Fprintf(w, "| *baseline: %s* | | %d | %s | %s | %s | %s | | | | | |\n", b.name, t.cases, pct(t.top10, t.cases), pct(t.top20, t.cases), pct(t.topK, t.cases), pct(t.topPct, t.cases))
	}
	fmt.Fprintf(w, "\nDiscovered: the culprit option of %s cases is among the ranked options", pct(total.found, total.cases))
	if total.found < total.cases {
		fmt.Fprint(w, "; the others are `not found` below")
	}
	fmt.Fprint(w, ".\n\n")
	reach := make(map[string]int)
	for _, r := range results {
		for _, v := range r.reaches {
			reach[strings.SplitN(v, ":", 2)[0]]++
		}
	}
	fmt.Fprintf(w, "Reached: the culprit option's slice (`confhunt slice -json`) reaches the function the case's evidence blames (`function` in corpus.yaml) in %d of the %d cases whose function is in the project's module; %d name a function of another module (a slice ends at the call into it)", reach[reachYes], reach[reachYes]+reach[reachNo], reach[reachElsewhere])
	if reach[reachUnknown] > 0 {
		fmt.Fprintf(w, "; %d name a function the module does not declare (`undeclared`: the case is to be corrected)", reach[reachUnknown])
	}
	if reach["error"] > 0 {
		fmt.Fprintf(w, "; slice failed on %d", reach["error"])
	}
	fmt.Fprint(w, ".\n\n")

	fmt.Fprintf(w, "| case | option | resource | rank | with counts | names baseline (seed 1) | slice reaches `function` | confidence |\n|---|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		for _, cs := range r.cases {
			rank, mrank, nrank := "error", "-", "-"
			if r.err == "" {
				rank = rankText(caseRank(r.options, cs), len(r.options))
				nrank = rankText(caseRank(baseline(r.options, true, 1), cs), len(r.options))
			}
			if r.measured != nil {
				mrank = rankText(caseRank(r.measured, cs), len(r.measured))
			}
			reached := cmp.Or(r.reaches[cs.ID], "-")
			if reached != "-" {
				reached += " (" + cs.Function + ")"
			}
			fmt.Fprintf(w, "| [%s](%s) | %s | %s | %s | %s | %s | %s | %s |\n", cs.ID, cs.URL, cs.Option, cs.Resource, rank, mrank, nrank, reached, cs.Confidence)
		}
	}
	fmt.Fprintln(w)

	io.WriteString(w, missHeader)
	for _, r := range results {
		for _, cs := range r.cases {
			if row, ok := missRow(r.options, cs); ok && r.err == "" {
				fmt.Fprintln(w, row)
			}
		}
	}
	fmt.Fprintln(w)

	fmt.Fprintf(w, "Top 10 per project (label in brackets: + perf, - not, ? unlabelled):\n\n")
	for _, r := range results {
		if r.err != "" {
			fmt.Fprintf(w, "- %s: %s\n", r.project.Name, r.err)
			continue
		}
		var top []string
		for _, o := range r.options[:min(10, len(r.options))] {
			mark := "?"
			if l, ok := findLabel(labels, r.project.Name, o); ok {
				mark = map[string]string{"yes": "+", "no": "-"}[l.Perf]
			}
			top = append(top, fmt.Sprintf("%s [%s]", o.Name, mark))
		}
		fmt.Fprintf(w, "- %s@%s: %s\n", r.project.Module, r.project.Version, strings.Join(top, ", "))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Per-phase times of rank (from `-v`):\n\n")
	for _, r := range results {
		if r.err == "" {
			fmt.Fprintf(w, "- %s: %s\n", r.project.Name, r.phases)
		}
	}
}

func rankText(rank, n int) string {
	if rank == 0 {
		return "not found"
	}
	return fmt.Sprintf("%d of %d", rank, n)
}

// writeUnlabelled writes, for blind labelling, the options of each
// project's top 15 and its culprits that carry no label yet: name, type
// and read sites, never rank or score, in name order.
func writeUnlabelled(file string, results []*realResult, labels Labels) error {
	type item struct {
		Project string   `json:"project"`
		Module  string   `json:"module"`
		Option  string   `json:"option"`
		Aliases []string `json:"aliases,omitempty"`
		Type    string   `json:"type"`
		Sites   []string `json:"sites"`
	}
	var items []item
	for _, r := range results {
		if r.err != "" {
			continue
		}
		want := slices.Clone(r.options[:min(15, len(r.options))])
		for _, cs := range r.cases {
			if rank := caseRank(r.options, cs); rank > 0 {
				want = append(want, r.options[rank-1])
			}
		}
		for _, o := range want {
			if _, ok := findLabel(labels, r.project.Name, o); ok {
				continue
			}
			it := item{Project: r.project.Name, Module: r.project.Module + "@" + r.project.Version, Option: o.Name, Aliases: o.Aliases, Type: o.Type}
			for _, s := range o.Sites {
				it.Sites = append(it.Sites, s.Pos+" in "+s.Func)
			}
			items = append(items, it)
		}
	}
	slices.SortFunc(items, func(a, b item) int { return cmp.Or(cmp.Compare(a.Project, b.Project), cmp.Compare(a.Option, b.Option)) })
	items = slices.CompactFunc(items, func(a, b item) bool { return a.Project == b.Project && a.Option == b.Option })
	data, err := json.MarshalIndent(items, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(file, append(data, '\n'), 0o644)
}

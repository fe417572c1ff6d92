package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// outsideCase is one row of an outside yardstick (benchmarks/real/outside/
// *.tsv): a public performance problem tied to an option, in a module that
// is neither in the corpus nor held back.
type outsideCase struct {
	file    string // the TSV's base name
	module  string
	version string
	option  string   // the name confhunt gives the option
	aliases []string // other names it may have ("(alias X)" in the TSV)
	url     string
}

// readOutside reads the rows of the outside yardsticks in files. Columns
// are found by their header: module@version, option and url; the others
// (evidence, the ranks earlier commits gave) are for people.
func readOutside(files []string) ([]outsideCase, error) {
	var cases []outsideCase
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		// Plain tab-separated lines: no quoting, so that evidence may
		// begin with a quotation mark (encoding/csv would read on to the
		// closing one, across rows).
		var rows [][]string
		var lines []int // each row's line in the file, for errors
		n := 0
		for line := range strings.Lines(string(data)) {
			n++
			if line = strings.TrimRight(line, "\r\n"); line != "" {
				rows = append(rows, strings.Split(line, "\t"))
				lines = append(lines, n)
			}
		}
		if len(rows) == 0 {
			return nil, fmt.Errorf("%s: empty", file)
		}
		col := make(map[string]int)
		for i, h := range rows[0] {
			col[h] = i
		}
		for _, h := range []string{"module@version", "option", "url"} {
			if _, ok := col[h]; !ok {
				return nil, fmt.Errorf("%s:1: no %q column", file, h)
			}
		}
		for i, row := range rows[1:] {
			at := lines[i+1]
			if len(row) <= max(col["module@version"], col["option"], col["url"]) {
				return nil, fmt.Errorf("%s:%d: %d columns, want the header's %d", file, at, len(row), len(rows[0]))
			}
			module, version, ok := strings.Cut(row[col["module@version"]], "@")
			if !ok || module == "" || version == "" {
				return nil, fmt.Errorf("%s:%d: %q is not module@version", file, at, row[col["module@version"]])
			}
			name, aliases := outsideNames(row[col["option"]])
			if name == "" {
				return nil, fmt.Errorf("%s:%d: no option", file, at)
			}
			cases = append(cases, outsideCase{file: filepath.Base(file), module: module, version: version, option: name, aliases: aliases, url: row[col["url"]]})
		}
	}
	return cases, nil
}

// outsideNames splits an option cell, "Writer2Config.DictCap (alias
// xz.WriterConfig.DictCap)", into the name and its aliases.
func outsideNames(cell string) (string, []string) {
	name, rest, _ := strings.Cut(strings.TrimSpace(cell), " ")
	var aliases []string
	for _, part := range strings.Split(rest, "(alias ")[1:] {
		if a, _, ok := strings.Cut(part, ")"); ok {
			aliases = append(aliases, strings.Fields(strings.ReplaceAll(a, ",", " "))...)
		}
	}
	return name, aliases
}

// outsideResult is the ranking of one module of the yardsticks.
type outsideResult struct {
	options []rankedOption
	err     string
	partial string // "N packages did not type-check", when rank left some out
}

var leftOutRE = regexp.MustCompile(`(?m)^confhunt: (\d+ packages? did not type-check)`)

// runOutside ranks each module of the outside yardsticks whole (rank
// -json ./... in a copy of the module) and writes where each case's option
// lands against its window.
func runOutside(ctx context.Context, bin string, files []string, out string) error {
	cases, err := readOutside(files)
	if err != nil {
		return err
	}
	results := make(map[string]*outsideResult)
	var order []string
	for _, c := range cases {
		key := c.module + "@" + c.version
		if results[key] == nil {
			results[key] = &outsideResult{}
			order = append(order, key)
		}
	}
	for _, key := range order {
		if err := ctx.Err(); err != nil {
			return err
		}
		module, version, _ := strings.Cut(key, "@")
		results[key] = rankModule(ctx, bin, module, version)
	}
	var b bytes.Buffer
	outsideReport(&b, cases, results)
	return emit(ctx, b.Bytes(), out)
}

// rankModule ranks a copy of module@version whole.
func rankModule(ctx context.Context, bin, module, version string) *outsideResult {
	fmt.Fprintf(os.Stderr, "eval-outside: %s@%s\n", module, version)
	dir, cleanup, err := moduleCopy(ctx, module, version)
	if err != nil {
		return &outsideResult{err: err.Error()}
	}
	defer cleanup()
	stdout, stderr, err := run(ctx, dir, bin, "rank", "-json", "./...")
	if err != nil {
		return &outsideResult{err: fmt.Sprintf("rank: %v: %s", err, lastLines(stderr, 3))}
	}
	var rj struct {
		Options []rankedOption `json:"options"`
	}
	if err := json.Unmarshal(stdout, &rj); err != nil {
		return &outsideResult{err: fmt.Sprintf("rank -json: %v", err)}
	}
	res := &outsideResult{options: rj.Options}
	if m := leftOutRE.FindSubmatch(stderr); m != nil {
		res.partial = string(m[1])
	}
	return res
}

// outsideReport writes the totals and one row per case.
func outsideReport(w io.Writer, cases []outsideCase, results map[string]*outsideResult) {
	fmt.Fprint(w, "# confhunt on the outside yardsticks\n\n"+
		"Written by `make eval-outside` (benchmarks/eval -outside). Each module of `benchmarks/real/outside/*.tsv` (public performance problems tied to an option, in modules neither in the corpus nor held back; see the README there) is copied out of the module cache and ranked whole (`confhunt rank -json ./...`); a case counts as found in a window when an option matching its name or an alias (as in `make eval-real`) ranks within it. *top 10%* is the suspects' window, ceil(10% of the module's options).\n\n")
	type tally struct{ cases, window, top10, found int }
	byFile := make(map[string]*tally)
	var files []string
	var total tally
	var rows bytes.Buffer
	fmt.Fprintln(&rows, "| yardstick | module | option | rank | top 10% | issue |")
	fmt.Fprintln(&rows, "|---|---|---|---|---|---|")
	for _, c := range cases {
		t := byFile[c.file]
		if t == nil {
			t = &tally{}
			byFile[c.file] = t
			files = append(files, c.file)
		}
		r := results[c.module+"@"+c.version]
		rank, n := 0, len(r.options)
		if r.err == "" {
			rank = caseRank(r.options, Case{Option: c.option, Names: c.aliases})
		}
		win := window(n)
		inWindow := rank > 0 && rank <= win
		for _, u := range []*tally{t, &total} {
			u.cases++
			u.found += b2i(rank > 0)
			u.window += b2i(inWindow)
			u.top10 += b2i(rank > 0 && rank <= 10)
		}
		var where string
		switch {
		case r.err != "":
			where = "error: " + strings.ReplaceAll(r.err, "|", "/")
		case rank == 0:
			where = fmt.Sprintf("not discovered (%d options)", n)
		default:
			where = fmt.Sprintf("%d of %d", rank, n)
		}
		if r.partial != "" {
			where += "; " + r.partial // a partial load: the ranking is of what did
		}
		fmt.Fprintf(&rows, "| %s | %s@%s | %s | %s | %s (of %d) | %s |\n", strings.TrimSuffix(c.file, ".tsv"), c.module, c.version, c.option, where, map[bool]string{true: "yes", false: "no"}[inWindow], win, c.url)
	}
	fmt.Fprintln(w, "| yardstick | cases | discovered | top 10 | top 10% |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	for _, f := range files {
		t := byFile[f]
		fmt.Fprintf(w, "| %s | %d | %d | %d | %s |\n", strings.TrimSuffix(f, ".tsv"), t.cases, t.found, t.top10, pct(t.window, t.cases))
	}
	fmt.Fprintf(w, "| **total** | %d | %d | %d | %s |\n\n", total.cases, total.found, total.top10, pct(total.window, total.cases))
	w.Write(rows.Bytes())
	fmt.Fprintln(w)
	io.WriteString(w, missHeader)
	for _, c := range cases {
		r := results[c.module+"@"+c.version]
		id := shortModule(c.module) + ": " + c.option
		if row, ok := missRow(r.options, Case{ID: id, Option: c.option, Names: c.aliases}); ok && r.err == "" {
			fmt.Fprintln(w, row)
		}
	}
}

// shortModule names a module by its last path element, the one before a
// major version suffix (github.com/redis/go-redis/v9: go-redis).
func shortModule(mod string) string {
	base := path.Base(mod)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		return path.Base(path.Dir(mod))
	}
	return base
}

// outsideFiles expands the -outside flag: a comma-separated list of TSV
// files or directories holding them.
func outsideFiles(arg string) ([]string, error) {
	var files []string
	for _, p := range strings.Split(arg, ",") {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			files = append(files, p)
			continue
		}
		m, err := filepath.Glob(filepath.Join(p, "*.tsv"))
		if err != nil {
			return nil, err
		}
		files = append(files, m...)
	}
	slices.Sort(files)
	if len(files) == 0 {
		return nil, errors.New("-outside: no .tsv file")
	}
	return files, nil
}

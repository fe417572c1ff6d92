package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// scaleModules are the large modules of the scale benchmark: a large
// service and a large library, each ranked whole.
var scaleModules = []struct{ module, version string }{
	{"github.com/minio/minio", "v0.0.0-20260212201848-7aac2a2c5b7c"},
	{"google.golang.org/grpc", "v1.85.0"},
}

// timed is one measured confhunt run.
type timed struct {
	wall   time.Duration
	peakMB int64 // the process's maximum resident set
	stdout []byte
	stderr []byte
	err    error
}

// runTimed runs bin in dir with extra environment variables, keeps its
// output and measures its wall time and peak resident memory.
func runTimed(ctx context.Context, dir string, env []string, bin string, args ...string) timed {
	cmd := exec.CommandContext(ctx, bin, args...)
	stopGently(cmd)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var outb, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &outb, &errb
	start := time.Now()
	err := cmd.Run()
	t := timed{wall: time.Since(start), stdout: outb.Bytes(), stderr: errb.Bytes(), err: err}
	if cmd.ProcessState != nil {
		t.peakMB = peakMB(cmd.ProcessState)
	}
	return t
}

// runScale ranks each large module whole three times with a fresh cache:
// cold, again on unchanged code, and after a one-line change in one
// file of a leaf package (one no other package of the module imports);
// it writes a table of wall times, peak memory and rank -v's phases.
func runScale(ctx context.Context, bin string, w io.Writer) {
	fmt.Fprintln(w, "## Scale: large modules ranked whole")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Written by `make bench-scale` (benchmarks/eval -scale). Each module is copied out of the module cache into a writable directory and ranked whole (`confhunt rank ./...`) with an empty confhunt cache (the go build cache keeps the dependencies' export data that an earlier run or build compiled: a machine that never built them compiles them first, as `go build` would); then again on unchanged code (the cached result); then after a comment is appended to one file of a leaf package. Wall time and peak resident memory of the confhunt process; phases from `rank -v`.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| module | SSA instructions | cold wall | peak memory | phases (s) | unchanged | one-file change |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, m := range scaleModules {
		fmt.Fprintf(os.Stderr, "eval: scale %s@%s\n", m.module, m.version)
		row, err := scaleModule(ctx, bin, m.module, m.version)
		if err != nil {
			fmt.Fprintf(w, "| %s@%s | %v |\n", m.module, m.version, err)
			continue
		}
		fmt.Fprintln(w, row)
	}
	fmt.Fprintln(w)
}

var sizeRE = regexp.MustCompile(`([0-9]+) SSA instructions`)

func scaleModule(ctx context.Context, bin, module, version string) (string, error) {
	dir, cleanup, err := moduleCopy(ctx, module, version)
	if err != nil {
		return "", err
	}
	defer cleanup()
	cache, err := os.MkdirTemp("", "confhunt-scale-cache-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(cache)
	env := []string{"CONFHUNT_CACHE=" + cache}
	cold := runTimed(ctx, dir, env, bin, "rank", "-v", "./...")
	if cold.err != nil {
		return "", fmt.Errorf("rank: %v: %s", cold.err, lastLines(cold.stderr, 3))
	}
	warm := runTimed(ctx, dir, env, bin, "rank", "./...")
	leaf, err := leafFile(ctx, dir)
	if err != nil {
		return "", err
	}
	f, err := os.OpenFile(leaf, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return "", err
	}
	_, err = f.WriteString("\n// edited by confhunt bench-scale\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	edited := runTimed(ctx, dir, env, bin, "rank", "./...")
	size := ""
	if m := sizeRE.FindSubmatch(cold.stderr); m != nil {
		size = string(m[1])
	}
	rel, _ := filepath.Rel(dir, leaf)
	share := func(t timed) string {
		if t.err != nil {
			return "failed: " + t.err.Error()
		}
		return fmt.Sprintf("%.1fs (%.0f%%)", t.wall.Seconds(), 100*t.wall.Seconds()/cold.wall.Seconds())
	}
	return fmt.Sprintf("| %s@%s | %s | %.1fs | %d MB | %s | %s | %s (`%s`) |", module, version, size,
		cold.wall.Seconds(), cold.peakMB, phases(cold.stderr), share(warm), share(edited), rel), nil
}

// leafFile returns a non-test Go file of a library package of the module
// in dir that no other package of the module imports (no package
// depends on it), the first by path; commands and test support are
// left out.
func leafFile(ctx context.Context, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .GoFiles \",\"}}\t{{join .Imports \",\"}}\t{{.Name}}", "./...")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list: %w", err)
	}
	type pkg struct{ path, dir, file string }
	var pkgs []pkg
	imported := make(map[string]bool)
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 5 {
			continue
		}
		for _, imp := range strings.Split(f[3], ",") {
			imported[imp] = true
		}
		if files := strings.Split(f[2], ","); f[2] != "" && f[4] != "main" && !testSupport(f[0]) {
			pkgs = append(pkgs, pkg{f[0], f[1], files[0]})
		}
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].path < pkgs[j].path })
	for _, p := range pkgs {
		if !imported[p.path] {
			return filepath.Join(p.dir, p.file), nil
		}
	}
	return "", fmt.Errorf("no leaf package in %s", dir)
}

// testSupport reports whether an import path has a test-support
// directory in it.
func testSupport(path string) bool {
	for _, elem := range strings.Split(path, "/") {
		if strings.HasPrefix(elem, "test") || strings.HasSuffix(elem, "test") || strings.HasPrefix(elem, "example") || strings.HasPrefix(elem, "mock") {
			return true
		}
	}
	return false
}

package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/internal/cache"
	"github.com/confhunt/confhunt/internal/limited"
	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// runCache manages the cache of results between runs.
func runCache(ctx context.Context, e *env, args []string) error {
	// No flag applies: the directory comes from the environment
	// (CONFHUNT_CACHE, else the user cache directory).
	fs := flag.NewFlagSet("cache", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: confhunt cache clean | dir\n\nclean removes every entry; dir prints the directory (off when CONFHUNT_CACHE=off). The directory is $CONFHUNT_CACHE, else confhunt under the user cache directory.\n")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &exitError{exitUsage, err}
	}
	if fs.NArg() != 1 || (fs.Arg(0) != "clean" && fs.Arg(0) != "dir") {
		return usageError("cache: want one of: clean (remove every entry), dir (print the directory)")
	}
	dir, err := cache.Dir(e.environ)
	if err != nil {
		return usageError("%v", err)
	}
	if fs.Arg(0) == "dir" {
		if dir == "" {
			fmt.Fprintln(e.stdout, "off")
			return nil
		}
		fmt.Fprintln(e.stdout, dir)
		return nil
	}
	if dir == "" {
		return nil
	}
	return cache.Clean(dir)
}

// cachedOutput is what a cache entry of a command holds: what it wrote.
type cachedOutput struct {
	Stdout, Stderr string
}

// cached runs compute, a command whose output depends only on its
// arguments, settings and the packages its patterns load, or replays the
// output a run with the same inputs stored. files are other inputs read
// whole (a counts file). The cache is skipped when off (-cache off,
// CONFHUNT_CACHE=off) and when anything about the inputs cannot be
// hashed: it never decides the result, only saves recomputing it.
func (e *env) cached(ctx context.Context, command string, patterns, files []string, compute func() error) error {
	c, key, ok := e.cacheKey(ctx, command, patterns, files)
	if !ok {
		return compute()
	}
	if data, hit := c.Get(key); hit {
		var out cachedOutput
		if json.Unmarshal(data, &out) == nil {
			if e.v {
				fmt.Fprintf(e.stderr, "confhunt: cached result %.12s in %s\n", key, c.Dir())
			}
			e.timer.close() // the progress line goes before the output
			io.WriteString(e.stderr, out.Stderr)
			_, err := io.WriteString(e.stdout, out.Stdout)
			return err
		}
	}
	stdout, stderr := e.stdout, e.stderr
	var outBuf, errBuf strings.Builder
	e.stdout, e.stderr = &outBuf, io.MultiWriter(stderr, &errBuf)
	err := compute()
	e.stdout, e.stderr = stdout, stderr
	if _, werr := io.WriteString(stdout, outBuf.String()); err == nil {
		err = werr
	}
	if err != nil {
		return err
	}
	data, merr := json.Marshal(cachedOutput{Stdout: outBuf.String(), Stderr: errBuf.String()})
	if merr == nil {
		if perr := c.Put(key, data); perr != nil && e.v {
			fmt.Fprintf(e.stderr, "confhunt: %v\n", perr)
		}
	}
	return nil
}

// cacheKey hashes every input of command: confhunt's own executable, the
// arguments, the working directory, the settings, the files and the
// packages the patterns load.
func (e *env) cacheKey(ctx context.Context, command string, patterns, files []string) (*cache.Cache, cache.Key, bool) {
	if e.cache == "off" || e.cpuprofile != "" || e.memprofile != "" {
		return nil, cache.Key{}, false
	}
	s, _, err := e.settings(ctx)
	if err != nil {
		return nil, cache.Key{}, false
	}
	dir, self, settings, ok := e.toolInputs(s)
	if !ok {
		return nil, cache.Key{}, false
	}
	wd, err := filepath.Abs(cmp.Or(e.dir, "."))
	if err != nil {
		return nil, cache.Key{}, false
	}
	var h cache.Hash
	h.String("confhunt command result")
	h.Bytes(self[:])
	h.String(command)
	e.fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "v", "cache", "debug.cpuprofile", "debug.memprofile": // they change no result
		default:
			h.String("-" + f.Name + "=" + f.Value.String())
		}
	})
	h.String(strings.Join(patterns, "\x00"))
	h.String(wd)
	h.Bytes(settings)
	for _, f := range files {
		data, err := limited.ReadFile(f, 256<<20)
		if err != nil {
			return nil, cache.Key{}, false // the command reports it
		}
		h.String(f)
		h.Bytes(data)
	}
	cfg := slicing.Config{
		Dir:      e.dir,
		Patterns: patterns,
		Tags:     strings.Join(s.Tags, ","),
		Tests:    s.Test,
	}
	l, err := slicing.List(ctx, cfg)
	if err != nil {
		return nil, cache.Key{}, false
	}
	if err := l.Hash(&h); err != nil {
		return nil, cache.Key{}, false
	}
	e.listing = l
	c, err := cache.Open(dir)
	if err != nil {
		return nil, cache.Key{}, false
	}
	return c, h.Sum(), true
}

// librarySummaries are what calls of library functions cost (see
// env.summaries).
type librarySummaries struct {
	costs map[string]configs.Resource
	note  []string
	left  int // libraries not summarised, over the budget
	err   error
}

// summaries returns the cost of a call of each function of the
// libraries prog calls (scoring.Summaries of what prog.Libraries
// selects) and what they do with the values of their structs' fields
// (scoring.FieldSummaries), from the cache when a run of the same confhunt with the same
// settings summarised the same libraries: they are other modules'
// packages, which change far less often than the program, so a run after
// an edit of the program finds them.
func (e *env) summaries(ctx context.Context, prog *slicing.Program, s *configs.Settings) librarySummaries {
	libs := prog.Libraries(s.Catalogue(), s.Limits.MaxLibraryBytes)
	out := librarySummaries{note: libs.Note, left: libs.Left}
	if libs.Len() == 0 {
		return out
	}
	c, key, ok := e.librariesKey(libs, s)
	if ok {
		if data, hit := c.Get(key); hit {
			var costs map[string]configs.Resource
			if json.Unmarshal(data, &costs) == nil {
				out.costs = costs
				out.note = append(out.note, fmt.Sprintf("library summaries %.12s from %s", key, c.Dir()))
				return out
			}
		}
	}
	lib, err := libs.Load(ctx)
	if err != nil {
		out.err = err
		return out
	}
	out.costs = scoring.Summaries(lib, s)
	fields, err := scoring.FieldSummaries(ctx, lib, s)
	if err != nil {
		out.err = err
		return out
	}
	for name, r := range fields {
		if out.costs == nil {
			out.costs = make(map[string]configs.Resource, len(fields))
		}
		out.costs[name] = r
	}
	if ok {
		if data, err := json.Marshal(out.costs); err == nil {
			c.Put(key, data) // a failed write costs the next run the summaries, no more
		}
	}
	return out
}

// librariesKey hashes every input of the libraries' summaries:
// confhunt's own executable, the settings, the go command's environment
// and the libraries' import graph (see slicing.Libraries.Hash). Like
// cacheKey it gives up when the cache is off or an input cannot be
// hashed; it uses the listing cacheKey made.
func (e *env) librariesKey(libs *slicing.Libraries, s *configs.Settings) (*cache.Cache, cache.Key, bool) {
	if e.cache == "off" || e.listing == nil {
		return nil, cache.Key{}, false
	}
	dir, self, settings, ok := e.toolInputs(s)
	if !ok {
		return nil, cache.Key{}, false
	}
	var h cache.Hash
	h.String("confhunt library summaries")
	h.Bytes(self[:])
	h.Bytes(settings)
	if err := libs.Hash(&h, e.listing); err != nil {
		return nil, cache.Key{}, false
	}
	c, err := cache.Open(dir)
	if err != nil {
		return nil, cache.Key{}, false
	}
	return c, h.Sum(), true
}

// toolInputs are what every key of the cache starts from: its
// directory, confhunt's own executable and the settings s; ok is false
// when the cache is off or one of them cannot be had.
func (e *env) toolInputs(s *configs.Settings) (dir string, self cache.Key, settings []byte, ok bool) {
	dir, err := cache.Dir(e.environ)
	if err != nil || dir == "" {
		return "", cache.Key{}, nil, false
	}
	if self, err = executableSum(dir); err != nil {
		return "", cache.Key{}, nil, false
	}
	if settings, err = json.Marshal(s); err != nil {
		return "", cache.Key{}, nil, false
	}
	return dir, self, settings, true
}

// depsCache returns the cache that keeps where the go command put the
// dependencies' export data between runs (slicing.Config.Cache), or nil
// when the cache is off. It is not a cache of results: a command that
// keeps none, such as mutate, still saves its go list -export with it.
func (e *env) depsCache() *cache.Cache {
	if e.cache == "off" {
		return nil
	}
	dir, err := cache.Dir(e.environ)
	if err != nil || dir == "" {
		return nil
	}
	c, err := cache.Open(dir)
	if err != nil {
		return nil
	}
	return c
}

// executableSum hashes the running confhunt binary: a new build is a new
// analysis, whatever its version says. The sum is kept in the cache dir
// under the file's path, size and modification time, which a build
// changes, so that a run on unchanged code does not read the whole
// binary again (the go command trusts a file's stat the same way).
func executableSum(dir string) (cache.Key, error) {
	exe, err := os.Executable()
	if err != nil {
		return cache.Key{}, err
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return cache.Key{}, err
	}
	id := executableID(exe, fi)
	c, _ := cache.Open(dir)
	if c != nil {
		if b, ok := c.Get(id); ok && len(b) == len(cache.Key{}) {
			return cache.Key(b), nil
		}
	}
	data, err := os.ReadFile(exe)
	if err != nil {
		return cache.Key{}, err
	}
	var h cache.Hash
	h.Bytes(data)
	sum := h.Sum()
	if c != nil {
		c.Put(id, sum[:])
	}
	return sum, nil
}

// executableID is the cache key of the sum of the binary exe: its path,
// size and modification time.
func executableID(exe string, fi os.FileInfo) cache.Key {
	var id cache.Hash
	id.String("confhunt executable")
	id.String(exe)
	id.String(fmt.Sprint(fi.Size(), fi.ModTime().UnixNano()))
	return id.Sum()
}

package slicing

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"golang.org/x/tools/go/packages"

	"github.com/confhunt/confhunt/internal/cache"
	"github.com/confhunt/confhunt/internal/limited"
)

// maxSource bounds the size of a source file Inputs reads.
const maxSource = 256 << 20

// Listing is the import graph of a load's patterns, listed once: Inputs
// hashes it, and a Load of the same directory, patterns, tags and tests
// given it (Config.Listing) starts from it instead of listing the graph
// again. A Load takes it over (it fills in the packages): a second Load
// lists anew.
type Listing struct {
	key  string // the directory, patterns, tags and tests it was listed for
	env  []byte // the go command's environment, as go env -json prints it
	pkgs []*packages.Package
	used bool
}

// List lists the import graph of the packages cfg names, as Load does.
func List(ctx context.Context, cfg Config) (*Listing, error) {
	dir, _, pcfg, patterns, err := graphConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	env, err := goCmd(ctx, dir, "env", "-json", "GOVERSION", "GOROOT", "GOOS", "GOARCH", "CGO_ENABLED", "GOFLAGS", "GOEXPERIMENT", "GOWORK", "GOMOD", "GOAMD64", "GOARM64")
	if err != nil {
		return nil, err
	}
	pkgs, err := listGraph(pcfg, patterns)
	if err != nil {
		return nil, err
	}
	return &Listing{key: listingKey(dir, patterns, cfg), env: env, pkgs: pkgs}, nil
}

// take returns the listed packages for a Load of dir, patterns and cfg,
// once, or nil when the listing was made for another load or used.
func (l *Listing) take(dir string, patterns []string, cfg Config) []*packages.Package {
	if l == nil || l.used || l.key != listingKey(dir, patterns, cfg) {
		return nil
	}
	l.used = true
	return l.pkgs
}

func listingKey(dir string, patterns []string, cfg Config) string {
	return strings.Join(append([]string{dir, cfg.Tags, fmt.Sprint(cfg.Tests)}, patterns...), "\x00")
}

// graphConfig is the directory, module layout, go/packages configuration
// (without a mode) and patterns of a load of cfg (./... at a workspace's
// root spans its modules).
func graphConfig(ctx context.Context, cfg Config) (string, *layout, *packages.Config, []string, error) {
	dir, err := filepath.Abs(cmp.Or(cfg.Dir, "."))
	if err != nil {
		return "", nil, nil, nil, err
	}
	lay, err := findLayout(ctx, dir)
	if err != nil {
		return "", nil, nil, nil, err
	}
	patterns := cfg.Patterns
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	if patterns, err = lay.patterns(patterns); err != nil {
		return "", nil, nil, nil, err
	}
	pcfg := &packages.Config{Context: ctx, Dir: dir, Tests: cfg.Tests, Fset: token.NewFileSet()}
	if cfg.Tags != "" {
		pcfg.BuildFlags = []string{"-tags=" + cfg.Tags}
	}
	return dir, lay, pcfg, patterns, nil
}

// listGraph lists the import graph of the patterns: names, files and
// imports, no types. Neither NeedCompiledGoFiles nor NeedTypesSizes:
// either makes the go command list with -compiled, which runs cgo's
// preprocessing for every package of the graph (two thirds of the
// listing's time on a large module). Only source packages need compiled
// files, and only those that use cgo differ (see compiledFiles).
func listGraph(cfg *packages.Config, patterns []string) ([]*packages.Package, error) {
	graphLists.Add(1)
	graph := *cfg
	graph.Mode = packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps | packages.NeedModule | packages.NeedEmbedFiles
	return packages.Load(&graph, patterns...)
}

// graphLists counts the import graphs listed, for the tests.
var graphLists atomic.Int64

// Inputs adds to h everything a Load of cfg reads: the Go release and
// build environment, and for each package of the patterns and their
// dependencies its import path and either its module version (a module
// in the module cache cannot change) or the content of its files, test
// files included. Two loads whose inputs hash alike give the same
// Program, so a result computed from it may be reused.
func Inputs(ctx context.Context, cfg Config, h *cache.Hash) error {
	l, err := List(ctx, cfg)
	if err != nil {
		return err
	}
	return l.Hash(h)
}

// Hash adds to h the inputs of the load l lists (see Inputs).
func (l *Listing) Hash(h *cache.Hash) error {
	return l.hashGraph(h, l.pkgs)
}

// hashGraph adds to h the go command's environment l was listed in and
// every package of the import graph of roots, as Hash says.
func (l *Listing) hashGraph(h *cache.Hash, roots []*packages.Package) error {
	h.Bytes(l.env)
	var env struct{ GOROOT string }
	if err := json.Unmarshal(l.env, &env); err != nil {
		return fmt.Errorf("go env: %w", err)
	}
	var pkgs []*packages.Package
	packages.Visit(roots, nil, func(p *packages.Package) { pkgs = append(pkgs, p) })
	slices.SortFunc(pkgs, func(a, b *packages.Package) int {
		return cmp.Or(cmp.Compare(a.ID, b.ID), cmp.Compare(a.Dir, b.Dir))
	})
	for _, p := range pkgs {
		h.String(p.ID)
		h.String(p.Dir)
		if _, std := within(env.GOROOT, p.Dir); std && p.Module == nil {
			continue // GOROOT and GOVERSION stand for it
		}
		if m := p.Module; m != nil && m.Version != "" && m.Replace == nil {
			h.String(m.Path + "@" + m.Version)
			continue
		}
		// A main package's default.pgo: the go command builds with it
		// (-pgo=auto), and rank points it out.
		if p.Name == "main" {
			data, err := limited.ReadFile(filepath.Join(p.Dir, "default.pgo"), maxSource)
			switch {
			case err == nil:
				h.String("default.pgo")
				h.Bytes(data)
			case !errors.Is(err, fs.ErrNotExist):
				return fmt.Errorf("hashing the inputs: %w", err)
			}
		}
		// The test files, whether loaded or not: a listing without tests
		// names none.
		tests, _ := filepath.Glob(filepath.Join(p.Dir, "*_test.go"))
		for _, files := range [][]string{p.GoFiles, p.OtherFiles, p.IgnoredFiles, p.EmbedFiles, tests} {
			h.String(fmt.Sprint(len(files)))
			for _, f := range files {
				data, err := limited.ReadFile(f, maxSource)
				if err != nil {
					return fmt.Errorf("hashing the inputs: %w", err)
				}
				rel, _ := filepath.Rel(p.Dir, f)
				h.String(filepath.ToSlash(rel))
				h.Bytes(data)
			}
		}
	}
	return nil
}

// goCmd runs the go command in dir and returns its standard output.
func goCmd(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := bytes.TrimSpace(stderr.Bytes()); len(msg) > 0 {
			return nil, fmt.Errorf("go %s: %s", args[0], msg)
		}
		return nil, fmt.Errorf("go %s: %w", args[0], err)
	}
	return out, nil
}

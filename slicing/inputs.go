package slicing

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"

	"github.com/confhunt/confhunt/internal/cache"
	"github.com/confhunt/confhunt/internal/limited"
)

// maxSource bounds the size of a source file Inputs reads.
const maxSource = 256 << 20

// listed is what Inputs reads of one package from go list.
type listed struct {
	ImportPath string
	Dir        string
	Standard   bool
	Module     *struct {
		Path, Version string
		Replace       *struct{ Path, Version string }
	}
	GoFiles, CgoFiles, IgnoredGoFiles, TestGoFiles, XTestGoFiles, EmbedFiles []string
}

// Inputs adds to h everything a Load of cfg reads: the Go release and
// build environment, and for each package of the patterns and their
// dependencies its import path and either its module version (a module
// in the module cache cannot change) or the content of its files. Two
// loads whose inputs hash alike give the same Program, so a result
// computed from it may be reused.
func Inputs(ctx context.Context, cfg Config, h *cache.Hash) error {
	dir, err := filepath.Abs(cmp.Or(cfg.Dir, "."))
	if err != nil {
		return err
	}
	env, err := goCmd(ctx, dir, "env", "GOVERSION", "GOROOT", "GOOS", "GOARCH", "CGO_ENABLED", "GOFLAGS", "GOEXPERIMENT", "GOWORK", "GOMOD", "GOAMD64", "GOARM64")
	if err != nil {
		return err
	}
	h.Bytes(env)
	args := []string{"list", "-e", "-deps", "-json=ImportPath,Dir,Standard,Module,GoFiles,CgoFiles,IgnoredGoFiles,TestGoFiles,XTestGoFiles,EmbedFiles"}
	if cfg.Tests {
		args = append(args, "-test")
	}
	if cfg.Tags != "" {
		args = append(args, "-tags="+cfg.Tags)
	}
	patterns := cfg.Patterns
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	// The patterns Load lists (./... at a workspace's root spans its modules).
	lay, err := findLayout(ctx, dir)
	if err != nil {
		return err
	}
	if patterns, err = lay.patterns(patterns); err != nil {
		return err
	}
	out, err := goCmd(ctx, dir, append(append(args, "--"), patterns...)...)
	if err != nil {
		return err
	}
	var pkgs []listed
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return fmt.Errorf("go list: %w", err)
		}
		pkgs = append(pkgs, p)
	}
	slices.SortFunc(pkgs, func(a, b listed) int {
		return cmp.Or(cmp.Compare(a.ImportPath, b.ImportPath), cmp.Compare(a.Dir, b.Dir))
	})
	for _, p := range pkgs {
		h.String(p.ImportPath)
		h.String(p.Dir)
		if p.Standard {
			continue // GOROOT and GOVERSION stand for it
		}
		if m := p.Module; m != nil && m.Version != "" && m.Replace == nil {
			h.String(m.Path + "@" + m.Version)
			continue
		}
		for _, files := range [][]string{p.GoFiles, p.CgoFiles, p.IgnoredGoFiles, p.TestGoFiles, p.XTestGoFiles, p.EmbedFiles} {
			h.String(fmt.Sprint(len(files)))
			for _, f := range files {
				data, err := limited.ReadFile(filepath.Join(p.Dir, f), maxSource)
				if err != nil {
					return fmt.Errorf("hashing the inputs: %w", err)
				}
				h.String(f)
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

package counts

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/confhunt/confhunt/internal/limited"
	"github.com/confhunt/confhunt/slicing"
)

// Version is the layout of counts files this package writes and reads.
const Version = 1

// File is a counts file: the coverage counters of one or more in-house
// runs, by source file relative to the module root.
type File struct {
	Version int          `json:"version"`
	Module  string       `json:"module"`
	Mode    string       `json:"mode"`
	Runs    int          `json:"runs"`
	Files   []FileCounts `json:"files"`
}

// FileCounts holds the counters of one source file and the hash of the
// source they were taken on.
type FileCounts struct {
	Path   string   `json:"path"`
	SHA256 string   `json:"sha256"`
	Blocks []string `json:"blocks"` // "startLine.startCol,endLine.endCol statements count", as in a coverage profile

	blocks []Block // decoded
}

func (fc *FileCounts) encode() {
	fc.Blocks = fc.Blocks[:0]
	for _, b := range fc.blocks {
		fc.Blocks = append(fc.Blocks, fmt.Sprintf("%d.%d,%d.%d %d %d", b.StartLine, b.StartCol, b.EndLine, b.EndCol, b.NumStmts, b.Count))
	}
}

// decodeBlocks parses the blocks of a file read from JSON.
func (fc *FileCounts) decodeBlocks(name string) error {
	fc.blocks = fc.blocks[:0]
	for _, s := range fc.Blocks {
		b, err := parseBlock(fc.Path + ":" + s)
		if err != nil {
			return fmt.Errorf("%s: %s: %v", name, fc.Path, err)
		}
		fc.blocks = append(fc.blocks, b)
	}
	return nil
}

// NewFile keeps the blocks of prof that belong to files of prog's main
// modules under its root (in a go.work workspace, every module the
// workspace uses when confhunt runs at its root), keyed by their path
// relative to the root.
func NewFile(prog *slicing.Program, prof *Profile) (*File, error) {
	dirs := make(map[string]string) // import path -> directory
	packages.Visit(prog.Packages, nil, func(p *packages.Package) {
		if p.Module != nil && p.Module.Main && len(p.GoFiles) > 0 {
			dirs[p.PkgPath] = filepath.Dir(p.GoFiles[0])
		}
	})
	byFile := make(map[string]*FileCounts)
	for _, b := range prof.Blocks {
		pkg, name := path.Split(b.File)
		dir, ok := dirs[strings.TrimSuffix(pkg, "/")]
		if !ok {
			continue // a file of another module, or of a package not loaded
		}
		abs := filepath.Join(dir, name)
		rel, err := filepath.Rel(prog.Root, abs)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		rel = filepath.ToSlash(rel)
		fc := byFile[rel]
		if fc == nil {
			sum, err := hashFile(abs)
			if err != nil {
				return nil, err
			}
			fc = &FileCounts{Path: rel, SHA256: sum}
			byFile[rel] = fc
		}
		fc.blocks = append(fc.blocks, b)
	}
	if len(byFile) == 0 {
		return nil, errors.New("the run's coverage profile holds no block of the analysed packages")
	}
	f := &File{Version: Version, Module: prog.Module, Mode: prof.Mode, Runs: 1}
	for _, fc := range byFile {
		fc.encode()
		f.Files = append(f.Files, *fc)
	}
	slices.SortFunc(f.Files, func(a, b FileCounts) int { return cmp.Compare(a.Path, b.Path) })
	return f, nil
}

func hashFile(name string) (string, error) {
	data, err := limited.ReadFile(name, MaxFileSize)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// Merge adds the counters of g to f. Both must come from the same module
// and, file by file, from the same source.
func (f *File) Merge(g *File) error {
	if f.Module != g.Module {
		return fmt.Errorf("cannot merge counts of module %s into counts of module %s", g.Module, f.Module)
	}
	idx := make(map[string]int)
	for i, fc := range f.Files {
		idx[fc.Path] = i
	}
	for _, gc := range g.Files {
		i, ok := idx[gc.Path]
		if !ok {
			f.Files = append(f.Files, gc)
			continue
		}
		fc := &f.Files[i]
		if fc.SHA256 != gc.SHA256 {
			return fmt.Errorf("%s changed between the runs; take all counts on the same code", gc.Path)
		}
		at := make(map[[4]int]int)
		for j, b := range fc.blocks {
			at[[4]int{b.StartLine, b.StartCol, b.EndLine, b.EndCol}] = j
		}
		for _, b := range gc.blocks {
			if j, ok := at[[4]int{b.StartLine, b.StartCol, b.EndLine, b.EndCol}]; ok {
				fc.blocks[j].Count = add(fc.blocks[j].Count, b.Count)
			} else {
				fc.blocks = append(fc.blocks, b)
			}
		}
		fc.encode()
	}
	slices.SortFunc(f.Files, func(a, b FileCounts) int { return cmp.Compare(a.Path, b.Path) })
	f.Runs = int(min(add(int64(f.Runs), int64(g.Runs)), math.MaxInt))
	return nil
}

// Write writes f as indented JSON to name, through a temporary file in the
// same directory that is renamed over name, or removed on failure.
func (f *File) Write(name string) (err error) {
	data, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

// MaxFileSize bounds the counts files, coverage profiles and source files
// confhunt reads.
const MaxFileSize = 256 << 20

// Read reads a counts file, rejecting anything that is not one.
func Read(name string) (*File, error) {
	data, err := limited.ReadFile(name, MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("reading counts: %w", err)
	}
	return decode(name, data)
}

func decode(name string, data []byte) (*File, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, fmt.Errorf("%s:%d: not a counts file: %v", name, lineOf(data, se.Offset), err)
		case errors.As(err, &te):
			return nil, fmt.Errorf("%s:%d: not a counts file: %s has the wrong type", name, lineOf(data, te.Offset), te.Field)
		case errors.Is(err, io.EOF):
			return nil, fmt.Errorf("%s: empty, not a counts file", name)
		}
		return nil, fmt.Errorf("%s: not a counts file: %v", name, err)
	}
	switch {
	case f.Version == 0 || f.Module == "":
		return nil, fmt.Errorf("%s: not a counts file (no version or module)", name)
	case f.Version != Version:
		return nil, fmt.Errorf("%s: counts file version %d; this confhunt reads version %d (take the counts again)", name, f.Version, Version)
	case f.Runs < 0:
		return nil, fmt.Errorf("%s: runs %d is negative", name, f.Runs)
	case f.Runs == 0:
		return nil, fmt.Errorf("%s: runs 0: the counts of no run", name)
	case f.Mode != "count" && f.Mode != "atomic":
		// The modes confhunt counts writes: set says only whether a
		// block ran, not how often.
		return nil, fmt.Errorf("%s: mode %q: want count or atomic, the coverage modes that count how often a block runs", name, f.Mode)
	}
	for i := range f.Files {
		// Paths are joined to the module root and the files hashed.
		if p := f.Files[i].Path; !fs.ValidPath(p) || p == "." {
			return nil, fmt.Errorf("%s: path %q is not a file of the module (a relative path without ..)", name, p)
		}
		if err := f.Files[i].decodeBlocks(name); err != nil {
			return nil, err
		}
	}
	return &f, nil
}

func lineOf(data []byte, offset int64) int {
	offset = min(offset, int64(len(data)))
	return 1 + bytes.Count(data[:offset], []byte("\n"))
}

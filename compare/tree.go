package compare

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/module"

	"github.com/confhunt/confhunt/internal/snapshot"
)

// Tree is one revision copied into a directory.
type Tree struct {
	Spec string // as given: a git revision, module@version, or "" for the working tree
	// ID names what was copied: the commit, the module version, or
	// "working tree".
	ID string
	// Dir is the directory in the copy that corresponds to the directory
	// compare was run in (the module's root for a module version).
	Dir string
	// Root is the top of the copy.
	Root string
}

// Label names the tree for people: the revision as given and, when it
// differs, its commit.
func (t *Tree) Label() string {
	switch {
	case t.Spec == "":
		return "working tree"
	case len(t.ID) != 40: // a module version
		return t.Spec
	case strings.HasPrefix(t.ID, t.Spec):
		return t.ID[:12]
	}
	return t.Spec + " (" + t.ID[:12] + ")"
}

// ModuleVersion splits spec into a module path and version when it names
// a module version (example.com/mod@v1.2.3); ok is false for anything
// else, a git revision such as HEAD@{1} or main~2.
func ModuleVersion(spec string) (path, version string, ok bool) {
	path, version, ok = strings.Cut(spec, "@")
	if !ok || version == "" || strings.HasPrefix(version, "{") {
		return "", "", false
	}
	if module.CheckPath(path) != nil {
		return "", "", false
	}
	return path, version, true
}

// Materialise copies the revision spec of the repository holding dir
// into dst (which must not exist): a git revision, a module version
// (path@version), or with spec "" the working tree.
func Materialise(ctx context.Context, dir, spec, dst string) (*Tree, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if abs, err = filepath.EvalSymlinks(abs); err != nil {
		return nil, err
	}
	t := &Tree{Spec: spec, Root: dst}
	if path, version, ok := ModuleVersion(spec); ok {
		if err := snapshot.Module(ctx, path, version, dst); err != nil {
			return nil, err
		}
		t.ID, t.Dir = path+"@"+version, dst
		return t, nil
	}
	var top string
	if spec == "" {
		t.ID = "working tree"
		top, err = snapshot.WorkTree(ctx, abs, dst)
	} else {
		t.ID, top, err = snapshot.Git(ctx, abs, spec, dst)
	}
	if err != nil {
		return nil, err
	}
	if top, err = filepath.EvalSymlinks(top); err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(top, abs)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return nil, fmt.Errorf("%s is not inside the repository %s", dir, top)
	}
	t.Dir = filepath.Join(dst, rel)
	if _, err := os.Stat(t.Dir); err != nil {
		return nil, fmt.Errorf("revision %s has no directory %s", spec, filepath.ToSlash(rel))
	}
	return t, nil
}

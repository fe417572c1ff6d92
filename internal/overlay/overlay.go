package overlay

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/confhunt/confhunt/internal/leftovers"
)

// Overlay is a set of replaced and added files in a temporary directory.
type Overlay struct {
	Dir  string // temporary directory holding the copies and overlay.json
	JSON string // the overlay file for go build -overlay and go test -overlay

	replace map[string]string // file the build reads -> its copy
	forget  func()            // leaves leftovers' account once removed
}

// New creates an empty overlay in a new temporary directory, which left
// holds until Remove removes it (left may be nil).
func New(left *leftovers.Set) (*Overlay, error) {
	dir, err := os.MkdirTemp("", "confhunt-overlay-")
	if err != nil {
		return nil, err
	}
	return &Overlay{Dir: dir, JSON: filepath.Join(dir, "overlay.json"), replace: make(map[string]string), forget: left.Add(dir, nil)}, nil
}

// Replace makes the build read src in place of the file name, an absolute
// path. A name where no file exists adds a file to its directory's
// package.
func (o *Overlay) Replace(name string, src []byte) error {
	if !filepath.IsAbs(name) {
		return fmt.Errorf("overlay: %s is not an absolute path", name)
	}
	if _, ok := o.replace[name]; ok {
		return fmt.Errorf("overlay: %s replaced twice", name)
	}
	copyName := filepath.Join(o.Dir, fmt.Sprintf("%03d_%s", len(o.replace), filepath.Base(name)))
	if err := os.WriteFile(copyName, src, 0o644); err != nil {
		return err
	}
	o.replace[name] = copyName
	return nil
}

// Save writes the overlay file, o.JSON, mapping every replaced file to
// its copy.
func (o *Overlay) Save() error {
	data, err := json.MarshalIndent(struct{ Replace map[string]string }{o.replace}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(o.JSON, data, 0o644)
}

// Remove deletes the overlay's temporary directory.
func (o *Overlay) Remove() error {
	err := os.RemoveAll(o.Dir)
	if o.forget != nil {
		o.forget()
	}
	return err
}

// Edit replaces src[Start:End] with Text; Start == End inserts.
type Edit struct {
	Start, End int
	Text       string
}

// Apply returns src with the edits made. Edits are applied in the order
// of their starts (those at the same offset in the order given); an edit
// that starts inside another, or lies outside src, is an error.
func Apply(src []byte, edits []Edit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b Edit) int { return cmp.Compare(a.Start, b.Start) })
	out := make([]byte, 0, len(src))
	last := 0
	for _, e := range edits {
		switch {
		case e.Start < 0 || e.End < e.Start || e.End > len(src):
			return nil, fmt.Errorf("edit [%d,%d) outside the source's %d bytes", e.Start, e.End, len(src))
		case e.Start < last:
			return nil, fmt.Errorf("edit [%d,%d) overlaps an edit ending at %d", e.Start, e.End, last)
		}
		out = append(out, src[last:e.Start]...)
		out = append(out, e.Text...)
		last = e.End
	}
	return append(out, src[last:]...), nil
}

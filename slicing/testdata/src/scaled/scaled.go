// Package scaled has a library call whose cost grows with an argument the
// option reaches.
package scaled

import (
	"bufio"
	"compress/gzip"
	"io"
	"net/http"
	"os"
)

type Config struct {
	Level   int    `yaml:"level"`
	Name    string `yaml:"name"`
	Archive bool   `yaml:"archive"`
	Buffer  int    `yaml:"buffer"`
	Trace   bool   `yaml:"trace"`
	Form    int64  `yaml:"form"`
}

// compress passes the level to gzip: the writer's work grows with it.
func compress(c *Config, w io.Writer) {
	zw, err := gzip.NewWriterLevel(w, c.Level) // want sliced:"Config.Level" scaled:"Config.Level"
	if err == nil {
		zw.Close() // want scaled:"Config.Level"
	}
}

// stream keeps a compressor made with the level: what it writes later
// costs as the level says.
type stream struct{ zw *gzip.Writer }

func open(c *Config, w io.Writer) *stream {
	zw, _ := gzip.NewWriterLevel(w, c.Level) // want scaled:"Config.Level"
	return &stream{zw: zw}
}

func (s *stream) put(p []byte) {
	s.zw.Write(p) // want scaled:"Config.Level"
}

// label passes the name to gzip's header, which costs nothing more.
func label(c *Config, w io.Writer) {
	zw := gzip.NewWriter(w) // want !scaled:"Config.Name"
	zw.Name = c.Name        // want sliced:"Config.Name"
	zw.Close()              // want !scaled:"Config.Name"
}

// archive picks the writer the compressor writes to, not the level: the
// compressor's work does not grow with the option's value.
func archive(c *Config, w io.Writer) {
	if c.Archive {
		w = os.Stdout
	}
	zw, err := gzip.NewWriterLevel(w, gzip.BestSpeed) // want sliced:"Config.Archive" !scaled:"Config.Archive"
	if err == nil {
		zw.Close() // want !scaled:"Config.Archive"
	}
}

// readers sizes a reader's buffer with one option and picks the reader it
// wraps with another: only the first sizes the allocation.
func readers(c *Config, r io.Reader) *bufio.Reader {
	if c.Trace {
		r = io.TeeReader(r, os.Stderr)
	}
	return bufio.NewReaderSize(r, c.Buffer) // want effect:"Config.Buffer:size" sliced:"Config.Trace" !effect:"Config.Trace:size"
}

// upload keeps up to Form bytes of a request's multipart form in memory.
func upload(c *Config, req *http.Request) error {
	return req.ParseMultipartForm(c.Form) // want effect:"Config.Form:size"
}

var _ = []any{compress, label, archive, readers, upload}

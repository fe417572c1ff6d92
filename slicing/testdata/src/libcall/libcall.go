// Package libcall hands its settings to a library's constructor as
// arguments (scoring's TestLibraryArgs): each is charged with what the
// library does with it, not with all the call does.
package libcall

import (
	"io"
	"os"
	"time"

	"example.com/diskq"
)

type Config struct {
	SyncEvery   int           `yaml:"sync_every"`
	SyncTimeout time.Duration `yaml:"sync_timeout"`
	Verbose     bool          `yaml:"verbose"`
	Path        string        `yaml:"path"`
	Window      int           `yaml:"window"`
	Chunk       int           `yaml:"chunk"`
	Every       int           `yaml:"every"`
	Batch       int           `yaml:"batch"`
}

type Server struct{ q *diskq.Queue }

func NewServer(cfg Config) *Server {
	s := &Server{q: diskq.New(cfg.Path, cfg.SyncEvery, cfg.SyncTimeout, cfg.Verbose)}
	s.q.Announce(diskq.Setting{ID: 1, Val: cfg.Window})
	return s
}

func (s *Server) Publish(b []byte) { s.q.Put(b) }

// Archive copies r into a file through the library's sink.
func Archive(cfg Config, f *os.File, r io.Reader) error {
	_, err := io.Copy(&diskq.Sink{F: f, Chunk: cfg.Chunk}, r)
	return err
}

// Schedule flushes a spool later: its Flush is handed on as a method
// value.
func Schedule(cfg Config, f *os.File) *time.Timer {
	sp := &diskq.Spool{F: f, Every: cfg.Every}
	return time.AfterFunc(cfg.SyncTimeout, sp.Flush)
}

// countingPipe is the library's pipe with a count of its own: its
// Write is the pipe's, promoted.
type countingPipe struct {
	*diskq.Pipe
	n int
}

// Stream copies r through a counting pipe.
func Stream(cfg Config, f *os.File, r io.Reader) error {
	_, err := io.Copy(&countingPipe{Pipe: &diskq.Pipe{F: f, Batch: cfg.Batch}}, r)
	return err
}

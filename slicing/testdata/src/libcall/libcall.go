// Package libcall hands its settings to a library's constructor as
// arguments (scoring's TestLibraryArgs): each is charged with what the
// library does with it, not with all the call does.
package libcall

import (
	"context"
	"io"
	"log"
	"log/slog"
	"os"
	"time"

	"example.com/diskq"
	"github.com/sirupsen/logrus"
)

type Config struct {
	SyncEvery   int           `yaml:"sync_every"`
	SyncTimeout time.Duration `yaml:"sync_timeout"`
	Verbose     bool          `yaml:"verbose"`
	Path        string        `yaml:"path"`
	Label       string        `yaml:"label"`
	Mode        Mode          `yaml:"mode"`
	Window      int           `yaml:"window"`
	Chunk       int           `yaml:"chunk"`
	Every       int           `yaml:"every"`
	Batch       int           `yaml:"batch"`
	LogChunk    int           `yaml:"log_chunk"`
	RotateChunk int           `yaml:"rotate_chunk"`
	TeeChunk    int           `yaml:"tee_chunk"`
	BothChunk   int           `yaml:"both_chunk"`
	ViaChunk    int           `yaml:"via_chunk"`
	OutChunk    int           `yaml:"out_chunk"`
}

// Mode is a mode of the library's sink, by name.
type Mode string

type Server struct{ q *diskq.Queue }

func NewServer(cfg Config) *Server {
	s := &Server{q: diskq.New(cfg.Path, cfg.SyncEvery, cfg.SyncTimeout, cfg.Verbose)}
	s.q.Announce(diskq.Setting{ID: 1, Val: cfg.Window})
	return s
}

func (s *Server) Publish(b []byte) { s.q.Put(b) }

// Archive copies r into a file through the library's sink.
func Archive(cfg Config, f *os.File, r io.Reader) error {
	_, err := io.Copy(&diskq.Sink{F: f, Chunk: cfg.Chunk, Name: cfg.Label, Mode: string(cfg.Mode)}, r)
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

// LogTo sends the standard logger's lines to a file through the
// library's sink: the sink's chunk is how log lines are written, not
// work.
func LogTo(cfg Config, f *os.File) {
	log.SetOutput(&diskq.Sink{F: f, Chunk: cfg.LogChunk})
}

// handler writes log records to the writer setWriter gives it.
type handler struct{ w io.Writer }

func (h *handler) Enabled(context.Context, slog.Level) bool { return true }
func (h *handler) Handle(_ context.Context, r slog.Record) error {
	_, err := io.WriteString(h.w, r.Message)
	return err
}
func (h *handler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *handler) WithGroup(string) slog.Handler      { return h }
func (h *handler) setWriter(w io.Writer)              { h.w = w }

var logs = &handler{w: os.Stderr}

// Rotate makes the program's log handler write to a file through the
// library's sink, when there is a file.
func Rotate(cfg Config, f *os.File) *slog.Logger {
	var w io.Writer = os.Stderr
	if f != nil {
		w = &diskq.Sink{F: f, Chunk: cfg.RotateChunk}
	}
	logs.setWriter(w)
	return slog.New(logs)
}

// Tee logs to a file through the library's sink and copies r into the
// same sink: it does work beside the logging.
func Tee(cfg Config, f *os.File, r io.Reader) error {
	s := &diskq.Sink{F: f, Chunk: cfg.TeeChunk}
	log.SetOutput(s)
	_, err := io.Copy(s, r)
	return err
}

// LogBoth sends log lines to standard error and to a file through the
// library's sink, which a function of its own makes.
func LogBoth(cfg Config, f *os.File) {
	log.SetOutput(io.MultiWriter(os.Stderr, logFile(cfg, f)))
}

func logFile(cfg Config, f *os.File) io.Writer {
	return &diskq.Sink{F: f, Chunk: cfg.BothChunk}
}

// outputs is how the program's handlers are given their writer.
type outputs interface{ setWriter(io.Writer) }

// RotateVia gives a handler its writer through the interface.
func RotateVia(cfg Config, f *os.File, o outputs) {
	o.setWriter(&diskq.Sink{F: f, Chunk: cfg.ViaChunk})
}

// RotateAll gives the program's handler its writer.
func RotateAll(cfg Config, f *os.File) { RotateVia(cfg, f, logs) }

// Logger makes a logger writing to a file through the library's sink,
// set in the logger's field rather than by its SetOutput.
func Logger(cfg Config, f *os.File) *logrus.Logger {
	return &logrus.Logger{Out: &diskq.Sink{F: f, Chunk: cfg.OutChunk}}
}

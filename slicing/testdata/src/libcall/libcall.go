// Package libcall hands its settings to a library's constructor as
// arguments (scoring's TestLibraryArgs): each is charged with what the
// library does with it, not with all the call does.
package libcall

import (
	"time"

	"example.com/diskq"
)

type Config struct {
	SyncEvery   int           `yaml:"sync_every"`
	SyncTimeout time.Duration `yaml:"sync_timeout"`
	Verbose     bool          `yaml:"verbose"`
	Path        string        `yaml:"path"`
}

type Server struct{ q *diskq.Queue }

func NewServer(cfg Config) *Server {
	return &Server{q: diskq.New(cfg.Path, cfg.SyncEvery, cfg.SyncTimeout, cfg.Verbose)}
}

func (s *Server) Publish(b []byte) { s.q.Put(b) }

package timers

import "os"

// Store's writes hand the flushes to a flusher goroutine. A write that
// finds too much pending waits until the flusher has written and synced
// it (PauseAt: a write stall); one that only asks for a flush goes on at
// once (KickAt).
type Store struct {
	cfg     Config
	pending int
	reqs    chan flushReq
	f       *os.File
}

type flushReq struct{ done chan error }

// Open starts the flusher.
func Open(cfg Config, f *os.File) *Store {
	s := &Store{cfg: cfg, reqs: make(chan flushReq), f: f}
	go s.flusher()
	return s
}

func (s *Store) flusher() {
	for r := range s.reqs {
		_, err := s.f.Write(make([]byte, 4096))
		if err == nil {
			err = s.f.Sync()
		}
		if r.done != nil {
			r.done <- err
		}
	}
}

// Put records a write, waiting for the flusher when too much is pending.
func (s *Store) Put() error {
	s.pending++
	if s.pending >= s.cfg.KickAt {
		select {
		case s.reqs <- flushReq{}:
		default:
		}
	}
	if s.pending >= s.cfg.PauseAt {
		done := make(chan error)
		s.reqs <- flushReq{done}
		s.pending = 0
		return <-done
	}
	return nil
}

package timers

import "os"

// Store's writes hand the flushes to a flusher goroutine. A write that
// finds too much pending waits until the flusher has written and synced
// it (PauseAt: a write stall, answered on a channel; DrainAt, answered
// by closing one); one that only asks for a flush goes on at once
// (KickAt).
type Store struct {
	cfg     Config
	pending int
	reqs    chan flushReq
	f       *os.File
}

type flushReq struct {
	done chan error    // the flush's error, sent when it is done
	fin  chan struct{} // closed when it is done
}

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
		if r.fin != nil {
			close(r.fin)
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
		s.reqs <- flushReq{done: done}
		s.pending = 0
		return <-done
	}
	if s.pending >= s.cfg.DrainAt {
		fin := make(chan struct{})
		s.reqs <- flushReq{fin: fin}
		<-fin
	}
	return nil
}

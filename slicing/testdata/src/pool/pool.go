// Package pool starts goroutines in loops: workers that share one queue
// (their work is the queue's, however many start) and goroutines that
// each do work of their own.
package pool

type Config struct {
	Workers int
}

type Server struct {
	cfg  Config
	jobs chan int
	sum  int
}

// Start starts the pool and the spinners.
func (s *Server) Start() {
	for i := 0; i < s.cfg.Workers; i++ {
		go s.work()
	}
	for i := 0; i < s.cfg.Workers; i++ {
		go s.spin(i)
	}
}

// work serves the shared queue.
func (s *Server) work() {
	for j := range s.jobs {
		s.sum += j
	}
}

// spin does work of its own.
func (s *Server) spin(i int) {
	for k := 0; k < 1000; k++ {
		s.sum += k * i
	}
}

// Close stops the pool: once, when its life ends, not per operation.
func (s *Server) Close() error {
	close(s.jobs)
	return nil
}

// Package semaphore stands in for golang.org/x/sync/semaphore: the
// constructor and methods the testdata calls, with their signatures.
package semaphore

import (
	"context"
	"sync"
)

// Weighted is a semaphore of a given capacity.
type Weighted struct {
	mu   sync.Mutex
	size int64
	cur  int64
}

// NewWeighted makes a semaphore of capacity n.
func NewWeighted(n int64) *Weighted { return &Weighted{size: n} }

// Acquire takes n of the capacity, waiting until it is free.
func (s *Weighted) Acquire(ctx context.Context, n int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cur += n
	return ctx.Err()
}

// Release gives n back.
func (s *Weighted) Release(n int64) {
	s.mu.Lock()
	s.cur -= n
	s.mu.Unlock()
}

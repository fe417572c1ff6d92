// Package libsum is read as a library by scoring's TestSummaries: what
// one call of each function costs, from its body.
package libsum

import "os"

type Log struct{ f *os.File }

// Sync is one fsync: the catalogue's IO for (*os.File).Sync.
func (l *Log) Sync() { l.f.Sync() }

// SyncAll syncs in a loop of unknown bound: LoopTrips syncs per call.
func (l *Log) SyncAll(n int) {
	for i := 0; i < n; i++ {
		l.Sync()
	}
}

// Even and odd call each other: the cycle adds nothing to either, but
// what each does itself (a sync) counts.
func Even(l *Log, n int) bool {
	if n == 0 {
		return true
	}
	l.Sync()
	return Odd(l, n-1)
}

func Odd(l *Log, n int) bool {
	if n == 0 {
		return false
	}
	return Even(l, n-1)
}

// Background starts the sync and does not wait for it: none of its cost.
func Background(l *Log) { go l.Sync() }

// Pair is generic: summarised by its origin.
type Pair[T any] struct{ a, b T }

func (p *Pair[T]) Swap(l *Log) { p.a, p.b = p.b, p.a; l.Sync() }

// Config sets a pool up: Size bounds it, and its methods loop to fill
// it (what a user's option stored into Size makes the library do); Name
// is only printed. Retries is never read.
type Config[T any] struct {
	Size    int
	Name    string
	Retries int
}

type Pool[T any] struct {
	cfg   Config[T]
	items []T
}

func NewPool[T any](cfg Config[T]) *Pool[T] { return &Pool[T]{cfg: cfg} }

// Fill adds items up to the pool's size.
func (p *Pool[T]) Fill(mk func() T) {
	for len(p.items) < p.cfg.Size {
		p.items = append(p.items, mk())
	}
}

// Refill empties the pool and fills it again: a generic body calling
// another, an edge of the libraries' static call graph.
func (p *Pool[T]) Refill(mk func() T) {
	p.items = p.items[:0]
	p.Fill(mk)
}

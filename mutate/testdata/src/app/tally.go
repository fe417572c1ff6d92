package app

import (
	"hash/maphash"
	"sync"
)

// TallyOptions choose how a Tally locks.
type TallyOptions struct {
	Shared bool // one lock for every key instead of one per stripe
}

type stripe struct {
	mu sync.Mutex
	n  map[string]int
}

// Tally counts keys under one shared lock, or under the lock of the
// key's stripe, which costs a hash more per key but no contention.
type Tally struct {
	shared  bool
	seed    maphash.Seed
	all     stripe
	stripes [16]stripe
}

// NewTally makes a tally as o says.
func NewTally(o TallyOptions) *Tally {
	t := &Tally{shared: o.Shared, seed: maphash.MakeSeed(), all: stripe{n: make(map[string]int)}}
	for i := range t.stripes {
		t.stripes[i].n = make(map[string]int)
	}
	return t
}

// Inc counts key.
func (t *Tally) Inc(key string) {
	s := &t.all
	if !t.shared {
		s = &t.stripes[maphash.String(t.seed, key)%uint64(len(t.stripes))]
	}
	s.mu.Lock()
	s.n[key]++
	s.mu.Unlock()
}

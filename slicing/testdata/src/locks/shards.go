package locks

import (
	"hash/maphash"
	"sync"
)

// ShardConfig sizes a sharded map: Shards shards and Buckets buckets,
// lists made with the count; a key's hash modulo the count picks the
// one whose lock a write takes (in a method of the shard, or on the
// bucket itself), so the fewer there are, the more writers share each
// lock; so does Generic, the shard count of a generic map whose shard
// method locks, and Stripes, whose stripe a helper given the reduced
// hash locks. Workers counts workers picked the same way, which hold
// no lock; Peers starts a list that Join grows, so its length is not
// the option's; Primary is an index (which bucket, not how many); Conds
// counts elements whose mutex is handed to a sync.Cond, never locked.
type ShardConfig struct {
	Shards  int `yaml:"shards"`
	Buckets int `yaml:"buckets"`
	Workers int `yaml:"workers"`
	Peers   int `yaml:"peers"`
	Generic int `yaml:"generic"`
	Primary int `yaml:"primary"`
	Conds   int `yaml:"conds"`
	Stripes int `yaml:"stripes"`
}

type mapShard struct {
	mu sync.RWMutex
	m  map[string]int
}

// put runs per write, under the shard's own lock.
func (sh *mapShard) put(k string, v int) {
	sh.mu.Lock() // want effect:"ShardConfig.Shards:lock"
	sh.m[k] = v
	sh.mu.Unlock()
}

type bucket struct {
	mu sync.Mutex
	n  int
}

type worker struct{ done int }

type peer struct {
	mu   sync.Mutex
	sent int
}

type waiter struct {
	mu sync.Mutex
	c  *sync.Cond
}

type ShardedMap struct {
	seed    maphash.Seed
	shards  []*mapShard
	buckets []bucket
	workers []*worker
	peers   []*peer
	waiters []*waiter
	stripes []bucket
	primary int
	generic *GenericMap[string, int]
}

type genericShard[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

func (sh *genericShard[K, V]) put(k K, v V) {
	sh.mu.Lock() // want effect:"ShardConfig.Generic:lock"
	sh.m[k] = v
	sh.mu.Unlock()
}

// GenericMap is a sharded map of any key and value types.
type GenericMap[K comparable, V any] struct {
	shards []*genericShard[K, V]
}

func NewGenericMap[K comparable, V any](n int) *GenericMap[K, V] {
	g := &GenericMap[K, V]{shards: make([]*genericShard[K, V], n)}
	for i := range g.shards {
		g.shards[i] = &genericShard[K, V]{m: make(map[K]V)}
	}
	return g
}

// Put runs per write.
func (g *GenericMap[K, V]) Put(h uint64, k K, v V) {
	g.shards[h%uint64(len(g.shards))].put(k, v)
}

func NewShardedMap(cfg ShardConfig) *ShardedMap {
	s := &ShardedMap{seed: maphash.MakeSeed(), shards: make([]*mapShard, cfg.Shards), buckets: make([]bucket, cfg.Buckets), workers: make([]*worker, cfg.Workers)}
	for i := range s.shards {
		s.shards[i] = &mapShard{m: make(map[string]int)}
	}
	for i := range s.workers {
		s.workers[i] = &worker{}
	}
	for range cfg.Peers {
		s.peers = append(s.peers, &peer{})
	}
	s.waiters = make([]*waiter, cfg.Conds)
	for i := range s.waiters {
		s.waiters[i] = &waiter{}
	}
	s.stripes = make([]bucket, cfg.Stripes)
	s.primary = cfg.Primary
	s.generic = NewGenericMap[string, int](cfg.Generic)
	return s
}

// Join adds a peer after start: how many there are is not the option's.
func (s *ShardedMap) Join() {
	s.peers = append(s.peers, &peer{})
}

// Put runs per write.
func (s *ShardedMap) Put(k string, v int) {
	h := maphash.String(s.seed, k)
	s.shards[h%uint64(len(s.shards))].put(k, v)
	b := &s.buckets[h%uint64(len(s.buckets))]
	b.mu.Lock() // want effect:"ShardConfig.Buckets:lock"
	b.n++
	b.mu.Unlock()
	w := s.workers[h%uint64(len(s.workers))]
	w.done++ // want !effect:"ShardConfig.Workers:lock"
	p := s.peers[h%uint64(len(s.peers))]
	p.mu.Lock() // want !effect:"ShardConfig.Peers:lock"
	p.sent++
	p.mu.Unlock()
	first := &s.buckets[s.primary]
	first.mu.Lock() // want !effect:"ShardConfig.Primary:lock"
	first.n++
	first.mu.Unlock()
	wt := s.waiters[h%uint64(len(s.waiters))]
	wt.c = sync.NewCond(&wt.mu)
	s.generic.Put(h, k, v)
	s.count(h % uint64(len(s.stripes)))
}

// count bumps stripe i's counter.
func (s *ShardedMap) count(i uint64) {
	st := &s.stripes[i]
	st.mu.Lock() // want effect:"ShardConfig.Stripes:lock"
	st.n++
	st.mu.Unlock()
}

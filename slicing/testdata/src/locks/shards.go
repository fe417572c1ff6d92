package locks

import (
	"hash/maphash"
	"sync"
)

// ShardConfig sizes a sharded map: Shards shards and Buckets buckets,
// lists made with the count; a key's hash modulo the count picks the
// one whose lock a write takes (in a method of the shard, or on the
// bucket itself), so the fewer there are, the more writers share each
// lock. Workers counts workers picked the same way, which hold no lock;
// Peers starts a list that Join grows, so its length is not the
// option's.
type ShardConfig struct {
	Shards  int `yaml:"shards"`
	Buckets int `yaml:"buckets"`
	Workers int `yaml:"workers"`
	Peers   int `yaml:"peers"`
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

type ShardedMap struct {
	seed    maphash.Seed
	shards  []*mapShard
	buckets []bucket
	workers []*worker
	peers   []*peer
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
}

// Package cache is a sharded read cache with LRU or FIFO eviction, an
// optional time to live and an optional admission filter that admits a
// key on its second miss only.
package cache

import (
	"container/list"
	"hash/maphash"
	"sync"
	"time"

	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/config"
)

// Cache maps keys to values, bounded by a number of entries.
type Cache struct {
	shards []*shard
	seed   maphash.Seed
	ttl    time.Duration
	now    func() time.Time
}

type shard struct {
	mu       sync.Mutex
	capacity int
	lru      bool
	admit    bool
	items    map[string]*list.Element
	order    *list.List
	seen     map[string]struct{} // doorkeeper of the admission filter
	hits     int64
	misses   int64
	evicted  int64
}

type item struct {
	key     string
	value   []byte
	expires time.Time
}

// New returns a cache configured by cfg. A capacity of zero disables it.
func New(cfg config.CacheConfig) *Cache {
	c := &Cache{seed: maphash.MakeSeed(), ttl: cfg.TTL, now: time.Now}
	per := cfg.Capacity / cfg.Shards
	if cfg.Capacity > 0 && per == 0 {
		per = 1
	}
	for range cfg.Shards {
		c.shards = append(c.shards, &shard{
			capacity: per,
			lru:      cfg.Policy != "fifo",
			admit:    cfg.Admission,
			items:    make(map[string]*list.Element, per),
			order:    list.New(),
			seen:     make(map[string]struct{}),
		})
	}
	return c
}

func (c *Cache) shard(key string) *shard {
	return c.shards[maphash.String(c.seed, key)%uint64(len(c.shards))]
}

// Get returns the cached value of key.
func (c *Cache) Get(key string) ([]byte, bool) {
	s := c.shard(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	el, ok := s.items[key]
	if !ok {
		s.misses++
		return nil, false
	}
	it := el.Value.(*item)
	if c.ttl > 0 && c.now().After(it.expires) {
		s.order.Remove(el)
		delete(s.items, key)
		s.misses++
		return nil, false
	}
	if s.lru {
		s.order.MoveToFront(el)
	}
	s.hits++
	return it.value, true
}

// Add stores value under key, evicting the oldest entries beyond capacity.
func (c *Cache) Add(key string, value []byte) {
	s := c.shard(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.capacity == 0 {
		return
	}
	if el, ok := s.items[key]; ok {
		it := el.Value.(*item)
		it.value, it.expires = value, c.now().Add(c.ttl)
		if s.lru {
			s.order.MoveToFront(el)
		}
		return
	}
	if s.admit {
		if _, ok := s.seen[key]; !ok {
			s.seen[key] = struct{}{}
			if len(s.seen) > 4*s.capacity {
				clear(s.seen)
			}
			return
		}
		delete(s.seen, key)
	}
	s.items[key] = s.order.PushFront(&item{key: key, value: value, expires: c.now().Add(c.ttl)})
	for s.order.Len() > s.capacity {
		last := s.order.Back()
		s.order.Remove(last)
		delete(s.items, last.Value.(*item).key)
		s.evicted++
	}
}

// Remove drops key from the cache.
func (c *Cache) Remove(key string) {
	s := c.shard(key)
	s.mu.Lock()
	defer s.mu.Unlock()
	if el, ok := s.items[key]; ok {
		s.order.Remove(el)
		delete(s.items, key)
	}
}

// Stats sums the shards' counters.
func (c *Cache) Stats() (hits, misses, evicted int64, size int) {
	for _, s := range c.shards {
		s.mu.Lock()
		hits += s.hits
		misses += s.misses
		evicted += s.evicted
		size += len(s.items)
		s.mu.Unlock()
	}
	return
}

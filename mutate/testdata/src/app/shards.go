package app

import (
	"hash/maphash"
	"sync"
)

type shard struct {
	mu    sync.Mutex
	items map[string]int
}

// Counter counts keys over Limit shards, each under its own lock.
type Counter struct {
	seed   maphash.Seed
	shards []*shard
	mu     sync.Mutex // guards total
	total  int
}

// NewCounter makes a counter of c.Limit shards.
func NewCounter(c *Config) *Counter {
	k := &Counter{seed: maphash.MakeSeed()}
	for range max(c.Limit, 1) {
		k.shards = append(k.shards, &shard{items: make(map[string]int)})
	}
	return k
}

// Add counts key in its shard, and the total under the counter's lock.
func (k *Counter) Add(key string) {
	sh := k.shards[maphash.String(k.seed, key)%uint64(len(k.shards))]
	sh.mu.Lock()
	sh.items[key]++
	sh.mu.Unlock()
	k.mu.Lock()
	defer k.mu.Unlock()
	k.total++
}

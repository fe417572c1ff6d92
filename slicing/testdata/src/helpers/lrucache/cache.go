// Package lrucache is a library's root package, which no package of its
// module imports (its users are other modules); one of its files holds
// helpers for its tests and imports testing. The package is the
// library, not test support.
package lrucache

import "sync"

// CacheOptions are the cache's settings.
type CacheOptions struct {
	Size int
}

// Cache is a cache of at most Size entries.
type Cache struct {
	mu   sync.Mutex
	opts CacheOptions
	keys []string
}

// New makes a cache.
func New(o CacheOptions) *Cache { return &Cache{opts: o} }

// Add adds a key, evicting the oldest past the size.
func (c *Cache) Add(k string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.keys = append(c.keys, k)
	if len(c.keys) > c.opts.Size {
		c.keys = c.keys[1:]
	}
}

package gateway

import (
	"container/list"
	"sync"
	"time"
)

// responseCache is an LRU of encoded responses with a time to live.
type responseCache struct {
	mu    sync.Mutex
	size  int
	ttl   time.Duration
	items map[string]*list.Element
	order *list.List
}

type cached struct {
	key     string
	body    []byte
	expires time.Time
}

func newResponseCache(size int, ttl time.Duration) *responseCache {
	return &responseCache{size: size, ttl: ttl, items: make(map[string]*list.Element), order: list.New()}
}

func (c *responseCache) get(key string) ([]byte, bool) {
	if c.size == 0 {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return nil, false
	}
	e := el.Value.(*cached)
	if time.Now().After(e.expires) {
		c.order.Remove(el)
		delete(c.items, key)
		return nil, false
	}
	c.order.MoveToFront(el)
	return e.body, true
}

func (c *responseCache) put(key string, body []byte) {
	if c.size == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		el.Value.(*cached).body = body
		c.order.MoveToFront(el)
		return
	}
	c.items[key] = c.order.PushFront(&cached{key, body, time.Now().Add(c.ttl)})
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*cached).key)
	}
}

package structs

// CacheConfig is read in the methods of a generic type: their generic
// bodies are the program's code, read sites included.
type CacheConfig struct {
	Limit int
}

type Cache[K comparable] struct {
	cfg   CacheConfig
	items map[K]int
}

func (c *Cache[K]) Add(k K) {
	for len(c.items) > c.cfg.Limit { // want option:"CacheConfig.Limit"
		for x := range c.items {
			delete(c.items, x)
			break
		}
	}
	c.items[k] = 1
}

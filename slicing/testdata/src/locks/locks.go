// Package locks has options that decide the locks the hot path takes: a
// flag that makes every count take one shared lock, a flag choosing one
// global lock over a shard's, and a batch size, which takes no lock.
package locks

import "sync"

type Config struct {
	SharedLock bool `yaml:"shared_lock"`
	Global     bool `yaml:"global"`
	Batch      int  `yaml:"batch"`
}

type shard struct {
	mu sync.Mutex
	n  map[string]int
}

type Counter struct {
	cfg    Config
	mu     sync.Mutex
	total  int
	all    shard
	shards [16]shard
	batch  []string
}

// Count runs per event.
func (c *Counter) Count(key string) {
	if c.cfg.SharedLock {
		c.mu.Lock() // want sliced:"Config.SharedLock" effect:"Config.SharedLock:lock"
		c.total++
		c.mu.Unlock()
	}
	s := &c.all
	if !c.cfg.Global {
		s = &c.shards[len(key)%len(c.shards)]
	}
	s.mu.Lock() // want sliced:"Config.Global" effect:"Config.Global:lock"
	s.n[key]++
	s.mu.Unlock()
	c.batch = append(c.batch, key)
	if len(c.batch) >= c.cfg.Batch { // want !effect:"Config.Batch:lock"
		c.batch = c.batch[:0]
	}
}

func Run(cfg Config, keys []string) {
	c := &Counter{cfg: cfg}
	for _, k := range keys {
		c.Count(k)
	}
}

// Package locks has options that decide the locks the hot path takes: a
// flag that makes every count take one shared lock, a flag choosing one
// global lock over a shard's, a batch size, which takes no lock, and the
// capacity of a channel used as a semaphore, which bounds how many
// flushes run at once: each waits at the send while it is full; and
// the capacity of a weighted semaphore, which its acquires wait on.
package locks

import (
	"context"
	"sync"

	"golang.org/x/sync/semaphore"
)

type Config struct {
	SharedLock bool `yaml:"shared_lock"`
	Global     bool `yaml:"global"`
	Batch      int  `yaml:"batch"`
	Inflight   int  `yaml:"inflight"`
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
	slots  chan struct{}
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
		c.flush()
	}
}

// flush takes a slot of the semaphore while it writes the batch out.
func (c *Counter) flush() {
	c.slots <- struct{}{} // want sliced:"Config.Inflight" effect:"Config.Inflight:lock"
	c.batch = c.batch[:0]
	<-c.slots
}

func Run(cfg Config, keys []string) {
	c := &Counter{cfg: cfg, slots: make(chan struct{}, cfg.Inflight)} // want sliced:"Config.Inflight"
	for _, k := range keys {
		c.Count(k)
	}
}

// PoolConfig sizes a pool whose Get takes a slot of a weighted
// semaphore: each waits there while all are taken.
type PoolConfig struct {
	MaxConns int `yaml:"max_conns"`
}

type Pool struct {
	sem *semaphore.Weighted
}

func NewPool(cfg PoolConfig) *Pool {
	return &Pool{sem: semaphore.NewWeighted(int64(cfg.MaxConns))}
}

// Get runs per request.
func (p *Pool) Get(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, 1); err != nil { // want sliced:"PoolConfig.MaxConns" effect:"PoolConfig.MaxConns:lock"
		return err
	}
	p.sem.Release(1)
	return nil
}

package cache

import (
	"fmt"
	"testing"
	"time"

	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/config"
)

func TestLRU(t *testing.T) {
	c := New(config.CacheConfig{Capacity: 2, Shards: 1, TTL: time.Hour, Policy: "lru"})
	c.Add("a", []byte("1"))
	c.Add("b", []byte("2"))
	c.Get("a") // a is now newer than b
	c.Add("c", []byte("3"))
	if _, ok := c.Get("b"); ok {
		t.Errorf("b survived; LRU should have evicted it")
	}
	if v, ok := c.Get("a"); !ok || string(v) != "1" {
		t.Errorf("a = %q, %v", v, ok)
	}
	if _, _, evicted, size := c.Stats(); evicted != 1 || size != 2 {
		t.Errorf("evicted %d, size %d", evicted, size)
	}
}

func TestFIFO(t *testing.T) {
	c := New(config.CacheConfig{Capacity: 2, Shards: 1, TTL: time.Hour, Policy: "fifo"})
	c.Add("a", []byte("1"))
	c.Add("b", []byte("2"))
	c.Get("a")
	c.Add("c", []byte("3"))
	if _, ok := c.Get("a"); ok {
		t.Errorf("a survived; FIFO evicts the oldest insert")
	}
}

func TestTTL(t *testing.T) {
	now := time.Unix(0, 0)
	c := New(config.CacheConfig{Capacity: 10, Shards: 2, TTL: time.Minute})
	c.now = func() time.Time { return now }
	c.Add("a", []byte("1"))
	now = now.Add(2 * time.Minute)
	if _, ok := c.Get("a"); ok {
		t.Errorf("expired entry returned")
	}
}

func TestAdmission(t *testing.T) {
	c := New(config.CacheConfig{Capacity: 10, Shards: 1, TTL: time.Hour, Admission: true})
	c.Add("a", []byte("1"))
	if _, ok := c.Get("a"); ok {
		t.Errorf("admitted on first add")
	}
	c.Add("a", []byte("1"))
	if _, ok := c.Get("a"); !ok {
		t.Errorf("not admitted on second add")
	}
}

func BenchmarkGet(b *testing.B) {
	c := New(config.Default().Cache)
	for i := range 10000 {
		c.Add(fmt.Sprint(i), []byte("v"))
	}
	i := 0
	for b.Loop() {
		c.Get(fmt.Sprint(i % 20000))
		i++
	}
}

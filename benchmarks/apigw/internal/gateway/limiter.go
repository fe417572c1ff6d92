package gateway

import (
	"hash/maphash"
	"sync"
	"time"
)

// limiter is a token bucket per client. With global set, one mutex guards
// every bucket; otherwise buckets are spread over 64 shards.
type limiter struct {
	rate   float64
	burst  float64
	global bool
	seed   maphash.Seed
	shards [64]limShard
	all    limShard
}

type limShard struct {
	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(rate float64, burst int, global bool) *limiter {
	l := &limiter{rate: rate, burst: float64(burst), global: global, seed: maphash.MakeSeed()}
	l.all.buckets = make(map[string]*bucket)
	for i := range l.shards {
		l.shards[i].buckets = make(map[string]*bucket)
	}
	return l
}

// allow takes a token for client, refilling its bucket at rate.
func (l *limiter) allow(client string, now time.Time) bool {
	if l.rate <= 0 {
		return true
	}
	s := &l.all
	if !l.global {
		s = &l.shards[maphash.String(l.seed, client)%uint64(len(l.shards))]
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.buckets[client]
	if !ok {
		b = &bucket{tokens: l.burst, last: now}
		s.buckets[client] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

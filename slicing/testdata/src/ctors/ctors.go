// Package ctors takes settings as constructor arguments: the size of a
// cache, given to NewCache or NewCacheAt, which both hand it to newCache,
// is one option named after the first; so is a functional option's
// argument that its closure keeps only in the state of the object it is
// applied to, and a handler maker's (funcopt.go). An index sized by the module
// from its keys, a reader's size (data) and a point's coordinates (a
// record, no running object) are not options.
package ctors

import (
	"io"
	"runtime"
	"sync"
)

type Cache struct {
	mu    sync.Mutex
	size  int
	items map[string][]byte
	idx   *Index
}

func NewCache(size int) *Cache { return newCache(size) }

func NewCacheAt(size int, dir string) *Cache {
	c := newCache(size)
	_ = dir
	return c
}

func newCache(size int) *Cache { // want option:"ctors.NewCache(size)" style:"argument" type:"int" alias:"ctors.NewCacheAt(size)"
	return &Cache{size: size, items: make(map[string][]byte, size)}
}

func (c *Cache) Put(k string, v []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.items) >= c.size {
		for old := range c.items {
			delete(c.items, old)
			break
		}
	}
	c.items[k] = v
}

// Index is sized by the module from the keys it is built for.
type Index struct {
	mu   sync.Mutex
	keys []string
}

func NewIndex(capacity int) *Index {
	return &Index{keys: make([]string, 0, capacity)}
}

func (x *Index) Add(k string) {
	x.mu.Lock()
	x.keys = append(x.keys, k)
	x.mu.Unlock()
}

func (c *Cache) Reindex() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.idx = NewIndex(len(c.items))
	for k := range c.items {
		c.idx.Add(k)
	}
}

// NewReader reads a cache of size bytes from r: the size is the data's.
func NewReader(r io.Reader, size int) *Cache {
	c := &Cache{items: make(map[string][]byte)}
	buf := make([]byte, size)
	r.Read(buf)
	c.items["all"] = buf
	return c
}

type Point struct{ X, Y int }

func NewPoint(x, y int) Point { return Point{x, y} }

// Sharded takes a lock of an array, one per shard: a running object too.
type Sharded struct {
	locks [4]sync.Mutex
	limit int
	n     [4]int
}

func NewSharded(limit int) *Sharded { // want option:"ctors.NewSharded(limit)"
	return &Sharded{limit: limit}
}

func (s *Sharded) Add(i int) bool {
	k := i % len(s.locks)
	s.locks[k].Lock()
	defer s.locks[k].Unlock()
	if s.n[k] >= s.limit {
		return false
	}
	s.n[k]++
	return true
}

// SetLimit changes the limit of a running object: a setter, an option.
func (s *Sharded) SetLimit(limit int) { // want option:"Sharded.SetLimit(limit)" style:"setter"
	s.locks[0].Lock()
	s.limit = limit
	s.locks[0].Unlock()
}

// Grow adds to the limit what it is given: state, no setter.
func (s *Sharded) Grow(n int) {
	s.locks[0].Lock()
	s.limit += n
	s.locks[0].Unlock()
}

// Buckets is an array of shards, each a running object with its own lock
// (the cache's methods lock a bucket, never a field of their own): a
// running object too, whose constructor's size is an option.
type Buckets struct {
	buckets [4]bucket
}

type bucket struct {
	mu    sync.Mutex
	limit int
	data  map[int][]byte
}

func (b *bucket) put(k int, v []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.data) >= b.limit {
		clear(b.data)
	}
	b.data[k] = v
}

func NewBuckets(maxBytes int) *Buckets { // want option:"ctors.NewBuckets(maxBytes)"
	c := &Buckets{}
	for i := range c.buckets {
		c.buckets[i] = bucket{limit: maxBytes / len(c.buckets), data: make(map[int][]byte)}
	}
	return c
}

func (c *Buckets) Put(k int, v []byte) { c.buckets[k%len(c.buckets)].put(k, v) }

// Session is a running object whose setters take several settings at
// once and hand them to the protocol state it holds, which keeps them.
type Session struct {
	mu     sync.Mutex
	proto  *proto
	out    *outBuf
	window int
	grow   func() []byte
	limit  int
	n      int
}

// SetWindow keeps its size, which a closure it makes also uses: a
// setting still.
func (s *Session) SetWindow(size int) { // want option:"Session.SetWindow(size)" style:"setter"
	s.mu.Lock()
	defer s.mu.Unlock()
	s.window = size
	s.grow = func() []byte { return make([]byte, size) }
}

// Resize keeps the new limit and answers how many entries it dropped: a
// count is a setter's answer too.
func (s *Session) Resize(limit int) int { // want option:"Session.Resize(limit)" style:"setter"
	s.mu.Lock()
	defer s.mu.Unlock()
	dropped := max(s.n-limit, 0)
	s.limit = limit
	return dropped
}

type proto struct {
	interval int
	resend   int
}

// NoDelay keeps its settings.
func (p *proto) NoDelay(interval, resend int) {
	p.interval = interval
	p.resend = resend
}

// outBuf counts the bytes reserved; MallocAck keeps the count it is told.
type outBuf struct{ reserved int }

func (b *outBuf) Malloc(n int) { b.reserved += n }

func (b *outBuf) MallocAck(n int) { b.reserved = n }

// SetNoDelay hands both settings on: each is an option.
func (s *Session) SetNoDelay(interval, resend int) { // want option:"Session.SetNoDelay(interval)" option:"Session.SetNoDelay(resend)" style:"setter"
	s.mu.Lock()
	defer s.mu.Unlock()
	s.proto.NoDelay(interval, resend)
}

// Reserved hands on a count the buffer also adds to: state, no setting.
func (s *Session) Reserved(n int) { // want !option:"Session.Reserved(n)"
	s.mu.Lock()
	defer s.mu.Unlock()
	s.out.MallocAck(n)
}

func (s *Session) Write(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.out.Malloc(n)
}

// Handler serves a request.
type Handler func(n int) int

// Limit makes a handler that keeps its limit, as an object keeps a
// field: the limit is a setting of the handler it returns.
func Limit(h Handler, limit int) Handler { // want option:"ctors.Limit(limit)"
	return func(n int) int { return h(min(n, limit)) }
}

// Scale uses its factor once, to pick a handler: the handler keeps no
// setting.
func Scale(h Handler, factor int) Handler {
	if factor > 1 {
		return h
	}
	return func(n int) int { return h(n) + 1 }
}

// Consumer hands messages to the handlers it starts.
type Consumer struct {
	mu       sync.Mutex
	messages chan int
}

// AddHandlers starts workers goroutines, each serving messages: how many
// is a setting, though the method keeps no field of it.
func (c *Consumer) AddHandlers(h Handler, workers int) { // want option:"Consumer.AddHandlers(workers)" style:"argument"
	for i := 0; i < workers; i++ {
		go func() {
			for m := range c.messages {
				h(m)
			}
		}()
	}
}

// Drain takes n messages itself: a count of work, no goroutines.
func (c *Consumer) Drain(n int) {
	for i := 0; i < n; i++ {
		<-c.messages
	}
}

// Workers runs jobs on a number of goroutines its user may change.
type Workers struct {
	mu sync.Mutex
	n  int
}

// NewWorkers starts with one worker per CPU: a default the machine
// gives, which does not make SetCount the module's plumbing.
func NewWorkers() *Workers {
	w := &Workers{}
	w.SetCount(runtime.NumCPU())
	return w
}

// SetCount keeps its count.
func (w *Workers) SetCount(n int) { // want option:"Workers.SetCount(n)" style:"setter"
	w.mu.Lock()
	defer w.mu.Unlock()
	w.n = n
}

// Grow adds to the count, which the module's own code computes: state.
func (w *Workers) Grow() {
	w.mu.Lock()
	n := w.n
	w.mu.Unlock()
	w.SetTarget(n * 2)
}

// SetTarget keeps a target the module computes in Grow: plumbing.
func (w *Workers) SetTarget(n int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.n = n
}

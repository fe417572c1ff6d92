// Package state has options that act through state the code keeps: a
// flag that decides whether a pool is made, the pool's nil test deciding
// later how each write gets its buffer; a flag that sets a cache only
// when on, its nil test deciding whether each lookup scans; a batch size whose
// readiness test leaves a channel nil, so that a select's send case runs
// as the option says; and an observer that is set or not, whose nil test
// asks whether it is set, not what the option decides. A connection
// dialled whatever the option says and only wrapped under it is not nil
// as the option says.
package state

import (
	"io"
	"sync"
	"sync/atomic"
	"time"
)

type Config struct {
	Shared bool `yaml:"shared"`
	Cache  bool `yaml:"cache"`
	Batch  int  `yaml:"batch"`
	Hook   Hook `yaml:"-"`
	TLS    bool `yaml:"tls"`
	Limit  int  `yaml:"limit"`
	Window int  `yaml:"window"`
	Async  bool `yaml:"async"`
	Linger int  `yaml:"linger"`
	Every  int  `yaml:"every"`
}

type Hook interface{ Observe(n int) }

type writer struct {
	pool *sync.Pool
	buf  []byte
}

func newWriter(cfg Config) *writer {
	var pool *sync.Pool
	if cfg.Shared {
		pool = &sync.Pool{New: func() any { return make([]byte, 4096) }}
	}
	w := &writer{pool: pool}
	if pool == nil { // want sliced:"Config.Shared"
		w.buf = make([]byte, 4096) // want sliced:"Config.Shared"
	}
	return w
}

func (w *writer) Write(b []byte) {
	if w.buf == nil { // want sliced:"Config.Shared"
		w.buf = w.pool.Get().([]byte) // want sliced:"Config.Shared"
	}
	copy(w.buf, b) // want !sliced:"Config.Shared"
}

func (w *writer) Flush() {
	if w.pool != nil { // want sliced:"Config.Shared"
		w.pool.Put(w.buf) // want sliced:"Config.Shared"
		w.buf = nil
	}
}

type index map[string]int

type store struct {
	cache index
	hook  Hook
	data  []string
}

func newStore(cfg Config) *store {
	s := &store{hook: cfg.Hook}
	if cfg.Cache {
		s.cache = make(index)
	}
	return s
}

func (s *store) Get(k string) int {
	if s.cache != nil { // want sliced:"Config.Cache"
		if n, ok := s.cache[k]; ok {
			return n
		}
	}
	for i, d := range s.data { // want sliced:"Config.Cache"
		if d == k {
			if s.hook != nil { // want !sliced:"Config.Hook"
				s.hook.Observe(i)
			}
			return i
		}
	}
	return -1
}

type batcher struct {
	cfg     Config
	pending []int
	in      chan int
	out     chan []int
}

func (b *batcher) ready() bool {
	return len(b.pending) >= b.cfg.Batch
}

func (b *batcher) run() {
	for {
		var out chan []int
		if b.ready() {
			out = b.out
		}
		select {
		case n := <-b.in:
			b.pending = append(b.pending, n) // want !sliced:"Config.Batch"
		case out <- b.pending:
			b.pending = nil
			flush() // want sliced:"Config.Batch"
		}
	}
}

func flush() {}

// A flag raised under the option's branch carries the decision on: the
// flush that tests it runs as the option says. One raised whatever the
// option says does not.
type flusher struct {
	cfg   Config
	fired bool
	done  bool
}

func (f *flusher) tick() {
	f.fired = false
	if f.cfg.Linger > 0 {
		f.fired = true
	}
	if f.cfg.Linger > 1 {
		f.done = true
	}
	f.done = true
}

func (f *flusher) maybeFlush() {
	if f.fired {
		flush() // want sliced:"Config.Linger"
	}
	if f.done {
		flush() // want !sliced:"Config.Linger"
	}
}

// A send the option decides hands work to whoever receives from such a
// channel in a loop: the worker's body runs once per job let through. A
// channel used as a pool (encode takes a buffer and puts it back) hands
// over no work.
type job struct{ data []byte }

type buf struct{ b []byte }

type dispatcher struct {
	cfg   Config
	jobs  chan *job
	spare chan *buf
}

func (d *dispatcher) submit(j *job) {
	if d.cfg.Async {
		d.jobs <- j
		return
	}
	d.encode(j)
}

func (d *dispatcher) worker() {
	for j := range d.jobs {
		d.encode(j) // want sliced:"Config.Async"
	}
}

func (d *dispatcher) encode(j *job) {
	b := <-d.spare
	b.b = append(b.b[:0], j.data...)
	d.spare <- b
}

func (d *dispatcher) release(b *buf) {
	if d.cfg.Async {
		d.spare <- b
	}
}

func (d *dispatcher) janitor() {
	for b := range d.spare {
		clear(b.b) // want !sliced:"Config.Async"
	}
}

func Use(cfg Config) {
	w := newWriter(cfg)
	w.Write([]byte("x"))
	w.Flush()
	s := newStore(cfg)
	s.Get("k")
	b := &batcher{cfg: cfg, in: make(chan int), out: make(chan []int)}
	go b.run()
	d := &dispatcher{cfg: cfg, jobs: make(chan *job), spare: make(chan *buf, 4)}
	go d.worker()
	fl := &flusher{cfg: cfg}
	fl.tick()
	fl.maybeFlush()
	go d.janitor()
	useSweeper(cfg)
	d.submit(&job{})
	d.release(&buf{})
	m := &mockFetch{}
	m.reply(cfg.Batch)
	l := &limiter{}
	l.reload(cfg)
	l.allow(nil)
	c := &client{}
	c.open(cfg)
	c.send([]byte("x"))
}

type client struct {
	conn io.ReadWriter
}

type tlsConn struct{ io.ReadWriter }

func dial() io.ReadWriter { return nil }

func (c *client) open(cfg Config) {
	c.conn = dial()
	if cfg.TLS {
		c.conn = tlsConn{c.conn}
	}
}

func (c *client) send(b []byte) {
	if c.conn == nil { // want !sliced:"Config.TLS"
		return
	}
	c.conn.Write(b) // want !sliced:"Config.TLS"
}

// limiter keeps its limits in atomics, to reload them while it runs: what
// its loads read back is the option.
type limiter struct {
	limit  atomic.Int64
	window int64
}

var current atomic.Pointer[limiter]

func (l *limiter) reload(cfg Config) {
	l.limit.Store(int64(cfg.Limit))
	atomic.StoreInt64(&l.window, int64(cfg.Window))
	current.Store(l)
}

func (l *limiter) allow(queue []int) int {
	n := 0
	for i := int64(0); i < l.limit.Load(); i++ { // want sliced:"Config.Limit" effect:"Config.Limit:trip"
		n += queue[i]
	}
	buf := make([]int, atomic.LoadInt64(&l.window)) // want sliced:"Config.Window" effect:"Config.Window:size"
	return n + len(buf)
}

// Reporter is what a mock needs of a test: *testing.T satisfies it.
type Reporter interface {
	Error(...any)
	Fatal(...any)
	Fatalf(string, ...any)
	Helper()
}

// mockFetch answers fetches in tests: test support kept in a non-test
// file. An option's value reaching it is no work of the program's.
type mockFetch struct {
	t Reporter
}

func (m *mockFetch) reply(n int) int {
	s := 0
	for i := 0; i < n; i++ { // want !sliced:"Config.Batch"
		s += i
	}
	return s
}

// syncer raises needSync when its count reaches Every, and when its
// ticker fires: two triggers on different paths, the option one of them,
// so the flush under the flag is the option's (how often it runs).
type syncer struct {
	cfg      *Config
	needSync bool
	writes   chan int
	tick     <-chan time.Time
}

func (s *syncer) loop() {
	count := 0
	for {
		if count == s.cfg.Every {
			s.needSync = true
		}
		if s.needSync {
			flush() // want sliced:"Config.Every"
			s.needSync = false
			count = 0
		}
		select {
		case <-s.writes:
			count++
		case <-s.tick:
			s.needSync = true
		}
	}
}

// Package funcopts sets options the way Go libraries do: functional
// options, option types with an apply method, and builder methods.
package funcopts

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// options is unexported and set only through functional options.
type options struct {
	windowSize int
	compress   bool
	level      int
	transport  transportOptions
	internal   int // never set by an option: internal state, no option
}

type transportOptions struct {
	writeBuf int
}

// Option configures a Server.
type Option func(*options)

// WithWindowSize is a functional option returning a closure.
func WithWindowSize(n int) Option {
	return func(o *options) { o.windowSize = n }
}

// WithCompression sets a flag: a value needs no parameter to be an option.
func WithCompression() Option {
	return func(o *options) { o.compress = true }
}

// ServerOption is the interface shape (grpc's newFuncOption).
type ServerOption interface{ apply(*options) }

type funcOption struct{ f func(*options) }

func (fo *funcOption) apply(o *options) { fo.f(o) }

func newFuncOption(f func(*options)) *funcOption { return &funcOption{f: f} }

// WriteBufferSize sets a field of a nested options struct.
func WriteBufferSize(n int) ServerOption {
	return newFuncOption(func(o *options) { o.transport.writeBuf = n })
}

// Level is an option type whose apply method sets the field.
type Level int

func (l Level) apply(o *options) { o.level = int(l) }

// Server is a running object: its methods use its mutex.
type Server struct {
	mu   sync.Mutex
	opts options
	n    int
}

func NewServer(opt ...ServerOption) *Server {
	s := &Server{}
	for _, o := range opt {
		o.apply(&s.opts)
	}
	return s
}

func (s *Server) Handle(data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	buf := make([]byte, s.opts.windowSize) // want option:"options.windowSize" alias:"funcopts.WithWindowSize"
	if s.opts.compress {                   // want option:"options.compress" alias:"funcopts.WithCompression"
		fmt.Println(s.opts.level) // want option:"options.level" alias:"Level"
	}
	wb := make([]byte, s.opts.transport.writeBuf) // want option:"transportOptions.writeBuf" alias:"funcopts.WriteBufferSize"
	fmt.Println(len(buf), len(wb), s.opts.internal, s.n)
}

// ClientOptions is built with builder methods that return a modified copy.
// WithVersion sets the version and marks it as set: the mark is not a
// value its user chooses.
type ClientOptions struct {
	poolSize   int
	name       string
	version    int
	versionSet bool
}

func (o ClientOptions) WithPoolSize(n int) ClientOptions {
	o.poolSize = n
	return o
}

func (o ClientOptions) WithVersion(v int) ClientOptions {
	o.version = v
	o.versionSet = true
	return o
}

func Dial(o ClientOptions) {
	conns := make([]int, o.poolSize) // want option:"ClientOptions.poolSize" alias:"ClientOptions.WithPoolSize"
	fmt.Println(len(conns), o.name)
	if !o.versionSet { // want !option:"ClientOptions.versionSet"
		o.version = 4
	}
	fmt.Println(o.version) // want option:"ClientOptions.version"
}

// node is walked by a visitor closure: a closure that is not returned sets
// no option.
type node struct {
	visited bool
	next    *node
}

func walk(n *node, f func(*node)) {
	for ; n != nil; n = n.next {
		f(n)
	}
}

func Mark(n *node) {
	walk(n, func(n *node) { n.visited = true })
	fmt.Println(n.visited)
}

// WatchConfig is configuration by its name although it carries a channel
// for its user: its own methods do not use the channel.
type WatchConfig struct {
	Interval int
	Events   chan string
}

func Watch(c WatchConfig) {
	for i := 0; i < c.Interval; i++ { // want option:"WatchConfig.Interval"
		c.Events <- "tick"
	}
}

// PoolConfig is named like configuration, but it is a running object: its
// methods take its lock.
type PoolConfig struct {
	mu   sync.Mutex
	Size int
}

func (p *PoolConfig) Grow() {
	p.mu.Lock()
	p.Size++
	p.mu.Unlock()
}

// UniversalOptions is copied field by field into ClientConfig: the copies
// are one setting, named after the struct the code reads.
// A number copied into a wider type (int into int64) is copied unchanged.
// A field of another name is a copy too when only the package can set it
// (transportConfig is unexported) and nothing else does; ClientConfig's
// users could set Conns themselves, so it stays an option of its own.
type UniversalOptions struct {
	ReadTimeout int
	Addrs       []string
	BatchBytes  int
	WindowSize  int
	MaxConns    int
}

type ClientConfig struct {
	ReadTimeout int
	MaxRetries  int
	BatchBytes  int64
	Conns       int
}

type transportConfig struct {
	Window int
}

func (u *UniversalOptions) Client() *ClientConfig {
	return &ClientConfig{
		ReadTimeout: u.ReadTimeout,       // want option:"ClientConfig.ReadTimeout" alias:"UniversalOptions.ReadTimeout"
		MaxRetries:  len(u.Addrs),        // want option:"UniversalOptions.Addrs"
		BatchBytes:  int64(u.BatchBytes), // want option:"ClientConfig.BatchBytes" alias:"UniversalOptions.BatchBytes"
		Conns:       u.MaxConns,          // want option:"UniversalOptions.MaxConns"
	}
}

func (u *UniversalOptions) transport() *transportConfig {
	return &transportConfig{Window: u.WindowSize} // want option:"transportConfig.Window" alias:"UniversalOptions.WindowSize"
}

func Read(c *ClientConfig) {
	for i := 0; i < c.ReadTimeout; i++ { // want option:"ClientConfig.ReadTimeout"
		fmt.Println(c.MaxRetries, c.BatchBytes, c.Conns) // want option:"ClientConfig.MaxRetries" option:"ClientConfig.BatchBytes" option:"ClientConfig.Conns"
	}
}

func (u *UniversalOptions) Window() {
	t := u.transport()
	for i := 0; i < t.Window; i++ { // want option:"transportConfig.Window"
		fmt.Println(i)
	}
}

// Writer is a running object configured through its exported fields,
// which its user sets and its own code only reads (http.Server's shape).
type Writer struct {
	BatchSize int
	Acks      int
	mu        sync.Mutex
	pending   []int
}

// NewWriter builds a Writer in a constructor: initialisation, not a change.
func NewWriter(batch int) *Writer {
	w := &Writer{BatchSize: batch}
	w.Acks = -1
	return w
}

func (w *Writer) Write(n int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.pending = append(w.pending, n)
	if len(w.pending) >= w.BatchSize { // want option:"Writer.BatchSize"
		w.pending = w.pending[:0]
	}
}

// Dialer is a running object whose own code fills in the defaults its
// user left unset: it keeps the user's values, so its fields stay
// configuration.
type Dialer struct {
	Retries int
	Codec   *Codec
	mu      sync.Mutex
	conns   int
}

type Codec struct{ level int }

func (d *Dialer) init() {
	if d.Codec == nil {
		d.Codec = &Codec{level: d.conns}
	}
	if d.Retries == 0 { // want option:"Dialer.Retries"
		d.Retries = d.conns + 1
	}
}

func (d *Dialer) Dial() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.init()
	for i := 0; i < d.Retries; i++ { // want option:"Dialer.Retries"
		d.conns++
	}
}

// Session is a running object whose exported fields its own code fills
// with run-time data: not configuration.
type Session struct {
	ID   int
	mu   sync.Mutex
	done chan struct{}
}

type Group struct {
	next int
}

func (g *Group) Join() *Session {
	g.next++
	s := &Session{ID: g.next, done: make(chan struct{})}
	return s
}

func (s *Session) Close() {
	s.mu.Lock()
	close(s.done)
	fmt.Println(s.ID)
	s.mu.Unlock()
}

// SearchOptions are the options of one call of a method: an API's
// argument, which no field keeps, not configuration; its number, which
// only its user sets, is an option of one call.
type SearchOptions struct {
	Limit int
}

type Index struct {
	docs   []string
	tracer *tracer
}

func (ix *Index) Search(q string, o *SearchOptions) []string {
	return ix.docs[:o.Limit] // want option:"SearchOptions.Limit"
}

// GetOptions are one call's options too, though a plain function takes
// them: a helper only the methods call, which makes no object (it
// writes a response's headers from them). Its number is again an option
// of one call.
type GetOptions struct {
	Range int
}

func (ix *Index) Get(w *strings.Builder, o GetOptions) error {
	return setHeaders(w, o)
}

func setHeaders(w *strings.Builder, o GetOptions) error {
	_, err := fmt.Fprintf(w, "range: %d", o.Range) // want option:"GetOptions.Range"
	return err
}

// RunOptions are what a plain function called from a plain function
// takes (a command's run): settings, though methods take them as well.
type RunOptions struct {
	Workers int
}

func (ix *Index) Reindex(o RunOptions) { ix.docs = ix.docs[:o.Workers] } // want option:"RunOptions.Workers"

func runAll(o RunOptions) error {
	return check(o)
}

func check(o RunOptions) error {
	if o.Workers > 8 { // want option:"RunOptions.Workers"
		return fmt.Errorf("too many")
	}
	return nil
}

// ScanOptions are the options of one scan: the iterator the call builds
// keeps them as long as it lives, and no longer: an argument too, whose
// number is an option of one call.
type ScanOptions struct {
	Limit int
}

type Iterator struct {
	opts ScanOptions
	pos  int
}

func (ix *Index) Scan(o *ScanOptions) *Iterator {
	it := &Iterator{}
	it.opts = *o
	return it
}

func (it *Iterator) Next() bool {
	it.pos++
	return it.pos < it.opts.Limit // want option:"ScanOptions.Limit"
}

// TraceOptions set up a tracer the index keeps: settings, though a
// method takes them.
type TraceOptions struct {
	Depth int
}

type tracer struct{ opts TraceOptions }

func (ix *Index) Trace(o TraceOptions) {
	t := &tracer{}
	t.opts = o
	ix.tracer = t
}

func (ix *Index) Dump() {
	for i := 0; i < ix.tracer.opts.Depth; i++ { // want option:"TraceOptions.Depth"
		fmt.Println(ix.docs[i])
	}
}

// EncodeOptions are the options of one call of a function that computes
// bytes from them: an argument too, whose number (a level) is an option
// of one call.
type EncodeOptions struct {
	Level int
}

func Encode(src []byte, o EncodeOptions) ([]byte, error) {
	return src[:o.Level], nil // want option:"EncodeOptions.Level"
}

// StoreOptions are what a constructor builds an object from:
// configuration.
type StoreOptions struct {
	Shards int
}

type Store struct{ shards []int }

func NewStore(o StoreOptions) *Store {
	return &Store{shards: make([]int, o.Shards)} // want option:"StoreOptions.Shards"
}

// TopicConfig is what a method takes a list of, one per item to create:
// an argument too.
type TopicConfig struct {
	Partitions int
}

func (ix *Index) CreateTopics(topics ...TopicConfig) int {
	n := 0
	for _, t := range topics {
		n += t.Partitions
	}
	return n
}

// LiveServer is a running object (its mutex) that reload options apply
// to: the field one sets on it is a setting; the fields of the message it
// keeps and another option updates are not.
type LiveServer struct {
	mu    sync.Mutex
	info  ServerInfo
	limit int
}

type ServerInfo struct {
	Port    int
	MaxBody int
}

type limitOption struct{ n int }

func (o limitOption) Apply(s *LiveServer) { s.limit = o.n }

type bodyOption struct{ n int }

func (o bodyOption) Apply(s *LiveServer) { s.info.MaxBody = o.n }

// Serve works up to its limit and reports its message.
func (s *LiveServer) Serve() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := 0; i < s.limit; i++ { // want option:"LiveServer.limit" alias:"limitOption"
		fmt.Println(s.info.Port, s.info.MaxBody)
	}
}

var _ = []interface{ Apply(*LiveServer) }{limitOption{}, bodyOption{}}

// Batch is data a local closure fills and a callback consumes: the
// closure is called, not returned, so it is no functional option.
type Batch struct {
	Items []int
}

// Drain hands what in holds to cb in one batch.
func Drain(in []int, cb func(*Batch) error) error {
	fill := func(b *Batch) error {
		b.Items = append(b.Items, in...)
		return cb(b)
	}
	err := fill(new(Batch))
	return err
}

// Sum adds a batch up.
func Sum(b *Batch) int {
	n := 0
	for _, v := range b.Items {
		n += v
	}
	return n
}

// Node is an element of a list: the list's push takes one and links it,
// a container's operation, not an option applied to it (its weight, read
// through a getter, would be an option if it were).
type Node struct {
	weight int
	next   *Node
}

// Weight is the node's weight.
func (n *Node) Weight() int { return n.weight }

type nodeList struct{ head, tail *Node }

func (l *nodeList) push(n *Node) {
	n.next = nil
	if l.tail == nil {
		l.head, l.tail = n, n
		return
	}
	l.tail.next = n
	l.tail = n
}

// Heaviest walks the list.
func Heaviest(ns []*Node) int {
	var l nodeList
	for _, n := range ns {
		l.push(n)
	}
	w := 0
	for n := l.head; n != nil; n = n.next {
		w = max(w, n.Weight())
	}
	return w
}

// ObjectReader is known as configuration by its fluent setter alone: the
// record it carries (Meta, a struct) is the object's data, not a group
// of settings, and its fields are no options.
type ObjectReader struct {
	Meta    ObjectMeta
	bufSize int
}

type ObjectMeta struct {
	Size  int64
	Parts int
}

func (r *ObjectReader) WithBuffer(n int) *ObjectReader {
	r.bufSize = n
	return r
}

// ReadAll reads every part through a buffer.
func (r *ObjectReader) ReadAll() int64 {
	buf := make([]byte, r.bufSize) // want option:"ObjectReader.bufSize" alias:"ObjectReader.WithBuffer"
	var n int64
	for i := 0; i < r.Meta.Parts; i++ {
		n += int64(len(buf)) + r.Meta.Size
	}
	return n
}

// Histogram is a record whose methods return it for chaining: they
// compute its fields from what it holds (Scale) or make values of their
// own (Reset's new ID), so they are no builders and its fields no
// options.
type Histogram struct {
	ID    int
	Sum   float64
	Count int
}

var nextID int

func (h *Histogram) Scale(f float64) *Histogram {
	h.Sum *= f
	return h
}

func (h *Histogram) Reset() *Histogram {
	nextID++
	h.ID, h.Sum, h.Count = nextID, 0, 0
	return h
}

// Mean reads the record.
func (h *Histogram) Mean() float64 {
	if h.Count == 0 {
		return 0
	}
	return h.Sum / float64(h.Count)
}

// Cursor is an object an option type applies to (forwardOnly): that
// field is a setting; its position, which a getter returns, is its state.
type Cursor struct {
	pos         int
	forwardOnly bool
}

type forwardOnly struct{}

func (forwardOnly) applyTo(c *Cursor) { c.forwardOnly = true }

// Pos is where the cursor is.
func (c *Cursor) Pos() int { return c.pos }

// Next moves on, one step at a time when only forward.
func (c *Cursor) Next() {
	if c.forwardOnly { // want option:"Cursor.forwardOnly" alias:"forwardOnly"
		c.pos++
		return
	}
	c.pos += 2
}

var _ = []interface{ applyTo(*Cursor) }{forwardOnly{}}

// Snapshot is a record a wrapper of a running server fills: the wrapper's
// method has an option type's apply shape (a small receiver, one pointer
// to a struct) but stores what the server holds, so it is no option and
// Snapshot's fields are no options.
type Snapshot struct {
	Clients int
	Bytes   int
}

type snapshotter struct{ srv *server }

type server struct {
	clients []int
}

func (s snapshotter) fill(snap *Snapshot) {
	snap.Clients = len(s.srv.clients)
	for _, c := range s.srv.clients {
		snap.Bytes += c
	}
}

// Report sizes a buffer from a snapshot.
func Report(s *server) []byte {
	var snap Snapshot
	snapshotter{s}.fill(&snap)
	return make([]byte, snap.Bytes+snap.Clients)
}

// Member is a record a store keeps; the store's wrapper has an option
// type's apply shape and sets a member's ID from its own counter, but it
// takes the store's lock: a running object's method, no option.
type Member struct {
	ID   int
	Size int
}

type memberStore struct {
	mu   sync.Mutex
	next int
}

type wrappedStore struct{ memberStore }

func (w *wrappedStore) add(m *Member) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.next++
	m.ID = w.next
}

// Grow makes a buffer per member.
func Grow(w *wrappedStore, m *Member) []byte {
	w.add(m)
	return make([]byte, m.ID+m.Size)
}

// FetchOpt is an option type whose constructors wrap a closure in a
// struct literal; one takes no argument and sets a flag (a closure with
// no free variables is the function itself, stored into the literal).
type FetchOpt interface{ apply(*fetchConfig) }

type fetchOpt struct{ fn func(*fetchConfig) }

func (o fetchOpt) apply(c *fetchConfig) { o.fn(c) }

type fetchConfig struct {
	noCRC    bool
	maxBytes int
}

func DisableCRC() FetchOpt { return fetchOpt{func(c *fetchConfig) { c.noCRC = true }} }

func FetchMaxBytes(n int) FetchOpt { return fetchOpt{func(c *fetchConfig) { c.maxBytes = n }} }

type fetcher struct{ cfg *fetchConfig }

func NewFetcher(opts ...FetchOpt) *fetcher {
	c := &fetchConfig{}
	for _, o := range opts {
		o.apply(c)
	}
	return &fetcher{cfg: c}
}

func (f *fetcher) Fetch(b []byte) int {
	sum := 0
	if !f.cfg.noCRC { // want option:"fetchConfig.noCRC" alias:"funcopts.DisableCRC"
		for _, x := range b[:min(len(b), f.cfg.maxBytes)] { // want option:"fetchConfig.maxBytes" alias:"funcopts.FetchMaxBytes"
			sum += int(x)
		}
	}
	return sum
}

// Position is a value the module computes (from a broker's reply) that
// its user may also build fluently: its builder methods make no settings.
type Position struct {
	at    int64
	epoch int32
}

func (p Position) At(at int64) Position { p.at = at; return p }

func (p Position) WithEpoch(e int32) Position { p.epoch = e; return p }

type reply struct{ Offset int64 }

type consumer struct{ pos Position }

func (c *consumer) Resume(r *reply) { c.pos = Position{at: r.Offset} }

func (c *consumer) Seek(p Position) { c.pos = p }

func (c *consumer) Skip() int64 {
	n := int64(0)
	for i := int64(0); i < c.pos.at; i++ {
		n++
	}
	return n
}

// Gauge is a counter its methods change in place.
type Gauge int64

func (g *Gauge) Add(n int64) { atomic.AddInt64((*int64)(g), n) }

// PoolStats are a running object's statistics, which its own methods
// count in place: state, not configuration.
type PoolStats struct {
	Gets Gauge
}

type Pool struct {
	Stats PoolStats
	mu    sync.Mutex
	items []int
}

func (p *Pool) Get() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.Stats.Gets.Add(1)
	return len(p.items)
}

func (p *Pool) Report() {
	for i := int64(0); i < int64(p.Stats.Gets); i++ {
		fmt.Println(i)
	}
}

// LatencyStats are a running object's record, which its own methods
// write field by field: state, not configuration.
type LatencyStats struct {
	Current float64
}

type Follower struct {
	Latency LatencyStats
	mu      sync.Mutex
}

func (f *Follower) Observe(d float64) {
	f.mu.Lock()
	f.Latency.Current = d
	f.mu.Unlock()
}

func (f *Follower) Report() {
	if f.Latency.Current > 1 {
		fmt.Println("slow")
	}
}

// Item is a record that only its builders fill, with the data the
// module indexes (an entry's key and size): no settings.
type Item struct {
	key  []byte
	size int
}

func NewItem() *Item { return &Item{} }

func (i *Item) WithKey(k []byte) *Item { i.key = k; return i }

func (i *Item) WithSize(n int) *Item { i.size = n; return i }

type index struct{ items []*Item }

type entry struct {
	key  []byte
	size int
}

func (x *index) Add(e *entry) {
	x.items = append(x.items, NewItem().WithKey(e.key).WithSize(e.size))
}

func (x *index) Total() int {
	n := 0
	for _, it := range x.items {
		n += it.size
	}
	return n
}

// ObjectOptions go with every call of a store's API (ten methods take
// them) and no field keeps them: an API's argument, though a plain
// function that makes a reader from them takes them too. Its number
// is an option of one call.
type ObjectOptions struct {
	Version int
}

type ObjectStore struct{ n int }

func (s *ObjectStore) Get(o ObjectOptions) int        { return s.n + o.Version }       // want option:"ObjectOptions.Version"
func (s *ObjectStore) Put(o ObjectOptions) int        { return s.n - o.Version }       // want option:"ObjectOptions.Version"
func (s *ObjectStore) Delete(o ObjectOptions) int     { return s.n * o.Version }       // want option:"ObjectOptions.Version"
func (s *ObjectStore) Stat(o ObjectOptions) int       { return s.n / (o.Version + 1) } // want option:"ObjectOptions.Version"
func (s *ObjectStore) Copy(o ObjectOptions) int       { return s.n % (o.Version + 1) } // want option:"ObjectOptions.Version"
func (s *ObjectStore) List(o ObjectOptions) int       { return s.n & o.Version }       // want option:"ObjectOptions.Version"
func (s *ObjectStore) Tag(o ObjectOptions) int        { return s.n | o.Version }       // want option:"ObjectOptions.Version"
func (s *ObjectStore) Lock(o ObjectOptions) int       { return s.n ^ o.Version }       // want option:"ObjectOptions.Version"
func (s *ObjectStore) Restore(o ObjectOptions) int    { return s.n << o.Version }      // want option:"ObjectOptions.Version"
func (s *ObjectStore) Transition(o ObjectOptions) int { return s.n >> o.Version }      // want option:"ObjectOptions.Version"

func objectReader(o ObjectOptions) *strings.Reader {
	return strings.NewReader(fmt.Sprint(o.Version)) // want option:"ObjectOptions.Version"
}

// A functional option may take an interface that each object it
// configures implements, and switch on the object's type.
type (
	applier interface{ private() }
	// CodecOption configures an Encoder or a Decoder.
	CodecOption func(applier) error
)

type Encoder struct{ workers, level int }

func (*Encoder) private() {}

type Decoder struct{ workers int }

func (*Decoder) private() {}

// WithWorkers sets either's workers.
func WithWorkers(n int) CodecOption {
	return func(a applier) error {
		switch x := a.(type) {
		case *Encoder:
			x.workers = n
		case *Decoder:
			x.workers = n
		}
		return nil
	}
}

// WithLevel sets an encoder's level.
func WithLevel(l int) CodecOption {
	return func(a applier) error {
		if e, ok := a.(*Encoder); ok {
			e.level = l
		}
		return nil
	}
}

func NewEncoder(opts ...CodecOption) *Encoder {
	e := &Encoder{}
	for _, o := range opts {
		o(e)
	}
	return e
}

func (e *Encoder) Encode(p []byte) []byte {
	out := make([]byte, 0, len(p)*e.level) // want option:"Encoder.level" alias:"funcopts.WithLevel"
	for i := 0; i < e.workers; i++ {       // want option:"Encoder.workers" alias:"funcopts.WithWorkers"
		out = append(out, p...)
	}
	return out
}

func (d *Decoder) Decode(p []byte) int { return len(p) / (d.workers + 1) } // want option:"Decoder.workers" alias:"funcopts.WithWorkers"

// CacheBuilder is made by a constructor taking the cache's size and set
// by builders with a pointer receiver: one keeps its argument's address,
// one a wrapper of the function it is handed. Its constructor's argument
// is an option too.
type CacheBuilder struct {
	size   int
	ttl    *time.Duration
	load   func(string) (string, error)
	policy string
}

func NewCacheBuilder(size int) *CacheBuilder {
	return &CacheBuilder{size: size, policy: "simple"}
}

func (b *CacheBuilder) LRU() *CacheBuilder {
	b.policy = "lru"
	return b
}

func (b *CacheBuilder) Expiration(d time.Duration) *CacheBuilder {
	b.ttl = &d
	return b
}

func (b *CacheBuilder) Loader(f func(string) string) *CacheBuilder {
	b.load = func(k string) (string, error) { return f(k), nil }
	return b
}

type Cache struct {
	items map[string]string
	ttl   time.Duration
	lru   bool
	load  func(string) (string, error)
}

func (b *CacheBuilder) Build() *Cache {
	c := &Cache{load: b.load}                 // want option:"CacheBuilder.load" alias:"CacheBuilder.Loader"
	c.items = make(map[string]string, b.size) // want option:"CacheBuilder.size" alias:"funcopts.NewCacheBuilder(size)"
	if t := b.ttl; t != nil {                 // want option:"CacheBuilder.ttl" alias:"CacheBuilder.Expiration"
		c.ttl = *t
	}
	c.lru = b.policy == "lru" // want option:"CacheBuilder.policy" alias:"CacheBuilder.LRU"
	return c
}

// RangeQuery is a record its user builds for each search, fluently: its
// setter keeps a value of the record's own making (a boost), not its
// argument, so it is data, and its constructor's numbers are no options.
type RangeQuery struct {
	min, max float64
	boost    *boost
}

type boost float64

func (b *boost) Value() float64 {
	if b == nil {
		return 1
	}
	return float64(*b)
}

func NewRangeQuery(min, max float64) *RangeQuery { return &RangeQuery{min: min, max: max} }

func (q *RangeQuery) SetBoost(b float64) *RangeQuery {
	v := boost(b)
	q.boost = &v
	return q
}

func (q *RangeQuery) Score(x float64) float64 {
	if x < q.min || x > q.max {
		return 0
	}
	return q.boost.Value()
}

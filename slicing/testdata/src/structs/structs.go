// Package structs reads options from configuration structs.
package structs

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"
)

// Config is a configuration struct by its name and its tags.
type Config struct {
	Listen   string        `koanf:"listen"`
	Storage  StorageConfig `koanf:"storage"`
	Interval time.Duration `koanf:"interval" env:"APP_INTERVAL"`
	Limits   struct {
		MaxConns int `koanf:"max_conns"`
	} `koanf:"limits"`
	Started time.Time // a struct from another module is a value, not a group
	Peer    *Server   // a running object referenced from the settings
	cache   map[string]int
	set     map[string]bool `env:"set"` // unexported: no decoder sets it, whatever its tag
}

// Mark records which settings a parser set.
func (c *Config) Mark(k string) {
	if c.set == nil {
		c.set = make(map[string]bool)
	}
	c.set[k] = true
}

// WasSet reports whether the parser set k.
func (c *Config) WasSet(k string) bool { return c.set[k] }

// Server is a running object: its mutex says it is not configuration.
type Server struct {
	mu    sync.Mutex
	Conns int
}

// StorageConfig is nested in Config: its fields are Config.Storage.*.
type StorageConfig struct {
	SyncWrites bool `koanf:"sync_writes"`
	CacheSize  int  `koanf:"cache_size"`
}

// Tuning has no tags; its name makes it no configuration struct.
type Tuning struct {
	Stride int
}

// Response is a DTO: json tags alone do not make configuration.
type Response struct {
	Count int `json:"count"`
}

// ServerOptions is configuration by its name alone.
type ServerOptions struct {
	tickTime int
	Backlog  int
	Peers    PeerSet
}

// PeerSet is nested in ServerOptions: its fields are settings, though a
// method of it appends to one (a list kept with settings is no
// container of data: see Column).
type PeerSet struct {
	Addrs   []string
	Timeout time.Duration
}

// Add adds a peer.
func (p *PeerSet) Add(a string) { p.Addrs = append(p.Addrs, a) } // want option:"ServerOptions.Peers.Addrs"

// TickTime is a getter (PBHunter's pattern): calls to it read tickTime.
func (o *ServerOptions) TickTime() int { return o.tickTime } // want option:"ServerOptions.tickTime"

// Describe is not a getter: it computes.
func (o *ServerOptions) Describe() string { return fmt.Sprint(o.Backlog * 2) } // want option:"ServerOptions.Backlog"

func Run(c *Config, o *ServerOptions, t Tuning, r Response) {
	if c.Storage.SyncWrites { // want option:"Config.Storage.SyncWrites" alias:"storage.sync_writes" type:"bool"
		fmt.Println(c.Listen) // want option:"Config.Listen" alias:"listen" style:"struct"
	}
	buf := make([]byte, c.Storage.CacheSize)     // want option:"Config.Storage.CacheSize"
	time.Sleep(c.Interval)                       // want option:"Config.Interval" alias:"APP_INTERVAL"
	fmt.Println(len(buf), c.Limits.MaxConns)     // want option:"Config.Limits.MaxConns" alias:"limits.max_conns"
	fmt.Println(o.TickTime(), t.Stride, r.Count) // want option:"ServerOptions.tickTime"
	fmt.Println(o.Describe())
	time.Sleep(o.Peers.Timeout) // want option:"ServerOptions.Peers.Timeout"
	c.Listen = "x"              // a write is not a read
	fmt.Println(c.Peer.Conns, c.cache)
}

// FromEnv stores environment variables into fields: each is the field's
// option under another name.
func FromEnv(c *Config) {
	if v := os.Getenv("APP_LISTEN"); v != "" { // want option:"Config.Listen" alias:"APP_LISTEN"
		c.Listen = v
	}
	if n, err := strconv.Atoi(os.Getenv("APP_CACHE")); err == nil { // want option:"Config.Storage.CacheSize" alias:"APP_CACHE"
		c.Storage.CacheSize = n
	}
}

// Upgrader is a tool its user sets up and calls: whatever its name, its
// exported fields are its configuration; its unexported ones, its state.
type Upgrader struct {
	ReadBufferSize int
	handshakes     int
}

// Upgrade reads the upgrader's settings through its receiver.
func (u *Upgrader) Upgrade() []byte {
	u.handshakes++
	return make([]byte, u.ReadBufferSize) // want option:"Upgrader.ReadBufferSize"
}

// ListingProto is a protocol buffer message, as protoc-gen-go writes
// one: its getters read its fields and no store of the module fills it
// (a decoder does, by reflection), yet it is data on the wire, no tool.
type ListingProto struct {
	Remaining        *uint32
	XXX_unrecognized []byte
}

func (m *ListingProto) Reset()         { *m = ListingProto{} }
func (m *ListingProto) String() string { return "" }
func (*ListingProto) ProtoMessage()    {}

func (m *ListingProto) GetRemaining() uint32 {
	if m != nil && m.Remaining != nil {
		return *m.Remaining
	}
	return 0
}

// Point is data, not a tool: the module's own methods change it.
type Point struct{ X int }

// Move changes the point.
func (p *Point) Move() { p.X++ }

// Norm reads it.
func (p Point) Norm() int { return p.X * p.X }

// Record is data the module builds from what it computes: no tool.
type Record struct{ Key string }

// Size reads the record.
func (r *Record) Size() int { return len(r.Key) }

// NewRecord builds a record.
func NewRecord(k []byte) *Record { return &Record{Key: string(k)} }

// Packet holds the columns a decoder fills, which no store of the module
// shows: its methods read its exported fields, but they are data, for
// their types' methods append to them. No tool, and its columns are no
// settings nested in one.
type Packet struct {
	Host  Column
	Codes Codes
}

// Rows reads the packet.
func (p *Packet) Rows() int { return len(p.Host.Ends) + len(p.Codes) }

// Column is a column of strings.
type Column struct {
	Buf  []byte
	Ends []int
}

// Append adds a string to the column.
func (c *Column) Append(v string) {
	c.Buf = append(c.Buf, v...)
	c.Ends = append(c.Ends, len(c.Buf))
}

// Codes is a column of numbers.
type Codes []int8

// Append adds a number to the column.
func (c *Codes) Append(v int8) { *c = append(*c, v) }

// Failure is an error value, set only to constants here: no tool either.
type Failure struct{ Code int }

func (f *Failure) Error() string { return fmt.Sprint(f.Code) }

var errBusy = &Failure{Code: 7}

// Hooks observes a server: it is told of events and says nothing back but
// a context to carry on with.
type Hooks interface {
	OnRequest(ctx context.Context, n int) context.Context
	OnDone(n int)
}

// Logger is told what happened.
type Logger interface {
	Printf(format string, args ...any)
}

// Codec decides how values are encoded: its results are the server's work.
type Codec interface{ Encode(v int) []byte }

// ServerConfig holds two sinks, which are no options, and a codec, which is.
type ServerConfig struct {
	Listeners []Hooks
	Log       Logger
	Codec     Codec
}

// Serve hands each request's events to the sinks and encodes it.
func Serve(c *ServerConfig, reqs []int) (n int) {
	hooks := c.Listeners
	for _, r := range reqs {
		ctx := context.Background()
		for _, h := range hooks {
			ctx = h.OnRequest(ctx, r)
		}
		if c.Log != nil {
			c.Log.Printf("request %d", r)
		}
		n += len(c.Codec.Encode(r)) // want option:"ServerConfig.Codec"
		done(hooks, r)
		_ = ctx
	}
	return n
}

func done(hooks []Hooks, r int) {
	for i := range hooks {
		hooks[i].OnDone(r)
	}
}

// WithHooks adds a listener the way a functional option does: appending
// to the observers keeps them observers.
func WithHooks(c *ServerConfig, h Hooks) {
	c.Listeners = append(c.Listeners, h)
}

// TraceConfig's tracer is told when a request ends by a deferred
// closure, as tracers that open a span and end it are, or through a
// method value: either way only observed. Its codec is an option.
type TraceConfig struct {
	Tracer Hooks
	Codec  Codec
}

type traced struct{ c *TraceConfig }

func NewTraced(c *TraceConfig) *traced { return &traced{c: c} }

func (s *traced) Handle(r int) (out []byte) {
	c := s.c
	if t, ok := c.Tracer.(interface{ OnDone(int) }); ok {
		defer func() { t.OnDone(len(out)) }()
	}
	if c.Tracer != nil {
		end := c.Tracer.OnDone
		defer end(r)
	}
	return c.Codec.Encode(r) // want option:"TraceConfig.Codec"
}

// registry keeps the listeners that also want OnDone, as a metrics
// recorder list does.
type registry struct{ done []Hooks }

func newRegistry(c *ServerConfig) *registry {
	var out []Hooks
	for _, h := range c.Listeners {
		if d, ok := h.(interface{ OnDone(int) }); ok {
			out = append(out, d.(Hooks))
		}
	}
	return &registry{done: out}
}

func (r *registry) finish(n int) {
	for _, h := range r.done {
		h.OnDone(n)
	}
}

// StoreConfig's logger reaches the store through a helper that picks a
// default when it is nil, as libraries do: still only an observer. Its
// codec goes through a helper too, and stays an option.
type StoreConfig struct {
	Log   Logger
	Codec Codec
}

type store struct {
	log   Logger
	codec Codec
}

type nopLogger struct{}

func (nopLogger) Printf(string, ...any) {}

func orDefault(l Logger) Logger {
	if l != nil {
		return l
	}
	return nopLogger{}
}

func codecOr(c Codec) (Codec, error) {
	if c == nil {
		return nil, fmt.Errorf("no codec")
	}
	return c, nil
}

// Open keeps the config's logger and codec in the store.
func Open(c StoreConfig) (*store, error) {
	codec, err := codecOr(c.Codec) // want option:"StoreConfig.Codec"
	if err != nil {
		return nil, err
	}
	return &store{log: orDefault(c.Log), codec: codec}, nil
}

// Put logs and encodes.
func (s *store) Put(v int) int {
	s.log.Printf("put %d", v)
	return len(s.codec.Encode(v))
}

// WorkerConfig's logger is read through a getter, whose every caller
// only logs: an observer still. Its batch is an option.
type WorkerConfig struct {
	Log   Logger
	Batch int
}

type worker struct{ cfg WorkerConfig }

// NewWorker keeps the config.
func NewWorker(c WorkerConfig) *worker { return &worker{cfg: c} }

func (w *worker) logger() Logger { return w.cfg.Log }

// Run logs each batch of items.
func (w *worker) Run(items []int) int {
	n := 0
	for i := 0; i < len(items); i += w.cfg.Batch { // want option:"WorkerConfig.Batch"
		w.logger().Printf("batch at %d", i)
		n++
	}
	return n
}

// NestConfig's logger goes through two helpers; one caller only logs
// with the result, another hands it out: not only observed.
type NestConfig struct{ Log Logger }

func identLog(l Logger) Logger { return l }

func pickLog(l Logger) Logger { return identLog(l) }

// UseNest logs.
func UseNest(c *NestConfig) { pickLog(c.Log).Printf("x") } // want option:"NestConfig.Log"

// LeakNest hands the logger out.
func LeakNest(c *NestConfig) Logger { return pickLog(c.Log) } // want option:"NestConfig.Log"

// GetConfig's logger is read in a getter that is also used as a value:
// its calls are not all known.
type GetConfig struct{ Log Logger }

type getter struct{ cfg GetConfig }

// NewGetter keeps the config.
func NewGetter(c GetConfig) *getter { return &getter{cfg: c} }

func (g *getter) log() Logger { return g.cfg.Log } // want option:"GetConfig.Log"

// Run logs.
func (g *getter) Run() { g.log().Printf("run") }

// Leak hands out the getter.
func (g *getter) Leak() func() Logger { return g.log }

// FooterSettings and IntKind are records of a file format's schema,
// written by hand: their fields carry the schema's field numbers, which
// settings never do. One is named like configuration, the other a tool
// whose method reads its fields; neither is settings.
type FooterSettings struct {
	PageSize int32 `thrift:"1,required"`
	Rows     int64 `thrift:"2,optional"`
}

// IntKind is a column's integer type.
type IntKind struct {
	BitWidth int8 `thrift:"1,required"`
	IsSigned bool `protobuf:"varint,2,opt,name=is_signed"`
}

// Bytes is how many bytes a value of the kind takes.
func (k *IntKind) Bytes() int {
	n := 0
	for i := int8(0); i < k.BitWidth; i += 8 {
		n++
	}
	if k.IsSigned {
		n++
	}
	return n
}

// PageRows reads a footer.
func PageRows(f *FooterSettings) int64 {
	if f.PageSize == 0 {
		return 0
	}
	return f.Rows / int64(f.PageSize)
}

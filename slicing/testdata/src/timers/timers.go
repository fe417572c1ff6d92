// Package timers holds the three uses of a timer: a deadline that only
// bounds a failure, a batching delay, and a backoff waited through; and
// a wait for a worker's reply (stall.go).
package timers

import (
	"context"
	"errors"
	"os"
	"time"
)

// Config is the settings.
type Config struct {
	AcquireTimeout time.Duration // a deadline
	FlushDelay     time.Duration // a batching delay
	Backoff        time.Duration // a wait
	WriteGuard     time.Duration // an AfterFunc timer's period: no wait
	ReplyTimeout   time.Duration // a deadline for a reply signalled on a channel
	SyncEvery      time.Duration // the period of the sync an AfterFunc timer runs: how often it does
	Coalesce       time.Duration // a batching delay reset by a closure the loop is given
	SendTimeout    time.Duration // a deadline whose timer a deferred closure stops and drains
	GossipEvery    time.Duration // a ticker's period: how often the work each tick triggers runs
	PushEvery      time.Duration // the same, the work handed on as a method value
	CheckEvery     time.Duration // the same loop as GossipEvery's, handed other work: only that is its own
	RelayEvery     time.Duration // a loop handed a generic type's method value
	DrainEvery     time.Duration // a loop handed an interface's method value
	ExchangeEvery  time.Duration // a delay waited before each exchange: how often it runs
	PauseAt        int           // a count at which a write waits for the flusher's reply
	KickAt         int           // a count at which a write asks for a flush and goes on
	DrainAt        int           // a count at which a write waits for the flusher to close its done channel
	AckTimeout     time.Duration // a watchdog closing the session when an open is not acknowledged in time
}

var errTimeout = errors.New("timeout")

// Pool hands out slots.
type Pool struct {
	cfg   Config
	slots chan struct{}
	in    chan []byte
}

// Acquire waits for a slot, and fails when none frees within the timeout.
func (p *Pool) Acquire(ctx context.Context) error {
	timer := time.NewTimer(p.cfg.AcquireTimeout)
	defer timer.Stop()
	select {
	case p.slots <- struct{}{}: // want !sliced:"Config.AcquireTimeout"
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return errTimeout
	}
}

// Ping waits for the reply to a ping and fails when none comes within the
// timeout: the reply is only a signal, but the code goes on after it.
func (p *Pool) Ping(reply, quit chan struct{}) error {
	select {
	case <-reply:
	case <-time.After(p.cfg.ReplyTimeout):
		return errTimeout
	case <-quit:
		return errors.New("closed")
	}
	return nil
}

// Batch collects items and flushes them when the delay passes.
func (p *Pool) Batch(flush func([][]byte)) {
	var batch [][]byte
	for {
		select {
		case b := <-p.in:
			batch = append(batch, b)
		case <-time.After(p.cfg.FlushDelay): // want sliced:"Config.FlushDelay" effect:"Config.FlushDelay:time"
			flush(batch)
			batch = nil
		}
	}
}

// Retry waits the backoff between attempts.
func (p *Pool) Retry(ctx context.Context, f func() error) error {
	for {
		if err := f(); err == nil {
			return nil
		}
		select {
		case <-time.After(p.cfg.Backoff):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Conn guards slow writes with a timer that runs a function: nobody waits
// on it.
type Conn struct {
	cfg  Config
	slow *time.Timer
}

// Dial arms the guard.
func Dial(cfg Config) *Conn {
	c := &Conn{cfg: cfg}
	c.slow = time.AfterFunc(time.Hour, func() {})
	return c
}

// Write re-arms the guard for the write's duration.
func (c *Conn) Write(b []byte) {
	c.slow.Reset(c.cfg.WriteGuard)
	defer c.slow.Stop()
}

// Log syncs its file every SyncEvery, the timer re-armed by each sync.
type Log struct {
	cfg Config
	f   *os.File
	t   *time.Timer
}

func (l *Log) arm() { l.t = time.AfterFunc(l.cfg.SyncEvery, l.sync) }

func (l *Log) sync() {
	l.f.Sync()
	l.arm()
}

// Coalescer writes what it is sent in batches, Coalesce after the first
// write of each: its loop waits on the timer a closure resets.
type Coalescer struct {
	in  chan []byte
	out *os.File
}

func (w *Coalescer) flusher(cfg Config) {
	timer := time.NewTimer(cfg.Coalesce)
	defer timer.Stop()
	w.loop(timer.C, func() { timer.Reset(cfg.Coalesce) })
}

func (w *Coalescer) loop(tick <-chan time.Time, reset func()) {
	var batch []byte
	for {
		select {
		case b := <-w.in:
			if len(batch) == 0 {
				reset()
			}
			batch = append(batch, b...)
		case <-tick:
			w.out.Write(batch)
			batch = batch[:0]
		}
	}
}

// Send hands b to the writer, failing after SendTimeout; a deferred
// closure stops the timer and drains it.
func (w *Coalescer) Send(cfg Config, b []byte) error {
	timer := time.NewTimer(cfg.SendTimeout)
	defer func() {
		timer.Stop()
		select {
		case <-timer.C:
		default:
		}
	}()
	select {
	case w.in <- b:
		return nil
	case <-timer.C:
		return errTimeout
	}
}

// Gossiper sends its state to a peer every GossipEvery, from a loop the
// ticker's channel is handed to, pushes it every PushEvery from another
// (given the method value g.push, which syncs too), checks it every
// CheckEvery from the same loop as gossip's (given g.check, which does
// no IO), and exchanges the whole state every
// ExchangeEvery.
type Gossiper struct {
	cfg   Config
	peer  *os.File
	state []byte
}

// Run starts the loops.
func (g *Gossiper) Run(stop <-chan struct{}) {
	t := time.NewTicker(g.cfg.GossipEvery)
	go g.trigger(t.C, stop, func() { g.gossip() })
	p := time.NewTicker(g.cfg.PushEvery)
	go g.every(p.C, g.push)
	c := time.NewTicker(g.cfg.CheckEvery)
	go g.trigger(c.C, stop, g.check)
	r := &relay[[]byte]{peer: g.peer}
	go g.every(time.Tick(g.cfg.RelayEvery), r.flush)
	var d drainer = &fileDrainer{g.peer}
	go g.every(time.Tick(g.cfg.DrainEvery), d.drain)
	go g.exchanges(stop)
}

func (g *Gossiper) trigger(tick <-chan time.Time, stop <-chan struct{}, f func()) {
	for {
		select {
		case <-tick:
			f()
		case <-stop:
			return
		}
	}
}

func (g *Gossiper) gossip() {
	g.peer.Write(g.state) // want sliced:"Config.GossipEvery" !sliced:"Config.CheckEvery"
}

// drainer drains what is buffered for a peer.
type drainer interface{ drain() }

type fileDrainer struct{ f *os.File }

func (d *fileDrainer) drain() {
	d.f.Sync() // want sliced:"Config.DrainEvery"
}

// relay keeps the last value of any type for a peer.
type relay[T any] struct {
	peer *os.File
	last T
}

func (r *relay[T]) flush() {
	r.peer.Sync() // want sliced:"Config.RelayEvery"
}

func (g *Gossiper) check() {
	if len(g.state) == 0 { // want sliced:"Config.CheckEvery" !sliced:"Config.GossipEvery"
		g.state = nil
	}
}

func (g *Gossiper) every(tick <-chan time.Time, f func()) {
	for range tick {
		f()
	}
}

func (g *Gossiper) push() {
	g.peer.Write(g.state) // want sliced:"Config.PushEvery"
	g.peer.Sync()
}

func (g *Gossiper) exchanges(stop <-chan struct{}) {
	for {
		select {
		case <-time.After(g.cfg.ExchangeEvery):
			g.peer.Write(g.state)
			g.peer.Sync()
		case <-stop:
			return
		}
	}
}

// Session is a connection's streams.
type Session struct {
	cfg  Config
	conn *os.File
	quit chan struct{}
}

// Close ends the session.
func (s *Session) Close() error { return s.conn.Close() }

// watch closes the session when the stream opened is not acknowledged
// within the timeout: a deadline, though nothing returns an error.
func (s *Session) watch(acked chan struct{}) {
	timer := time.NewTimer(s.cfg.AckTimeout)
	defer timer.Stop()
	select {
	case <-acked:
		return
	case <-s.quit:
		return
	case <-timer.C:
		s.Close()
	}
}

// Open starts a stream and its watchdog.
func (s *Session) Open() {
	acked := make(chan struct{})
	go s.watch(acked)
	s.conn.Write([]byte("open"))
}

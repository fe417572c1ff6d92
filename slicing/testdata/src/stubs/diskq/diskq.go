// Package diskq is a library for scoring's TestLibraryArgs: a queue on
// a file whose constructor takes its settings as arguments.
package diskq

import (
	"os"
	"time"
)

type Queue struct {
	f         *os.File
	syncEvery int
	needSync  bool
	writes    chan []byte
	verbose   bool
	announced []byte
}

// New starts the queue's loop. syncEvery is how many writes go between
// two fsyncs (the loop raises needSync on the count, and on its
// ticker); verbose is only kept; name names the file.
func New(name string, syncEvery int, syncTimeout time.Duration, verbose bool) *Queue {
	f, _ := os.Create(name)
	q := &Queue{f: f, syncEvery: syncEvery, writes: make(chan []byte), verbose: verbose}
	go q.loop(time.NewTicker(syncTimeout))
	return q
}

// Put queues a write.
func (q *Queue) Put(b []byte) { q.writes <- b }

// Every changes the sync count; no program here calls it, so nothing
// summarises its parameter.
func (q *Queue) Every(n int) { q.syncEvery = n }

func (q *Queue) sync() {
	q.f.Sync()
	q.needSync = false
}

func (q *Queue) loop(t *time.Ticker) {
	count := 0
	for {
		if count == q.syncEvery {
			q.needSync = true
		}
		if q.needSync {
			q.sync()
			count = 0
		}
		select {
		case b := <-q.writes:
			q.f.Write(b)
			count++
		case <-t.C:
			q.needSync = true
		}
	}
}

// Setting is a setting a queue announces to its peer, or learns from it.
type Setting struct {
	ID  int
	Val int
}

// Announce encodes the queue's own settings for its peer: the program's
// values are only copied.
func (q *Queue) Announce(ss ...Setting) {
	for _, s := range ss {
		q.announced = append(q.announced, byte(s.ID), byte(s.Val))
	}
}

// Serve applies the settings a peer sends, a sync per unit of each
// value: no program here calls it, so what it does with a Setting's Val
// is not what a program's value stored there does.
func (q *Queue) Serve(peer []Setting) {
	for _, s := range peer {
		for i := 0; i < s.Val; i++ {
			q.f.Sync()
		}
	}
}

// Sink writes to a file in chunks, a sync after each: a program hands it
// to io.Copy as an io.Writer, and the standard library calls its Write.
type Sink struct {
	F     *os.File
	Chunk int
	Name  string // names the sink in errors; only kept
	Mode  string // only kept
}

func (s *Sink) Write(b []byte) (int, error) {
	for len(b) > 0 {
		n := min(s.Chunk, len(b))
		s.F.Write(b[:n])
		s.F.Sync()
		b = b[n:]
	}
	return 0, nil
}

// Spool syncs its file Every times a flush: a program schedules its
// Flush as a method value.
type Spool struct {
	F     *os.File
	Every int
}

func (s *Spool) Flush() {
	for i := 0; i < s.Every; i++ {
		s.F.Sync()
	}
}

// Pipe writes in batches, a sync after each: a program embeds it in a
// type of its own and hands that to io.Copy.
type Pipe struct {
	F     *os.File
	Batch int
}

func (p *Pipe) Write(b []byte) (int, error) {
	for len(b) > 0 {
		n := min(p.Batch, len(b))
		p.F.Write(b[:n])
		p.F.Sync()
		b = b[n:]
	}
	return 0, nil
}

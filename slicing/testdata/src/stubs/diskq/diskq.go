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

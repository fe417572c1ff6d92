// Package predicate has a producer whose flush threshold is tested in a
// predicate: ready answers true or false on the sides of its test of
// FlushMessages, so the caller's test of its answer, and the flush under
// it, are the option's. A predicate whose answers the option does not
// decide (empty), or that answers the same on both sides (logged), is not.
package predicate

import (
	"log"
	"os"
)

type Config struct {
	FlushMessages int  `yaml:"flush_messages"`
	Verbose       bool `yaml:"verbose"`
}

type Producer struct {
	c   Config
	buf [][]byte
	f   *os.File
}

func (p *Producer) ready() bool {
	switch {
	case p.empty():
		return false
	case p.c.FlushMessages > 0 && len(p.buf) >= p.c.FlushMessages: // want sliced:"Config.FlushMessages"
		return true
	default:
		return false
	}
}

func (p *Producer) empty() bool { return len(p.buf) == 0 }

// logged answers true whatever Verbose says.
func (p *Producer) logged(msg []byte) bool {
	if p.c.Verbose {
		log.Printf("message of %d bytes", len(msg))
		return true
	}
	return true
}

// Send queues msg and writes the batch once it is ready.
func (p *Producer) Send(msg []byte) {
	if !p.logged(msg) { // want !effect:"Config.Verbose:path"
		return
	}
	if p.empty() { // want !effect:"Config.FlushMessages:path"
		p.buf = make([][]byte, 0, 16)
	}
	p.buf = append(p.buf, msg)
	if p.ready() { // want effect:"Config.FlushMessages:path"
		for _, b := range p.buf {
			p.f.Write(b) // want sliced:"Config.FlushMessages"
		}
		p.f.Sync()
		p.buf = p.buf[:0]
	}
}

// Package observe has flags that only decide whether the work is watched
// (a log line, a tracer's event) and ones that decide the work itself,
// also through interfaces none of whose methods answers (a lock, a
// compactor), and a log file's writer next to a journal's of the same
// shape.
package observe

import (
	"crypto/sha256"

	"example.com/colour"
	"fmt"
	"log"
	"os"
	"sync"
	"time"
)

// Tracer receives events; none of its methods answers.
type Tracer interface {
	Event(name string, fields map[string]any)
}

type Config struct {
	Verbose bool // logs each write
	Trace   bool // sends each write to the tracer
	Verify  bool // hashes each write again
	Lock    bool // takes the shared lock around each write
	Compact bool // runs the compactor after each write
	Quiet   bool // writes no lines to the LOG file
	Journal bool // appends each write to the journal file
	Colour  bool // prints each write in colour, through a colour library
	Rounds  int  // hashes each write this many times more, and logs how many
	Debug   bool // prints each write's digest through a debug logger
	Dump    bool // prints it through another, printing itself
	Warm    bool // logs each write's sum from a cache, which fills itself
	Replay  bool // prints the values kept, which shortf shortens in place
	Forward bool // prints each write's digest through a logger forwarding to dumpf
	Ring    bool // prints the ring of digests the store keeps, which ringf shortens in place
	Rebound bool // prints the values kept through a method value shortening them in place
	Leveled bool // prints each write through a logger's Output, a *log.Logger behind an interface
}

// Outputter is where a leveled logger puts its lines: the standard
// library's *log.Logger, behind an interface whose method answers.
type Outputter interface {
	Output(calldepth int, s string) error
}

// logFile writes the lines it is given to a LOG file, unless quiet.
type logFile struct {
	mu    sync.Mutex
	f     *os.File
	quiet bool
	buf   []byte
}

func (l *logFile) Log(line string) {
	if !l.quiet {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.buf = append(l.buf[:0], time.Now().Format(time.RFC3339Nano)...)
		l.buf = append(l.buf, line...)
		l.f.Write(l.buf)
		l.f.Sync()
	}
}

// journal has the LOG file's shape, but is given the data written.
type journal struct {
	mu sync.Mutex
	f  *os.File
	on bool
}

func (j *journal) Append(rec string) {
	if j.on {
		j.mu.Lock()
		defer j.mu.Unlock()
		j.f.WriteString(rec)
		j.f.Sync()
	}
}

// Runner answers nothing either, but its implementation works.
type Runner interface {
	Run()
}

type compactor struct {
	sums *[][32]byte
}

func (c *compactor) Run() {
	for i := range *c.sums {
		(*c.sums)[i] = sha256.Sum256((*c.sums)[i][:])
	}
}

type Store struct {
	cfg       *Config
	tracer    Tracer
	sums      [][32]byte
	mu        sync.Locker
	compactor Runner
	log       *logFile
	journal   *journal
	col       *colour.Colour
	cache     Cache
	kept      []any
	ring      *[2]any
	out       Outputter
}

// NewStore returns a store locking with a mutex and compacting its sums.
func NewStore(cfg *Config, t Tracer) *Store {
	s := &Store{cfg: cfg, tracer: t, mu: new(sync.Mutex), col: colour.New(), cache: &sumCache{m: map[string][32]byte{}}}
	s.compactor = &compactor{sums: &s.sums}
	s.out = log.New(os.Stderr, "store: ", 0)
	s.log = &logFile{f: os.Stderr, quiet: cfg.Quiet}
	s.journal = &journal{f: os.Stdout, on: cfg.Journal}
	return s
}

func (s *Store) Write(b []byte) {
	start := time.Now()
	sum := sha256.Sum256(b)
	s.sums = append(s.sums, sum)
	if s.cfg.Verbose {
		log.Printf("wrote %d bytes in %s", len(b), time.Since(start))
	}
	if s.cfg.Trace {
		s.event("write", len(b))
	}
	if s.cfg.Colour {
		s.col.Printf("%s %d bytes\n", s.col.Red("wrote"), len(b))
	}
	if s.cfg.Lock {
		s.mu.Lock()
		s.mu.Unlock()
	}
	if s.cfg.Compact {
		s.compactor.Run()
	}
	if s.cfg.Debug {
		debugf("wrote %v", digest(sum))
	}
	if s.cfg.Dump {
		dumpf("wrote %v", digest(sum))
	}
	r := new([2]any)
	r[0] = digest(sum)
	s.ring = r
	if s.cfg.Ring {
		ringf("ring %v", r[:]...)
	}
	s.shortm("wrote %v", digest(sum))
	if s.cfg.Rebound {
		m := s.shortm
		m("kept %v", s.kept...)
	}
	if s.cfg.Leveled {
		s.out.Output(2, fmt.Sprintf("wrote %d bytes in %s", len(b), time.Since(start)))
	}
	if s.cfg.Forward {
		tracef("wrote %v", digest(sum))
	}
	if s.cfg.Replay {
		shortf("kept %v", s.kept...)
	}
	if s.cfg.Warm {
		log.Printf("warm %x", s.cache.Get(string(b)))
	}
	if s.cfg.Verify {
		if sha256.Sum256(b) != sum {
			panic("corrupt")
		}
	}
	for range s.cfg.Rounds {
		sum = sha256.Sum256(sum[:])
	}
	log.Printf("hashed %d rounds", s.cfg.Rounds)
	s.logf("wrote %d bytes", len(b))
	s.journal.Append(string(b))
}

func (s *Store) logf(format string, args ...any) { s.log.Log(fmt.Sprintf(format, args...)) }

// event builds the event's fields and hands them to the tracer.
func (s *Store) event(name string, n int) {
	fields := map[string]any{"bytes": n}
	if n > 1<<20 {
		fields["large"] = true
	}
	s.tracer.Event(name, fields)
}

// shortener is what a value implements to be logged short.
type shortener interface{ Short() string }

type digest [32]byte

func (d digest) Short() string { return fmt.Sprintf("%x", d[:4]) }

// debugf prints a debug line, its arguments shortened where they can be,
// from a closure, as debug loggers do: it writes into the slice of its
// arguments, which its callers make for the call.
func debugf(format string, args ...any) {
	for i, a := range args {
		if s, ok := a.(shortener); ok {
			args[i] = s.Short()
		}
	}
	out := func() { fmt.Fprintf(os.Stderr, format, args...) }
	out()
}

// dumpf is debugf printing the line itself.
func dumpf(format string, args ...any) {
	for i, a := range args {
		if s, ok := a.(shortener); ok {
			args[i] = s.Short()
		}
	}
	fmt.Fprintf(os.Stderr, format, args...)
}

// Cache answers sums, computing and keeping those it lacks: its Get
// changes its state, which a log line built from it does not undo.
type Cache interface{ Get(key string) [32]byte }

type sumCache struct{ m map[string][32]byte }

func (c *sumCache) Get(key string) [32]byte {
	if s, ok := c.m[key]; ok {
		return s
	}
	var s [32]byte
	for i := range 1 << 16 {
		s[i%32] ^= key[i%len(key)] + byte(i)
	}
	c.m[key] = s
	return s
}

// shortf is dumpf, given the values the store keeps: shortening them in
// place changes them.
func shortf(format string, args ...any) {
	for i, a := range args {
		if s, ok := a.(shortener); ok {
			args[i] = s.Short()
		}
	}
	fmt.Fprintf(os.Stderr, format, args...)
}

// tracef hands its arguments on to dumpf, as loggers forward to others.
func tracef(format string, args ...any) { dumpf(format, args...) }

// ringf is shortf, given an array the store keeps.
func ringf(format string, args ...any) {
	for i, a := range args {
		if s, ok := a.(shortener); ok {
			args[i] = s.Short()
		}
	}
	fmt.Fprintf(os.Stderr, format, args...)
}

// shortm is shortf as a method, called through a method value too.
func (s *Store) shortm(format string, args ...any) {
	for i, a := range args {
		if sh, ok := a.(shortener); ok {
			args[i] = sh.Short()
		}
	}
	fmt.Fprintf(os.Stderr, format, args...)
}

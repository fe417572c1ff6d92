// Package impls has options that choose an implementation: an index kind
// whose switch stores one of two indexes in a field, a level whose
// constructor returns one of two encoders, a mode whose two tests in a
// row store one of two readers, a flag wrapping the pool its user set in
// a statement cache (wrapped.go), a flag whose factory's choice is
// handed up through a cache to the calls through it (factories.go), and
// a hash that is itself an implementation. The calls through the choice
// are the options'; calls that only read a value (a Name) or only
// observe (a trace hook) are not charged, nor are the writes to a writer
// either side gets from code the program does not name, nor those to a
// spool that does IO, nor a library's copy into a sink the option holds.
package impls

import (
	"bufio"
	"io"
	"log"
	"os"
	"sort"
	"strings"
)

type Config struct {
	Index  string    `yaml:"index"`
	Level  int       `yaml:"level"`
	Hash   Hasher    `yaml:"-"`
	Buffer bool      `yaml:"buffer"`
	Trace  bool      `yaml:"trace"`
	Spool  Spool     `yaml:"-"`
	Sink   io.Writer `yaml:"-"`
	Mode   int       `yaml:"mode"`
	// factories.go
	Checked bool `yaml:"checked"`
	Wide    bool `yaml:"wide"`
	Verify  bool `yaml:"verify"`
}

type Index interface {
	Get(k string) int
	Name() string
}

// scan finds a key by walking every entry: the costly index.
type scan struct{ keys []string }

func (s *scan) Get(k string) int {
	for i, x := range s.keys {
		if strings.EqualFold(x, k) {
			return i
		}
	}
	return -1
}

func (s *scan) Name() string { return "scan" }

// sorted finds a key by binary search.
type sorted struct{ keys []string }

func (s sorted) Get(k string) int { return sort.SearchStrings(s.keys, k) }

func (s sorted) Name() string { return "sorted" }

type Hook interface{ Observe(n int) }

type Store struct {
	idx   Index
	enc   encoder
	hash  Hasher
	hook  Hook
	out   io.Writer
	spool Spool
	sink  io.Writer
	data  io.ReaderAt
}

func Open(c Config, f *os.File) *Store {
	s := &Store{hash: c.Hash, enc: c.encoder(), spool: c.Spool, sink: c.Sink}
	if c.Trace {
		s.hook = &logHook{}
	} else {
		s.hook = nopHook{}
	}
	switch c.Index {
	case "scan":
		s.idx = &scan{}
	default:
		s.idx = sorted{}
	}
	var out io.Writer = f
	if c.Buffer {
		out = wrap(f)
	}
	s.out = out
	// Two tests in a row: the reader is nil, then one, then the other.
	var data io.ReaderAt
	if c.Mode == FileIO {
		data = &fileData{f}
	}
	if c.Mode == Mapped {
		data = &mappedData{}
	}
	s.data = data
	return s
}

// The modes of reading the data: through the file, or from memory.
const (
	FileIO = iota
	Mapped
)

type fileData struct{ f *os.File }

func (d *fileData) ReadAt(p []byte, off int64) (int, error) { return d.f.ReadAt(p, off) }

type mappedData struct{ b []byte }

func (d *mappedData) ReadAt(p []byte, off int64) (int, error) { return copy(p, d.b[off:]), nil }

// ReadAll reads a record at every offset.
func (s *Store) ReadAll(offs []int64) int {
	buf := make([]byte, 64)
	n := 0
	for _, off := range offs {
		m, _ := s.data.ReadAt(buf, off) // want effect:"Config.Mode:path"
		n += m
	}
	return n
}

// wrap hands back a writer the code does not name: what writing to it
// costs is its own business.
func wrap(f *os.File) io.Writer { return bufio.NewWriter(f) }

func (s *Store) Lookup(keys []string) int {
	n := 0
	for _, k := range keys {
		n += s.idx.Get(k) // want effect:"Config.Index:path"
		s.hook.Observe(n) // want effect:"Config.Trace:path"
	}
	if s.idx.Name() == "" { // want !effect:"Config.Index:path"
		return -1
	}
	return n
}

type encoder interface{ Encode(dst, src []byte) []byte }

type fast struct{}

func (fast) Encode(dst, src []byte) []byte { return append(dst, src...) }

// best searches back for a match of every byte.
type best struct{ window int }

func (b *best) Encode(dst, src []byte) []byte {
	for i := range src {
		for j := max(0, i-b.window); j < i; j++ {
			if src[j] == src[i] {
				dst = append(dst, byte(i-j))
				break
			}
		}
		dst = append(dst, src[i])
	}
	return dst
}

func (c Config) encoder() encoder {
	if c.Level > 3 { // want sliced:"Config.Level"
		return &best{window: 16}
	}
	return fast{}
}

func (s *Store) Write(recs [][]byte) {
	var buf []byte
	for _, r := range recs {
		buf = s.enc.Encode(buf[:0], r) // want effect:"Config.Level:path"
		s.out.Write(buf)               // want !effect:"Config.Buffer:path"
	}
}

type Hasher interface{ Sum(b []byte) uint64 }

type fnv struct{}

func (*fnv) Sum(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// logHook and nopHook only observe.
type logHook struct{}

func (*logHook) Observe(n int) { log.Printf("observed %d", n) }

type nopHook struct{}

func (nopHook) Observe(int) {}

func (s *Store) Shard(keys [][]byte, n int) []int {
	out := make([]int, 0, len(keys))
	for _, k := range keys {
		out = append(out, int(s.hash.Sum(k)%uint64(n))) // want effect:"Config.Hash:path"
	}
	return out
}

// Spool is where records go: an implementation that does IO, a handle
// on what is outside, whose work is its callers'.
type Spool interface {
	Flush(b []byte) (int, error)
}

type fileSpool struct{ f *os.File }

func (s *fileSpool) Flush(b []byte) (int, error) { return s.f.Write(b) }

func (s *Store) Drain(recs [][]byte) {
	for _, r := range recs {
		s.spool.Flush(r) // want effect:"Config.Spool:path"
	}
}

// Dump hands the sink to a library's copy: what copying costs is the
// library's work, whichever writer it is given.
func (s *Store) Dump(r io.Reader) {
	io.Copy(s.sink, r) // want !effect:"Config.Sink:io"
}

func Defaults(f *os.File) *Store {
	return Open(Config{Hash: &fnv{}, Spool: &fileSpool{f}, Sink: f}, f)
}

// Framer writes frames through w: the plain writer its literal sets,
// or a batching one Start puts there when Config.Level asks for
// batching; which one the calls through w reach is the option's.
type Framer struct {
	w frameWriter
}

type frameWriter interface {
	WriteFrame(b []byte) int
}

type plainWriter struct{ n int }

func (p *plainWriter) WriteFrame(b []byte) int { p.n += len(b); return p.n }

type batchWriter struct{ pending [][]byte }

func (w *batchWriter) WriteFrame(b []byte) int {
	w.pending = append(w.pending, append([]byte(nil), b...))
	n := 0
	for _, p := range w.pending {
		n += len(p)
	}
	return n
}

func NewFramer() *Framer { return &Framer{w: &plainWriter{}} }

func (f *Framer) Start(c Config) {
	if c.Level > 5 { // want sliced:"Config.Level"
		f.w = &batchWriter{}
	}
}

func (f *Framer) Send(b []byte) int {
	return f.w.WriteFrame(b) // want effect:"Config.Level:path"
}

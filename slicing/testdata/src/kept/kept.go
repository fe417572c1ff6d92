// Package kept has count options whose loops make objects: Workers
// encoders kept in a channel, each with a 256 KB hash table; Tags small
// records kept in a slice; Retries buffers that are made and returned
// once (the loop ends there) or dropped.
package kept

import (
	"os"
	"strconv"

	"github.com/spf13/viper"
)

type encoder struct {
	hash [1 << 16]uint32
	n    int
}

func (e *encoder) encode(p []byte) int {
	for _, b := range p {
		e.hash[int(b)%len(e.hash)]++
		e.n++
	}
	return e.n
}

type tag struct{ id int }

type buffer struct{ data [4096]byte }

func (b *buffer) ready() bool { return b.data[0] == 0 }

type Options struct {
	Workers int
	Tags    int
	Retries int
	Rings   int
	Pool    int
	Spare   *int // left nil for the default
}

// FromEnv reads the pool's size from the environment: the option's first
// read is text, parsed into the field the rest of the code reads.
func FromEnv(o *Options) {
	n, _ := strconv.Atoi(os.Getenv("KEPT_POOL"))
	o.Pool = n
}

// Pool keeps up to Pool buffers for reuse.
type Pool struct{ free chan *buffer }

func NewPool(o Options) *Pool {
	return &Pool{free: make(chan *buffer, o.Pool)}
}

// NewShared keeps pool_size buffers, read as text and parsed, then
// asked whether it is set: still a number.
func NewShared() *Pool {
	n, _ := strconv.Atoi(viper.GetString("pool_size"))
	if !viper.IsSet("pool_size") {
		n = 4
	}
	return &Pool{free: make(chan *buffer, n)}
}

// NewSpares keeps Spare buffers, 8 unless it is set.
func NewSpares(o Options) *Pool {
	n := 8
	if o.Spare != nil {
		n = *o.Spare
	}
	return &Pool{free: make(chan *buffer, n)}
}

type Encoder struct {
	free chan *encoder
	tags []*tag
	o    Options
}

func NewEncoder(o Options) *Encoder {
	e := &Encoder{free: make(chan *encoder, 64), o: o}
	for i := 0; i < o.Workers; i++ {
		e.free <- &encoder{}
	}
	for i := 0; i < o.Tags; i++ {
		e.tags = append(e.tags, &tag{id: i})
	}
	return e
}

// Encode encodes p with a free encoder.
func (e *Encoder) Encode(p []byte) int {
	enc := <-e.free
	n := enc.encode(p)
	e.free <- enc
	return n
}

// Reserve returns the first buffer that is ready.
func (e *Encoder) Reserve() *buffer {
	for i := 0; i < e.o.Retries; i++ {
		b := &buffer{}
		if b.ready() {
			return b
		}
	}
	return nil
}

// ring is generic: its size is known only once instantiated, so the
// generic body's allocation is weighed as one of the usual size.
type ring[T any] struct{ items [64]T }

type Rings[T any] struct {
	rings []*ring[T]
	o     Options
}

func (r *Rings[T]) Grow() {
	for i := 0; i < r.o.Rings; i++ {
		r.rings = append(r.rings, &ring[T]{})
	}
}

var Int64s = &Rings[int64]{}

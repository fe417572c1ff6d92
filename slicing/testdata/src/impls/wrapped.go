package impls

import (
	"bufio"
	"io"
)

// Exec is what a handle runs statements through; its user sets the
// pool the handle starts with.
type Exec interface {
	Exec(q string) error
}

// PoolConfig holds a handle's settings: Prepare wraps whatever pool the
// user set in a statement cache, so the option chooses whether each
// statement goes through the cache.
type PoolConfig struct {
	Prepare bool
	Pool    Exec
}

type preparing struct {
	inner Exec
	stmts map[string]int
}

func (p *preparing) Exec(q string) error {
	if _, ok := p.stmts[q]; !ok {
		n := 0
		for i := 0; i < len(q); i++ {
			n += int(q[i])
		}
		p.stmts[q] = n
	}
	return p.inner.Exec(q) // want !effect:"PoolConfig.Prepare:path"
}

// Handle runs statements.
type Handle struct{ cfg *PoolConfig }

// OpenHandle sets a handle up.
func OpenHandle(cfg *PoolConfig) *Handle {
	if cfg.Prepare {
		cfg.Pool = &preparing{inner: cfg.Pool, stmts: make(map[string]int)}
	}
	return &Handle{cfg: cfg}
}

// Run runs a statement.
func (h *Handle) Run(q string) error {
	return h.cfg.Pool.Exec(q) // want effect:"PoolConfig.Prepare:path"
}

// overHandle sets its pool again after the wrapping, whatever the option
// says: the wrapper is gone by then.
type overHandle struct{ pool Exec }

// OverConfig holds an overwritten wrapper's setting.
type OverConfig struct{ Prepare bool }

// RunOver wraps its pool under the option, then sets it back.
func RunOver(cfg OverConfig, p Exec, q string) error {
	o := &overHandle{pool: p}
	if cfg.Prepare {
		o.pool = &preparing{inner: o.pool, stmts: make(map[string]int)}
	}
	o.pool = p
	return o.pool.Exec(q) // want !effect:"OverConfig.Prepare:path"
}

// ReaderConfig holds a reader's setting: Buffered wraps the source in
// the standard library's buffered reader, whose work is the library's,
// not a choice the code names.
type ReaderConfig struct{ Buffered bool }

type source struct{ r io.Reader }

// ReadAll reads the source through what the option chose.
func ReadAll(cfg ReaderConfig, r io.Reader, buf []byte) int {
	s := &source{r: r}
	if cfg.Buffered {
		s.r = bufio.NewReader(s.r)
	}
	n, _ := s.r.Read(buf) // want !effect:"ReaderConfig.Buffered:path"
	return n
}

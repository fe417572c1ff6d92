package impls

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
	return p.inner.Exec(q)
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

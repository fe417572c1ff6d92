package sensitivity

// Buffers has options that size memory: a read buffer each connection
// keeps while it lives, a scratch buffer each call makes and drops, a
// queue whose capacity is the option, and a flag choosing a buffer size.
type Buffers struct {
	ReadBuf int  `yaml:"read_buf"`
	Scratch int  `yaml:"scratch"`
	Queue   int  `yaml:"queue"`
	Small   bool `yaml:"small"`
}

type conn struct{ buf []byte }

type Pool struct {
	cfg   Buffers
	conns []*conn
	jobs  chan []byte
}

// NewPool runs once.
func NewPool(cfg Buffers) *Pool {
	return &Pool{cfg: cfg, jobs: make(chan []byte, cfg.Queue)}
}

// Accept runs once per connection; the buffer stays with the connection.
func (p *Pool) Accept() {
	c := &conn{buf: make([]byte, p.cfg.ReadBuf)}
	p.conns = append(p.conns, c)
}

// Sum runs per request; its scratch buffer is dropped on return.
func (p *Pool) Sum(v []byte) int {
	tmp := make([]byte, p.cfg.Scratch)
	n := copy(tmp, v)
	s := 0
	for _, b := range tmp[:n] {
		s += int(b)
	}
	return s
}

// Grow keeps a buffer whose size a flag picks.
func (p *Pool) Grow() {
	n := 4096
	if p.cfg.Small {
		n = 512
	}
	p.conns = append(p.conns, &conn{buf: make([]byte, n)})
}

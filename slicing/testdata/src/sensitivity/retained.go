package sensitivity

// Buffers has options that size memory: a read buffer each connection
// keeps while it lives, a scratch buffer each call makes and drops, a
// queue whose capacity is the option, a flag choosing a buffer size, and
// a flag deciding whether each connection keeps a buffer of its own or
// takes one from a shared pool, and one deciding whether a reply is made
// in a buffer that is handed back; a size of the buffer a connection
// takes from one of two sources, one of the two buffers it keeps, and
// the size of the buffers kept per peer and after them.
type Buffers struct {
	ReadBuf int  `yaml:"read_buf"`
	Scratch int  `yaml:"scratch"`
	Queue   int  `yaml:"queue"`
	Small   bool `yaml:"small"`
	Shared  bool `yaml:"shared"`
	Reply   bool `yaml:"reply"`
	Either  int  `yaml:"either"`
	Pair    int  `yaml:"pair"`
	Peers   int  `yaml:"peers"`
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

// Dial keeps a buffer per connection unless the buffers are shared.
func (p *Pool) Dial(size int) {
	c := &conn{}
	if !p.cfg.Shared {
		c.buf = make([]byte, size)
	}
	p.conns = append(p.conns, c)
}

// Answer makes a reply when asked to; the caller gets it.
func (p *Pool) Answer(n int) []byte {
	if p.cfg.Reply {
		return make([]byte, n)
	}
	return nil
}

// Borrow keeps a buffer made for one of two pools: a connection keeps
// one of them, not both.
func (p *Pool) Borrow(fresh bool) {
	c := &conn{}
	if fresh {
		c.buf = make([]byte, p.cfg.Either)
	} else {
		c.buf = make([]byte, p.cfg.Either/2)
	}
	p.conns = append(p.conns, c)
}

// Pipe keeps a read and a write buffer of the same size: both stay.
func (p *Pool) Pipe() {
	r := &conn{buf: make([]byte, p.cfg.Pair)}
	w := &conn{buf: make([]byte, p.cfg.Pair)}
	p.conns = append(p.conns, r, w)
}

// Connect keeps a buffer per peer, made in a loop, and one more after
// it: all are kept.
func (p *Pool) Connect(peers []string) {
	for range peers {
		p.conns = append(p.conns, &conn{buf: make([]byte, p.cfg.Peers)})
	}
	p.conns = append(p.conns, &conn{buf: make([]byte, p.cfg.Peers)})
}

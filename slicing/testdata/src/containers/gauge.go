package containers

import (
	"net"
	"sync"
)

// PoolConfig bounds a pool's open connections, a gauge its code steps up
// and down, and a message's retries, a count it only steps up.
type PoolConfig struct {
	MaxOpen    int `yaml:"max_open"`
	MaxRetries int `yaml:"max_retries"`
}

type pool struct {
	c    PoolConfig
	open int
	idle []net.Conn
}

func (p *pool) get(addr string) (net.Conn, error) {
	if n := len(p.idle); n > 0 {
		conn := p.idle[n-1]
		p.idle = p.idle[:n-1]
		return conn, nil
	}
	if p.open < p.c.MaxOpen { // want effect:"PoolConfig.MaxOpen:bound"
		p.open++
		return net.Dial("tcp", addr)
	}
	return nil, net.ErrClosed
}

func (p *pool) close(conn net.Conn) {
	p.open--
	conn.Close()
}

type message struct {
	retries int
	body    []byte
}

func (p *pool) retry(m *message, send func(*message) error) error {
	for {
		err := send(m)
		if err == nil {
			return nil
		}
		if m.retries >= p.c.MaxRetries { // want !effect:"PoolConfig.MaxRetries:bound"
			return err
		}
		m.retries++
	}
}

// resend makes a message one level below the pool's count: a store of
// another count stepped down is no step of the message's retries.
func (p *pool) resend(m *message) *message {
	return &message{retries: p.open - 1, body: m.body}
}

// CacheConfig bounds the bytes a cache holds, a gauge stepped up and down
// by each entry's size, and the bytes a stream may send, a total only
// ever added to.
type CacheConfig struct {
	MaxBytes int `yaml:"max_bytes"`
	MaxSent  int `yaml:"max_sent"`
}

type cache struct {
	c     CacheConfig
	used  int
	sent  int
	order [][]byte
}

func (c *cache) add(b []byte) {
	c.used += len(b)
	c.order = append(c.order, b)
	for c.used > c.c.MaxBytes { // want effect:"CacheConfig.MaxBytes:bound"
		c.used -= len(c.order[0])
		c.order = c.order[1:]
	}
}

func (c *cache) send(conn net.Conn, b []byte) error {
	if c.sent > c.c.MaxSent { // want !effect:"CacheConfig.MaxSent:bound"
		return net.ErrClosed
	}
	c.sent += len(b)
	_, err := conn.Write(b)
	return err
}

// BudgetConfig bounds the bytes two caches hold together, each gauge read
// through a method.
type BudgetConfig struct {
	MaxBytes int64 `yaml:"max_bytes"`
}

type lru struct {
	mu     sync.Mutex
	nbytes int64
	items  [][]byte
}

func (c *lru) bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.nbytes
}

func (c *lru) add(b []byte) {
	c.mu.Lock()
	c.nbytes += int64(len(b))
	c.items = append(c.items, b)
	c.mu.Unlock()
}

func (c *lru) removeOldest() {
	c.mu.Lock()
	c.nbytes -= int64(len(c.items[0]))
	c.items = c.items[1:]
	c.mu.Unlock()
}

type group struct {
	cfg       BudgetConfig
	main, hot lru
}

func (g *group) populate(b []byte) {
	g.main.add(b)
	for {
		if g.main.bytes()+g.hot.bytes() <= g.cfg.MaxBytes { // want effect:"BudgetConfig.MaxBytes:bound"
			return
		}
		g.main.removeOldest()
	}
}

package structs

import (
	"context"
	"net"
	"net/http"
	"sync"
	"time"
)

// PacketServer is a running object whose ListenAndServe stores the
// listener it opens into an exported field its user may also set: that
// field is its state; the others, which its code only reads, are its
// configuration.
type PacketServer struct {
	Addr        string
	PacketSize  int
	ReadTimeout time.Duration
	Listener    net.Listener
	mu          sync.Mutex
	served      int
}

func (s *PacketServer) ListenAndServe() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, err := net.Listen("tcp", s.Addr) // want option:"PacketServer.Addr"
	if err != nil {
		return err
	}
	s.Listener = l
	return s.serve()
}

func (s *PacketServer) serve() error {
	c, err := s.Listener.Accept()
	if err != nil {
		return err
	}
	c.SetReadDeadline(time.Now().Add(s.ReadTimeout)) // want option:"PacketServer.ReadTimeout"
	buf := make([]byte, s.PacketSize)                // want option:"PacketServer.PacketSize"
	_, err = c.Read(buf)
	s.served++
	return err
}

// TransportConfiguration is configuration by its name too.
type TransportConfiguration struct {
	MaxFrame int
}

type transport struct{ c *TransportConfiguration }

func newTransport(c *TransportConfiguration) *transport { return &transport{c: c} }

func (t *transport) frame() []byte { return make([]byte, t.c.MaxFrame) } // want option:"TransportConfiguration.MaxFrame"

// SearchConfig carries the context its searches run under beside its
// settings: a context is never an option.
type SearchConfig struct {
	Ctx   context.Context
	Limit int
}

type searcher struct{ c *SearchConfig }

func newSearcher(c *SearchConfig) *searcher { return &searcher{c: c} }

func (s *searcher) run() (*http.Request, []int) {
	req, _ := http.NewRequestWithContext(s.c.Ctx, "GET", "http://localhost/", nil)
	return req, make([]int, s.c.Limit) // want option:"SearchConfig.Limit"
}

// Package ops has a long-lived object whose exported methods its users
// call per operation, and the settings struct it is made from, whose
// exported methods its users call while setting it up.
package ops

import (
	"errors"
	"fmt"
)

// StoreConfig is a store's settings.
type StoreConfig struct {
	Shards int `yaml:"shards"`
}

// Validate checks the settings: a user calls it once, before New.
func (c StoreConfig) Validate() error {
	if c.Shards <= 0 {
		return errors.New("shards must be positive")
	}
	return nil
}

// String formats the settings.
func (c *StoreConfig) String() string { return fmt.Sprintf("shards=%d", c.Shards) }

// Store is the long-lived object.
type Store struct {
	shards [][]string
}

// New makes a store.
func New(cfg StoreConfig) (*Store, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Store{shards: make([][]string, cfg.Shards)}, nil
}

// Put is an operation.
func (s *Store) Put(k string) {
	i := len(k) % len(s.shards)
	s.shards[i] = append(s.shards[i], k)
}

// DefaultConfig is the settings a user starts from: called once, to set
// up, as New is.
func DefaultConfig() StoreConfig { return StoreConfig{Shards: 4} }

// Encode is an operation of the package itself: its users call it per
// key, as they call Put.
func Encode(dst []byte, k string) []byte {
	for i := 0; i < len(k); i++ {
		dst = append(dst, k[i]^0x20)
	}
	return dst
}

// Serve serves the keys it is sent for the program's life: once.
func Serve(keys chan string, seen map[string]bool) error {
	for k := range keys {
		seen[k] = true
	}
	return nil
}

// Server is a running object: its method waits on its channel.
type Server struct {
	keys chan string
	seen map[string]bool
}

// Serve serves the keys the server is sent.
func (s *Server) Serve() {
	for k := range s.keys {
		s.seen[k] = true
	}
}

// ListenAndServe makes a server and serves with it, for the program's
// life: once, however little it does itself.
func ListenAndServe(keys chan string) error {
	s := &Server{keys: keys, seen: make(map[string]bool)}
	s.Serve()
	return nil
}

var encoders = map[string]func([]byte, string) []byte{}

// Register keeps an encoder for later calls: set up once, however little
// it does.
func Register(name string, enc func([]byte, string) []byte) {
	encoders[name] = enc
}

// Session holds a running server: a dial's result, kept by its caller.
type Session struct {
	srv *Server
	id  int
}

// Dial makes a session: its caller keeps it and calls it, once.
func Dial(keys chan string) Session {
	return dial(keys, len(keys))
}

func dial(keys chan string, id int) Session {
	return Session{srv: &Server{keys: keys, seen: make(map[string]bool)}, id: id}
}

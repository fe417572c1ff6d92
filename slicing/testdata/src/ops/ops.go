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

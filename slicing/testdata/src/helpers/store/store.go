// Package store is the program's code: a file of it (testing.go) builds
// test stores with the module's test helper, which makes neither it nor
// the command importing it test support.
package store

// StoreOptions sizes the packs the store writes.
type StoreOptions struct {
	PackSize int
}

// Store writes packs.
type Store struct {
	opts StoreOptions
}

// New returns a store.
func New(o StoreOptions) *Store { return &Store{opts: o} }

// Pack returns a buffer for one pack.
func (s *Store) Pack() []byte { return make([]byte, s.opts.PackSize) }

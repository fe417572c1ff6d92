package store

import (
	"testing"

	"example.com/t/helpers/internal/testutil"
)

// TestStore returns a store for tests.
func TestStore(t *testing.T) *Store {
	s := New(StoreOptions{PackSize: 16})
	testutil.Repeat(t, func() { s.Pack() })
	return s
}

// Package declared reads options through a type and an accessor that
// only .confhunt.yaml says are configuration.
package declared

import "fmt"

// Tuning is declared in .confhunt.yaml under sources.types.
type Tuning struct {
	Stride int
}

// Store is a home-grown settings store.
type Store struct{ m map[string]string }

// Lookup is declared in .confhunt.yaml under sources.funcs.
func (s *Store) Lookup(key string) string { return s.m[key] }

func Run(t *Tuning, s *Store) {
	fmt.Println(t.Stride)              // want option:"Tuning.Stride" style:"declared"
	fmt.Println(s.Lookup("cache.ttl")) // want option:"cache.ttl" style:"declared"
}

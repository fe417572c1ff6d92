// Package resolve stands in for a library that looks names up within a
// context's deadline.
package resolve

import "context"

// Addr is one address of a host.
type Addr struct {
	Host string
	Port int
}

// Lookup returns the addresses of host.
func Lookup(ctx context.Context, host string) []Addr {
	if ctx.Err() != nil {
		return nil
	}
	return []Addr{{host, 80}}
}

// Package lib is probed in two variants: lib, which app's test binary
// links, and lib [lib.test], which lib's own test binary links. Spin and
// Fill read options in lib; Walk is reached only from app.
package lib

import "confhunt.local/variants/config"

var sink byte

// Spin loops Rounds times.
func Spin(c *config.Config) {
	for i := 0; i < c.Rounds; i++ {
		h := [4]byte{byte(i), byte(i) * 31}
		sink ^= h[0] + h[1]
	}
}

// Fill allocates Size bytes.
func Fill(c *config.Config) []byte {
	buf := make([]byte, c.Size)
	for i := range buf {
		buf[i] = byte(i)
	}
	return buf
}

// Walk loops n times.
func Walk(n int) {
	for i := 0; i < n; i++ {
		h := [4]byte{byte(i), byte(i) * 31}
		sink ^= h[0] + h[1]
	}
}

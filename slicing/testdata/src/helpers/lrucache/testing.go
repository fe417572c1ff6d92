package lrucache

import "testing"

// fill adds n keys for a test.
func fill(tb testing.TB, c *Cache, n int) {
	tb.Helper()
	for i := 0; i < n; i++ {
		c.Add(string(rune('a' + i%26)))
	}
}

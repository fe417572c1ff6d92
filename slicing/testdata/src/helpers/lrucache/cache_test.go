package lrucache

import "testing"

func TestAdd(t *testing.T) {
	c := New(CacheOptions{Size: 2})
	fill(t, c, 3)
	if len(c.keys) != 2 {
		t.Fatalf("%d keys, want 2", len(c.keys))
	}
}

package dep

import "testing"

func TestWalk(t *testing.T) {
	if err := Walk(map[string]int{"a": 1}, struct{}{}); err != nil {
		t.Fatal(err)
	}
}

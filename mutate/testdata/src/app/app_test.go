package app

import "testing"

func TestWork(t *testing.T) {
	if got := Work(&Config{Rounds: 2}, []int{1, 2}); got == 0 {
		t.Fatalf("Work = %d", got)
	}
}

func BenchmarkWork(b *testing.B) {
	c := &Config{Rounds: 10, Fast: true}
	data := make([]int, 100)
	for b.Loop() {
		sink += Work(c, data)
	}
}

func BenchmarkSay(b *testing.B) {
	s := &Shouter{}
	for b.Loop() {
		sink += len(s.Say("hello"))
	}
}

func BenchmarkAdd(b *testing.B) {
	k := NewCounter(&Config{Limit: 8})
	for b.Loop() {
		k.Add("key")
	}
}

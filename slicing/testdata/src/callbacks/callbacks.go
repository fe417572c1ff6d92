// Package callbacks hands functions and values to the standard library,
// which calls some of them back: a flag's value, a closure run once, a
// pool's constructor, a comparison; and prints a value, which calls none
// of its methods that matter.
package callbacks

import (
	"flag"
	"fmt"
	"sort"
	"sync"
)

type level struct{ n int }

func (l *level) String() string { return fmt.Sprint(l.n) }

func (l *level) Set(s string) error { l.n = len(s); return nil }

// Work is a method of level that no interface of flag asks for.
func (l *level) Work() int { return l.n * 2 }

type record struct{ id int }

func (r record) Size() int { return r.id * 8 }

type byID []record

func (s byID) Len() int           { return len(s) }
func (s byID) Less(i, j int) bool { return s[i].id < s[j].id }
func (s byID) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

var (
	once sync.Once
	pool = sync.Pool{New: newBuffer}
)

func newBuffer() any { return make([]byte, 64) }

func setup() { fmt.Println("setup") }

func notCalled() int { return 1 }

func Run(rs []record) {
	flag.Var(&level{}, "level", "a value the flag package sets")
	once.Do(func() { setup() })
	sort.Sort(byID(rs))
	fmt.Println(rs[0])
	_ = pool.Get()
	_ = notCalled()
}

// Package callbacks hands functions and values to the standard library,
// which calls some of them back: a handler, a closure run once, a pool's
// constructor, a comparison; and prints a value, which calls none of its
// methods that matter.
package callbacks

import (
	"fmt"
	"net/http"
	"sort"
	"sync"
)

type handler struct{ n int }

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.n++ }

// Work is a method of handler that no interface of net/http asks for.
func (h *handler) Work() int { return h.n * 2 }

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
	http.Handle("/", &handler{})
	once.Do(func() { setup() })
	sort.Sort(byID(rs))
	fmt.Println(rs[0])
	_ = pool.Get()
	_ = notCalled()
}

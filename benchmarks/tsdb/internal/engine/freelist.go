package engine

import "sync"

// freelist recycles point buffers. The "array" type keeps one list and
// scans it for a buffer large enough; "hashmap" keeps a list per size
// class (powers of two).
type freelist struct {
	mu      sync.Mutex
	array   bool
	free    [][]Point
	classes map[int][][]Point
}

func newFreelist(kind string) *freelist {
	return &freelist{array: kind == "array", classes: make(map[int][][]Point)}
}

func class(n int) int {
	c := 1
	for c < n {
		c <<= 1
	}
	return c
}

// get returns an empty buffer with room for n points.
func (f *freelist) get(n int) []Point {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.array {
		for i, b := range f.free {
			if cap(b) >= n {
				f.free[i] = f.free[len(f.free)-1]
				f.free = f.free[:len(f.free)-1]
				return b[:0]
			}
		}
		return make([]Point, 0, class(n))
	}
	c := class(n)
	if l := f.classes[c]; len(l) > 0 {
		b := l[len(l)-1]
		f.classes[c] = l[:len(l)-1]
		return b[:0]
	}
	return make([]Point, 0, c)
}

// put gives a buffer back.
func (f *freelist) put(b []Point) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.array {
		if len(f.free) < 4096 {
			f.free = append(f.free, b)
		}
		return
	}
	c := class(cap(b))
	if c == cap(b) && len(f.classes[c]) < 64 {
		f.classes[c] = append(f.classes[c], b)
	}
}

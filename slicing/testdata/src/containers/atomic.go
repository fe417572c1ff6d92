package containers

import "sync/atomic"

// WindowConfig bounds a window that its owner sets with a plain store,
// before any goroutine runs, and reads with atomic loads.
type WindowConfig struct {
	Max int32 `yaml:"max"`
}

type window struct{ max int32 }

func newWindow(c *WindowConfig) *window {
	w := &window{}
	w.max = c.Max // want sliced:"WindowConfig.Max"
	return w
}

func (w *window) fill(n int32) int32 {
	var s int32
	for i := int32(0); i < n && i < atomic.LoadInt32(&w.max); i++ { // want sliced:"WindowConfig.Max"
		s += i
	}
	return s
}

func FillWindow(c *WindowConfig) int32 { return newWindow(c).fill(100) }

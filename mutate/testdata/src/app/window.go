package app

// WindowConfig sizes a window; the window's own options keep a copy,
// converted to an int64: one setting, read as an int and as an int64.
type WindowConfig struct {
	Size int `yaml:"size"`
}

// WindowOptions are the window's, set from a WindowConfig.
type WindowOptions struct {
	Size int64
}

func newWindow(c *WindowConfig) *WindowOptions { return &WindowOptions{Size: int64(c.Size)} }

// Sum adds up to Size of the first n numbers.
func (w *WindowOptions) Sum(n int64) int64 {
	s := int64(0)
	for i := int64(0); i < w.Size && i < n; i++ {
		s += i
	}
	return s
}

// Over says whether n is past the window.
func Over(c *WindowConfig, n int) bool { return n > c.Size }

// WindowSum sums n numbers through a window of c's size.
func WindowSum(c *WindowConfig, n int64) int64 { return newWindow(c).Sum(n) }

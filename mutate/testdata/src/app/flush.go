package app

// Flusher says when to write out: its costlier branches are taken by
// small values, so its config-value mutants make them smaller.
type Flusher struct {
	Every int     `yaml:"every"`
	Ratio float64 `yaml:"ratio"`
}

// Add flushes once pending reaches Every.
func (f *Flusher) Add(pending int) int {
	if pending >= f.Every {
		s := 0
		for i := range pending * 100 {
			s += i * i
		}
		return s
	}
	return 0
}

// Compact rewrites everything once the garbage share reaches Ratio.
func (f *Flusher) Compact(dead, total int) int {
	if float64(dead)/float64(total) < f.Ratio {
		return 0
	}
	s := 0
	for i := range total * 100 {
		s += i * i
	}
	return s
}

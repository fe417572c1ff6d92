package app

import "fmt"

// Flusher says when to write out: its costlier branches are taken by
// small values, so its config-value mutants make them smaller.
type Flusher struct {
	Every int     `yaml:"every"`
	Ratio float64 `yaml:"ratio"`
}

// Check rejects an Every past a bound: a check of the value, whose
// failing side says nothing of which values cost.
func (f *Flusher) Check() error {
	if f.Every > 1000 {
		return fmt.Errorf("every %d is past 1000", f.Every)
	}
	return nil
}

// Add flushes once pending reaches Every, passing on flush's error.
func (f *Flusher) Add(pending int) error {
	if pending >= f.Every {
		return flush(pending)
	}
	return nil
}

// Compact rewrites everything once the garbage share reaches Ratio.
func (f *Flusher) Compact(dead, total int) error {
	if float64(dead)/float64(total) < f.Ratio {
		return nil
	}
	return flush(total)
}

func flush(n int) error {
	s := 0
	for i := range n * 100 {
		s += i * i
	}
	sink += s
	return nil
}

// Garbage says when a journal is compacted.
type Garbage struct {
	Share float64 `yaml:"share"`
}

// Journal counts the records and the live ones of its segments. A
// compaction rewrites them, under the branch on Share, so the counts
// Share is compared with carry it too.
type Journal struct {
	total, live map[int]int
}

// Compact rewrites the journal once its garbage share reaches g.Share.
func (l *Journal) Compact(g *Garbage) error {
	dead, total := 0, 0
	for id, n := range l.total {
		total += n
		dead += n - l.live[id]
	}
	if float64(dead)/float64(total) < g.Share {
		return nil
	}
	n := 0
	for id := range l.total {
		n += l.live[id]
		delete(l.total, id)
	}
	l.total[0], l.live[0] = n, n // one segment holds the live records
	return flush(total)
}

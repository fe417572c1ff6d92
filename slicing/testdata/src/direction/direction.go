// Package direction has options whose costly values the code shows: a
// cache whose false side recomputes, a level above which work doubles
// back, a mode that scans, a loop bound, a sync whose costly side only
// calls; and a check that rejects levels, which is no cost either way.
package direction

import "errors"

type Config struct {
	Cache  bool   `yaml:"cache"`
	Level  int    `yaml:"level"`
	Mode   string `yaml:"mode"`
	Rounds int    `yaml:"rounds"`
	Sync   bool   `yaml:"sync"`
	Window int    `yaml:"window"`
	Chunk  int    `yaml:"chunk"`
	Twin   int    `yaml:"twin"`
	Copy   bool   `yaml:"copy"`
	// Limits, when set, caps what Admit lets in.
	Limits *LimitConfig `yaml:"limits"`
}

type LimitConfig struct {
	Max int `yaml:"max"`
}

// Admit lets in n items, at most Limits.Max when there are limits.
func Admit(c Config, n int) int {
	if c.Limits != nil {
		return min(n, c.Limits.Max)
	}
	return n
}

// Scan rescans the data when its window, doubled, exceeds it: the
// branch tests more than the value.
func Scan(c Config, data []byte) int {
	n := 0
	if c.Window*2 > len(data) {
		for i := range data {
			for j := range data {
				n += int(data[i] | data[j])
			}
		}
	}
	return n
}

// Validate rejects levels above 9: its failing side is not work.
func (c Config) Validate() error {
	if c.Level > 9 {
		return errors.New("level above 9")
	}
	return nil
}

// Write flushes after each write when Sync is set: the work is in flush.
func Write(c Config, data []byte) error {
	sink += len(data)
	if c.Sync {
		return flush(data)
	}
	return nil
}

func flush(data []byte) error {
	for i := range data {
		for j := range data {
			sink += int(data[i] & data[j])
		}
	}
	if sink < 0 {
		return errors.New("overflow")
	}
	return nil
}

var sink int

// Get recomputes what the cache would keep when it is off.
func Get(c Config, k int) int {
	if c.Cache {
		return k + 1
	}
	s := 0
	for i := 0; i < 1000; i++ {
		s += i * k
	}
	return s
}

// Compress compares every pair of bytes above level 5.
func Compress(c Config, data []byte) int {
	n := 0
	if 5 < c.Level {
		for i := range data {
			for j := range data {
				n += int(data[i] ^ data[j])
			}
		}
	}
	return n
}

// Find scans in one mode and indexes in the other.
func Find(c Config, xs []int, x int) int {
	if c.Mode != "scan" {
		return x % 7
	}
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

// Loop runs Rounds times.
func Loop(c Config) int {
	s := 0
	for i := 0; i < c.Rounds; i++ {
		s += i
	}
	return s
}

func Run(c Config, data []byte, xs []int) {
	if c.Validate() != nil {
		return
	}
	sink += Get(c, 3) + Compress(c, data) + Find(c, xs, 4) + Loop(c)
	Write(c, data)
	sink += Scan(c, data)
}

// Buffer puts a default in place of a chunk size it is not given: no
// work either way, so no costly side; the size costs, larger.
type Buffer struct {
	chunk int
	buf   []byte
}

func NewBuffer(c Config) *Buffer {
	b := new(Buffer)
	if c.Chunk == 0 {
		b.chunk = 4096
	} else {
		b.chunk = c.Chunk
	}
	b.buf = make([]byte, b.chunk)
	return b
}

// Between tests the value twice on one line: its branches are told apart
// by their columns.
func Between(c Config, data []byte) int {
	n := 0
	if c.Twin > 4 && c.Twin < len(data) {
		for i := range data {
			for j := range data {
				n += int(data[i] ^ data[j])
			}
		}
	}
	return n
}

// Text copies the buffer into a string when Copy is set: a conversion
// that copies is work, not a default put in place.
func Text(c Config, buf []byte) string {
	var s string
	if c.Copy {
		s = string(buf)
	}
	return s
}

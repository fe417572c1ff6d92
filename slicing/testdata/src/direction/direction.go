// Package direction has options whose costly values the code shows: a
// cache whose false side recomputes, a level above which work doubles
// back, a mode that scans, a loop bound.
package direction

type Config struct {
	Cache  bool   `yaml:"cache"`
	Level  int    `yaml:"level"`
	Mode   string `yaml:"mode"`
	Rounds int    `yaml:"rounds"`
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
	sink += Get(c, 3) + Compress(c, data) + Find(c, xs, 4) + Loop(c)
}

package direction

import "strconv"

// TextConfig holds two texts: a mode named by a word, which has no
// larger values though it decides whether workers start, and a depth
// parsed into the number a loop runs to, which has.
type TextConfig struct {
	Fanout string `yaml:"fanout"`
	Depth  string `yaml:"depth"`
}

func Walk(c TextConfig, jobs []func()) int {
	if c.Fanout == "parallel" {
		for _, j := range jobs {
			go j()
		}
	}
	d, _ := strconv.Atoi(c.Depth)
	n := 0
	for i := 0; i < d; i++ {
		n += i
	}
	return n
}

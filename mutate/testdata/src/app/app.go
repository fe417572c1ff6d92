// Package app is a tiny program whose options control its work: the
// mutation operators' testdata.
package app

import "strings"

// Config holds the options.
type Config struct {
	Rounds int    `yaml:"rounds"`
	Fast   bool   `yaml:"fast"`
	Mode   string `yaml:"mode"`
	Limit  int    `yaml:"limit"`
	Quiet  bool   `yaml:"quiet"`
}

var sink int

// Work sums the data Rounds times.
func Work(c *Config, data []int) int {
	sum := 0
	for i := 0; i < c.Rounds; i++ {
		for _, d := range data {
			sum += d * i
		}
	}
	if c.Fast {
		return sum
	}
	for _, d := range data {
		sum += d % 7
		sum ^= d
	}
	return sum
}

// Buffer makes a buffer of Limit bytes, capped.
func Buffer(c *Config) []byte {
	n := c.Limit
	if n > 4096 {
		n = 4096
	}
	buf := make([]byte, n) //confhunt:ignore mutate=alloc a buffer is not worth it
	return buf
}

// Join joins the words the way Mode says.
func Join(c *Config, words []string) string {
	switch c.Mode {
	case "upper":
		return strings.ToUpper(strings.Join(words, " "))
	case "lower":
		return strings.ToLower(strings.Join(words, " "))
	}
	return strings.Join(words, " ")
}

// Log says nothing when Quiet.
//
//confhunt:ignore mutate=loop,sleep
func Log(c *Config, msg string) {
	if !c.Quiet {
		sink += len(msg)
	}
}

// Table makes a map for Limit entries.
func Table(c *Config) map[string]int {
	return make(map[string]int, c.Limit)
}

// Find returns where x first is among the first Limit items, or -1.
func Find(c *Config, data []int, x int) int {
	at := -1
	for i := 0; i < len(data) && i < c.Limit; i++ {
		if data[i] == x {
			at = i
			break
		}
	}
	return at
}

var squares = map[int]int{}

// Square returns n², remembered, for n up to Limit.
func Square(c *Config, n int) int {
	if n > c.Limit {
		return 0
	}
	if v, ok := squares[n]; ok {
		return v
	}
	v := n * n
	squares[n] = v
	return v
}

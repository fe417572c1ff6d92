package app

import (
	"errors"
	"os"
	"strings"
)

// LimitConfig bounds work.
type LimitConfig struct {
	Workers int64 `yaml:"workers"` // 0 means one
	Depth   int   `yaml:"depth"`
}

// Split shares total among the workers.
func Split(c *LimitConfig, total int64) int64 {
	w := c.Workers
	if w == 0 {
		w = 1
	}
	return total / w
}

// Per is what each worker gets, when there are workers.
func Per(c *LimitConfig, total int64) int64 {
	if c.Workers < 1 {
		return total
	}
	return total / c.Workers
}

// Walk checks the depth, then descends it.
func Walk(c *LimitConfig) (int, error) {
	if c.Depth <= 0 {
		return 0, errors.New("depth must be positive")
	}
	n := 0
	for i := 0; i < c.Depth; i++ {
		n += i
	}
	return n, nil
}

// Style picks a mark by the environment: a kind read through a call.
func Style() string {
	switch m := os.Getenv("APP_STYLE"); m {
	case "loud":
		return strings.Repeat("!", 100)
	case "quiet":
		return ""
	}
	return "."
}

// Scaled hands on a value computed from the depth: its test for zero is
// not the depth's.
func Scaled(c *LimitConfig) int { return half(c.Depth * 2) }

func half(n int) int {
	if n == 0 {
		return 1
	}
	return n / 2
}

// Hash mixes a key Depth times, through a call whose counter starts at 1
// (the first round is the key itself).
func Hash(c *LimitConfig, key int) int { return mix(key, c.Depth) }

func mix(key, rounds int) int {
	h := key
	for i := 1; i < rounds; i++ {
		h = h*31 + i
	}
	return h
}

// Rest counts what is left past Depth: a larger Depth, fewer trips.
func Rest(c *LimitConfig, total int) int {
	n := 0
	for i := 0; i < total-c.Depth; i++ {
		n++
	}
	return n
}

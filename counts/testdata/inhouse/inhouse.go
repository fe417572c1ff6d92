// Package inhouse has control flow whose execution counts its test knows.
package inhouse

import "iter"

// Loop runs its body n times.
func Loop(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	return s
}

// Branch takes its then side when x is even.
func Branch(x int) int {
	if x%2 == 0 {
		return x / 2
	}
	return 3*x + 1
}

// Switch picks a case.
func Switch(x int) string {
	switch x {
	case 0:
		return "zero"
	case 1, 2:
		return "small"
	default:
		return "big"
	}
}

// Select receives from whichever channel is ready.
func Select(a, b chan int) int {
	select {
	case v := <-a:
		return v
	case v := <-b:
		return -v
	}
}

// Nested runs its inner body n*m times.
func Nested(n, m int) int {
	s := 0
	for i := 0; i < n; i++ {
		for j := 0; j < m; j++ {
			s++
		}
	}
	return s
}

func count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// RangeFunc ranges over an iterator of n values.
func RangeFunc(n int) int {
	s := 0
	for v := range count(n) {
		s += v
	}
	return s
}

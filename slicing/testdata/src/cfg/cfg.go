// Package cfg holds control-flow shapes for post-dominators, loops and
// frequency estimates.
package cfg

import "errors"

func diamond(x bool) int {
	y := 1
	if x {
		y = 2
	} else {
		y = 3
	}
	return y
}

func nested(n, m int) int {
	s := 0
	for i := 0; i < n; i++ {
		for j := 0; j < m; j++ {
			s++
		}
	}
	return s
}

func forever(c chan int, d chan int) {
	for {
		select {
		case v := <-c:
			d <- v
		case <-d:
		}
	}
}

func check(f func() error) int {
	if err := f(); err != nil {
		return 0
	}
	return 1
}

var errX = errors.New("x")

// retry leaves its loop as soon as f succeeds.
func retry(f func() error) error {
	for i := 0; i < 5; i++ {
		if err := f(); err == nil {
			return nil
		}
	}
	return errX
}

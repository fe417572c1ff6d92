package app

import "sync"

var (
	primesOnce sync.Once
	primes     []int
)

// Primes returns the primes below Limit, computed once.
func Primes(c *Config) []int {
	limit := c.Limit
	primesOnce.Do(func() {
		for n := 2; n < limit; n++ {
			prime := true
			for d := 2; d*d <= n; d++ {
				if n%d == 0 {
					prime = false
					break
				}
			}
			if prime {
				primes = append(primes, n)
			}
		}
	})
	return primes
}

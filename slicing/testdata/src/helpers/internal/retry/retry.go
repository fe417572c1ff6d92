// Package retry repeats an operation until it succeeds, for the tests:
// an internal package that no package of the module imports, only test
// files do (it does not import testing itself).
package retry

// RetryConfig says how often to try.
type RetryConfig struct {
	Attempts int
}

// Run calls f until it returns true, at most c.Attempts times.
func Run(c RetryConfig, f func() bool) {
	for range c.Attempts {
		if f() {
			return
		}
	}
}

// Package mock is test support: a fake of the library's fetcher that tests
// hand to it. The option's loop calls the fake, but the fake's work is not
// the program's.
package mock

import "example.com/t/helpers"

// Fetcher fakes a fetch with a large reply.
type Fetcher struct{}

// Fetch returns a reply of n MB.
func (Fetcher) Fetch(n int) []byte { return make([]byte, n<<20) }

// Drain drains through the fake.
func Drain(cfg helpers.Config) { helpers.Drain(cfg, Fetcher{}) }

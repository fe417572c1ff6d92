// Package c has an argument struct of the name of the settings of
// package names: its settings of one call are told apart from those,
// which keep their short name.
package c

type ClientOptions struct {
	Retries int
}

type Pinger struct{ n int }

// Ping takes its options with each call.
func (p *Pinger) Ping(o ClientOptions) int {
	for range o.Retries {
		p.n++
	}
	return p.n
}

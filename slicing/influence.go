package slicing

import "strings"

// Influence is a set of ways an option acts on the work it reaches.
type Influence uint8

const (
	Size  Influence = 1 << iota // reaches a make length or capacity, a buffer or channel size
	Trip                        // bounds or exits a loop
	Path                        // decides a branch
	Conc                        // decides how many goroutines start
	Time                        // reaches a sleep, timer, ticker or deadline
	IO                          // gates or sizes an IO call
	Bound                       // bounds how large a container grows: memory retained
	Lock                        // decides whether, or which, lock is taken, or how many may hold it (a channel's capacity that sends wait on)
)

var influenceNames = []string{"size", "trip", "path", "conc", "time", "io", "bound", "lock"}

// Kinds returns the names of the kinds in the set, in a fixed order.
func (in Influence) Kinds() []string {
	out := []string{}
	for i, name := range influenceNames {
		if in&(1<<i) != 0 {
			out = append(out, name)
		}
	}
	return out
}

func (in Influence) String() string {
	if in == 0 {
		return "-"
	}
	return strings.Join(in.Kinds(), ",")
}

// ParseInfluence returns the kind called name.
func ParseInfluence(name string) (Influence, bool) {
	for i, n := range influenceNames {
		if n == name {
			return 1 << i, true
		}
	}
	return 0, false
}

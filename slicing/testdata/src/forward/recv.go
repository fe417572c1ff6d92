package forward

// spinner spins as it is told.
type spinner interface{ spinFor(rounds int) int }

// spins is a spin count a worker is handed.
type spins int

func (s spins) spinFor(rounds int) int { return int(s) * rounds }

// Rule 21: a value received with comma-ok carries the option sent; the
// ok does not: whether the channel is still open is its close's doing.
func received(c *Config, ch chan spinner) int {
	ch <- spins(c.Spin) // want sliced:"Config.Spin"
	s, ok := <-ch       // want sliced:"Config.Spin"
	if !ok {
		return 0 // want !sliced:"Config.Spin"
	}
	return s.spinFor(3)
}

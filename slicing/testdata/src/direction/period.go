package direction

import "time"

// SweepConfig sets a sweep's period, the pause after each sweep, and
// whether it also recounts. The period costs at small values (the sweep
// runs more often), the pause at large ones; a bool that ends a loop
// has no larger values.
type SweepConfig struct {
	Every time.Duration `yaml:"every"`
	Pause time.Duration `yaml:"pause"`
	Twice bool          `yaml:"twice"`
}

// Sweep sums data every period until stop is closed.
func Sweep(c SweepConfig, stop chan struct{}, data []int) int {
	t := time.NewTicker(c.Every)
	defer t.Stop()
	n := 0
	for {
		select {
		case <-stop:
			return n
		case <-t.C:
			for _, d := range data {
				n += d
			}
			time.Sleep(c.Pause)
			for i := 0; c.Twice && i < len(data); i++ {
				n += data[i]
			}
		}
	}
}

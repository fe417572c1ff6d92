package direction

// StepConfig divides a window into steps: the window sizes the buckets
// at larger values, the step at smaller ones (it is the divisor).
type StepConfig struct {
	Window int `yaml:"window"`
	Step   int `yaml:"step"`
}

func Buckets(c StepConfig) []int {
	if c.Step <= 0 {
		return nil
	}
	n := c.Window / c.Step
	return make([]int, n)
}

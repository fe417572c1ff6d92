package structs

// SamplingConfig caps what is logged per second; a LogConfig without
// one logs everything.
type SamplingConfig struct {
	First      int `yaml:"first"`
	Thereafter int `yaml:"thereafter"`
}

// DialConfig says how connections are dialled.
type DialConfig struct {
	Retries int `yaml:"retries"`
}

var defaultDial = &DialConfig{Retries: 3}

// LogConfig holds two groups: Sampling is a switch too (set or not, the
// code asks), Dial is always there (a default fills it in).
type LogConfig struct {
	Sampling *SamplingConfig `yaml:"sampling"`
	Dial     *DialConfig     `yaml:"dial"`
	other    *SamplingConfig
}

func newLogger(c *LogConfig) func(n int) bool {
	if c.Dial == nil { // a default, not a switch
		c.Dial = defaultDial
	}
	if c.other != nil { // unexported: no one sets it
		return nil
	}
	if s := c.Sampling; s != nil { // want option:"LogConfig.Sampling" alias:"sampling"
		return func(n int) bool {
			return n < s.First || n%s.Thereafter == 0 // want option:"LogConfig.Sampling.First" option:"LogConfig.Sampling.Thereafter"
		}
	}
	return func(int) bool { return true }
}

func dialRetries(c *LogConfig) int {
	d := c.Dial
	if d == nil { // a default the variable takes instead
		d = defaultDial
	}
	return d.Retries // want option:"LogConfig.Dial.Retries"
}

// Package config has the options; its own test gives it a test variant.
package config

type Config struct {
	Rounds int `yaml:"rounds"`
	Size   int `yaml:"size"`
	Steps  int `yaml:"steps"`
}

// Default returns the default configuration.
func Default() Config {
	return Config{Rounds: 10, Size: 8, Steps: 5}
}

// Package probe has one of each kind of probe site, and checks that
// probes keep its line numbers.
package probe

import (
	"os"
	"runtime"
)

type Config struct {
	Rounds  int  `yaml:"rounds"`
	BufSize int  `yaml:"buf_size"`
	Sync    bool `yaml:"sync"`
}

// Work loops Rounds times, allocates BufSize bytes and writes them.
func Work(c *Config, f *os.File) (int, error) {
	s := 0
	for i := 0; i < c.Rounds; i++ {
		s += i
	}
	buf := make([]byte, c.BufSize)
	if _, err := f.Write(buf); err != nil {
		return 0, err
	}
	if c.Sync {
		if err := f.Sync(); err != nil {
			return 0, err
		}
	}
	return s, nil
}

// Line returns the line it is called from, to check that probes keep lines.
func Line() int {
	_, _, line, _ := runtime.Caller(1)
	return line
}

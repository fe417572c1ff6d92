package state

import "os"

// ShrinkConfig has a threshold compared inside a callback that sets a
// variable the callback shares with its caller, which acts on it after
// the callback returns (a database's view or update taking a function).
type ShrinkConfig struct {
	Percent int `yaml:"percent"`
}

type logFile struct {
	f         *os.File
	size      int
	lastSize  int
	onePass   func(func() error) error
	shrinkCfg ShrinkConfig
}

func (l *logFile) background() {
	var shrink bool
	l.onePass(func() error {
		shrink = l.size > l.lastSize+l.lastSize*l.shrinkCfg.Percent/100
		return nil
	})
	if shrink { // want sliced:"ShrinkConfig.Percent"
		l.f.Truncate(0)
	}
}

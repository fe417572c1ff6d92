package state

// GuardConfig has an option tested last in a guard that returns early: the
// rest of the function runs also when the guard's first tests fail, so
// the flag it raises is raised whatever the option says in those runs.
type GuardConfig struct {
	Always bool `yaml:"always"`
}

type framer struct {
	cfg   GuardConfig
	wrote bool
	buf   []byte
}

func (f *framer) flush(final bool) {
	if final && len(f.buf) == 0 && !f.cfg.Always { // want sliced:"GuardConfig.Always"
		return
	}
	f.wrote = true
	f.buf = f.buf[:0]
}

func (f *framer) Write(p []byte) {
	if !f.wrote { // want !sliced:"GuardConfig.Always"
		f.buf = append(f.buf, 'H')
	}
	f.buf = append(f.buf, p...)
	f.flush(false)
}

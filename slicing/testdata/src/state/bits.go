package state

// Flags ORed into one capabilities word, as a protocol client announces
// them: each option decides its own bit, and a test of another bit
// (caps&capDeprecateEOF) depends on none of them.
type FlagsConfig struct {
	Compress  bool `yaml:"compress"`
	FoundRows bool `yaml:"found_rows"`
}

const (
	capCompress uint32 = 1 << iota
	capFoundRows
	capDeprecateEOF
)

type flagsConn struct{ caps uint32 }

func newFlagsConn(cfg FlagsConfig, server uint32) *flagsConn {
	caps := capDeprecateEOF
	if cfg.Compress {
		caps |= capCompress
	}
	if cfg.FoundRows {
		caps |= capFoundRows
	}
	return &flagsConn{caps: caps & server}
}

func (c *flagsConn) read(p []byte) int {
	if c.caps&capCompress != 0 {
		return len(p) * 2 // want sliced:"FlagsConfig.Compress" !sliced:"FlagsConfig.FoundRows"
	}
	if c.caps != 0 {
		return len(p) + 1 // want sliced:"FlagsConfig.Compress" sliced:"FlagsConfig.FoundRows"
	}
	return len(p)
}

// eof reads the end of a result set, its way decided by a bit no option
// sets: the load of the word is the options' (it carries their bits),
// the work is not.
func (c *flagsConn) eof(p []byte) int {
	n := 0
	if c.caps&capDeprecateEOF == 0 {
		for _, b := range p {
			n += int(b) // want !sliced:"FlagsConfig.Compress" !sliced:"FlagsConfig.FoundRows"
		}
	}
	return n
}

func Dial(cfg FlagsConfig, server uint32, p []byte) int {
	c := newFlagsConn(cfg, server)
	return c.read(p) + c.eof(p)
}

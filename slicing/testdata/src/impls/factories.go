package impls

import "sync"

// Codecs are made by a factory that returns one of two implementations
// as Config.Checked says, a few calls below the code that keeps the
// codec (in a cache) and calls it: however many functions hand the
// choice up, the calls through it are the option's. A factory that
// returns the same type either way (Config.Wide, only its width
// differs), or an implementation or none (Config.Verify), chooses no
// implementation: the calls through what it returns are not the
// option's.
type codec interface {
	Encode(b []byte) int
}

type rawCodec struct{ width int }

func (c *rawCodec) Encode(b []byte) int { return len(b) * c.width }

// checkedCodec sums every byte: the costly codec.
type checkedCodec struct{}

func (checkedCodec) Encode(b []byte) int {
	n := 0
	for _, x := range b {
		n += int(x)
	}
	return n
}

func newCodec(c Config) codec {
	if c.Checked { // want sliced:"Config.Checked"
		return checkedCodec{}
	}
	return &rawCodec{width: 1}
}

func newWideCodec(c Config) codec {
	if c.Wide {
		return &rawCodec{width: 2}
	}
	return &rawCodec{width: 1}
}

func newVerifier(c Config) codec {
	if c.Verify {
		return checkedCodec{}
	}
	return nil
}

// Codecs caches the codec of each name.
type Codecs struct {
	mu    sync.Mutex
	cfg   Config
	cache map[string]codec
}

func (cs *Codecs) codecFor(name string) codec {
	if cd, ok := cs.cache[name]; ok {
		return cd
	}
	var cd codec
	switch name {
	case "wide":
		cd = newWideCodec(cs.cfg)
	case "verify":
		cd = newVerifier(cs.cfg)
	default:
		cd = newCodec(cs.cfg)
	}
	cs.cache[name] = cd
	return cd
}

func (cs *Codecs) lookup(name string) codec {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return cs.codecFor(name)
}

func (cs *Codecs) Encode(recs [][]byte) int {
	cd := cs.lookup("")
	n := 0
	for _, r := range recs {
		n += cd.Encode(r) // want effect:"Config.Checked:path"
	}
	return n
}

func (cs *Codecs) EncodeWide(recs [][]byte) int {
	cd := cs.lookup("wide")
	n := 0
	for _, r := range recs {
		n += cd.Encode(r) // want !effect:"Config.Wide:path"
	}
	return n
}

func (cs *Codecs) Verify(recs [][]byte) int {
	cd := cs.lookup("verify")
	n := 0
	for _, r := range recs {
		n += cd.Encode(r) // want !effect:"Config.Verify:path"
	}
	return n
}

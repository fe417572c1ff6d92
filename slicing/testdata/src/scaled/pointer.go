package scaled

import (
	"crypto/sha256"
	"hash/crc32"
)

// PointerConfig leaves its fields nil when unset. A pointer to a number
// carries the option's value to what loads through it, directly or
// through an accessor that defaults the nil; a pointer to a struct would
// be a handle.
type PointerConfig struct {
	Depth *int `yaml:"depth"`
}

func intValue(p *int) int {
	if p == nil {
		return 0
	}
	return *p // want sliced:"PointerConfig.Depth"
}

func depth(c *PointerConfig) int {
	s := 0
	for i := 0; i < intValue(c.Depth); i++ { // want sliced:"PointerConfig.Depth" effect:"PointerConfig.Depth:trip"
		s += int(sha256.Sum256([]byte{byte(i)})[0])
	}
	if c.Depth != nil && *c.Depth > 8 { // want sliced:"PointerConfig.Depth" effect:"PointerConfig.Depth:path"
		s += int(crc32.ChecksumIEEE([]byte{byte(s)}))
	}
	return s
}

// CounterConfig only chooses which counter is read: the counter's value
// is not the option's.
type CounterConfig struct {
	Fast bool `yaml:"fast"`
}

type counters struct{ slow, fast int }

func count(c *CounterConfig, st *counters) int {
	p := &st.slow
	if c.Fast {
		p = &st.fast
	}
	n := 0
	for i := 0; i < *p; i++ { // want !effect:"CounterConfig.Fast:trip"
		n += int(sha256.Sum256([]byte{byte(i)})[0])
	}
	return n
}

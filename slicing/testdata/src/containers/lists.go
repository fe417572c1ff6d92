package containers

// ListConfig holds lists its user gives: the protocol versions to
// accept, settings to pass on. How many entries a list has is what the
// program is asked to do, not how much work it does for it: a loop over
// the entries has no trips the option decides, and what is made as long
// as the list no size. Whether there are any, and the entries of a map,
// still count; a number still sizes what it sizes.
type ListConfig struct {
	Versions []uint32          `yaml:"versions"`
	Settings map[string]string `yaml:"settings"`
	Batch    int               `yaml:"batch"`
}

func Supported(c *ListConfig, got uint32) bool {
	for i := 0; i < len(c.Versions); i++ { // want !effect:"ListConfig.Versions:trip"
		if c.Versions[i] == got { // want sliced:"ListConfig.Versions"
			return true
		}
	}
	return false
}

func Negotiation(c *ListConfig) []byte {
	if len(c.Versions) == 0 { // want effect:"ListConfig.Versions:path"
		return nil
	}
	buf := make([]byte, 0, 4*len(c.Versions)) // want !effect:"ListConfig.Versions:size"
	for _, v := range c.Versions {
		buf = append(buf, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
	}
	return buf
}

func EncodeSettings(c *ListConfig) []byte {
	var buf []byte
	for k, v := range c.Settings {
		buf = append(buf, k...) // want sliced:"ListConfig.Settings"
		buf = append(buf, v...)
	}
	for i := 0; i < c.Batch; i++ { // want effect:"ListConfig.Batch:trip"
		buf = append(buf, make([]byte, c.Batch)...) // want effect:"ListConfig.Batch:size"
	}
	return buf
}

// Rehash does some work once per entry, whatever the entries are.
func Rehash(c *ListConfig) uint32 {
	var h uint32
	for range c.Versions {
		h = mix(h) // want !sliced:"ListConfig.Versions"
	}
	for range c.Settings {
		h = mix(h) // want !sliced:"ListConfig.Settings"
	}
	return h
}

func mix(h uint32) uint32 { return h*31 + 7 }

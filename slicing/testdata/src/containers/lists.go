package containers

import "slices"

// ListConfig holds lists its user gives: the protocol versions to
// accept, settings to pass on, limits by name. How many entries a list
// has is what the program is asked to do, not how much work it does for
// it: a loop over the entries has no trips the option decides, and what
// is made as long as the list no size (TestListOptions). What the code
// compares the length with a constant for still counts (whether there
// are any), and so do the entries of a map; a number still sizes what it
// sizes, taken out of a map or not.
type ListConfig struct {
	Versions []uint32          `yaml:"versions"`
	Settings map[string]string `yaml:"settings"`
	Limits   map[string]int    `yaml:"limits"`
	Batch    int               `yaml:"batch"`
}

func Supported(c *ListConfig, got uint32) bool {
	for i := 0; i < len(c.Versions); i++ { // want !effect:"ListConfig.Versions:trip"
		if c.Versions[i] == got {
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
	for i := range len(c.Versions[1:]) {
		buf = append(buf, byte(i))
	}
	return buf
}

// Fallback tries the versions after the first one, when there are.
func Fallback(c *ListConfig, try func(uint32) bool) bool {
	if len(c.Versions) > 1 { // want effect:"ListConfig.Versions:path"
		go retry(try)
	}
	return false
}

func retry(try func(uint32) bool) { try(0) }

// Copies of the list, made by append or a library, and the loops that
// take its entries one by one are the list still; a guard on whether it
// is empty, asked directly, converted or through a helper, decides
// whether such a loop runs, not what it adds up.
func Copies(c *ListConfig) int {
	all := append(c.Versions, 0)
	more := slices.Clone(c.Versions)
	n := len(make([]byte, len(all)))             // want !effect:"ListConfig.Versions:size"
	n += len(make([]byte, len(more)))            // want !effect:"ListConfig.Versions:size"
	for q := c.Versions; len(q) > 0; q = q[1:] { // want !effect:"ListConfig.Versions:trip"
		n++
	}
	return n
}

func Sum(c *ListConfig) []byte {
	if int32(len(c.Versions)) == 0 { // want effect:"ListConfig.Versions:path"
		return nil
	}
	n := 0
	for range c.Versions {
		n += 8
	}
	return make([]byte, n) // want !effect:"ListConfig.Versions:size"
}

func (c *ListConfig) any() bool { return len(c.Versions) > 0 }

func Each(c *ListConfig) uint32 {
	if !c.any() {
		return 0
	}
	var h uint32
	for i := 0; i < len(c.Versions); i++ { // want !effect:"ListConfig.Versions:trip"
		h = mix(h)
	}
	return h
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

// Workers makes as many jobs as the limit a map holds says: that
// number is no count of entries.
func Workers(c *ListConfig) int {
	jobs := make([]int, c.Limits["workers"]) // want effect:"ListConfig.Limits:size"
	n := 0
	for i := 0; i < len(jobs); i++ { // want effect:"ListConfig.Limits:trip"
		n += jobs[i]
	}
	return n
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

// negotiator keeps a copy of the versions: still the user's list.
type negotiator struct{ versions []uint32 }

func NewNegotiator(c *ListConfig) *negotiator { return &negotiator{versions: c.Versions} }

func (n *negotiator) Offer() []byte {
	return make([]byte, 4*len(n.versions)) // want !effect:"ListConfig.Versions:size"
}

// Assigned holds partitions by topic: each topic's list is the user's
// too, whether ranged over or looked up.
type Assigned struct {
	Partitions map[string][]int32 `yaml:"partitions"`
}

func (a *Assigned) Count(topic string) int {
	n := 0
	for _, ps := range a.Partitions {
		for range ps {
			n = int(mix(uint32(n))) // want !sliced:"Assigned.Partitions"
		}
	}
	buf := make([]int32, len(a.Partitions[topic])) // want !effect:"Assigned.Partitions:size"
	return n + len(buf)
}

func (a *Assigned) Of(topic string) int {
	ps, ok := a.Partitions[topic]
	if !ok {
		return 0
	}
	return len(make([]int32, len(ps))) // want !effect:"Assigned.Partitions:size"
}

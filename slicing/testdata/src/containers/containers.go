// Package containers: a value put in a container of interface{} values
// is not followed to every other such container's reads, while a
// container of structs carries it on.
package containers

import (
	"encoding/json"
	"io"
)

type Config struct {
	Port  int `yaml:"port"`
	Depth int `yaml:"depth"`
	Shard int `yaml:"shard"`
	Part  int `yaml:"part"`

	Params map[string]string `yaml:"params"`
	Flags  map[string]bool   `yaml:"flags"`
}

type limits struct{ depth int }

var table = map[string]limits{}

func logFields(c *Config) map[string]any {
	return map[string]any{"port": c.Port} // want sliced:"Config.Port"
}

func remember(c *Config) {
	table["d"] = limits{depth: c.Depth} // want sliced:"Config.Depth"
}

// decode reads some other map of interface{} values.
func decode(m map[string]any) []byte {
	n, _ := m["n"].(int)   // want !sliced:"Config.Port"
	return make([]byte, n) // want !sliced:"Config.Port"
}

func alloc() []byte {
	return make([]byte, table["d"].depth) // want sliced:"Config.Depth" effect:"Config.Depth:size"
}

var byShard = map[int]*limits{}

func index(c *Config) {
	byShard[c.Shard] = &limits{} // want sliced:"Config.Shard"
}

// total ranges over a map keyed by the option: how many times the loop
// runs depends on how many entries there are, not on a shard's number
// (TestRangeKeys).
func total() int {
	n := 0
	for s := range byShard {
		n += s // want sliced:"Config.Shard"
	}
	return n
}

// queue counts what it holds with a method, as container/list does.
type queue struct{ items []*limits }

func (q *queue) Len() int { return len(q.items) }

func (q *queue) push(c *Config, l *limits) {
	if q.Len() >= c.Depth { // want effect:"Config.Depth:bound"
		q.items = q.items[1:]
	}
	q.items = append(q.items, l)
}

type partition struct {
	ID     int
	Leader string
}

// lookup finds the partition the option names by its ID: which record,
// not how long the search runs nor what runs after it.
func lookup(c *Config, parts []partition) string {
	for _, p := range parts {
		if p.ID == c.Part { // want !effect:"Config.Part:trip"
			return p.Leader // want !sliced:"Config.Part"
		}
	}
	return ""
}

// params: a map of settings looked up by a constant key carries a
// setting of its own; what that entry does is not the map's influence.
// How many entries it has is not (lists.go), and its entries are strings,
// data of their own.
func params(c *Config, out map[string]string) int {
	n := 16
	if s, ok := c.Params["cache_size"]; ok { // want sliced:"Config.Params"
		n = len(s) * 1024 // want !sliced:"Config.Params"
	}
	cache := make([]byte, n) // want !sliced:"Config.Params"
	for k, v := range c.Params {
		out[k] = v // want !sliced:"Config.Params"
	}
	return len(cache)
}

// sendParams: the whole map handed to code outside the program (sent as
// a request's headers) is data the call carries, and so is its length:
// neither the call's work nor a size is the map's.
func sendParams(c *Config, w io.Writer) int {
	p := c.Params                 // want sliced:"Config.Params"
	b, _ := json.Marshal(p)       // want !sliced:"Config.Params"
	w.Write(b)                    // want !sliced:"Config.Params"
	buf := make([]byte, len(p)+1) // want !sliced:"Config.Params"
	return len(buf)
}

// flags: a map of switches asked by name is no bag of text parameters:
// what its entry decides is its work.
func flags(c *Config, data []int) int {
	n := 0
	if c.Flags["double"] { // want sliced:"Config.Flags"
		for _, d := range data { // want sliced:"Config.Flags"
			n += 2 * d
		}
	}
	return n
}

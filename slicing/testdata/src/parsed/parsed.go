// Package parsed reads its settings from a format of its own: a parser
// switches on each entry's key and stores what it parses of the value
// into a field of the object the settings configure.
package parsed

import (
	"strconv"
	"strings"
	"time"
)

// Cache is the running object a block of the file configures.
type Cache struct {
	capacity int
	ttl      time.Duration
	prefetch bool
	name     string
	hits     int
	mode     int
	entries  map[string]string
}

// parse reads the cache's block: lines of "key value".
func parse(lines []string) (*Cache, error) {
	c := &Cache{capacity: 1024, ttl: time.Minute, entries: map[string]string{}}
	for _, line := range lines {
		key, value, _ := strings.Cut(line, " ")
		switch strings.ToLower(key) {
		case "capacity", "size":
			n, err := strconv.Atoi(value)
			if err != nil {
				return nil, err
			}
			c.capacity = n
		case "ttl":
			secs, err := strconv.Atoi(value)
			if err != nil {
				return nil, err
			}
			c.ttl = time.Duration(secs) * time.Second
		case "prefetch":
			b, err := strconv.ParseBool(value)
			if err != nil {
				return nil, err
			}
			c.prefetch = b
		case "name":
			c.name = value // a string kept as it is: not a knob
		case "reset":
			c.hits = 0 // the parser's own constant
		case "fast":
			c.mode = 2 // the parser's own constant
		}
	}
	return c, nil
}

// Setup parses the block and returns the cache it configures.
func Setup(lines []string) (*Cache, error) { return parse(lines) }

// Get looks k up, filling the cache.
func (c *Cache) Get(k string, now, added time.Time) (string, bool) {
	if now.Sub(added) > c.ttl { // want option:"Cache.ttl" !alias:"ttl" style:"struct" type:"time.Duration"
		delete(c.entries, k)
	}
	v, ok := c.entries[k]
	if !ok && c.prefetch { // want option:"Cache.prefetch" alias:"prefetch" type:"bool"
		c.hits += c.mode
	}
	for len(c.entries) > c.capacity { // want option:"Cache.capacity" alias:"capacity" alias:"size" type:"int"
		for key := range c.entries {
			delete(c.entries, key)
			break
		}
	}
	return v, ok && c.name != ""
}

// Options are settings a decoded map of values carries: each is asserted
// out of the value under its key.
type Options struct {
	MaxConns int `json:"max_conns"`
	Verbose  bool
	Shards   int
}

// apply reads the decoded map: its keys name the settings.
func apply(o *Options, m map[string]any) {
	for k, v := range m {
		switch k {
		case "max_conns", "max_connections":
			o.MaxConns = v.(int)
		case "verbose":
			o.Verbose = v.(bool)
		case "shards":
			n := o.Shards // want option:"Options.Shards"
			if s, ok := v.(string); ok && s != "" {
				n, _ = strconv.Atoi(s)
			}
			o.Shards = n
		}
	}
}

// Dial applies the settings and dials as many connections as they say.
func Dial(m map[string]any) int {
	var o Options
	apply(&o, m)
	n := 0
	for i := 0; i < o.MaxConns; i++ { // want option:"Options.MaxConns" alias:"max_conns" alias:"max_connections"
		n += i
	}
	if o.Verbose { // want option:"Options.Verbose" alias:"verbose"
		n++
	}
	n *= o.Shards // want option:"Options.Shards" alias:"shards"
	return n
}

// Info is a server's reply a client parses for its user: nothing here
// reads it.
type Info struct {
	Clients int
	Uptime  time.Duration
}

// ParseInfo parses a reply's lines.
func ParseInfo(lines []string) (*Info, error) {
	info := &Info{}
	for _, line := range lines {
		key, value, _ := strings.Cut(line, ":")
		switch key {
		case "clients":
			n, err := strconv.Atoi(value)
			if err != nil {
				return nil, err
			}
			info.Clients = n
		case "uptime":
			d, err := time.ParseDuration(value)
			if err != nil {
				return nil, err
			}
			info.Uptime = d
		}
	}
	return info, nil
}

// Pool is built from the block it parses: its size is read once the
// block is done, in the parser itself.
type Pool struct {
	size   int
	maxAge time.Duration
	idle   time.Duration
	strict bool
	slots  []int
}

func parsePool(lines []string) *Pool {
	p := &Pool{}
	for _, line := range lines {
		key, value, _ := strings.Cut(line, " ")
		switch key {
		case "pool_size":
			n, _ := strconv.Atoi(value)
			p.size = n
		case "ttl": // also the cache's key: it names neither
			d, _ := time.ParseDuration(value)
			p.maxAge = d
		case "idle":
			unit, num, _ := strings.Cut(value, ":")
			n, _ := strconv.Atoi(num)
			if unit == "ms" {
				p.idle = time.Duration(n) * time.Millisecond
			} else {
				p.idle = time.Duration(n) * time.Second
			}
		case "lenient":
			b, _ := strconv.ParseBool(value)
			p.strict = !b
		}
	}
	p.slots = make([]int, p.size) // want option:"Pool.size" alias:"pool_size"
	return p
}

// NewPool parses the pool's block.
func NewPool(lines []string) *Pool { return parsePool(lines) }

// Take waits as the pool's settings say.
func (p *Pool) Take(age, idle time.Duration) bool {
	if p.strict { // want option:"Pool.strict" alias:"lenient"
		return false
	}
	if age >= p.maxAge { // want option:"Pool.maxAge" !alias:"ttl"
		return false
	}
	return idle < p.idle // want option:"Pool.idle" alias:"idle" !alias:"ms"
}

// scanArgs are one command's arguments, parsed and used in place.
type scanArgs struct {
	count int
}

// ScanKeys answers a SCAN command with at most COUNT keys.
func ScanKeys(args []string, keys []string) []string {
	var opts scanArgs
	for i := 0; i+1 < len(args); i += 2 {
		switch strings.ToUpper(args[i]) {
		case "COUNT":
			n, _ := strconv.Atoi(args[i+1])
			opts.count = n
		}
	}
	if len(keys) > opts.count {
		keys = keys[:opts.count]
	}
	return keys
}

// Peer is what a peer says of itself; an address it leaves out is taken
// from where it was reached.
type Peer struct {
	Host string
	Port int
}

// Fill fills in what the peer left out.
func Fill(p *Peer, addr string) int {
	if p.Host == "" {
		var port string
		p.Host, port, _ = strings.Cut(addr, ":")
		p.Port, _ = strconv.Atoi(port)
	}
	return p.Port * 2
}

// Limits are "key=value" pairs, their keys in any case.
type Limits struct {
	workers int
	burst   int
}

func parseLimits(pairs []string) *Limits {
	l := &Limits{}
	for _, p := range pairs {
		k, v, _ := strings.Cut(p, "=")
		if strings.EqualFold(k, "workers") {
			l.workers, _ = strconv.Atoi(v)
		}
		if k != "burst" {
			continue
		}
		l.burst, _ = strconv.Atoi(v)
	}
	return l
}

// NewLimits parses the pairs.
func NewLimits(pairs []string) *Limits { return parseLimits(pairs) }

// Run does as much work as the limits allow.
func (l *Limits) Run() int {
	n := l.workers     // want option:"Limits.workers" alias:"workers"
	return n * l.burst // want option:"Limits.burst" alias:"burst"
}

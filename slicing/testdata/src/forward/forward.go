// Package forward holds one case per precision rule of the forward slice.
package forward

import (
	"context"
	"crypto/sha256"
	"fmt"
	"hash/crc32"
	"log"
	"os"
	"strconv"
	"time"
)

type Config struct {
	Path    string        `yaml:"path"`
	Count   string        `yaml:"count"`
	Handler func()        `yaml:"-"`
	Verbose *bool         `yaml:"verbose"`
	BufSize int           `yaml:"buf_size"`
	Rounds  int           `yaml:"rounds"`
	Sync    bool          `yaml:"sync"`
	Spin    int           `yaml:"spin"`
	Limit   int           `yaml:"limit"`
	Workers int           `yaml:"workers"`
	Backoff time.Duration `yaml:"backoff"`
	Logged  string        `yaml:"logged"`
	Topic   string        `yaml:"topic"`
	Mode    string        `yaml:"mode"`
	Peers   []string      `yaml:"peers"`
	Entries int           `yaml:"entries"`
	Version int           `yaml:"version"`
	Timeout time.Duration `yaml:"timeout"`
	Shards  int           `yaml:"shards"`
	Port    int           `yaml:"port"`
}

// Rule 1: an option that opens a handle affects the open, not the uses.
func openLog(c *Config, buf []byte) {
	f, err := os.OpenFile(c.Path, os.O_WRONLY, 0) // want sliced:"Config.Path" effect:"Config.Path:io"
	if err != nil {                               // want !sliced:"Config.Path"
		return
	}
	for i := 0; i < 100; i++ { // want !sliced:"Config.Path"
		f.Write(buf) // want !sliced:"Config.Path"
	}
	f.Close() // want !sliced:"Config.Path"
}

// Rule 2: a branch on an error or a nil comparison is no influence.
func parse(c *Config) int {
	n, err := strconv.Atoi(c.Count) // want sliced:"Config.Count"
	if err != nil {                 // want !sliced:"Config.Count"
		log.Println("bad count") // want !sliced:"Config.Count"
	}
	if c.Verbose != nil { // want sliced:"Config.Verbose"
		expensive() // want !sliced:"Config.Verbose"
	}
	return n * 2 // want sliced:"Config.Count"
}

func expensive() {
	for i := 0; i < 1000; i++ {
		fmt.Print(i)
	}
}

// Rule 3: an option reaching make marks size.
func alloc(c *Config) []byte {
	return make([]byte, c.BufSize) // want sliced:"Config.BufSize" effect:"Config.BufSize:size"
}

// Rule 4: an option bounding a loop marks trip; the body is in the slice.
func rounds(c *Config) int {
	s := 0
	for i := 0; i < c.Rounds; i++ { // want sliced:"Config.Rounds" effect:"Config.Rounds:trip"
		s += int(sha256.Sum256([]byte{byte(i)})[0]) // want sliced:"Config.Rounds"
	}
	return s
}

// Rule 5: a bool gating Sync marks io.
func write(c *Config, f *os.File, b []byte) error {
	if _, err := f.Write(b); err != nil { // want !sliced:"Config.Sync"
		return err
	}
	if c.Sync { // want sliced:"Config.Sync" effect:"Config.Sync:path"
		return f.Sync() // want sliced:"Config.Sync" effect:"Config.Sync:io"
	}
	return nil
}

// Rule 6: followed into a callee that loops on it, and back to this
// caller only.
func spin(n int) int {
	s := 0
	for i := 0; i < n; i++ { // want sliced:"Config.Spin" effect:"Config.Spin:trip"
		s += len(strconv.Itoa(i)) * int(crc32.ChecksumIEEE([]byte{byte(i)}))
	}
	return s
}

func useSpin(c *Config) int {
	r := spin(c.Spin) // want sliced:"Config.Spin"
	return r + 1      // want sliced:"Config.Spin"
}

func otherSpin() int {
	r := spin(3) // want !sliced:"Config.Spin"
	return r * 7 // want !sliced:"Config.Spin"
}

// Rule 7: stored into a field and read through it elsewhere.
type limiter struct {
	limit int
	other int
}

func newLimiter(c *Config) *limiter {
	return &limiter{limit: c.Limit, other: 5} // want sliced:"Config.Limit"
}

func (l *limiter) run() int {
	n := 0
	for i := 0; i < l.limit; i++ { // want sliced:"Config.Limit" effect:"Config.Limit:trip"
		n += int(sha256.Sum256([]byte{byte(i)})[1])
	}
	for i := 0; i < l.other; i++ { // want !sliced:"Config.Limit"
		n--
	}
	return n
}

// Rule 8: how many goroutines start marks conc; a sleep marks time.
func start(c *Config, work func()) {
	for i := 0; i < c.Workers; i++ { // want sliced:"Config.Workers" effect:"Config.Workers:trip"
		go work() // want sliced:"Config.Workers" effect:"Config.Workers:conc"
	}
	time.Sleep(c.Backoff) // want sliced:"Config.Backoff" effect:"Config.Backoff:time"
}

// Only logged: a small slice.
func logged(c *Config) {
	log.Printf("starting %s", c.Logged) // want sliced:"Config.Logged"
}

// Rule 9: a string is a choice where it is compared with a constant, and
// data (a name, a record) where it is concatenated, written, compared with
// "" or another name, or stored into a list; so is a list of strings.
func named(c *Config, f *os.File, names []string) int {
	topic := c.Topic
	f.WriteString("topic:" + topic) // want !sliced:"Config.Topic"
	if topic == "" {                // want !sliced:"Config.Topic"
		return 0
	}
	n := 0
	for _, name := range names {
		if name == topic { // want !sliced:"Config.Topic"
			n++
		}
	}
	for _, p := range c.Peers {
		f.WriteString(p) // want !sliced:"Config.Peers"
	}
	if c.Mode == "fast" { // want sliced:"Config.Mode"
		for i := 0; i < 100; i++ { // want sliced:"Config.Mode"
			n += i
		}
	}
	return n
}

// Rule 10: an option compared with a container's length bounds what it
// retains.
func remember(c *Config, cache map[int][]byte, k int) {
	if len(cache) >= c.Entries { // want sliced:"Config.Entries" effect:"Config.Entries:bound"
		for old := range cache {
			delete(cache, old)
			break
		}
	}
	cache[k] = make([]byte, 64)
}

// Rule 11: an option that picks how a number is read (a protocol version
// choosing the encoding of a length) does not decide the number: what is
// sized with it is not the option's.
func decode(c *Config, src []byte) []byte {
	var n int
	if c.Version >= 2 { // want sliced:"Config.Version"
		n = varint(src)
	} else {
		n = fixed(src)
	}
	return make([]byte, n) // want !sliced:"Config.Version" !effect:"Config.Version:size"
}

func varint(b []byte) int { v, _ := strconv.Atoi(string(b)); return v }
func fixed(b []byte) int  { return len(b) }

// Rule 12: a context an option's deadline is set on bounds how long the
// work may take, not what it does: the work given the context is not the
// option's, whether it gets the option's context or another.
func deadline(ctx context.Context, c *Config, buf []byte) int {
	if c.Timeout > 0 { // want sliced:"Config.Timeout"
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	return scan(ctx, buf) // want !sliced:"Config.Timeout"
}

func scan(ctx context.Context, buf []byte) int {
	n := 0
	for i := range buf {
		if ctx.Err() != nil { // want !sliced:"Config.Timeout"
			return n
		}
		n += int(buf[i]) // want !sliced:"Config.Timeout"
	}
	return n
}

// Rule 13: the counter of a loop the option bounds is not the option's
// value: the body runs as often as the option says (trip), but what the
// counter names (a shard's number) is not work the option sizes.
type shard struct{ id int }

var allShards []*shard

func shards(c *Config) {
	for i := 0; i < c.Shards; i++ { // want sliced:"Config.Shards" effect:"Config.Shards:trip"
		allShards = append(allShards, &shard{id: i})
	}
}

func (s *shard) name() string {
	return "shard-" + strconv.Itoa(s.id) // want !sliced:"Config.Shards"
}

// Rule 14: a number written as text (a port in an address, a label's
// value) is a name from then on: what is done with the text is not work
// the number sizes.
func address(c *Config, host string) [][]byte {
	b := append([]byte(host), ':')
	b = strconv.AppendInt(b, int64(c.Port), 10) // want sliced:"Config.Port"
	var labels [][]byte
	for i := 0; i < len(b); i++ { // want !sliced:"Config.Port"
		labels = append(labels, b[:i]) // want !sliced:"Config.Port"
	}
	return labels
}

// Run calls every case once, so that all run equally often.
func Run(c *Config, f *os.File, buf []byte, work func()) {
	openLog(c, buf)
	address(c, "localhost")
	parse(c)
	alloc(c)
	rounds(c)
	write(c, f, buf)
	useSpin(c)
	otherSpin()
	newLimiter(c).run()
	start(c, work)
	logged(c)
	named(c, f, nil)
	remember(c, nil, 0)
	decode(c, buf)
	deadline(context.Background(), c, buf)
	shards(c)
	received(c, make(chan spinner, 1))
	for _, s := range allShards {
		fmt.Println(s.name())
	}
}

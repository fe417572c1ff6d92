// Package shared stores option values in fields: one that every command's
// constructor fills with its own arguments (a request's), where the
// option's value is one command's at a time, one that a queue's put
// fills with whatever its callers pass, where the handshake option's
// value is one caller's at a time, and one that a constructor copies a
// setting into, where it always is.
package shared

import "strings"

type Config struct {
	Prefix  string `yaml:"prefix"`
	Workers int    `yaml:"workers"`
}

// SearchOptions is a per-call option the search command puts in its
// arguments.
type SearchOptions struct {
	Verbatim bool
}

// cmd is a command: every constructor below fills its args.
type cmd struct {
	args []string
}

func newGet(key string) *cmd        { return &cmd{args: []string{"GET", key}} }
func newSet(key, value string) *cmd { return &cmd{args: []string{"SET", key, value}} }
func newDel(keys ...string) *cmd    { return &cmd{args: append([]string{"DEL"}, keys...)} }
func newSearch(o *SearchOptions) *cmd {
	args := []string{"SEARCH"}
	if o.Verbatim {
		args = []string{"SEARCH", "VERBATIM"}
	}
	return &cmd{args: args}
}

// Client keeps its settings: its prefix is copied from the configuration
// by both constructors.
type Client struct {
	prefix  string
	workers int
	sent    []string
}

func New(c *Config) *Client     { return &Client{prefix: c.Prefix, workers: c.Workers} }
func NewPool(c *Config) *Client { return &Client{prefix: c.Prefix, workers: 2 * c.Workers} }

// write runs for every command: it reads the shared args, and the
// client's prefix.
func (cl *Client) write(c *cmd) {
	var b strings.Builder
	b.WriteString(cl.prefix)
	for _, a := range c.args {
		b.WriteString(a)
	}
	cl.sent = append(cl.sent, b.String())
}

// debug is off in every build: what runs under it never runs.
const debug = false

// count does some work for each of its callers; the workers setting
// reaches it only from under debug.
func count(n int) (s int) {
	for i := range n {
		s += i
	}
	return s
}

func (cl *Client) Get(k string) {
	if debug {
		count(cl.workers)
	}
	cl.write(newGet(k))
}

func (cl *Client) Set(k, v string) {
	count(len(v))
	cl.write(newSet(k, v))
}

func (cl *Client) Del(k string)            { cl.write(newDel(k)) }
func (cl *Client) Search(o *SearchOptions) { cl.write(newSearch(o)) }

// HelloOptions is the handshake a connection sends first.
type HelloOptions struct {
	Resp2 bool
}

// queue hands commands to the sender: put stores whatever its callers
// pass, the handshake's once and each operation's every time.
type queue struct{ pending []string }

func (q *queue) put(args []string) { q.pending = args }

// Conn sends what its queue holds.
type Conn struct {
	q    queue
	sent []string
}

func Dial(o *HelloOptions) *Conn {
	cn := &Conn{}
	args := []string{"HELLO", "3"}
	if o.Resp2 {
		args = []string{"HELLO", "2"}
	}
	cn.q.put(args)
	cn.send()
	return cn
}

func (cn *Conn) Get(k string)    { cn.q.put([]string{"GET", k}); cn.send() }
func (cn *Conn) Set(k, v string) { cn.q.put([]string{"SET", k, v}); cn.send() }
func (cn *Conn) Del(k string)    { cn.q.put([]string{"DEL", k}); cn.send() }

// send runs for every command and reads the queue.
func (cn *Conn) send() {
	for _, a := range cn.q.pending {
		cn.sent = append(cn.sent, a)
	}
}

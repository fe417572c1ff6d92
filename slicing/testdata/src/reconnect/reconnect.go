// Package reconnect is a client whose failed write reconnects, and
// reconnecting replays a statement through the same request path: exec
// → reconnect → Query → exec is a cycle of the call graph whose only
// call on the way to failing is exec's reconnect. exec is declared first
// and also called from Ping, so a walk of the cycle may start there.
package reconnect

import "errors"

// Config holds the client's settings.
type Config struct {
	Retries int `yaml:"retries"`
}

type conn struct{ broken bool }

func (c *conn) write(q string) error {
	if c.broken {
		return errors.New("broken pipe")
	}
	return nil
}

// Client runs statements on one connection.
type Client struct {
	cfg  Config
	conn *conn
}

func (c *Client) exec(q string) error {
	if err := c.conn.write(q); err != nil {
		c.reconnect()
		return err
	}
	return nil
}

// New returns a client.
func New(cfg Config) *Client { return &Client{cfg: cfg, conn: &conn{}} }

// Ping checks the connection.
func (c *Client) Ping() error { return c.exec("SELECT 1") }

// QueryAll runs each statement.
func (c *Client) QueryAll(qs []string) error {
	for _, q := range qs {
		if err := c.Query(q); err != nil {
			return err
		}
	}
	return nil
}

// Query runs a statement.
func (c *Client) Query(q string) error {
	for i := 0; i < c.cfg.Retries; i++ {
		if c.exec(q) == nil {
			return nil
		}
	}
	return errors.New("out of retries")
}

func (c *Client) reconnect() {
	c.conn = &conn{}
	c.Query("SET search_path")
}

// withRetry runs op until it succeeds, at most three times: Connect
// passes it a dial, FetchAll a fetch per key, and its op() call runs
// the one its caller passed.
func (c *Client) withRetry(op func() error) error {
	for i := 0; i < 3; i++ {
		if op() == nil {
			return nil
		}
	}
	return errors.New("out of retries")
}

// Connect dials, retrying.
func (c *Client) Connect() error {
	return c.withRetry(func() error { c.conn = &conn{}; return nil })
}

// FetchAll fetches each key, retrying each.
func (c *Client) FetchAll(keys []string) {
	for _, k := range keys {
		c.withRetry(func() error { return c.conn.write(k) })
	}
}

// FetchTyped fetches each key through a generic fetch, retrying each.
func (c *Client) FetchTyped(keys []string) {
	for range keys {
		c.withRetry(fetchAs[int])
	}
}

func fetchAs[T any]() error {
	var zero T
	_ = zero
	return nil
}

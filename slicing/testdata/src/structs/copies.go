package structs

import "time"

// PollerConfig is set by the user; newPoller copies its interval into an
// internal options struct, through its parameter: one setting.
type PollerConfig struct {
	Interval time.Duration
}

type pollOptions struct {
	Every time.Duration
	Limit int
}

func newPoller(every time.Duration, limit int) *pollOptions {
	return &pollOptions{Every: every, Limit: limit}
}

func startPoller(c *PollerConfig) *pollOptions {
	return newPoller(c.Interval, 10) // want option:"pollOptions.Every" alias:"PollerConfig.Interval"
}

func (p *pollOptions) run() {
	t := time.NewTicker(p.Every) // want option:"pollOptions.Every"
	defer t.Stop()
	<-t.C
}

// AcceptOptions and DialOptions are a server's and a client's settings;
// each copies its threshold into the connection both sides make: one
// setting, the server's name first.
type AcceptOptions struct {
	CompressThreshold int
}

type DialOptions struct {
	CompressThreshold int
}

// PartOptions' two sizes both go into the one part size an upload uses,
// but they are two settings of one struct, not one.
type PartOptions struct {
	MinPart int
	MaxPart int
}

type wsConn struct {
	threshold int
	partSize  int
}

func acceptWS(o *AcceptOptions) *wsConn {
	return &wsConn{threshold: o.CompressThreshold} // want option:"AcceptOptions.CompressThreshold"
}

func dialWS(o *DialOptions) *wsConn {
	return &wsConn{threshold: o.CompressThreshold} // want option:"AcceptOptions.CompressThreshold" alias:"DialOptions.CompressThreshold"
}

func (c *wsConn) compress(msg []byte) bool {
	return len(msg) >= c.threshold
}

func upload(c *wsConn, o *PartOptions, n int) {
	if n < o.MinPart { // want option:"PartOptions.MinPart"
		c.partSize = o.MinPart // want option:"PartOptions.MinPart"
	} else {
		c.partSize = o.MaxPart // want option:"PartOptions.MaxPart"
	}
}

// GatewayConfig's flag raises the transport's flag of the same name
// where it is off: one setting, read where either is.
type GatewayConfig struct {
	EnableFrames bool
}

// TransportConfig is the transport's own configuration.
type TransportConfig struct {
	EnableFrames bool
	Window       int
}

func dialTransport(g *GatewayConfig, t *TransportConfig) int {
	if g.EnableFrames { // want option:"TransportConfig.EnableFrames" alias:"GatewayConfig.EnableFrames"
		t.EnableFrames = true
	}
	if t.EnableFrames { // want option:"TransportConfig.EnableFrames"
		return t.Window // want option:"TransportConfig.Window"
	}
	return 0
}

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

package structs

import (
	"fmt"
	"strconv"
	"sync/atomic"
	"time"
)

// Span is parsed from text (1d12h) and printed back, as a flag's value
// is: one setting kept as its parts, not a group of settings.
type Span struct {
	Days, Hours int
}

func (s Span) String() string { return fmt.Sprintf("%dd%dh", s.Days, s.Hours) }

func (s *Span) Set(text string) error {
	_, err := fmt.Sscanf(text, "%dd%dh", &s.Days, &s.Hours)
	return err
}

// RetentionConfig keeps what is younger than Keep.
type RetentionConfig struct {
	Keep Span
}

func expired(c *RetentionConfig, age time.Duration) bool {
	keep := time.Duration(c.Keep.Days)*24*time.Hour + time.Duration(c.Keep.Hours)*time.Hour // want option:"RetentionConfig.Keep"
	return age > keep
}

// Threshold is decoded from text by configuration decoders
// (encoding.TextUnmarshaler) and read atomically: its one field is
// unexported, so as a group it would hold no option at all.
type Threshold struct {
	n *atomic.Int64
}

func (t *Threshold) UnmarshalText(text []byte) error {
	n, err := strconv.ParseInt(string(text), 10, 64)
	t.n = new(atomic.Int64)
	t.n.Store(n)
	return err
}

func (t Threshold) Enabled(v int64) bool { return v >= t.n.Load() }

// SamplerConfig lets through what reaches Min.
type SamplerConfig struct {
	Min Threshold
}

func sampled(c *SamplerConfig, vs []int64) (n int) {
	for _, v := range vs {
		if c.Min.Enabled(v) { // want option:"SamplerConfig.Min"
			n++
		}
	}
	return n
}

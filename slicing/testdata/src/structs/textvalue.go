package structs

import (
	"fmt"
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

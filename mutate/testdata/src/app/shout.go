package app

import (
	"strings"
	"unicode"
)

// Shouter upper-cases text when Loud. strings.Map calls its method value
// back, where the call graph does not go: its sites are reached where
// the value is made.
type Shouter struct {
	Loud bool `yaml:"loud"`
}

func (s *Shouter) mapRune(r rune) rune {
	if s.Loud {
		return unicode.ToUpper(r)
	}
	return r
}

// Say maps text through s.mapRune.
func (s *Shouter) Say(text string) string { return strings.Map(s.mapRune, text) }

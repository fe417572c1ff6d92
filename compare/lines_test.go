package compare

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestDiffLines: inserted and replaced lines are the head's; a pure
// deletion is the line before it; re-indented lines match.
func TestDiffLines(t *testing.T) {
	t.Parallel()
	split := func(s string) [][]byte {
		var out [][]byte
		for _, l := range strings.Split(s, "|") {
			out = append(out, bytes.TrimSpace([]byte(l)))
		}
		return out
	}
	for _, tc := range []struct {
		a, b            string
		inserted, after []int
	}{
		{"f{|a|b|}", "f{|a|b|}", nil, nil},
		{"f{|a|b|}", "f{|  a|\tb|}", nil, nil},
		{"f{|a|b|}", "f{|a|x|b|}", []int{2}, nil},
		{"f{|a|b|c|}", "f{|a|c|}", nil, []int{1}},
		{"f{|a|b|c|}", "f{|a|x|c|}", []int{2}, nil},
		{"f{|a|b|c|}", "f{|x|c|}", []int{1}, nil},
		{"f{|a|b|c|d|}", "f{|b|d|}", nil, []int{0, 1}},
	} {
		inserted, after := diffLines(split(tc.a), split(tc.b))
		if !slices.Equal(inserted, tc.inserted) || !slices.Equal(after, tc.after) {
			t.Errorf("diffLines(%q, %q) = %v, %v; want %v, %v", tc.a, tc.b, inserted, after, tc.inserted, tc.after)
		}
	}
}

func TestShorter(t *testing.T) {
	for _, c := range []struct {
		in       string
		f        float64
		want     string
		fraction float64
		ok       bool
	}{
		{"200ms", 0.25, "50ms", 0.25, true},
		{"1s", 0.1234, "123ms", 0.123, true},
		{"200ms", 0.01, "10ms", 0.05, true}, // no shorter than 10ms
		{"10ms", 0.5, "10ms", 1, false},
		{"200ms", 1, "200ms", 1, false},
		{"1000x", 0.25, "250x", 0.25, true},
		{"3x", 0.1, "1x", 1.0 / 3, true},
		{"1x", 0.5, "1x", 1, false},
		{"often", 0.5, "often", 1, false},
	} {
		got, fraction, ok := shorter(c.in, c.f)
		if got != c.want || math.Abs(fraction-c.fraction) > 1e-9 || ok != c.ok {
			t.Errorf("shorter(%q, %g) = %q, %g, %v; want %q, %g, %v", c.in, c.f, got, fraction, ok, c.want, c.fraction, c.ok)
		}
	}
}

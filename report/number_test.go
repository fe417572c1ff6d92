package report

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestNumbers pins the one number format of the tables.
func TestNumbers(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{num(0), "0"},
		{num(0.25), "0.25"},
		{num(0.0004), "<0.001"},
		{num(0.00123), "0.00123"},
		{num(12.34), "12.3"},
		{num(956), "956"},
		{num(999.6), "1k"},
		{num(1234), "1.23k"},
		{num(45_678_000), "45.7M"},
		{num(2.5e9), "2.5G"},
		{num(-1234), "-1.23k"},
		{num(math.NaN()), "-"},
		{count(int64(30000)), "30k"},
		{nanos(999), "999ns"},
		{nanos(1000), "1µs"},
		{nanos(1_234_567), "1.23ms"},
		{nanos(2.5e9), "2.5s"},
		{nanos(math.Inf(1)), "-"},
		{bytesString(0), "0B"},
		{bytesString(1500), "1.46KiB"},
		{bytesString(3 << 20), "3MiB"},
		{share(0.96), "96.0%"},
		{share(1), "100.0%"},
		{change(0.299), "+29.9%"},
		{change(-0.01), "-1.0%"},
		{pValue(0.0004), "<0.001"},
		{pValue(0.2961), "0.296"},
		{plural(1, "suspect"), "1 suspect"},
		{plural(2, "suspect"), "2 suspects"},
		{plural(int64(1500), "call"), "1.5k calls"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// TestExplainSites checks that the text and markdown of -explain list
// the first -lines read sites and count the rest, and the JSON all.
func TestExplainSites(t *testing.T) {
	var sites []Site
	for i := range 12 {
		sites = append(sites, Site{Pos: fmt.Sprintf("a.go:%d:2", i+1), Func: "example.com/a.F", short: "a.F"})
	}
	v := Explain{Ranked: 3, Option: RankOption{Name: "Config.N", Influence: []string{"trip"}, Sites: sites}, sites: 4}
	for _, tc := range []struct {
		f          Format
		last, more string
	}{
		{Text, "  a.go:4:2 in a.F\n", "(8 other read sites: -lines shows more, -json all)"},
		{Markdown, "`a.go:4:2` in `a.F`\n", "(8 other read sites: `-lines` shows more, `-json` all)"},
	} {
		var b strings.Builder
		if err := Write(&b, v, tc.f); err != nil {
			t.Fatal(err)
		}
		if got := b.String(); !strings.Contains(got, tc.last) || strings.Contains(got, "a.go:5:2") || !strings.Contains(got, tc.more) {
			t.Errorf("%s: want the first 4 sites and %q:\n%s", tc.f, tc.more, got)
		}
	}
	var b strings.Builder
	if err := Write(&b, v, JSON); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "a.go:12:2") {
		t.Errorf("the JSON lacks the 12th site:\n%s", b.String())
	}
}

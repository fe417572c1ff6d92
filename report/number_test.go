package report

import (
	"math"
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

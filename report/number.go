package report

import (
	"fmt"
	"math"
	"strconv"
)

// The one number format of the text and Markdown tables (JSON keeps the
// numbers, rounded to six significant digits):
//   - counts, weighted costs, scores and trip counts: at most three
//     significant digits, with k, M, G, T, P, E for thousands, millions…
//     (0, 0.25, 12.3, 956, 1.23k, 45.7M), and <0.001 for a positive
//     value below 0.001;
//   - times: at most three significant digits in ns, µs, ms or s (1.23ms);
//   - bytes: at most three significant digits in B, KiB, MiB, GiB or TiB
//     (1.5KiB);
//   - shares: a percentage with one decimal (45.3%); changes are signed
//     (+12.3%);
//   - p-values: three decimals, <0.001 below that.
//
// NumberLegend says so under the tables.
const NumberLegend = "Numbers: at most 3 significant digits; k, M, G: thousands, millions, billions; shares in % with one decimal"

// roundSig rounds x ≥ 0 to three significant digits.
func roundSig(x float64) float64 {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	d := math.Pow(10, 2-math.Floor(math.Log10(x)))
	return math.Round(x*d) / d
}

// scaled formats x ≥ 0 with three significant digits in the first unit
// under which it is below step, or in the last unit.
func scaled(x, step float64, units []string) string {
	i := 0
	for r := roundSig(x); r >= step && i < len(units)-1; r = roundSig(x) {
		x /= step
		i++
	}
	return strconv.FormatFloat(roundSig(x), 'f', -1, 64) + units[i]
}

func signed(x float64, f func(float64) string) string {
	switch {
	case math.IsNaN(x):
		return "-"
	case x < 0:
		return "-" + f(-x)
	}
	return f(x)
}

// num formats a count, a weighted cost or a score.
func num(x float64) string {
	return signed(x, func(x float64) string {
		if x > 0 && x < 0.001 {
			return "<0.001"
		}
		return scaled(x, 1000, []string{"", "k", "M", "G", "T", "P", "E"})
	})
}

// count formats a number of things.
func count[T int | int64](n T) string { return num(float64(n)) }

// nanos formats a time in nanoseconds.
func nanos(ns float64) string {
	if math.IsInf(ns, 0) {
		return "-"
	}
	return signed(ns, func(x float64) string {
		return scaled(x, 1000, []string{"ns", "µs", "ms", "s"})
	})
}

// bytesString formats a number of bytes.
func bytesString(n int64) string {
	return signed(float64(n), func(x float64) string {
		return scaled(x, 1024, []string{"B", "KiB", "MiB", "GiB", "TiB"})
	})
}

// share formats a fraction of a whole as a percentage.
func share(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

// change formats a relative change, 0.123 as +12.3%.
func change(x float64) string {
	return fmt.Sprintf("%+.1f%%", 100*x)
}

func pValue(p float64) string {
	if p < 0.001 {
		return "<0.001"
	}
	return fmt.Sprintf("%.3f", p)
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// measureJSON is the part of confhunt rank -measure -json the evaluation
// reads.
type measureJSON struct {
	Options []struct {
		Name     string   `json:"name"`
		Aliases  []string `json:"aliases"`
		Rank     int      `json:"rank"`
		Suspect  bool     `json:"suspect"`
		Settings []struct {
			Value     string   `json:"value"`
			Failed    string   `json:"failed"`
			Benchmark string   `json:"benchmark"`
			Slowdown  *float64 `json:"slowdown"`
			P         float64  `json:"p"`
			Slower    bool     `json:"slower"`
		} `json:"settings"`
	} `json:"options"`
}

// measuredOption is one option rank -measure measured: its static rank,
// whether truth.yaml names it a culprit, and its setting that slowed the
// benchmarks most (the largest significant slowdown, or else the least
// p).
type measuredOption struct {
	name             string
	rank             int
	culprit, slower  bool
	value, bench     string
	slowdown, p      float64
	slowdownIsKnown  bool
	failed, settings int
	measuredPosition int // in the measured order, from 1
	staticPosition   int // in the static order among the measured, from 1
}

// measuredRanking runs rank -measure over the top percent of a target's
// options with its benchmarks and returns its Markdown section: each
// measured option with its static rank and measured slowdown, and how
// well each order puts the culprits first.
func measuredRanking(ctx context.Context, bin, dir string, t Truth, top float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s\n\n", t.Program)
	if len(t.Bench) == 0 {
		b.WriteString("no benchmarks in truth.yaml\n\n")
		return b.String()
	}
	fmt.Fprintf(os.Stderr, "eval: %s: rank -measure\n", t.Program)
	args := append([]string{"rank", "-json", "-measure", "-top", strconv.FormatFloat(top, 'g', -1, 64)}, t.Patterns...)
	start := time.Now()
	stdout, stderr, err := run(ctx, dir, bin, append(append(args, "--"), t.Bench...)...)
	if err != nil {
		fmt.Fprintf(&b, "rank -measure failed: %v\n\n```\n%s\n```\n\n", err, lastLines(stderr, 10))
		return b.String()
	}
	wall := time.Since(start)
	var rj measureJSON
	if err := json.Unmarshal(stdout, &rj); err != nil {
		fmt.Fprintf(&b, "rank -measure -json: %v\n\n", err)
		return b.String()
	}
	culprit := make(map[string]bool)
	for _, c := range t.Culprits {
		culprit[c.Option] = true
	}
	var ms []*measuredOption
	for _, o := range rj.Options {
		if !o.Suspect {
			continue
		}
		m := &measuredOption{name: o.Name, rank: o.Rank, culprit: culprit[o.Name] || slices.ContainsFunc(o.Aliases, func(a string) bool { return culprit[a] })}
		best := -1
		for i, s := range o.Settings {
			m.settings++
			if s.Failed != "" {
				m.failed++
				continue
			}
			if best < 0 || better(s.Slower, s.P, deref(s.Slowdown), o.Settings[best].Slower, o.Settings[best].P, deref(o.Settings[best].Slowdown)) {
				best = i
			}
		}
		if best >= 0 {
			s := o.Settings[best]
			m.slower, m.value, m.bench, m.p = s.Slower, s.Value, s.Benchmark, s.P
			m.slowdown, m.slowdownIsKnown = deref(s.Slowdown), s.Slowdown != nil
		}
		ms = append(ms, m)
	}
	// The measured order: significant slowdowns, largest first, then the
	// rest by p; an option without a measured value last. Ties keep the
	// static order.
	order := slices.Clone(ms)
	slices.SortStableFunc(order, func(a, b *measuredOption) int {
		ka, kb := measuredKey(a), measuredKey(b)
		for i := range ka {
			if ka[i] != kb[i] {
				if ka[i] < kb[i] {
					return -1
				}
				return 1
			}
		}
		return 0
	})
	for i, m := range order {
		m.measuredPosition = i + 1
	}
	for i, m := range ms {
		m.staticPosition = i + 1
	}
	culprits, slowerCulprits, others, slowerOthers := 0, 0, 0, 0
	for _, m := range ms {
		if m.culprit {
			culprits++
			if m.slower {
				slowerCulprits++
			}
		} else {
			others++
			if m.slower {
				slowerOthers++
			}
		}
	}
	fmt.Fprintf(&b, "- `confhunt rank -json -measure -top %g %s -- %s`: %d options measured (the top %g%%), %d culprits among them; %s\n",
		top, strings.Join(t.Patterns, " "), strings.Join(t.Bench, " "), len(ms), top, culprits, wall.Round(time.Second))
	fmt.Fprintf(&b, "- measured slower (one-sided U test, 0.05 divided among the benchmarks, halved when there is a second look): culprits %d/%d, other options %d/%d\n", slowerCulprits, culprits, slowerOthers, others)
	fmt.Fprintf(&b, "- culprit ordered above another option (pairs): static order %s, measured order %s\n\n",
		pairs(ms, func(m *measuredOption) int { return m.staticPosition }), pairs(ms, func(m *measuredOption) int { return m.measuredPosition }))
	b.WriteString("| option | culprit | static rank | measured position | the value that slowed most | benchmark | slowdown | p |\n|---|---|---|---|---|---|---|---|\n")
	for _, m := range ms {
		value, slow, p := "none measured", "-", "-"
		if m.value != "" {
			value = "`" + strings.TrimPrefix(m.value, m.name+" ") + "`"
			if m.slowdownIsKnown {
				slow = fmt.Sprintf("%+.1f%%", 100*m.slowdown)
			}
			if !m.slower {
				slow = "~ " + slow
			}
			p = strconv.FormatFloat(m.p, 'g', 2, 64)
		}
		if m.failed > 0 {
			value += fmt.Sprintf(" (%d of %d values failed)", m.failed, m.settings)
		}
		fmt.Fprintf(&b, "| %s | %v | %d | %d | %s | %s | %s | %s |\n", m.name, yes(m.culprit), m.rank, m.measuredPosition, value, shortBench(m.bench), slow, p)
	}
	b.WriteString("\n")
	return b.String()
}

func better(slower bool, p, ratio float64, bSlower bool, bp, bRatio float64) bool {
	if slower != bSlower {
		return slower
	}
	if slower {
		return ratio > bRatio
	}
	return p < bp
}

// measuredKey orders measured options: significant slowdowns first, the
// largest first, then the rest by p, those never measured last.
func measuredKey(m *measuredOption) [3]float64 {
	switch {
	case m.slower:
		return [3]float64{0, -m.slowdown, 0}
	case m.value != "":
		return [3]float64{1, m.p, 0}
	}
	return [3]float64{2, 0, 0}
}

// pairs is the share of (culprit, other option) pairs in which position
// puts the culprit first, as "k/n (x%)"; "-" without such a pair.
func pairs(ms []*measuredOption, position func(*measuredOption) int) string {
	k, n := 0, 0
	for _, c := range ms {
		if !c.culprit {
			continue
		}
		for _, o := range ms {
			if o.culprit {
				continue
			}
			n++
			if position(c) < position(o) {
				k++
			}
		}
	}
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d (%.0f%%)", k, n, 100*float64(k)/float64(n))
}

func deref(x *float64) float64 {
	if x == nil {
		return 0
	}
	return *x
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return ""
}

// shortBench is a benchmark by its package's last element:
// example.com/x/internal/wal.Append/sync=false is wal.Append/sync=false.
// The package ends at the first dot after its first slash.
func shortBench(name string) string {
	slash := strings.IndexByte(name, '/')
	if slash < 0 {
		return cmpOr(name, "-")
	}
	dot := strings.IndexByte(name[slash:], '.')
	if dot < 0 {
		return name
	}
	pkg := name[:slash+dot]
	return pkg[strings.LastIndexByte(pkg, '/')+1:] + name[slash+dot:]
}

// measuredOnly writes only the measured-ranking section, for the targets
// named in only.
func measuredOnly(ctx context.Context, bin, only, out string, top float64) error {
	data, err := sections(only, measureHeader, func(t target) string { return measuredRanking(ctx, bin, t.dir, t.truth, top) })
	if err != nil {
		return err
	}
	return emit(ctx, data, out)
}

const measureHeader = "## Measured ranking (confhunt rank -measure)\n\n" +
	"Per target: the top options of the static ranking, each set to its slow values (its config-value mutants, " +
	"values chosen from the code, never from truth.yaml, each set at all the option's read sites) and run with the " +
	"target's benchmarks, interleaved with the code as it is, 5 runs each and 10 for a second look at the values leaning slower. *measured position* orders the measured " +
	"options by their slowest value's slowdown (significant ones first, largest first, then by p). The pairs line says " +
	"how often each order puts a culprit of truth.yaml above an option that is not one.\n\n"

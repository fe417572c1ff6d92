package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	yaml "go.yaml.in/yaml/v3"
)

// benchJSON is one benchmark's comparison of a mutant with the base.
type benchJSON struct {
	Name      string  `json:"name"`
	Unit      string  `json:"unit"`
	Ratio     float64 `json:"ratio"`
	Hi        float64 `json:"ratio_hi"`
	P         float64 `json:"p"`
	Slower    bool    `json:"slower"`
	Predicted float64 `json:"predicted"`
	Basis     string  `json:"prediction"`
	MDE       float64 `json:"mde"`
}

// survivorReason says why a mutant that survived did, in the words of
// the survivors-by-reason line: the benchmark that says most decides,
// one that measured the mutant faster, then one predicted above what it
// resolves, then one predicted below it, then one whose calibration run
// never executed the site.
func survivorReason(benches []benchJSON) string {
	why, rank := "reached, no prediction", 0
	for _, bch := range benches {
		w, r := "", 0
		switch {
		case bch.Hi > 0 && bch.Hi < 1 && (bch.Unit == "" || bch.Unit == "ns/op"):
			w, r = "reached, measured faster", 4
		case bch.Basis == "not run":
			w, r = "reached in the call graph, never executed by its benchmarks' calibration runs", 1
		case bch.Basis != "" && bch.Predicted < 0:
			w, r = "reached, predicted a speed-up (its loops shortened)", 2
		case bch.Basis != "" && bch.Predicted < bch.MDE:
			w, r = "reached, predicted below the benchmark's minimum detectable effect", 2
		case bch.Basis != "":
			w, r = "reached, predicted above it, not detected", 3
		}
		if r > rank {
			why, rank = w, r
		}
	}
	return why
}

// mutantJSON is one mutant of confhunt mutate -json.
type mutantJSON struct {
	ID          string      `json:"id"`
	Operator    string      `json:"operator"`
	Option      string      `json:"option"`
	Status      string      `json:"status"`
	Reason      string      `json:"reason"`
	Replacement string      `json:"replacement"`
	Benches     []benchJSON `json:"benches"`
	Timings     struct {
		Build       float64 `json:"build_s"`
		Equivalence float64 `json:"equivalence_s"`
		Measure     float64 `json:"measure_s"`
	} `json:"timings"`
}

// mutateJSON is the part of confhunt mutate -json the evaluation reads.
type mutateJSON struct {
	Module    string       `json:"module"`
	Generated int          `json:"generated"`
	Selected  int          `json:"selected"`
	Mutants   []mutantJSON `json:"mutants"`
	Score     struct {
		Overall struct {
			Killed, Survived, Unreached, Timeout int
			NotViable                            int     `json:"not_viable"`
			NotEquivalent                        int     `json:"not_equivalent"`
			Score                                float64 `json:"score"`
		} `json:"overall"`
	} `json:"score"`
}

var generateRE = regexp.MustCompile(`confhunt: generate +([0-9.]+)s`)

// mutation runs confhunt mutate on a target: every mutant generated
// (-dry-run, for the count and the time to generate them), a seeded
// sample of n run in full, and for each culprit the config-value
// mutants of its option. It returns the target's Markdown section.
func mutation(ctx context.Context, bin, chromium, dir string, t Truth, n int, seed uint64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s\n\n", t.Program)
	fmt.Fprintf(os.Stderr, "eval: %s: mutate -dry-run\n", t.Program)
	stdout, stderr, err := run(ctx, dir, bin, append([]string{"mutate", "-dry-run", "-json", "-v"}, t.Patterns...)...)
	if err != nil {
		fmt.Fprintf(&b, "mutate -dry-run failed: %v\n\n```\n%s\n```\n\n", err, lastLines(stderr, 10))
		return b.String()
	}
	var all mutateJSON
	if err := json.Unmarshal(stdout, &all); err != nil {
		fmt.Fprintf(&b, "mutate -dry-run: %v\n\n", err)
		return b.String()
	}
	gen := "?"
	if m := generateRE.FindSubmatch(stderr); m != nil {
		switch secs, err := strconv.ParseFloat(string(m[1]), 64); {
		case err != nil:
		case secs > 0:
			gen = fmt.Sprintf("%.3g s (%.0f mutants/s; `go test -bench Generate ./mutate` measures the rate without the -v timer's rounding)", secs, float64(all.Generated)/secs)
		default: // below the -v timer's resolution
			gen = fmt.Sprintf("under 0.01 s (over %d mutants/s; `go test -bench Generate ./mutate` measures the rate)", all.Generated*100)
		}
	}
	byOp := map[string]int{}
	for _, m := range all.Mutants {
		byOp[m.Operator]++
	}
	var ops []string
	for _, op := range slices.Sorted(maps.Keys(byOp)) {
		ops = append(ops, fmt.Sprintf("%s %d", op, byOp[op]))
	}
	fmt.Fprintf(&b, "- mutants generated at the suspects' sites: %d (%s); time to generate them once the slices exist: %s\n", all.Generated, strings.Join(ops, ", "), gen)

	fmt.Fprintf(os.Stderr, "eval: %s: mutate -sample %d\n", t.Program, n)
	start := time.Now()
	args := append([]string{"mutate", "-json", "-sample", strconv.Itoa(n), "-seed", strconv.FormatUint(seed, 10)}, t.Patterns...)
	stdout, stderr, err = run(ctx, dir, bin, args...)
	if err != nil {
		fmt.Fprintf(&b, "- mutate -sample %d failed: %v\n\n```\n%s\n```\n\n", n, err, lastLines(stderr, 10))
		return b.String()
	}
	wall := time.Since(start)
	var rep mutateJSON
	if err := json.Unmarshal(stdout, &rep); err != nil {
		fmt.Fprintf(&b, "- mutate -sample: %v\n\n", err)
		return b.String()
	}
	o := rep.Score.Overall
	viable := len(rep.Mutants) - o.NotViable
	fmt.Fprintf(&b, "- sample of %d (seed %d), run in %v: valid (compiles) %d/%d = %.0f%% (SlowCoach: 76.6%%); not equivalent %d, timed out %d\n",
		len(rep.Mutants), seed, wall.Round(time.Second), viable, len(rep.Mutants), percent(viable, len(rep.Mutants)), o.NotEquivalent, o.Timeout)
	var build, equiv, meas []float64
	for _, m := range rep.Mutants {
		build = append(build, m.Timings.Build)
		if m.Status != "not-viable" {
			equiv = append(equiv, m.Timings.Equivalence)
		}
		if len(m.Benches) > 0 {
			meas = append(meas, m.Timings.Measure)
		}
	}
	fmt.Fprintf(&b, "- time per mutant, median: build %.1f s, equivalence %.1f s, measurement %.1f s (over the %d measured)\n",
		median(build), median(equiv), median(meas), len(meas))
	if chromium != "" {
		png, _ := filepath.Abs(filepath.Join("benchmarks", "mutate-"+t.Program+".png"))
		counts := map[string]int{"killed": o.Killed, "survived": o.Survived, "unreached": o.Unreached, "timeout": o.Timeout,
			"not-viable": o.NotViable, "not-equivalent": o.NotEquivalent}
		b.WriteString(htmlCheck(ctx, bin, chromium, dir, stdout, counts, png))
	}
	counted := o.Killed + o.Survived + o.Unreached
	fmt.Fprintf(&b, "- mutation score: %d killed of %d counted = %.0f%% (survived %d, never reached by a benchmark %d)\n",
		o.Killed, counted, percent(o.Killed, counted), o.Survived, o.Unreached)
	var pred, meas2 []float64
	var ratios []float64
	for _, m := range rep.Mutants {
		for _, bch := range m.Benches {
			if m.Status == "killed" && bch.Slower && bch.Predicted > 0 && bch.Ratio > 1 {
				pred = append(pred, bch.Predicted)
				meas2 = append(meas2, bch.Ratio-1)
				ratios = append(ratios, (bch.Ratio-1)/bch.Predicted)
			}
		}
	}
	if len(pred) >= 3 {
		fmt.Fprintf(&b, "- calibration, killed mutants with a predicted slowdown (%d benchmark results): Spearman correlation of measured and predicted slowdown %.2f, median measured/predicted %.2f\n",
			len(pred), spearman(pred, meas2), median(ratios))
	} else {
		fmt.Fprintf(&b, "- calibration: %d killed benchmark results with a predicted slowdown (too few for a correlation)\n", len(pred))
	}
	reasons := map[string]int{}
	for _, m := range rep.Mutants {
		switch m.Status {
		case "unreached":
			reasons["never reached by any benchmark"]++
		case "survived":
			reasons[survivorReason(m.Benches)]++
		}
	}
	var rs []string
	for _, k := range slices.Sorted(maps.Keys(reasons)) {
		rs = append(rs, fmt.Sprintf("%s %d", k, reasons[k]))
	}
	fmt.Fprintf(&b, "- survivors by reason: %s\n", cmpOr(strings.Join(rs, "; "), "none"))

	// Sanity against the truth: a config-value mutant of each culprit's
	// option, chosen from the code alone, killed by the benchmarks.
	fmt.Fprintf(&b, "\n| culprit | bad value (truth) | config-value mutants: statuses | killed | the value mutant shown | its verdict |\n| --- | --- | --- | --- | --- | --- |\n")
	for _, c := range t.Culprits {
		fmt.Fprintf(os.Stderr, "eval: %s: mutate -option %s\n", t.Program, c.Option)
		args := append([]string{"mutate", "-json", "-operators", "value", "-option", c.Option}, t.Patterns...)
		stdout, stderr, err := run(ctx, dir, bin, args...)
		if err != nil {
			fmt.Fprintf(&b, "| %s | %s | error: %s | | | |\n", c.Option, c.Bad, strings.ReplaceAll(string(lastLines(stderr, 1)), "\n", " "))
			continue
		}
		var cr mutateJSON
		if err := json.Unmarshal(stdout, &cr); err != nil {
			fmt.Fprintf(&b, "| %s | %s | error: %v | | | |\n", c.Option, c.Bad, err)
			continue
		}
		b.WriteString(culpritRow(c.Option, c.Bad, cr) + "\n")
	}
	b.WriteString("\n")
	return b.String()
}

// culpritRow is a culprit's row of the sanity table: the statuses of its
// option's config-value mutants, and the one that shows most: the killed
// mutant with the largest slowdown, else the measured one closest to
// being killed, and the one measured fastest, if any was.
func culpritRow(option, bad string, cr mutateJSON) string {
	byStatus := map[string]int{}
	killed, best, bestP := 0, -1, math.Inf(1)
	for i, m := range cr.Mutants {
		byStatus[m.Status]++
		for _, bch := range m.Benches {
			p := bch.P
			if m.Status == "killed" {
				p = -bch.Ratio // a killed mutant before any other, the largest slowdown first
			}
			if p < bestP {
				best, bestP = i, p
			}
		}
		if m.Status == "killed" {
			killed++
		}
	}
	var sts []string
	for _, st := range slices.Sorted(maps.Keys(byStatus)) {
		sts = append(sts, fmt.Sprintf("%s %d", st, byStatus[st]))
	}
	shown, verdict := "none measured", ""
	if best >= 0 {
		m := cr.Mutants[best]
		shown = fmt.Sprintf("`%s` → `%s`", m.ID, m.Replacement)
		verdict = m.Status
		for _, bch := range m.Benches {
			if bch.Slower || m.Status != "killed" && bch.P == bestP {
				verdict += fmt.Sprintf(": %s %s %+.0f%% (p=%.2g)", strings.TrimPrefix(bch.Name, cr.Module+"/"), cmpOr(bch.Unit, "ns/op"), 100*(bch.Ratio-1), bch.P)
				break
			}
		}
	}
	if killed == 0 {
		// None killed: say so when a value the code calls slow measured
		// faster (the benchmarks disagree with the code, or the truth).
		fastest, by := 1.0, ""
		for _, m := range cr.Mutants {
			for _, bch := range m.Benches {
				if bch.Hi > 0 && bch.Hi < 1 && (bch.Unit == "" || bch.Unit == "ns/op") && bch.Ratio < fastest {
					fastest, by = bch.Ratio, fmt.Sprintf("`%s` measured faster: %s %s %+.0f%%", m.ID, strings.TrimPrefix(bch.Name, cr.Module+"/"), cmpOr(bch.Unit, "ns/op"), 100*(bch.Ratio-1))
				}
			}
		}
		if by != "" {
			verdict += "; " + by
		}
	}
	return fmt.Sprintf("| %s | %s | %s | %d | %s | %s |", option, bad, strings.Join(sts, ", "), killed, shown, verdict)
}

func percent(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// spearman is the rank correlation of x and y.
func spearman(x, y []float64) float64 {
	rx, ry := ranks(x), ranks(y)
	mx, my := mean(rx), mean(ry)
	var sxy, sxx, syy float64
	for i := range rx {
		sxy += (rx[i] - mx) * (ry[i] - my)
		sxx += (rx[i] - mx) * (rx[i] - mx)
		syy += (ry[i] - my) * (ry[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

func ranks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return xs[idx[a]] < xs[idx[b]] })
	r := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && xs[idx[j+1]] == xs[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// mutationOnly writes the mutation section of the targets named in only
// (all when empty) to out.
func mutationOnly(ctx context.Context, bin, chromium, only, out string, n int, seed uint64) error {
	data, err := sections(only, mutateHeader, func(t target) string { return mutation(ctx, bin, chromium, t.dir, t.truth, n, seed) })
	if err != nil {
		return err
	}
	return emit(ctx, data, out)
}

// sections is header and section's Markdown for each target named in
// only (all when empty).
func sections(only, header string, section func(target) string) ([]byte, error) {
	ts, err := targets(only)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(header)
	for _, t := range ts {
		b.WriteString(section(t))
	}
	return b.Bytes(), nil
}

// emit prints data and writes it to file, unless file is "" or the
// evaluation was interrupted: a report of runs cut short must not replace
// the last whole one.
func emit(ctx context.Context, data []byte, file string) error {
	if ctx.Err() != nil {
		if file == "" {
			return errors.New("interrupted")
		}
		return fmt.Errorf("interrupted: %s left as it was", file)
	}
	os.Stdout.Write(data)
	if file == "" {
		return nil
	}
	return os.WriteFile(file, data, 0o644)
}

const mutateHeader = "## Performance mutation testing (confhunt mutate)\n\n" +
	"Per target: the mutants made at the suspects' sites, a seeded sample run in full (build, equivalence by the " +
	"tests reaching each site, interleaved measurement by the benchmarks reaching it), and for every culprit of " +
	"truth.yaml the config-value mutants of its option (values chosen from the code, never from truth.yaml).\n\n"

type target struct {
	dir   string
	truth Truth
}

// targets reads benchmarks/*/truth.yaml, keeping the targets whose
// directory is named in only (comma-separated; all when empty).
func targets(only string) ([]target, error) {
	files, _ := filepath.Glob(filepath.Join("benchmarks", "*", "truth.yaml"))
	sort.Strings(files)
	var out []target
	for _, f := range files {
		dir := filepath.Dir(f)
		if only != "" && !slices.Contains(strings.Split(only, ","), filepath.Base(dir)) {
			continue
		}
		t, err := readTruth(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		out = append(out, target{dir, t})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no target among benchmarks/*/truth.yaml matches %q: run from the repository root", only)
	}
	return out, nil
}

// readTruth reads a target's truth.yaml, rejecting unknown fields.
func readTruth(name string) (Truth, error) {
	var t Truth
	data, err := os.ReadFile(name)
	if err != nil {
		return t, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	return t, dec.Decode(&t)
}

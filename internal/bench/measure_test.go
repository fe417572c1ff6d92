package bench

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// fake is a variant whose runs print one benchmark line each, with the
// next of its ns/op values (cycling), and that logs every call.
type fake struct {
	name string
	ns   []float64
	wall time.Duration
	log  *[]string
	n    int
}

func (f *fake) variant() Variant {
	return Variant{Name: f.name, Run: func(ctx context.Context) ([]byte, time.Duration, error) {
		*f.log = append(*f.log, f.name)
		if f.ns == nil {
			return []byte("no benchmark lines\n"), f.wall, nil
		}
		v := f.ns[f.n%len(f.ns)]
		f.n++
		return fmt.Appendf(nil, "BenchmarkX-2  100  %g ns/op  8 B/op\nPASS\n", v), f.wall, nil
	}}
}

func TestMeasureOrder(t *testing.T) {
	var log, progress []string
	a := &fake{name: "A", ns: []float64{100}, log: &log}
	b := &fake{name: "B", ns: []float64{110}, log: &log}
	c := &fake{name: "C", ns: []float64{120}, log: &log}
	p := Protocol{Runs: 2, MaxRuns: 4, Width: 0.05, Progress: func(run int, v string) {
		progress = append(progress, fmt.Sprint(run, v))
	}}
	runs, err := Measure(context.Background(), []Variant{a.variant(), b.variant(), c.variant()}, p)
	if err != nil {
		t.Fatal(err)
	}
	// Warm-up, then 4 rounds: constant values have a zero-width interval
	// but fewer than 6 runs have none at 95%, so the budget ends it.
	if got, want := strings.Join(log, ""), "ABC"+"ABC"+"CBA"+"ABC"+"CBA"; got != want {
		t.Errorf("order %s, want %s", got, want)
	}
	if got := strings.Join(progress[:6], " "); got != "0A 0B 0C 1A 1B 1C" {
		t.Errorf("progress %s", got)
	}
	if len(runs) != 3 || len(runs[0]) != 4 || len(runs[2]) != 4 {
		t.Fatalf("runs per variant: %d %d", len(runs), len(runs[0]))
	}
	keys := TimeKeys(runs...)
	if len(keys) != 1 || keys[0] != (Key{Name: "X-2", Unit: "ns/op"}) {
		t.Fatalf("time keys %v", keys)
	}
	if got := runs[1].Time(keys); len(got) != 4 || !near(got[0], 110) || !near(got[3], 110) {
		t.Errorf("B times %v", got)
	}
	if got := runs[0].Merge()[Key{Name: "X-2", Unit: "B/op"}]; !slices.Equal(got, []float64{8, 8, 8, 8}) {
		t.Errorf("A B/op %v", got)
	}
}

func TestMeasureStops(t *testing.T) {
	var log []string
	steady := []Variant{(&fake{name: "A", ns: []float64{100, 101}, log: &log}).variant(), (&fake{name: "B", ns: []float64{200, 201}, log: &log}).variant()}
	runs, err := Measure(context.Background(), steady, Protocol{Runs: 3, MaxRuns: 20, Width: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	// 6 runs is the least with a 95% interval of the median.
	if len(runs[0]) != 6 {
		t.Errorf("steady variants ran %d times, want 6", len(runs[0]))
	}
	noisy := []Variant{(&fake{name: "A", ns: []float64{100, 150, 90, 170}, log: &log}).variant(), (&fake{name: "B", ns: []float64{200}, log: &log}).variant()}
	runs, err = Measure(context.Background(), noisy, Protocol{Runs: 3, MaxRuns: 9, Width: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if len(runs[0]) != 9 || len(runs[1]) != 9 {
		t.Errorf("noisy variant ran %d times, want the budget, 9", len(runs[0]))
	}
}

func TestMeasureWall(t *testing.T) {
	var log []string
	vs := []Variant{(&fake{name: "A", wall: time.Second, log: &log}).variant(), (&fake{name: "B", wall: 2 * time.Second, log: &log}).variant()}
	runs, err := Measure(context.Background(), vs, Protocol{Runs: 6, Width: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	keys := TimeKeys(runs...)
	if keys != nil {
		t.Errorf("time keys %v, want none", keys)
	}
	c := Compare(runs[0].Time(keys), runs[1].Time(keys), Criteria{})
	if !near(c.Ratio, 2) || c.Verdict != Slower || c.A.Median != 1e9 {
		t.Errorf("wall 1 s against 2 s: ratio %g, %v, median A %g ns", c.Ratio, c.Verdict, c.A.Median)
	}
	// One variant printing benchmarks and the other not: wall time it is.
	vs[0] = (&fake{name: "A", ns: []float64{5}, log: &log}).variant()
	runs, err = Measure(context.Background(), vs, Protocol{Runs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if keys := TimeKeys(runs...); keys != nil {
		t.Errorf("time keys %v when B printed none", keys)
	}
}

func TestMeasureErrors(t *testing.T) {
	broken := errors.New("exit status 1")
	calls := 0
	vs := []Variant{
		{Name: "none", Run: func(context.Context) ([]byte, time.Duration, error) { calls++; return nil, 1, nil }},
		{Name: "selective", Run: func(context.Context) ([]byte, time.Duration, error) { calls++; return nil, 0, broken }},
	}
	_, err := Measure(context.Background(), vs, Protocol{Runs: 3})
	if !errors.Is(err, broken) || err.Error() != "selective run: exit status 1" || calls != 2 {
		t.Errorf("failing variant: %v after %d calls, want selective run: exit status 1 after the 2 warm-up calls", err, calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	vs[1].Run = func(context.Context) ([]byte, time.Duration, error) { cancel(); return nil, 0, broken }
	if _, err := Measure(ctx, vs, Protocol{Runs: 3}); !errors.Is(err, context.Canceled) {
		t.Errorf("interrupted: %v, want context.Canceled", err)
	}
	if _, err := Measure(ctx, vs, Protocol{}); err == nil || !strings.Contains(err.Error(), "0 runs") {
		t.Errorf("0 runs: %v", err)
	}
}

// TestMeasureEnough checks that Enough, not the interval's width, ends
// the measurement once the least rounds are done.
func TestMeasureEnough(t *testing.T) {
	var log []string
	vs := []Variant{(&fake{name: "A", ns: []float64{100, 150, 90, 170}, log: &log}).variant(), (&fake{name: "B", ns: []float64{200}, log: &log}).variant()}
	var seen []int
	enough := func(runs []Runs) bool {
		seen = append(seen, len(runs[0]))
		return len(runs[0]) >= 4
	}
	runs, err := Measure(context.Background(), vs, Protocol{Runs: 2, MaxRuns: 9, Width: 0.05, Enough: enough})
	if err != nil {
		t.Fatal(err)
	}
	if len(runs[0]) != 4 || !slices.Equal(seen, []int{2, 3, 4}) {
		t.Errorf("ran %d rounds, Enough asked after %v; want 4 rounds, asked after 2, 3, 4", len(runs[0]), seen)
	}
}

func TestMeasureBudget(t *testing.T) {
	var log []string
	noisy := func() []Variant {
		return []Variant{
			(&fake{name: "A", ns: []float64{100, 150, 90, 170}, wall: time.Second, log: &log}).variant(),
			(&fake{name: "B", ns: []float64{200, 120}, wall: time.Second, log: &log}).variant(),
		}
	}
	// A round of both takes 2 s and the warm-ups 2 s: after 3 rounds
	// 8 s are spent and a fourth would end at 10 s, past the 9 s budget,
	// although Runs asks for 6.
	p := Protocol{Runs: 6, MaxRuns: 12, Width: 0.05, Budget: 9 * time.Second}
	runs, err := Measure(context.Background(), noisy(), p)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs[0]) != 3 || len(runs[1]) != 3 {
		t.Errorf("ran %d and %d rounds within the budget, want 3", len(runs[0]), len(runs[1]))
	}
	if p.Done(runs) {
		t.Error("Done: the budget cut runs whose intervals are wide")
	}
	// A budget smaller than the warm-ups still gives one round.
	p.Budget = time.Second
	if runs, err = Measure(context.Background(), noisy(), p); err != nil {
		t.Fatal(err)
	}
	if len(runs[0]) != 1 {
		t.Errorf("ran %d rounds past the budget, want 1", len(runs[0]))
	}
	// Without a budget the same variants run MaxRuns rounds.
	p.Budget = 0
	if runs, err = Measure(context.Background(), noisy(), p); err != nil {
		t.Fatal(err)
	}
	if len(runs[0]) != 12 {
		t.Errorf("ran %d rounds without a budget, want 12", len(runs[0]))
	}
	// A budget with room to spare does not change when steady runs stop.
	steady := []Variant{(&fake{name: "A", ns: []float64{100, 101}, wall: time.Second, log: &log}).variant(), (&fake{name: "B", ns: []float64{200, 201}, wall: time.Second, log: &log}).variant()}
	p.Budget = time.Hour
	if runs, err = Measure(context.Background(), steady, p); err != nil {
		t.Fatal(err)
	}
	if len(runs[0]) != 6 || !p.Done(runs) {
		t.Errorf("steady variants ran %d rounds (done %v), want 6 and done", len(runs[0]), p.Done(runs))
	}
}

func TestMeasureShorten(t *testing.T) {
	var log []string
	vs := []Variant{(&fake{name: "A", ns: []float64{100, 101}, wall: time.Second, log: &log}).variant(), (&fake{name: "B", ns: []float64{200, 201}, wall: time.Second, log: &log}).variant()}
	// The warm-ups take 2 s: 6 rounds at that pace would take 12 s, and
	// 3 s of the 5 s budget are left, a quarter.
	var got []float64
	var round time.Duration
	p := Protocol{Runs: 6, MaxRuns: 6, Budget: 5 * time.Second, Shorten: func(f float64, r time.Duration) { got, round = append(got, f), r }}
	if _, err := Measure(context.Background(), vs, p); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !near(got[0], 0.25) || round != 2*time.Second {
		t.Errorf("Shorten called with %v and a round of %v, want once with 0.25 and 2s", got, round)
	}
	// With room for the rounds it is not called.
	got = nil
	p.Budget = time.Minute
	if _, err := Measure(context.Background(), vs, p); err != nil {
		t.Fatal(err)
	}
	if len(got) != 0 {
		t.Errorf("Shorten called with %v within the budget", got)
	}
}

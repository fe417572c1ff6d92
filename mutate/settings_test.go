package mutate_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/confhunt/confhunt/internal/overlay"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/mutate"
)

// TestSettings checks that Settings keeps, of each option's config-value
// mutants, one per slow value: the one that sets it at every read site,
// never a one-site mutant of a value read at several sites, and every
// value some mutant sets.
func TestSettings(t *testing.T) {
	l := loadApp(t)
	got := mutate.Settings(l.mutants)
	if len(got) == 0 {
		t.Fatal("no settings")
	}
	kept := make(map[*mutate.Mutant]bool)
	values := make(map[string]int) // option and value → settings
	for _, m := range got {
		if m.Operator != mutate.Value {
			t.Errorf("%s: operator %s in the settings", m.ID, m.Operator)
		}
		kept[m] = true
		v, _, _ := strings.Cut(m.Description, " at all its ")
		values[m.Option+" "+v]++
	}
	for k, n := range values {
		if n > 1 {
			t.Errorf("%s: %d settings, want 1", k, n)
		}
	}
	var every *mutate.Mutant
	for _, m := range l.mutants {
		if m.Operator != mutate.Value {
			continue
		}
		if strings.HasSuffix(m.Description, ", as its default") {
			if kept[m] {
				t.Errorf("%s: a default's mutant among the settings, which set the option where it is read", m.ID)
			}
			continue
		}
		if _, ok := values[m.Option+" "+m.Description]; !ok && !strings.Contains(m.Description, " at all its ") {
			t.Errorf("%s: no setting of %s", m.ID, m.Description)
		}
		if m.Option == "Flusher.Every" && m.Replacement == "1000" && !strings.Contains(m.Description, " at all its ") && kept[m] {
			t.Errorf("%s: a mutant of one of Flusher.Every's 3 read sites kept", m.ID)
		}
		if m.Option == "Flusher.Every" && m.Replacement == "1000" && strings.HasSuffix(m.Description, " at all its 3 read sites") {
			every = m
		}
	}
	if every == nil || !kept[every] {
		t.Error("Flusher.Every = 1000 at all its 3 read sites is not a setting")
	}
	// A value read as an int at one site and as its int64 copy at another
	// is one setting of all three (newWindow, Over, Sum).
	var window []string
	for _, m := range got {
		if strings.Contains(m.Option, "ize") {
			window = append(window, m.ID+": "+m.Description)
		}
	}
	if len(window) == 0 {
		t.Fatal("no setting of WindowConfig.Size")
	}
	for _, d := range window {
		if !strings.Contains(d, " at all its 3 read sites") {
			t.Errorf("%s: want WindowConfig.Size's int and int64 read sites set together", d)
		}
	}
}

// fakeWorkload runs each prepared build by its kind, in the order
// Prepare is called: first the base, then the settings.
type fakeWorkload struct {
	kinds    []string // after the base: slower, build, fails, same, unreached, nobench
	prepared []*fakePrepared
	limit    time.Duration
	benches  int // more benchmarks each run prints, C0, C1, …
}

type fakePrepared struct {
	kind    string
	benches int
	dir     string // the overlay's, which must outlive the runs
	runs    int
	closed  bool
}

func (w *fakeWorkload) Prepare(ctx context.Context, ov *overlay.Overlay) (mutate.Prepared, error) {
	kind := "base"
	if n := len(w.prepared); n > 0 {
		kind = w.kinds[n-1]
	}
	if (ov == nil) != (kind == "base") {
		return nil, fmt.Errorf("%s prepared with overlay %v", kind, ov)
	}
	p := &fakePrepared{kind: kind, benches: w.benches}
	if ov != nil {
		p.dir = ov.Dir
	}
	w.prepared = append(w.prepared, p)
	switch kind {
	case "build":
		return nil, fmt.Errorf("%w: building the tests of example.com/app: app.go:3:1: undefined: x", runner.ErrBuild)
	case "unreached":
		return nil, fmt.Errorf("%w (no test binary differs)", mutate.ErrUnreached)
	}
	return p, nil
}

func (w *fakeWorkload) Limit(d time.Duration) { w.limit = d }

func (p *fakePrepared) Run(ctx context.Context) ([]byte, time.Duration, error) {
	if p.dir != "" {
		if _, err := os.Stat(p.dir); err != nil {
			return nil, 0, fmt.Errorf("%s run: the overlay is gone: %v", p.kind, err)
		}
	}
	p.runs++
	if p.kind == "fails" {
		return nil, 0, fmt.Errorf("%w (the tests of example.com/app: exit status 1)", runner.ErrWorkload)
	}
	if p.kind == "nobench" {
		return []byte("PASS\n"), time.Millisecond, nil
	}
	a, b := 1000+p.runs%3, 500+p.runs%2 // ns/op, varying a little
	switch p.kind {
	case "slower":
		b *= 2
	case "leaning":
		b++ // by less than the noise of five runs can tell
	}
	out := fmt.Sprintf("pkg: example.com/app\nBenchmarkA-2 \t 100 \t %d ns/op\nBenchmarkB-2 \t 100 \t %d ns/op\n", a, b)
	for i := range p.benches {
		out += fmt.Sprintf("BenchmarkC%d-2 \t 100 \t %d ns/op\n", i, 2000+p.runs%3)
	}
	return []byte(out), time.Millisecond, nil
}

func (p *fakePrepared) Close() error {
	p.closed = true
	return nil
}

// TestMeasureSettings checks MeasureSettings through a fake workload:
// a setting that doubles one benchmark's time is slower on that
// benchmark at α divided between the two, one that does not build and
// one with which the workload fails are not run further, nor one that
// changes nothing the workload runs, one that changes nothing measurable
// is not slower, and one whose changed programs print no benchmark is
// not compared on their wall time; every build is closed, and each
// overlay lives until the runs end and is removed after.
func TestMeasureSettings(t *testing.T) {
	l := loadApp(t)
	ms := mutate.Settings(l.mutants)[:6]
	w := &fakeWorkload{kinds: []string{"slower", "build", "fails", "same", "unreached", "nobench"}}
	ss, err := mutate.MeasureSettings(context.Background(), w, ms, mutate.Protocol{Runs: 5, Alpha: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if len(ss) != 6 {
		t.Fatalf("%d slowdowns, want 6", len(ss))
	}
	for i, s := range ss {
		if s.Mutant != ms[i] {
			t.Errorf("slowdown %d is %s's, want %s's", i, s.Mutant.ID, ms[i].ID)
		}
	}
	slower := ss[0]
	if !slower.Slower() || slower.Failed != "" || !strings.HasPrefix(slower.Key.Name, "B-") || slower.Level != 0.025 || slower.Keys != 2 {
		t.Errorf("slower: slower %v, failed %q, benchmark %s, level %g, keys %d; want slower on B at 0.025 of 2",
			slower.Slower(), slower.Failed, slower.Key.Name, slower.Level, slower.Keys)
	}
	if r := slower.C.Ratio; math.Abs(r-2) > 0.01 {
		t.Errorf("slower: ratio %g, want 2", r)
	}
	if f := ss[1].Failed; !strings.HasPrefix(f, "does not build: ") || !strings.Contains(f, "undefined: x") || ss[1].Slower() {
		t.Errorf("build: failed %q, want does not build, naming the error", f)
	}
	if f := ss[2].Failed; !strings.Contains(f, "the workload failed") || ss[2].Slower() {
		t.Errorf("fails: failed %q, want the workload failed", f)
	}
	if ss[3].Failed != "" || ss[3].Slower() {
		t.Errorf("same: failed %q, slower %v; want measured, not slower", ss[3].Failed, ss[3].Slower())
	}
	if f := ss[4].Failed; !strings.HasPrefix(f, "not run: ") || ss[4].Slower() {
		t.Errorf("unreached: failed %q, want not run", f)
	}
	if f := ss[5].Failed; !strings.Contains(f, "runs no benchmark") || ss[5].Slower() {
		t.Errorf("nobench: failed %q, want not measured: no benchmark (its wall time is not comparable)", f)
	}
	if w.limit != time.Minute {
		t.Errorf("limit %v, want a minute (10 × a 1 ms check run, at least a minute)", w.limit)
	}
	for _, p := range w.prepared {
		if p.kind == "build" || p.kind == "unreached" {
			continue
		}
		want := 1 + 5 // the check and the rounds
		if p.kind == "fails" {
			want = 1
		}
		if p.runs != want || !p.closed {
			t.Errorf("%s: %d runs, closed %v; want %d runs, closed", p.kind, p.runs, p.closed, want)
		}
		if p.dir != "" {
			if _, err := os.Stat(p.dir); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s: overlay %s left behind (%v)", p.kind, p.dir, err)
			}
		}
	}
}

// TestMeasureSettingsRounds: with 22 benchmarks, 0.05 divided among them
// is below what five runs a side can reach (1/252), so every variant
// runs six rounds (1/924), and a doubled benchmark is found slower.
func TestMeasureSettingsRounds(t *testing.T) {
	l := loadApp(t)
	ms := mutate.Settings(l.mutants)[:1]
	w := &fakeWorkload{kinds: []string{"slower"}, benches: 20}
	ss, err := mutate.MeasureSettings(context.Background(), w, ms, mutate.Protocol{Runs: 5})
	if err != nil {
		t.Fatal(err)
	}
	if s := ss[0]; !s.Slower() || s.Keys != 22 || math.Abs(s.Level-0.05/22) > 1e-12 {
		t.Errorf("slower %v over %d benchmarks at %g; want slower over 22 at %g", s.Slower(), s.Keys, s.Level, 0.05/22)
	}
	for _, p := range w.prepared {
		if p.runs != 1+6 {
			t.Errorf("%s: %d runs, want the check and 6 rounds", p.kind, p.runs)
		}
	}
}

// TestMeasureSettingsSecondLook: with MaxRuns 10, a setting slower by
// one ns in 500 is undecided after five rounds but leans slower, so it
// runs on with the base to ten, and is found slower at half of alpha
// divided between the two benchmarks; one that changes nothing and one
// slower by half were decided at the first look and run five rounds.
func TestMeasureSettingsSecondLook(t *testing.T) {
	l := loadApp(t)
	ms := mutate.Settings(l.mutants)[:3]
	w := &fakeWorkload{kinds: []string{"leaning", "same", "slower"}}
	ss, err := mutate.MeasureSettings(context.Background(), w, ms, mutate.Protocol{Runs: 5, MaxRuns: 10})
	if err != nil {
		t.Fatal(err)
	}
	if s := ss[0]; !s.Slower() || math.Abs(s.Level-0.05/2/2) > 1e-12 || s.C.A.N != 10 || s.C.B.N != 10 {
		t.Errorf("leaning: slower %v at %g on %d and %d runs; want slower at %g on 10 and 10", s.Slower(), s.Level, s.C.A.N, s.C.B.N, 0.05/2/2)
	}
	if s := ss[1]; s.Slower() || s.C.B.N != 5 {
		t.Errorf("same: slower %v on %d runs; want not slower on 5", s.Slower(), s.C.B.N)
	}
	if s := ss[2]; !s.Slower() || s.C.B.N != 5 {
		t.Errorf("slower: slower %v on %d runs; want slower on 5", s.Slower(), s.C.B.N)
	}
	want := map[string]int{"base": 1 + 10, "leaning": 1 + 10, "same": 1 + 5, "slower": 1 + 5}
	for _, p := range w.prepared {
		if p.runs != want[p.kind] {
			t.Errorf("%s: %d runs, want %d", p.kind, p.runs, want[p.kind])
		}
	}
}

// cancelling is a workload whose run of the kind given cancels the
// measurement, as Ctrl-C does.
type cancelling struct {
	fakeWorkload
	cancel func()
	at     string
}

func (w *cancelling) Prepare(ctx context.Context, ov *overlay.Overlay) (mutate.Prepared, error) {
	p, err := w.fakeWorkload.Prepare(ctx, ov)
	if err != nil {
		return nil, err
	}
	return cancelRun{p.(*fakePrepared), w}, nil
}

type cancelRun struct {
	*fakePrepared
	w *cancelling
}

func (c cancelRun) Run(ctx context.Context) ([]byte, time.Duration, error) {
	if c.kind == c.w.at && c.runs == 2 { // the first round, after the check
		c.w.cancel()
		return nil, 0, ctx.Err()
	}
	return c.fakePrepared.Run(ctx)
}

// TestMeasureSettingsInterrupt: cancelled in the middle of the rounds,
// MeasureSettings returns the context's error, having closed every build
// and removed every overlay.
func TestMeasureSettingsInterrupt(t *testing.T) {
	l := loadApp(t)
	ms := mutate.Settings(l.mutants)[:2]
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelling{fakeWorkload: fakeWorkload{kinds: []string{"same", "slower"}}, cancel: cancel, at: "slower"}
	if _, err := mutate.MeasureSettings(ctx, w, ms, mutate.Protocol{Runs: 5}); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if len(w.prepared) != 3 {
		t.Fatalf("%d builds, want the base and two settings", len(w.prepared))
	}
	for _, p := range w.prepared {
		if !p.closed {
			t.Errorf("%s: not closed", p.kind)
		}
		if p.dir != "" {
			if _, err := os.Stat(p.dir); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s: overlay %s left behind (%v)", p.kind, p.dir, err)
			}
		}
	}
}

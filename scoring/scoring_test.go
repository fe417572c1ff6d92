package scoring_test

import (
	"context"
	"go/types"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// setupPkg is one testdata package of slicing's, loaded and analysed
// with the default settings.
type setupPkg struct {
	prog *slicing.Program
	a    *slicing.Analysis
	opts []*slicing.Option
	s    *configs.Settings
}

// setupOnce loads each package once per test binary (six tests read the
// cfg case); the tests only read it.
var setupOnce = testutil.OncePer(func(pkg string) (setupPkg, error) {
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		return setupPkg{}, err
	}
	prog, err := slicing.Load(context.Background(), slicing.Config{
		Dir:      filepath.Join("..", "slicing", "testdata", "src"),
		Patterns: []string{"./" + pkg},
	})
	if err != nil {
		return setupPkg{}, err
	}
	opts, err := slicing.Discover(context.Background(), prog, s.Sources)
	if err != nil {
		return setupPkg{}, err
	}
	return setupPkg{prog, slicing.NewAnalysis(prog, slicing.CallGraph(prog), s), opts, s}, nil
})

// setup loads and analyses one testdata package of slicing's, once for
// all the tests.
func setup(t *testing.T, pkg string) (*slicing.Program, *slicing.Analysis, []*slicing.Option, *configs.Settings) {
	t.Helper()
	l := setupOnce(t, pkg)
	return l.prog, l.a, l.opts, l.s
}

func member(prog *slicing.Program, name string) *ssa.Function {
	for pkg := range prog.Scanned {
		if fn, ok := pkg.Members[name].(*ssa.Function); ok {
			return fn
		}
	}
	return nil
}

// serverMethod returns the method of *server named name.
func serverMethod(prog *slicing.Program, name string) *ssa.Function {
	return method(prog, "server", name)
}

// method returns the method of *typ named name.
func method(prog *slicing.Program, typ, name string) *ssa.Function {
	for pkg := range prog.Scanned {
		if t, ok := pkg.Members[typ].(*ssa.Type); ok {
			return prog.SSA.LookupMethod(types.NewPointer(t.Type()), pkg.Pkg, name)
		}
	}
	return nil
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9*max(1, math.Abs(b)) }

// TestEstimate checks static frequencies: a loop body runs LoopTrips times
// per entry, a nested one LoopTrips², a branch Branch, an error check
// ErrorBranch.
func TestEstimate(t *testing.T) {
	prog, a, _, s := setup(t, "cfg")
	est := s.Estimates
	n := member(prog, "nested")
	f := scoring.Estimate(a, n, est)
	var bodies []float64
	for _, b := range n.Blocks {
		if b.Comment == "for.body" {
			bodies = append(bodies, f.Block[b.Index])
		}
	}
	if len(bodies) != 2 || !near(bodies[0], est.LoopTrips) || !near(bodies[1], est.LoopTrips*est.LoopTrips) {
		t.Errorf("nested loop bodies run %v times, want [%g %g]", bodies, est.LoopTrips, est.LoopTrips*est.LoopTrips)
	}
	for _, lt := range scoring.Trips(a, n, f) {
		if !near(lt.Trips, est.LoopTrips) || lt.Measured {
			t.Errorf("loop at block %d: %g trips (measured %v), want %g estimated", lt.Loop.Header.Index, lt.Trips, lt.Measured, est.LoopTrips)
		}
	}
	d := member(prog, "diamond")
	f = scoring.Estimate(a, d, est)
	for _, b := range d.Blocks {
		want := map[string]float64{"if.then": est.Branch, "if.else": 1 - est.Branch, "if.done": 1}[b.Comment]
		if want != 0 && !near(f.Block[b.Index], want) {
			t.Errorf("diamond %s runs %g times, want %g", b.Comment, f.Block[b.Index], want)
		}
	}
	// A retry loop that returns on success runs about once.
	r := member(prog, "retry")
	f = scoring.Estimate(a, r, est)
	for _, b := range r.Blocks {
		if b.Comment == "for.body" && (f.Block[b.Index] > 1.5 || f.Block[b.Index] < 0.9) {
			t.Errorf("retry loop body runs %g times per entry, want about 1, not %g", f.Block[b.Index], est.LoopTrips)
		}
	}
	// A goroutine's service loop runs Operations times per start, however
	// likely its body is to leave; the same shapes elsewhere do not, nor
	// a loop that waits for nothing but a ticker and the end (periodic
	// work, Ticks turns, as often as its timer fires), whatever the type of the
	// channel that ends it, when nothing sends on that channel.
	for fn, want := range map[*ssa.Function]float64{
		serverMethod(prog, "serve"):     est.Operations,
		serverMethod(prog, "flush"):     est.Operations,
		serverMethod(prog, "tick"):      est.Ticks,
		serverMethod(prog, "tickQuit"):  est.Ticks,
		serverMethod(prog, "tickWake"):  est.Operations,
		serverMethod(prog, "tickReply"): est.Operations,
		member(prog, "drain"):           est.LoopTrips,
		member(prog, "start"):           est.LoopTrips,
	} {
		trips := scoring.Trips(a, fn, scoring.Estimate(a, fn, est))
		if len(trips) != 1 || !near(trips[0].Trips, want) {
			t.Errorf("%s: loop trips %+v, want one loop of %g", fn, trips, want)
		}
	}
	// A service loop inside another serves the same requests: it runs
	// once per turn of the outer one, not Operations times more.
	batch := serverMethod(prog, "batch")
	var turns []float64
	for _, lt := range scoring.Trips(a, batch, scoring.Estimate(a, batch, est)) {
		turns = append(turns, lt.Trips)
	}
	slices.Sort(turns)
	if len(turns) != 2 || !near(turns[0], 1) || !near(turns[1], est.Operations) {
		t.Errorf("batch: loop trips %v, want [1 %g]", turns, est.Operations)
	}
	c := member(prog, "check")
	f = scoring.Estimate(a, c, est)
	if then := f.Block[c.Blocks[0].Succs[0].Index]; !near(then, est.ErrorBranch) {
		t.Errorf("err != nil branch runs %g times, want %g", then, est.ErrorBranch)
	}
	// The side of a branch on a false constant never runs, nor its loop.
	tr := member(prog, "traced")
	f = scoring.Estimate(a, tr, est)
	for _, b := range tr.Blocks {
		if strings.HasPrefix(b.Comment, "if.then") || strings.HasPrefix(b.Comment, "range") {
			if f.Block[b.Index] != 0 {
				t.Errorf("traced: %s under if false runs %g times, want 0", b.Comment, f.Block[b.Index])
			}
		}
		if b.Comment == "if.done" && !near(f.Block[b.Index], 1) {
			t.Errorf("traced: %s runs %g times, want 1", b.Comment, f.Block[b.Index])
		}
	}
}

// fakeCounts measures the entry block of one function only.
type fakeCounts struct {
	fn *ssa.Function
	f  counts.Frequencies
}

func (c fakeCounts) Frequencies(fn *ssa.Function) (counts.Frequencies, bool) { return c.f, fn == c.fn }
func (c fakeCounts) Calls(fn *ssa.Function) (int64, bool)                    { return 1, fn == c.fn }

// TestFrequencies: measured blocks keep their counts, the others take
// Estimate's, the counts are left as they were, and a function without
// counts is estimated whole.
func TestFrequencies(t *testing.T) {
	prog, a, _, s := setup(t, "cfg")
	est := s.Estimates
	d := member(prog, "diamond")
	n := len(d.Blocks)
	measured := counts.Frequencies{Block: make([]float64, n), Measured: make([]bool, n)}
	measured.Block[0], measured.Measured[0] = 1, true
	for _, b := range d.Blocks {
		if b.Comment == "if.then" {
			measured.Block[b.Index], measured.Measured[b.Index] = 0.9, true
		}
	}
	c := fakeCounts{d, measured}
	e := scoring.Estimate(a, d, est)
	f := scoring.Frequencies(a, d, est, c)
	for i := range d.Blocks {
		want := e.Block[i]
		if measured.Measured[i] {
			want = measured.Block[i]
		}
		if f.Block[i] != want || f.Measured[i] != measured.Measured[i] {
			t.Errorf("block %d: %g (measured %v), want %g (%v)", i, f.Block[i], f.Measured[i], want, measured.Measured[i])
		}
		if !measured.Measured[i] && measured.Block[i] != 0 {
			t.Errorf("block %d: the counts were changed to %g", i, measured.Block[i])
		}
	}
	other := member(prog, "nested")
	if got, want := scoring.Frequencies(a, other, est, c), scoring.Estimate(a, other, est); !slices.Equal(got.Block, want.Block) {
		t.Errorf("a function without counts: %v, want the estimate %v", got.Block, want.Block)
	}
	if got := scoring.Frequencies(a, d, est, nil); !slices.Equal(got.Block, e.Block) {
		t.Errorf("no counts: %v, want the estimate %v", got.Block, e.Block)
	}
}

// TestCallShare checks that a dynamic call's executions are shared among
// its possible callees rather than given whole to each.
func TestCallShare(t *testing.T) {
	prog, a, _, s := setup(t, "cfg")
	est := s.Estimates
	calls := scoring.CallFrequencies(a, est)
	areas := member(prog, "areas")
	site := 0.0 // executions of the loop body calling s.area()
	f := scoring.Estimate(a, areas, est)
	for _, b := range areas.Blocks {
		if b.Comment == "for.body" {
			site = calls[areas] * f.Block[b.Index]
		}
	}
	if site == 0 {
		t.Fatal("no loop body in areas")
	}
	for pkg := range prog.Scanned {
		for _, name := range []string{"square", "triangle", "circle"} {
			typ := pkg.Members[name].(*ssa.Type).Type()
			fn := prog.SSA.LookupMethod(typ, pkg.Pkg, "area")
			if got := calls[fn]; !near(got, site/3) {
				t.Errorf("%s.area runs %g times, want a third of the call site's %g", name, got, site)
			}
		}
	}
}

// entryCounts measures only how often some functions were entered.
type entryCounts map[*ssa.Function]int64

func (c entryCounts) Frequencies(fn *ssa.Function) (counts.Frequencies, bool) {
	return counts.Frequencies{}, false
}

func (c entryCounts) Calls(fn *ssa.Function) (int64, bool) {
	n, ok := c[fn]
	return n, ok
}

// TestMeasuredCalls checks that measured entries decide how often the
// functions the run saw are called: in their measured proportions, on the
// estimates' scale (the measured functions' frequencies sum to their
// estimates' sum), zero for one never entered, while an unmeasured
// function keeps its estimate.
func TestMeasuredCalls(t *testing.T) {
	prog, a, _, s := setup(t, "cfg")
	est := s.Estimates
	area := func(name string) *ssa.Function {
		for pkg := range prog.Scanned {
			typ := pkg.Members[name].(*ssa.Type).Type()
			return prog.SSA.LookupMethod(typ, pkg.Pkg, "area")
		}
		return nil
	}
	square, triangle, circle := area("square"), area("triangle"), area("circle")
	static := scoring.CallFrequencies(a, est)
	if !near(static[square], static[triangle]) {
		t.Fatalf("the estimates of square and triangle differ (%g, %g): the test needs them equal", static[square], static[triangle])
	}
	c := entryCounts{square: 300, triangle: 3, circle: 0}
	got := scoring.MeasuredCallFrequencies(a, est, c)
	if !near(got[square], 100*got[triangle]) {
		t.Errorf("square runs %g times and triangle %g; measured 300 and 3, want the ratio 100", got[square], got[triangle])
	}
	if !near(got[square]+got[triangle], static[square]+static[triangle]) {
		t.Errorf("measured frequencies sum to %g, want the estimates' %g", got[square]+got[triangle], static[square]+static[triangle])
	}
	if got[circle] != 0 {
		t.Errorf("circle, never entered, runs %g times", got[circle])
	}
	areas := member(prog, "areas")
	if !near(got[areas], static[areas]) {
		t.Errorf("areas, not measured, runs %g times, want its estimate %g", got[areas], static[areas])
	}
}

// flatTimes is a fake CPU profile that covers every function: one it
// did not sample spent at most unseen in its own lines.
type flatTimes struct {
	flat   map[*ssa.Function]float64
	unseen float64
}

func (p flatTimes) Flat(fn *ssa.Function) (float64, bool) {
	v, ok := p.flat[fn]
	return v, ok
}

func (p flatTimes) Unseen(fn *ssa.Function) (float64, bool) {
	_, ok := p.flat[fn]
	return p.unseen, !ok && p.unseen > 0
}

// TestProfileCalls checks that a CPU profile's time, divided by the CPU
// cost of one entry, decides how often the sampled functions run, on the
// estimates' scale; that a function the profile did not sample keeps its
// estimate (its work may be off-CPU); and that counts, where they exist,
// win over the profile.
func TestProfileCalls(t *testing.T) {
	prog, a, _, s := setup(t, "cfg")
	est := s.Estimates
	area := func(name string) *ssa.Function {
		for pkg := range prog.Scanned {
			return prog.SSA.LookupMethod(pkg.Members[name].(*ssa.Type).Type(), pkg.Pkg, "area")
		}
		return nil
	}
	square, triangle, circle := area("square"), area("triangle"), area("circle")
	static := scoring.CallFrequencies(a, est)
	// The time of one entry: its CPU weight, at least one unit.
	entry := func(fn *ssa.Function) float64 { return max(scoring.OwnCPU(a, est, fn), 1) }
	cpu := flatTimes{flat: map[*ssa.Function]float64{square: 300 * entry(square), triangle: 3 * entry(triangle)}}
	got := scoring.MeasuredCallFrequencies(a, est, scoring.Measurements(nil, cpu))
	if !near(got[square], 100*got[triangle]) {
		t.Errorf("square runs %g times and triangle %g; the profile says 300 and 3 entries' worth, want the ratio 100", got[square], got[triangle])
	}
	if !near(got[square]+got[triangle], static[square]+static[triangle]) {
		t.Errorf("profiled frequencies sum to %g, want the estimates' %g", got[square]+got[triangle], static[square]+static[triangle])
	}
	if !near(got[circle], static[circle]) {
		t.Errorf("circle, not sampled, runs %g times, want its estimate %g", got[circle], static[circle])
	}
	both := scoring.MeasuredCallFrequencies(a, est, scoring.Measurements(entryCounts{square: 5, triangle: 5}, cpu))
	if !near(both[square], both[triangle]) {
		t.Errorf("with counts, square runs %g times and triangle %g: the counts (5 and 5) must win over the profile", both[square], both[triangle])
	}
	// A profile that would have seen circle had it run a tenth as often
	// as triangle bounds its frequency there.
	bounded := flatTimes{flat: cpu.flat, unseen: 0.3 * entry(circle)}
	seen := scoring.MeasuredCallFrequencies(a, est, scoring.Measurements(nil, bounded))
	if want := got[triangle] / 10; !near(seen[circle], want) {
		t.Errorf("circle, unseen by a profile covering it, runs %g times, want at most a tenth of triangle's: %g", seen[circle], want)
	}
	if scoring.Measurements(nil, nil) != nil {
		t.Error("no counts and no profile: want nil measurements")
	}
}

// TestMaxCallFrequency checks that limits.max_call_frequency in a
// settings file caps the estimated calls of every function.
func TestMaxCallFrequency(t *testing.T) {
	prog, a, _, def := setup(t, "cfg")
	high := 0
	for _, v := range scoring.CallFrequencies(a, def.Estimates) {
		if v > 2 {
			high++
		}
	}
	if high == 0 {
		t.Fatal("no function of the cfg case runs more than twice: the cap would not show")
	}
	file := filepath.Join(t.TempDir(), configs.FileName)
	if err := os.WriteFile(file, []byte("limits:\n  max_call_frequency: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := configs.Load("", file, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	capped := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s)
	for fn, v := range scoring.CallFrequencies(capped, s.Estimates) {
		if v > 2 {
			t.Errorf("%s runs %g times, above max_call_frequency 2", fn, v)
		}
	}
}

// TestTimers checks that a timer bounding a failure (an error returned,
// or the session closed) and one nobody receives from cost no latency, while a batching delay, a backoff and a
// wait for a worker's reply do, and that an AfterFunc timer's period is
// charged with what it runs.
func TestTimers(t *testing.T) {
	prog, a, opts, s := setup(t, "timers")
	scores, err := scoring.Rank(context.Background(), a, prog, slicing.Forward(context.Background(), a, opts), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	lat := make(map[string]float64)
	for _, sc := range scores {
		lat[sc.Option.Name] = sc.Cost.LAT
	}
	for _, name := range []string{"Config.AcquireTimeout", "Config.WriteGuard", "Config.ReplyTimeout", "Config.SendTimeout", "Config.AckTimeout"} {
		if lat[name] != 0 {
			t.Errorf("%s costs latency %g; nobody waits through that timer, want 0", name, lat[name])
		}
	}
	for _, name := range []string{"Config.FlushDelay", "Config.Backoff", "Config.Coalesce"} {
		if lat[name] == 0 {
			t.Errorf("%s: no latency; a timer waited through costs some", name)
		}
	}
	// A write that waits for the flusher's reply waits for a turn of its
	// loop (a write and a sync); one that only asks for a flush does not.
	for _, name := range []string{"Config.PauseAt", "Config.DrainAt"} {
		if lat[name] == 0 {
			t.Errorf("%s: no latency; the write waits for the flusher's reply", name)
		}
	}
	if lat["Config.KickAt"] != 0 {
		t.Errorf("Config.KickAt costs latency %g; nobody waits for the flush it asks for, want 0", lat["Config.KickAt"])
	}
	// A ticker's period, and a delay waited before each turn of a loop,
	// decide how often the work each tick triggers runs: the writes and
	// syncs of a gossip loop (the ticker's channel handed to it with the
	// work to do, a closure or a method value, a generic type's or an
	// interface's) and of an exchange loop are the options'.
	for _, sc := range scores {
		if (sc.Option.Name == "Config.GossipEvery" || sc.Option.Name == "Config.PushEvery" || sc.Option.Name == "Config.RelayEvery" || sc.Option.Name == "Config.DrainEvery" || sc.Option.Name == "Config.ExchangeEvery") && sc.Cost.IO == 0 {
			t.Errorf("%s: no IO; the writes each tick triggers are its own", sc.Option.Name)
		}
		// The same loop run with other work (a check, no IO): what the
		// other callers pass it is not this option's.
		if sc.Option.Name == "Config.CheckEvery" && sc.Cost.IO != 0 {
			t.Errorf("Config.CheckEvery: IO %g; its loop runs a check that does none, want 0", sc.Cost.IO)
		}
	}
	// The period of an AfterFunc timer delays no one and decides how often
	// its function, a file sync, runs: that IO is the option's.
	for _, sc := range scores {
		if sc.Option.Name == "Config.SyncEvery" && (sc.Cost.LAT != 0 || sc.Cost.IO == 0) {
			t.Errorf("Config.SyncEvery: LAT %g, IO %g; want no latency and the sync's IO", sc.Cost.LAT, sc.Cost.IO)
		}
	}
}

// TestRank checks that options controlling loops, allocations and IO rank
// above options only logged, compared once or used to open a handle, and
// that ranking is deterministic.
func TestRank(t *testing.T) {
	prog, a, opts, s := setup(t, "forward")
	rank := func() []*scoring.Score {
		scores, err := scoring.Rank(context.Background(), a, prog, slicing.Forward(context.Background(), a, opts), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		return scores
	}
	scores := rank()
	pos := make(map[string]int)
	for _, sc := range scores {
		pos[sc.Option.Name] = sc.Rank
	}
	for _, heavy := range []string{"Config.Rounds", "Config.Spin", "Config.Limit", "Config.BufSize", "Config.Sync"} {
		for _, light := range []string{"Config.Logged", "Config.Path", "Config.Verbose", "Config.Handler"} {
			if pos[heavy] == 0 || pos[light] == 0 {
				continue
			}
			if pos[heavy] > pos[light] {
				t.Errorf("%s ranks %d, below %s at %d", heavy, pos[heavy], light, pos[light])
			}
		}
	}
	// Rounds bounds a loop of ten estimated trips: its body weighs ten times.
	for _, sc := range scores {
		if sc.Option.Name == "Config.Rounds" && (sc.Influence&slicing.Trip == 0 || sc.Cost.CPU < 10) {
			t.Errorf("Config.Rounds: influence %v, CPU %g; want trip and a loop-multiplied cost", sc.Influence, sc.Cost.CPU)
		}
		if sc.Option.Name == "Config.BufSize" && (sc.Influence&slicing.Size == 0 || sc.Cost.MEM == 0) {
			t.Errorf("Config.BufSize: influence %v, MEM %g; want size and memory", sc.Influence, sc.Cost.MEM)
		}
		if sc.Option.Name == "Config.Sync" && (sc.Influence&slicing.IO == 0 || sc.Cost.IO == 0) {
			t.Errorf("Config.Sync: influence %v, IO %g; want io", sc.Influence, sc.Cost.IO)
		}
	}
	suspects := 0
	for _, sc := range scores {
		if sc.Suspect {
			suspects++
		}
	}
	if want := int(math.Ceil(float64(len(scores)) * s.Top / 100)); suspects != want {
		t.Errorf("%d suspects, want %d (top %g%% of %d)", suspects, want, s.Top, len(scores))
	}
	again := rank()
	for i := range scores {
		if scores[i].Option.Name != again[i].Option.Name || scores[i].Total != again[i].Total {
			t.Fatalf("ranking differs between runs at %d: %s %g vs %s %g", i, scores[i].Option.Name, scores[i].Total, again[i].Option.Name, again[i].Total)
		}
	}
}

// TestDirection checks that each option says which of its values cost:
// the false side of a cache flag, levels above the constant compared
// with, the mode compared equal, and larger values of a loop bound.
func TestDirection(t *testing.T) {
	prog, a, opts, s := setup(t, "direction")
	scores, err := scoring.Rank(context.Background(), a, prog, slicing.Forward(context.Background(), a, opts), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"Config.Cache": "false", "Config.Level": "> 5", "Config.Mode": `== "scan"`, "Config.Sync": "true"}
	for _, sc := range scores {
		d := sc.Direction
		for _, b := range d.Branches {
			if strings.HasSuffix(b.Costly, " 9") {
				t.Errorf("%s: branch %+v of Validate, a check that rejects, counted as a cost", sc.Option.Name, b)
			}
		}
		switch name := sc.Option.Name; name {
		case "Config.Rounds":
			if !slices.Contains(d.Larger, "trip") || len(d.Branches) != 0 {
				t.Errorf("%s: larger %v, branches %+v; want larger values through trip, no branch", name, d.Larger, d.Branches)
			}
		case "SweepConfig.Every":
			if !slices.Equal(d.Smaller, []string{"rate"}) || slices.Contains(d.Larger, "time") {
				t.Errorf("%s: larger %v, smaller %v; want smaller values through rate: a ticker's period", name, d.Larger, d.Smaller)
			}
		case "SweepConfig.Pause":
			if !slices.Contains(d.Larger, "time") || len(d.Smaller) != 0 {
				t.Errorf("%s: larger %v, smaller %v; want larger values through time: a sleep", name, d.Larger, d.Smaller)
			}
		case "StepConfig.Step":
			if !slices.Contains(d.Smaller, "size") || slices.Contains(d.Larger, "size") {
				t.Errorf("%s: larger %v, smaller %v; want smaller values through size: the divisor of a bucket count", name, d.Larger, d.Smaller)
			}
		case "StepConfig.Window":
			if !slices.Contains(d.Larger, "size") {
				t.Errorf("%s: larger %v; want larger values through size: the dividend of a bucket count", name, d.Larger)
			}
		case "TextConfig.Fanout":
			if sc.Influence&slicing.Conc == 0 || len(d.Larger) != 0 {
				t.Errorf("%s: influence %v, larger %v; want conc and no larger values for a mode named by a word", name, sc.Influence, d.Larger)
			}
		case "TextConfig.Depth":
			if !slices.Contains(d.Larger, "trip") {
				t.Errorf("%s: larger %v; want larger values through trip: a text parsed into a loop's bound", name, d.Larger)
			}
		case "Config.Chunk":
			if len(d.Branches) != 0 || !slices.Contains(d.Larger, "size") {
				t.Errorf("%s: branches %+v, larger %v; want no costly branch (a default put in place) and larger values through size", name, d.Branches, d.Larger)
			}
		case "Config.Copy":
			if len(d.Branches) == 0 || d.Branches[0].Costly != "true" {
				t.Errorf("%s: branches %+v; want its true side, which copies a buffer into a string, costly", name, d.Branches)
			}
		case "Config.Twin":
			if len(d.Branches) < 2 || d.Branches[0].Pos == d.Branches[1].Pos || strings.Count(d.Branches[0].Pos, ":") != 2 {
				t.Errorf("%s: branches %+v; want two, at file:line:column", name, d.Branches)
			}
		case "SweepConfig.Twice":
			if sc.Influence&slicing.Trip == 0 || len(d.Larger) != 0 {
				t.Errorf("%s: influence %v, larger %v; want trip and no larger values for a bool", name, sc.Influence, d.Larger)
			}
		default:
			if want[name] == "" {
				continue
			}
			if len(d.Branches) == 0 || d.Branches[0].Costly != want[name] || d.Branches[0].Costlier <= d.Branches[0].Cheaper {
				t.Errorf("%s: branches %+v; want the costly side %q first", name, d.Branches, want[name])
				continue
			}
			if !strings.HasPrefix(d.Branches[0].Pos, "direction/direction.go:") {
				t.Errorf("%s: branch at %s, want a file:line in direction.go", name, d.Branches[0].Pos)
			}
			delete(want, name)
		}
	}
	if len(want) > 0 {
		t.Errorf("options not ranked: %v", want)
	}
}

// TestSensitivity checks that an option is charged with what its value
// changes: a flag choosing between two equal encoders with next to
// nothing, a flag choosing between a lookup and a scan with the scan; a
// logger called once under a flag at its call site's frequency, not the
// frequency the write path gives it, and so a helper the option is
// passed to from one cold call; a probe started under a flag with
// its work, but not workers that share a queue; and a closure made under
// a flag with what it does wherever it is called.
func TestSensitivity(t *testing.T) {
	prog, a, by, s := rankBy(t, "sensitivity")
	for _, name := range []string{"Config.Fast", "Config.Index", "Config.Verbose", "Config.Workers", "Config.Probe", "Config.Check", "Config.Rounds"} {
		if by[name] == nil {
			t.Fatalf("%s not ranked", name)
		}
	}
	own := func(fn *ssa.Function) float64 { return scoring.OwnCPU(a, s.Estimates, fn) }
	scan := own(member(prog, "scan"))
	if fast, index := by["Config.Fast"].Cost.CPU, by["Config.Index"].Cost.CPU; index < scan/2 || fast > index/10 {
		t.Errorf("CPU: Fast %g, Index %g (scan's own %g); want Index charged with the scan and Fast, whose sides are equal, under a tenth of it", fast, index, scan)
	}
	if v, logf := by["Config.Verbose"].Cost.CPU, own(member(prog, "logf")); v > 2*logf {
		t.Errorf("Verbose's CPU %g, logf's own %g per call: want logf charged at Open's frequency, about once", v, logf)
	}
	if r, sum := by["Config.Rounds"].Cost.CPU, own(member(prog, "checksum")); r > 2*sum {
		t.Errorf("Rounds' CPU %g, checksum's own %g per call: want checksum charged at the frequency of the call passing Rounds, once, not of all its calls", r, sum)
	}
	if p, probe := by["Config.Probe"].Cost.CPU, own(method(prog, "DB", "probe")); p < probe/2 {
		t.Errorf("Probe's CPU %g, probe's own %g: want the goroutine started charged with its work", p, probe)
	}
	if w, work := by["Config.Workers"].Cost.CPU, own(method(prog, "DB", "work")); w > work {
		t.Errorf("Workers' CPU %g, one worker's own %g: want workers sharing a queue charged only for starting", w, work)
	}
	if c := by["Config.Check"].Cost.CPU; c < scan {
		t.Errorf("Check's CPU %g, scan's own %g: want the closure the walk calls charged with its scan", c, scan)
	}
}

// TestRunsOrNot checks that a flag deciding whether a command runs at
// all (-version returning from main, a missing -config ending the
// process) is not charged with the program's work, and that a flag
// deciding how much work main does (-verify) is.
func TestRunsOrNot(t *testing.T) {
	_, _, by, _ := rankBy(t, "command")
	for _, name := range []string{"version", "config", "verify"} {
		if by[name] == nil {
			t.Fatalf("%s not ranked", name)
		}
	}
	verify := by["verify"].Cost
	for _, name := range []string{"version", "config"} {
		if c := by[name].Cost; c.CPU+c.IO >= (verify.CPU+verify.IO)/10 {
			t.Errorf("%s: CPU %g, IO %g; verify's CPU %g, IO %g: want a flag that only decides whether the program runs under a tenth of one that decides its work", name, c.CPU, c.IO, verify.CPU, verify.IO)
		}
	}
}

// TestChecks checks that a flag one side of whose branch only fails (a
// read-only mode returning an error) is not charged with making the
// error, and is charged under a fifth of one that decides work (Verify
// hashes the value again).
func TestChecks(t *testing.T) {
	_, _, by, _ := rankBy(t, "checks")
	ro, verify := by["Options.ReadOnly"], by["Options.Verify"]
	if ro == nil || verify == nil {
		t.Fatal("Options.ReadOnly or Options.Verify not ranked")
	}
	if got, work := ro.Cost.CPU+ro.Cost.MEM, verify.Cost.CPU+verify.Cost.MEM; got >= work/5 || work == 0 {
		t.Errorf("ReadOnly: CPU+MEM %g; Verify's %g: want a check that only fails under a fifth of a flag that decides work", got, work)
	}
}

// TestKept checks retained memory of count options whose loops make
// objects the program keeps: Workers encoders (each with a 256 KB table,
// weighed by its size) retain far more than Tags small records; Retries
// buffers, made and returned once or dropped, retain nothing; a generic
// type's allocation, whose size is unknown, is weighed (Rings) without
// failing.
func TestKept(t *testing.T) {
	_, _, by, _ := rankBy(t, "kept")
	workers, tags, retries := by["Options.Workers"], by["Options.Tags"], by["Options.Retries"]
	if workers == nil || tags == nil || retries == nil {
		t.Fatal("Options.Workers, Tags or Retries not ranked")
	}
	if tags.Cost.RET <= 0 || workers.Cost.RET < 50*tags.Cost.RET {
		t.Errorf("RET: Workers %g, Tags %g: want both kept, the encoders' tables (256 KB each) at least 50 times the small records", workers.Cost.RET, tags.Cost.RET)
	}
	if retries.Cost.RET != 0 {
		t.Errorf("Retries: RET %g; want none: a buffer returned from the loop is made once", retries.Cost.RET)
	}
	if rings := by["Options.Rings"]; rings == nil || rings.Cost.RET <= 0 {
		t.Errorf("Rings: want the generic rings kept, got %+v", rings)
	}
	// Read first as text from the environment, then as the number the
	// field holds: a number all the same, whose pool is kept.
	pool := by["Options.Pool"]
	if pool == nil || len(pool.Option.Sites) < 2 {
		t.Fatalf("Options.Pool not ranked with its environment variable and its field: %+v", pool)
	}
	if first := pool.Option.Sites[0].Value; first == nil || first.Type().String() != "string" {
		t.Errorf("Options.Pool: first site reads %v, want the environment variable's text", first)
	}
	if pool.Cost.RET <= 0 {
		t.Errorf("Options.Pool: RET %g, want the channel of buffers it sizes kept", pool.Cost.RET)
	}
	if !slices.Contains(pool.Direction.Larger, "size") {
		t.Errorf("Options.Pool: larger values cost more by %v, want size among them", pool.Direction.Larger)
	}
	// Read through a pointer left nil for the default: the number it
	// points to sizes the pool.
	// Read as text, then asked whether it is set: the bool says nothing
	// of its type.
	if shared := by["pool_size"]; shared == nil || !slices.Contains(shared.Direction.Larger, "size") {
		t.Errorf("pool_size: want larger values costlier (the parsed size of a pool), got %+v", shared)
	}
	if spare := by["Options.Spare"]; spare == nil || spare.Cost.RET <= 0 || !slices.Contains(spare.Direction.Larger, "size") {
		t.Errorf("Options.Spare: want the channel it sizes kept and larger values costlier, got %+v", spare)
	}
}

// TestPromoted checks that a call of a method promoted from an embedded
// interface (a counting writer's Sync, its storage Writer's) is followed
// to the implementations the field holds: NoSync is charged with the
// file's sync.
func TestPromoted(t *testing.T) {
	_, _, by, _ := rankBy(t, "promoted")
	sc := by["Options.NoSync"]
	if sc == nil {
		t.Fatal("Options.NoSync not ranked")
	}
	if sc.Cost.IO <= 0 {
		t.Errorf("NoSync: IO %g; want the sync its promoted Sync reaches (os.(*File).Sync)", sc.Cost.IO)
	}
}

// TestObserves checks that a flag whose branch only observes the work
// (a log line, a tracer's event, a line printed through a library's
// Printf, a debug line whose logger shortens its arguments in place
// through a method that answers, with the arguments computed for them)
// is charged nothing for it, while one whose log line is built by a
// cache that fills itself, or by a logger writing into a slice or an
// array its caller keeps (also called through a method value), is
// charged that work, and ones whose branch does work (hashing again,
// through an interface none of whose methods answers: a lock, a
// compactor) are; and that a flag deciding whether a log file's writer
// writes the messages it is given (formatted text) is charged nothing,
// while one deciding whether a writer of the same shape writes the data
// is charged the writes.
func TestObserves(t *testing.T) {
	_, _, by, _ := rankBy(t, "observe")
	for _, name := range []string{"Config.Verbose", "Config.Trace", "Config.Verify", "Config.Quiet", "Config.Journal", "Config.Colour", "Config.Debug", "Config.Dump", "Config.Forward"} {
		if by[name] == nil {
			t.Fatalf("%s not ranked", name)
		}
	}
	verify := by["Config.Verify"].Cost.CPU
	if verify <= 0 {
		t.Fatalf("Verify: CPU %g; want the second hash", verify)
	}
	for _, name := range []string{"Config.Verbose", "Config.Trace", "Config.Colour", "Config.Debug", "Config.Dump", "Config.Forward", "Config.Leveled"} {
		if by[name] == nil {
			t.Fatalf("%s not ranked", name)
		}
		if c := by[name].Cost; c.CPU+c.MEM+c.IO > verify/10 {
			t.Errorf("%s: CPU %g, MEM %g, IO %g; Verify's CPU %g: want a flag that only decides what is observed under a tenth of one that decides work", name, c.CPU, c.MEM, c.IO, verify)
		}
	}
	if c := by["Config.Warm"]; c == nil || c.Cost.CPU+c.Cost.MEM < verify/10 {
		t.Errorf("Warm: want the cache it fills charged, got %+v", c)
	}
	for _, name := range []string{"Config.Replay", "Config.Ring", "Config.Rebound"} {
		if c := by[name]; c == nil || c.Cost.CPU+c.Cost.MEM < verify/10 {
			t.Errorf("%s: want the logger that changes memory the store keeps charged, got %+v", name, c)
		}
	}
	if c := by["Config.Lock"]; c == nil || c.Cost.SYNC <= 0 {
		t.Errorf("Lock: want the locks it takes through a sync.Locker charged (SYNC), got %+v", c)
	}
	if c := by["Config.Compact"]; c == nil || c.Cost.CPU < verify/10 {
		t.Errorf("Compact: want the compactor's work through its Runner charged, got %+v (Verify's CPU %g)", c, verify)
	}
	// Rounds decides work (the hashing loop) and is also logged: the log
	// line it is formatted into costs the same whatever its value.
	if c := by["Config.Rounds"]; c == nil || c.Cost.CPU <= 0 || c.Cost.IO != 0 {
		t.Errorf("Rounds: want its hashing loop charged (CPU) and not the log line its value is printed in (IO), got %+v", c)
	}
	journal, quiet := by["Config.Journal"].Cost, by["Config.Quiet"].Cost
	if journal.IO <= 0 {
		t.Fatalf("Journal: IO %g; want the journal's writes and syncs", journal.IO)
	}
	if q := quiet.CPU + quiet.MEM + quiet.IO + quiet.SYNC; q > journal.IO/10 {
		t.Errorf("Quiet: CPU %g, MEM %g, IO %g, SYNC %g; Journal's IO %g: want a flag deciding whether log lines are written under a tenth of one deciding whether the data is", quiet.CPU, quiet.MEM, quiet.IO, quiet.SYNC, journal.IO)
	}
}

// TestRetained checks the retained-memory column: a number option that
// sizes a buffer a connection keeps, or a queue's capacity, retains memory
// once per site, however rarely the site runs; one sizing a scratch buffer
// dropped on return, or a flag choosing between two sizes, retains none.
// Buffers made on either side of a branch are alternatives, retained as
// one; two made one after the other are retained both, and so are one
// made in a loop and one after it.
func TestRetained(t *testing.T) {
	_, _, by, s := rankBy(t, "sensitivity")
	for _, name := range []string{"Buffers.ReadBuf", "Buffers.Queue", "Buffers.Shared"} {
		if sc := by[name]; sc == nil || sc.Cost.RET <= 0 {
			t.Errorf("%s: want retained memory", name)
		}
	}
	for _, name := range []string{"Buffers.Scratch", "Buffers.Small", "Buffers.Reply"} {
		if sc := by[name]; sc == nil || sc.Cost.RET != 0 || sc.Cost.MEM <= 0 {
			t.Errorf("%s: want allocations (MEM) but no retained memory, got %+v", name, sc)
		}
	}
	if r, one := by["Buffers.ReadBuf"].Cost.RET, s.Weights["mem"]["make.slice"]*s.Estimates.LoopTrips; r != one {
		t.Errorf("RET: ReadBuf %g; want one sized make, %g, whatever the frequency of Accept", r, one)
	}
	one := by["Buffers.ReadBuf"].Cost.RET
	if either := by["Buffers.Either"]; either == nil || either.Cost.RET != one {
		t.Errorf("RET: Either %+v; want one sized make, %g: a connection keeps the buffer of one pool or the other", either, one)
	}
	if pair := by["Buffers.Pair"]; pair == nil || pair.Cost.RET != 2*one {
		t.Errorf("RET: Pair %+v; want two sized makes, %g: a connection keeps both", pair, 2*one)
	}
	if peers := by["Buffers.Peers"]; peers == nil || peers.Cost.RET != 2*one {
		t.Errorf("RET: Peers %+v; want two sized makes, %g: the buffers made in the loop and the one after it are all kept", peers, 2*one)
	}
}

// rankBy ranks the options of a testdata package and returns their scores
// by name.
func rankBy(t *testing.T, pkg string) (*slicing.Program, *slicing.Analysis, map[string]*scoring.Score, *configs.Settings) {
	t.Helper()
	prog, a, opts, s := setup(t, pkg)
	scores, err := scoring.Rank(context.Background(), a, prog, slicing.Forward(context.Background(), a, opts), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	by := make(map[string]*scoring.Score)
	for _, sc := range scores {
		by[sc.Option.Name] = sc
	}
	return prog, a, by, s
}

// TestCycleFrequency checks that functions in a cycle of the call graph
// get their callers' frequencies: a connection handler that may serve
// again through an interface is in one cycle with the accept loop that
// starts it, and still runs once per accepted connection, not once.
func TestCycleFrequency(t *testing.T) {
	prog, a, _, s := setup(t, "sensitivity")
	freq := scoring.CallFrequencies(a, s.Estimates)
	serve, handle := method(prog, "Server", "Serve"), method(prog, "Server", "handle")
	if serve == nil || handle == nil {
		t.Fatal("Server.Serve or Server.handle not found")
	}
	if !slices.ContainsFunc(a.Callers(serve), func(c ssa.CallInstruction) bool { return c.Parent() == handle }) {
		t.Fatal("handle does not call Serve in the call graph: no cycle to test")
	}
	if got, want := freq[handle], freq[serve]*s.Estimates.LoopTrips/2; got < want {
		t.Errorf("handle runs %g times, Serve %g: want at least %g (a connection per accept loop trip)", got, freq[serve], want)
	}
	for i := 0; i < 3; i++ {
		again := scoring.CallFrequencies(a, s.Estimates)
		for fn, v := range freq {
			if again[fn] != v {
				t.Fatalf("%s: %g, then %g", fn, v, again[fn])
			}
		}
	}
}

// TestSync checks the SYNC column: the locks an option decides to take,
// or chooses among, are charged as often as they are taken; an option
// that takes no lock has none.
func TestSync(t *testing.T) {
	_, _, by, _ := rankBy(t, "locks")
	// Inflight sizes a channel that flushes send to before they run, and
	// MaxConns a weighted semaphore gets acquire: each waits while it is
	// full.
	for _, name := range []string{"Config.SharedLock", "Config.Global", "Config.Inflight", "PoolConfig.MaxConns"} {
		if sc := by[name]; sc == nil || sc.Cost.SYNC <= 0 {
			t.Errorf("%s: want locks taken (SYNC), got %+v", name, sc)
		}
	}
	if sc := by["Config.Batch"]; sc == nil || sc.Cost.SYNC != 0 {
		t.Errorf("Config.Batch: want no SYNC, got %+v", sc)
	}
	if sc := by["Config.Inflight"]; sc == nil || !slices.Contains(sc.Direction.Smaller, "slots") {
		t.Errorf("Config.Inflight: want smaller values costly through slots, got %+v", sc)
	}
	if sc := by["Config.Batch"]; sc == nil || slices.Contains(sc.Direction.Smaller, "slots") {
		t.Errorf("Config.Batch: no channel capacity, got %+v", sc)
	}
	// Shards, Buckets, Generic and Stripes count the shards a key's hash
	// picks among, each with its lock (Stripes' through a helper given
	// the reduced hash); Workers counts workers picked so, which
	// hold none, Peers starts a list that grows later, Primary is an
	// index, and Conds counts mutexes never locked.
	for _, name := range []string{"ShardConfig.Shards", "ShardConfig.Buckets", "ShardConfig.Generic", "ShardConfig.Stripes"} {
		if sc := by[name]; sc == nil || sc.Cost.SYNC <= 0 || !slices.Contains(sc.Direction.Smaller, "locks") {
			t.Errorf("%s: want locks taken (SYNC) and smaller values costly through locks, got %+v", name, sc)
		}
	}
	for _, name := range []string{"ShardConfig.Workers", "ShardConfig.Peers", "ShardConfig.Primary", "ShardConfig.Conds"} {
		if sc := by[name]; sc == nil || sc.Cost.SYNC != 0 || slices.Contains(sc.Direction.Smaller, "locks") {
			t.Errorf("%s: want no lock picked, got %+v", name, sc)
		}
	}
}

// TestNormaliseSliver checks that a work column whose largest value is a
// sliver of the heaviest column's does not give its largest value a full
// point: an option making one IO call ranks far below one moving millions
// of instructions. It checks too that an option's total is its largest
// column share (with a hundredth of their sum): one moving the heaviest
// CPU work ranks above one moving a good part of two resources, which a
// sum of the shares would put first.
func TestNormaliseSliver(t *testing.T) {
	tot := scoring.Normalise([]scoring.Cost{
		{CPU: 100e6},           // the heaviest work
		{IO: 15e3},             // an IO call or two: 0.015% of it
		{CPU: 50e6, LAT: 80e6}, // waiting of the same order as the work
		{CPU: 60e6, LAT: 60e6}, // some of both
	})
	if math.Abs(tot[0]-1.01) > 1e-9 {
		t.Errorf("heaviest CPU: total %v, want 1 + 1/100", tot[0])
	}
	if tot[1] > 0.008 {
		t.Errorf("sliver of IO: total %v, want at most 0.008 (its share of 2%% of the heaviest column, 0.0075)", tot[1])
	}
	if math.Abs(tot[2]-1.015) > 1e-9 {
		t.Errorf("comparable columns: total %v, want the largest share 1 + (0.5 + 1)/100", tot[2])
	}
	if math.Abs(tot[3]-0.7635) > 1e-9 || tot[3] >= tot[0] {
		t.Errorf("some of both: total %v, want 0.75 + (0.6 + 0.75)/100, below the heaviest CPU's %v", tot[3], tot[0])
	}
}

// TestHelperWork checks that the work an option controls in test support
// (a mock the library calls through an interface) is not charged to it:
// the slice enters the mock, and the score is what the loop costs without
// the mock's allocation.
func TestHelperWork(t *testing.T) {
	_, a, by, _ := rankBy(t, "helpers/...")
	sc := by["Config.Workers"]
	if sc == nil {
		t.Fatal("Config.Workers not ranked")
	}
	sl := a.Slice(sc.Option)
	entered := false
	for _, fs := range sl.Functions() {
		if a.InHelper(fs.Func) {
			entered = true
		}
	}
	if !entered {
		t.Fatal("the slice of Config.Workers does not enter the mock: nothing to test")
	}
	for _, l := range sc.Lines {
		if strings.Contains(l.Pos, "mock/") {
			t.Errorf("line %s of the mock is charged to Config.Workers: %+v", l.Pos, l.Cost)
		}
	}
	if sc.Cost.MEM != 0 {
		t.Errorf("Config.Workers: MEM %g, want none: only the mock allocates", sc.Cost.MEM)
	}
}

// TestSharedBase checks that a function reading a field other functions
// also fill (a command's arguments) runs with the option's value only in
// its share of its runs, and a function reading a setting's copy in all.
func TestSharedBase(t *testing.T) {
	prog, a, opts, s := setup(t, "shared")
	write := method(prog, "Client", "write")
	if write == nil {
		t.Fatal("Client.write not found")
	}
	global := scoring.CallFrequencies(a, s.Estimates)[write]
	checked := 0
	for sl := range slicing.Forward(context.Background(), a, opts) {
		fs := sl.Funcs[write]
		if fs == nil {
			continue
		}
		var want float64
		switch sl.Option.Name {
		case "SearchOptions.Verbatim":
			want = global / 4
		case "Config.Prefix":
			want = global
		default:
			continue
		}
		if got := scoring.Base(a, s.Estimates, sl, fs); !near(got, want) {
			t.Errorf("%s: write runs %g times with its value, want %g (it runs %g times)", sl.Option.Name, got, want, global)
		}
		checked++
	}
	if checked != 2 {
		t.Errorf("checked %d options, want 2", checked)
	}
}

// TestDispatchedReturn checks that a value an implementation returns
// through an interface call comes back in that implementation's share of
// the call's runs: the memory backend's limit bounds scan's loop when
// scan runs with the memory backend, one of the three its call reaches;
// a static call's answer is there every time, and so is the answer of a
// func value a helper runs for the caller that gave it, and of the one
// implementation an interface call has (its method or go/ssa's pointer
// wrapper of it).
func TestDispatchedReturn(t *testing.T) {
	prog, a, opts, s := setup(t, "shared")
	global := scoring.CallFrequencies(a, s.Estimates)
	want := map[string]*ssa.Function{"MemoryOptions.Limit": member(prog, "scan"), "PageOptions.Pages": member(prog, "fill"), "LimitOptions.Max": member(prog, "useLimit"), "FixedOptions.N": member(prog, "countTo")}
	shares := map[string]float64{"MemoryOptions.Limit": 1.0 / 3, "PageOptions.Pages": 1, "LimitOptions.Max": 1, "FixedOptions.N": 1}
	checked := 0
	for sl := range slicing.Forward(context.Background(), a, opts) {
		fn := want[sl.Option.Name]
		if fn == nil {
			continue
		}
		fs := sl.Funcs[fn]
		if fs == nil {
			t.Errorf("the slice of %s does not reach %s", sl.Option.Name, fn.Name())
			continue
		}
		if got, w := scoring.Base(a, s.Estimates, sl, fs), global[fn]*shares[sl.Option.Name]; !near(got, w) {
			t.Errorf("%s: %s runs %g times with its value, want %g (it runs %g times)", sl.Option.Name, fn.Name(), got, w, global[fn])
		}
		checked++
	}
	if checked != 4 {
		t.Errorf("checked %d options, want 4", checked)
	}
}

// TestNeverEntered checks that a helper the option's value reaches only
// through a call that never runs (under a constant false) runs with it
// never, however often its other callers make it run.
func TestNeverEntered(t *testing.T) {
	prog, a, opts, s := setup(t, "shared")
	var count *ssa.Function
	for _, pkg := range prog.SSA.AllPackages() {
		if f := pkg.Func("count"); f != nil && pkg.Pkg.Path() == "example.com/t/shared" {
			count = f
		}
	}
	if count == nil {
		t.Fatal("count not found")
	}
	if global := scoring.CallFrequencies(a, s.Estimates)[count]; global == 0 {
		t.Fatal("count never runs: nothing to test")
	}
	for sl := range slicing.Forward(context.Background(), a, opts) {
		if sl.Option.Name != "Config.Workers" {
			continue
		}
		fs := sl.Funcs[count]
		if fs == nil {
			t.Fatal("the slice of Config.Workers does not enter count: nothing to test")
		}
		if got := scoring.Base(a, s.Estimates, sl, fs); got != 0 {
			t.Errorf("count runs %g times with Config.Workers, want 0: the only call bringing it in is under if debug", got)
		}
		return
	}
	t.Fatal("Config.Workers not sliced")
}

// TestCosts checks the weights mutate predicts with: the side of a branch
// that calls a costly function costs that function's work per run, the
// side that only returns next to nothing; a run's work grows with the
// calls it measured.
func TestCosts(t *testing.T) {
	prog, a, _, s := setup(t, "direction")
	write := member(prog, "Write")
	if write == nil {
		t.Fatal("Write not found")
	}
	var br *ssa.If
	for _, b := range write.Blocks {
		if x, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			br = x
		}
	}
	if br == nil {
		t.Fatal("Write has no branch")
	}
	c := scoring.NewCosts(a, s)
	flush, ret := c.Side(br, 0), c.Side(br, 1)
	if flush <= 0 || flush < 10*ret {
		t.Errorf("if c.Sync: then side (flush) %g, else side (return) %g; want the flush at least ten times the return", flush, ret)
	}
	f := scoring.Estimate(a, write, s.Estimates)
	once := c.Work(runOf{write, f, 1})
	twice := c.Work(runOf{write, f, 2})
	if once <= 0 || !near(twice, 2*once) {
		t.Errorf("Work: %g for one call, %g for two; want twice as much", once, twice)
	}
}

// runOf measured one function, entered n times, with block frequencies f.
type runOf struct {
	fn *ssa.Function
	f  counts.Frequencies
	n  int64
}

func (r runOf) Frequencies(fn *ssa.Function) (counts.Frequencies, bool) { return r.f, fn == r.fn }
func (r runOf) Calls(fn *ssa.Function) (int64, bool)                    { return r.n, fn == r.fn }

// TestSummaries reads a testdata package as a library: a call's summary
// is what its body costs, callees and the catalogue's calls included.
func TestSummaries(t *testing.T) {
	prog, _, _, s := setup(t, "libsum")
	sums := scoring.Summaries(prog, s)
	sync := s.Catalogue()["os.(*File).Sync"].IO
	if sync == 0 {
		t.Fatal("the catalogue prices no IO for os.(*File).Sync")
	}
	io := func(name string) float64 {
		t.Helper()
		r, ok := sums["example.com/t/libsum."+name]
		if !ok {
			t.Fatalf("no summary for %s; have %d", name, len(sums))
		}
		return r.IO
	}
	if got := io("(*Log).Sync"); got != sync {
		t.Errorf("Sync: IO %v, want the catalogue's %v", got, sync)
	}
	if got, want := io("(*Log).SyncAll"), min(s.Estimates.LoopTrips*sync, scoring.LibraryCap); got != want || got <= sync {
		t.Errorf("SyncAll: IO %v, want LoopTrips × %v = %v, at most the cap %v", got, sync, want, scoring.LibraryCap)
	}
	if got := io("Even"); got <= 0 || got > sync {
		t.Errorf("Even: IO %v, want its own sync's share, at most %v (the cycle through Odd adds nothing)", got, sync)
	}
	if got := io("Background"); got != 0 {
		t.Errorf("Background: IO %v, want 0 (a goroutine is not waited for)", got)
	}
	if got := io("(*Pair).Swap"); got != sync {
		t.Errorf("(*Pair).Swap: IO %v, want %v", got, sync)
	}
}

// TestFieldSummaries checks that what a library does with the value of
// an exported field of its structs is summarised for the program that
// stores into it: the size a generic pool's methods fill it to, not a
// field no code reads.
func TestFieldSummaries(t *testing.T) {
	prog, _, _, s := setup(t, "libsum")
	fields, err := scoring.FieldSummaries(context.Background(), prog, s)
	if err != nil {
		t.Fatal(err)
	}
	size, ok := fields["field example.com/t/libsum.Config.Size"]
	if !ok || size.CPU == 0 || size.RET == 0 {
		t.Errorf("Config.Size: %+v, %v; want the CPU of the loop it bounds and the memory kept", size, ok)
	}
	if r, ok := fields["field example.com/t/libsum.Config.Retries"]; ok {
		t.Errorf("Config.Retries, read nowhere, summarised: %+v", r)
	}
}

// TestLibraryArgs checks that a setting handed to a library function as
// an argument is charged with what the library does with it: the sync
// count with the fsyncs it decides (which the library's loop makes when
// its count or its ticker raises a flag), a flag the library only keeps
// with nothing, and the library's writer made a log output with nothing;
// and a string handed on (a name the library's sink keeps) is inert,
// while a string type of the program's own (a mode) and a number are not.
func TestLibraryArgs(t *testing.T) {
	prog, _, opts, s := setup(t, "libcall")
	// A function the catalogue marks as a log output only (sink) prices
	// nothing: its library is summarised all the same.
	catalogue := s.Catalogue()
	catalogue["example.com/diskq.(*Queue).Every"] = configs.Resource{Func: "example.com/diskq.(*Queue).Every", Sink: true}
	lib, err := prog.Libraries(catalogue, s.Limits.MaxLibraryBytes).Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	costs := scoring.Summaries(lib, s)
	params, err := scoring.FieldSummaries(context.Background(), lib, s)
	if err != nil {
		t.Fatal(err)
	}
	maps.Copy(costs, params)
	every, ok := costs["param example.com/diskq.New#1"]
	if !ok || every.IO == 0 {
		t.Fatalf("New's syncEvery: %+v, %v; want the IO of the syncs it decides", every, ok)
	}
	if r, ok := costs["param example.com/diskq.(*Queue).Every#1"]; ok {
		t.Errorf("(*Queue).Every, which the program never calls, summarised: %+v", r)
	}
	if verbose, ok := costs["param example.com/diskq.New#3"]; !ok || verbose.IO != 0 || verbose.CPU+verbose.MEM >= every.IO {
		t.Errorf("New's verbose: %+v, %v; want a summary of next to nothing (it is only kept)", verbose, ok)
	}
	// Setting.Val is read where the program's settings are encoded
	// (Announce, which it calls) and where a peer's are applied with a
	// sync each (Serve, which nothing here calls): only the first is what
	// the program's value does.
	if val := costs["field example.com/diskq.Setting.Val"]; val.IO != 0 {
		t.Errorf("Setting.Val: %+v; want no IO: the syncs are in Serve, which the program never runs", val)
	}
	// Sink.Chunk is read in a Write only io.Copy calls, on the sink the
	// program made an io.Writer of: what the program's value does.
	// So are Spool.Every, read in a Flush the program hands on as a
	// method value, and Pipe.Batch, in a Write promoted to a type of the
	// program's that embeds the pipe.
	for _, name := range []string{"Sink.Chunk", "Spool.Every", "Pipe.Batch"} {
		if r := costs["field example.com/diskq."+name]; r.IO == 0 {
			t.Errorf("%s: %+v; want the IO of the syncs it decides", name, r)
		}
	}
	a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s)
	a.SetLibraries(costs)
	// log.SetOutput is marked a log output, which prices nothing: the
	// call is not the catalogue's.
	for _, b := range member(prog, "LogTo").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && c.Call.StaticCallee() != nil && c.Call.StaticCallee().String() == "log.SetOutput" {
				if r, ok := a.Resource(c); ok {
					t.Errorf("log.SetOutput priced by the catalogue: %+v", r)
				}
			}
		}
	}
	scores, err := scoring.Rank(context.Background(), a, prog, slicing.Forward(context.Background(), a, opts), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	io := make(map[string]float64)
	for _, sc := range scores {
		io[sc.Option.Name] = sc.Cost.IO
		// A name stored into the library's struct is a label, whatever
		// the library does with it; a string type of the program's own
		// is a mode, and a number handed on only as data a setting: the
		// library may decide work with them.
		switch sc.Option.Name {
		case "Config.Label":
			if !sc.Inert {
				t.Errorf("Config.Label, a name handed to the library's sink: %+v, want inert", sc)
			}
		case "Config.Mode", "Config.Window":
			if sc.Inert || sc.Influence != 0 {
				t.Errorf("%s, handed to the library only as data: inert %v, influence %v; want not inert, no influence", sc.Option.Name, sc.Inert, sc.Influence)
			}
		}
		want := map[string][]string{
			"Config.SyncEvery":   {"example.com/diskq.New(syncEvery)"},
			"Config.SyncTimeout": {"example.com/diskq.New(syncTimeout)"},
			"Config.Verbose":     {"example.com/diskq.New(verbose)"},
			"Config.Window":      {"example.com/diskq.Setting.Val"},
			"Config.Chunk":       {"example.com/diskq.Sink.Chunk"},
			"Config.Every":       {"example.com/diskq.Spool.Every"},
			"Config.Batch":       {"example.com/diskq.Pipe.Batch"},
			// The same sink as Chunk's, made a log output; Tee's is
			// also copied into.
			"Config.LogChunk":    nil,
			"Config.RotateChunk": nil,
			"Config.BothChunk":   nil,
			"Config.ViaChunk":    nil,
			"Config.OutChunk":    nil,
			"Config.TeeChunk":    {"example.com/diskq.Sink.Chunk"},
		}[sc.Option.Name]
		if !slices.Equal(sc.Into, want) {
			t.Errorf("%s: handed to %q, want %q", sc.Option.Name, sc.Into, want)
		}
	}
	if io["Config.SyncEvery"] == 0 {
		t.Errorf("Config.SyncEvery: IO 0, want the library's syncs (%v)", io)
	}
	if io["Config.SyncEvery"] <= io["Config.Path"] {
		t.Errorf("Config.SyncEvery: IO %v, no more than Config.Path's %v (the call's own file); want the syncs it decides", io["Config.SyncEvery"], io["Config.Path"])
	}
	if io["Config.Verbose"] != 0 {
		t.Errorf("Config.Verbose: IO %v, want 0: the library only keeps it", io["Config.Verbose"])
	}
	if io["Config.TeeChunk"] == 0 {
		t.Errorf("Config.TeeChunk: IO 0, want the syncs of the data copied through the sink that is also the log output")
	}
	for _, name := range []string{"Config.LogChunk", "Config.RotateChunk", "Config.BothChunk", "Config.ViaChunk", "Config.OutChunk"} {
		if _, ok := io[name]; !ok || io[name] != 0 {
			t.Errorf("%s: IO %v (ranked: %v), want 0: it sets how the log output, not the work, is written", name, io[name], ok)
		}
	}
}

// TestPoolWorkers checks that workers started in a loop on a shared
// queue run as often as one start of the pool (they share its work),
// while goroutines doing work of their own run once per start.
func TestPoolWorkers(t *testing.T) {
	prog, a, _, s := setup(t, "pool")
	calls := scoring.CallFrequencies(a, s.Estimates)
	start, work, spin := method(prog, "Server", "Start"), method(prog, "Server", "work"), method(prog, "Server", "spin")
	if calls[start] == 0 {
		t.Fatal("Start never runs")
	}
	if got, want := calls[work], calls[start]; !near(got, want) {
		t.Errorf("work: %g calls, want Start's %g (one pool)", got, want)
	}
	if got, want := calls[spin], calls[start]*s.Estimates.LoopTrips; !near(got, want) {
		t.Errorf("spin: %g calls, want Start's × LoopTrips = %g", got, want)
	}
	// Close (io.Closer's) ends the server's life: once, where Start is an
	// operation.
	if got := calls[method(prog, "Server", "Close")]; got != 1 || calls[start] <= 1 {
		t.Errorf("Close: %g calls, want 1 (Start: %g)", got, calls[start])
	}
}

// unreached is a measurement in which no code ran: every block of every
// function measured zero times.
type unreached struct{}

func (unreached) Frequencies(fn *ssa.Function) (counts.Frequencies, bool) {
	n := len(fn.Blocks)
	m := make([]bool, n)
	for i := range m {
		m[i] = true
	}
	return counts.Frequencies{Block: make([]float64, n), Measured: m}, true
}

func (unreached) Calls(fn *ssa.Function) (int64, bool) { return 0, true }

// TestRankTies checks that options a measured run never reached, all at
// zero, are ordered by their static scores, not by name.
func TestRankTies(t *testing.T) {
	prog, a, opts, s := setup(t, "forward")
	rank := func(c scoring.Counts) []*scoring.Score {
		scores, err := scoring.Rank(context.Background(), a, prog, slicing.Forward(context.Background(), a, opts), s, c)
		if err != nil {
			t.Fatal(err)
		}
		return scores
	}
	static, measured := rank(nil), rank(unreached{})
	if len(static) != len(measured) {
		t.Fatalf("%d options statically, %d measured", len(static), len(measured))
	}
	for i := range static {
		if measured[i].Total != 0 {
			t.Fatalf("%s totals %g in a run that reached nothing", measured[i].Option.Name, measured[i].Total)
		}
		if static[i].Option.Name != measured[i].Option.Name {
			t.Errorf("rank %d: %s measured, %s statically; want the static order", i+1, measured[i].Option.Name, static[i].Option.Name)
		}
	}
}

// TestInert checks that an option whose value decides no work (no
// influence kind: a name formatted, a port joined into an address) ranks
// after every option that decides some and is no suspect, and that one
// holding an implementation (an interface or a function) is not inert.
func TestInert(t *testing.T) {
	prog, a, opts, s := setup(t, "forward")
	scores, err := scoring.Rank(context.Background(), a, prog, slicing.Forward(context.Background(), a, opts), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	inert, seenInert := 0, false
	for _, sc := range scores {
		if sc.Inert {
			inert++
			seenInert = true
			if sc.Influence != 0 || sc.Suspect {
				t.Errorf("%s: inert with influence %v, suspect %v", sc.Option.Name, sc.Influence, sc.Suspect)
			}
			continue
		}
		if seenInert {
			t.Errorf("%s (influence %v) ranks %d, after an inert option", sc.Option.Name, sc.Influence, sc.Rank)
		}
	}
	if inert == 0 || inert == len(scores) {
		t.Fatalf("%d of %d options inert: the testdata has both kinds", inert, len(scores))
	}
	pos := make(map[string]*scoring.Score)
	for _, sc := range scores {
		pos[sc.Option.Name] = sc
	}
	if sc := pos["Config.Port"]; sc == nil || !sc.Inert {
		t.Errorf("Config.Port, only joined into an address: %+v, want inert", sc)
	}
	if sc := pos["CodecConfig.Codec"]; sc == nil || sc.Inert || sc.Influence != slicing.Path || sc.Cost.CPU == 0 {
		t.Errorf("CodecConfig.Codec, an interface whose calls the code makes: %+v, want them charged (path) and not inert", sc)
	}
}

// TestImplementations checks that an option choosing an implementation
// (an index kind its switch stores, a level its constructor switches on,
// a hash that is one) is charged at the calls through the choice with
// what the choice changes; and that calls which only observe, or through
// a writer either side gets from code the program does not name, are not.
func TestImplementations(t *testing.T) {
	prog, a, by, s := rankBy(t, "impls")
	for _, name := range []string{"Config.Index", "Config.Level", "Config.Hash", "Config.Buffer", "Config.Trace", "Config.Spool"} {
		if by[name] == nil {
			t.Fatalf("%s not ranked", name)
		}
	}
	own := func(typ, name string) float64 { return scoring.OwnCPU(a, s.Estimates, method(prog, typ, name)) }
	scan, sorted := own("scan", "Get"), own("sorted", "Get")
	if scan <= sorted {
		t.Fatalf("scan.Get's own CPU %g, sorted.Get's %g: the testdata's costly index is not costlier", scan, sorted)
	}
	if idx := by["Config.Index"].Cost.CPU; idx < scan-sorted {
		t.Errorf("Index's CPU %g: want at least what the choice changes per lookup, %g", idx, scan-sorted)
	}
	if lvl, best := by["Config.Level"].Cost.CPU, own("best", "Encode"); lvl < best-own("fast", "Encode") {
		t.Errorf("Level's CPU %g: want at least what the costlier encoder adds per record, %g", lvl, best-own("fast", "Encode"))
	}
	if h, sum := by["Config.Hash"].Cost.CPU, own("fnv", "Sum"); h < 10*sum {
		t.Errorf("Hash's CPU %g: want the hash it holds charged per key of Shard's loop (%g a key), not once", h, sum)
	}
	// The calls through the choice: the observer's cost nothing, the
	// writes no IO (the load of the writer is the option's data).
	for _, l := range by["Config.Trace"].Lines {
		if l.Func == method(prog, "Store", "Lookup") && l.Cost != (scoring.Cost{}) {
			t.Errorf("Trace charged %+v at %s: want nothing", l.Cost, l.Pos)
		}
	}
	for _, l := range by["Config.Spool"].Lines {
		if l.Func == method(prog, "Store", "Drain") && l.Cost.IO != 0 {
			t.Errorf("Spool, an implementation doing IO, charged %+v at %s: want no IO", l.Cost, l.Pos)
		}
	}
	for _, l := range by["Config.Buffer"].Lines {
		if l.Func == method(prog, "Store", "Write") && l.Cost.IO != 0 {
			t.Errorf("Buffer charged %+v at %s: want no IO", l.Cost, l.Pos)
		}
	}
	// A flag wrapping whatever pool the user set in a statement cache is
	// charged at the calls through the pool with the cache's own work,
	// per statement Run sends (Run is an operation).
	if sc, cache := by["PoolConfig.Prepare"], own("preparing", "Exec"); sc == nil || sc.Cost.CPU < cache*s.Estimates.Operations {
		t.Errorf("PoolConfig.Prepare: %+v, want the statement cache's own CPU (%g) charged per statement, %g in all", sc, cache, cache*s.Estimates.Operations)
	} else if sc.Cost.CPU > 1.5*cache*s.Estimates.Operations {
		t.Errorf("PoolConfig.Prepare: CPU %g, want about the statement cache's per statement, %g: the call it forwards is not the choice again", sc.Cost.CPU, cache*s.Estimates.Operations)
	}
}

// TestOperations checks that an exported method of an exported type runs
// Operations times beyond its callers, and that the methods of a
// settings struct do not: its user calls them while setting up. So does
// an exported function that makes nothing long-lived (Encode), not a
// constructor, a function making settings or one that serves.
func TestOperations(t *testing.T) {
	prog, a, _, s := setup(t, "ops")
	calls := scoring.CallFrequencies(a, s.Estimates)
	put := method(prog, "Store", "Put")
	if got := calls[put]; !near(got, s.Estimates.Operations) {
		t.Errorf("Store.Put runs %g times, want Operations (%g)", got, s.Estimates.Operations)
	}
	str := method(prog, "StoreConfig", "String")
	if got := calls[str]; !near(got, 1) {
		t.Errorf("StoreConfig.String runs %g times, want once, as a root", got)
	}
	// Validate runs once from New, once as a root: New is no operation.
	var validate *ssa.Function
	for pkg := range prog.Scanned {
		if typ, ok := pkg.Members["StoreConfig"].(*ssa.Type); ok {
			validate = prog.SSA.LookupMethod(typ.Type(), pkg.Pkg, "Validate")
		}
	}
	if got := calls[validate]; got > 2 {
		t.Errorf("StoreConfig.Validate runs %g times, want at most twice", got)
	}
	// A package-level function is an operation when it makes no
	// long-lived value, sets up nothing and does not serve: Encode, not
	// New (a *Store), DefaultConfig (settings), Serve (a service loop),
	// ListenAndServe (a running object it serves with), Register (a
	// package-level map it fills) or Dial (a struct holding a running
	// object).
	if got := calls[member(prog, "Encode")]; !near(got, s.Estimates.Operations) {
		t.Errorf("Encode runs %g times, want Operations (%g)", got, s.Estimates.Operations)
	}
	for _, name := range []string{"New", "DefaultConfig", "Serve", "ListenAndServe", "Register", "Dial"} {
		if got := calls[member(prog, name)]; !near(got, 1) {
			t.Errorf("%s runs %g times, want once, as a root", name, got)
		}
	}
}

// TestFailingCycle checks that a call made only on the way to failing
// closes a cycle rather than the request path: a client's exec
// reconnects after a failed write, and reconnecting runs Query, which
// calls exec. exec runs as often as Query calls it (per statement, per
// retry), not only as often as Ping does, which a walk entering the
// cycle at exec would leave it with, cutting Query's call.
func TestFailingCycle(t *testing.T) {
	prog, a, _, s := setup(t, "reconnect")
	freq := scoring.CallFrequencies(a, s.Estimates)
	exec, query, ping, reconnect := method(prog, "Client", "exec"), method(prog, "Client", "Query"), method(prog, "Client", "Ping"), method(prog, "Client", "reconnect")
	if exec == nil || query == nil || ping == nil || reconnect == nil {
		t.Fatal("Client's methods not found")
	}
	if !slices.ContainsFunc(a.Callers(query), func(c ssa.CallInstruction) bool { return c.Parent() == reconnect }) {
		t.Fatal("reconnect does not call Query in the call graph: no cycle to test")
	}
	if freq[exec] < freq[query] {
		t.Errorf("exec runs %g times, Query %g, Ping %g: want at least Query's (Query's loop calls it)", freq[exec], freq[query], freq[ping])
	}
	if freq[reconnect] >= freq[exec] {
		t.Errorf("reconnect runs %g times, exec %g: want fewer (only after a failed write)", freq[reconnect], freq[exec])
	}
}

// TestPassedFunc checks that a call of a func parameter runs, in each of
// its function's runs, the function that run's caller passed: withRetry's
// op() runs FetchAll's fetch per key and Connect's dial once, not each of
// them in half of withRetry's runs.
func TestPassedFunc(t *testing.T) {
	prog, a, _, s := setup(t, "reconnect")
	freq := scoring.CallFrequencies(a, s.Estimates)
	connect, fetchAll := method(prog, "Client", "Connect"), method(prog, "Client", "FetchAll")
	if connect == nil || fetchAll == nil || len(connect.AnonFuncs) != 1 || len(fetchAll.AnonFuncs) != 1 {
		t.Fatal("Connect's and FetchAll's closures not found")
	}
	dial, fetch := connect.AnonFuncs[0], fetchAll.AnonFuncs[0]
	if freq[fetch] < 5*freq[dial] {
		t.Errorf("Connect's dial runs %g times, FetchAll's fetch %g: want the fetch, run per key, several times as often, not a share of withRetry's runs each", freq[dial], freq[fetch])
	}
	if freq[fetch] < freq[fetchAll]*s.Estimates.LoopTrips {
		t.Errorf("FetchAll's fetch runs %g times, FetchAll %g: want at least one per key", freq[fetch], freq[fetchAll])
	}
	// A generic function passed (an instance, fetchAs[int]) is the call
	// graph's generic body.
	typed, fetchAs := method(prog, "Client", "FetchTyped"), member(prog, "fetchAs")
	if typed == nil || fetchAs == nil {
		t.Fatal("Client.FetchTyped or fetchAs not found")
	}
	if freq[fetchAs] < freq[typed]*s.Estimates.LoopTrips {
		t.Errorf("fetchAs runs %g times, FetchTyped %g: want at least one per key", freq[fetchAs], freq[typed])
	}
}

// TestThrough checks that work a flag decides but other paths reach too
// (the round trip after a switch, one case of which answers from the
// cache under Cached) is charged with the share of its runs that come
// through the flag's branch: about a third of what the same round trip
// costs Direct, which alone decides whether it runs.
func TestThrough(t *testing.T) {
	_, _, by, _ := rankBy(t, "through")
	cached, direct := by["Config.Cached"], by["Config.Direct"]
	if cached == nil || direct == nil {
		t.Fatal("Config.Cached or Config.Direct not ranked")
	}
	c, d := cached.Cost.CPU+cached.Cost.IO, direct.Cost.CPU+direct.Cost.IO
	if d == 0 || c > 0.75*d || c < 0.25*d {
		t.Errorf("Cached: CPU+IO %g; Direct's %g: want Cached charged with the third of the round trip's runs that come through its branch, between a quarter and three quarters of Direct's", c, d)
	}
}

// TestThroughShares checks the shares of runs through the option's
// branches: the round trip after Do's switch comes through Cached's
// branch in a third of its runs (one case of three, the case's test
// taken half the time), and after Warm's, through Skip's, in a third
// too, the loop on the way adding no turns; DoTwice's round trip is
// Twice's in every run, though its second test of Twice does not
// dominate it.
func TestThroughShares(t *testing.T) {
	prog, a, opts, s := setup(t, "through")
	shares := func(option string, fn *ssa.Function) map[string]float64 {
		t.Helper()
		for sl := range slicing.Forward(context.Background(), a, opts) {
			if sl.Option.Name != option {
				continue
			}
			fs := sl.Funcs[fn]
			if fs == nil {
				t.Fatalf("%s: %s not in the slice", option, fn)
			}
			out := make(map[string]float64)
			for i, p := range scoring.Through(a, s, fs) {
				if p >= 0 {
					out[fn.Blocks[i].Comment] = p
				}
			}
			return out
		}
		t.Fatalf("%s not sliced", option)
		return nil
	}
	for _, tc := range []struct{ option, method string }{{"Config.Cached", "Do"}, {"Config.Skip", "Warm"}} {
		got := shares(tc.option, method(prog, "Client", tc.method))
		if p, ok := got["typeswitch.done"]; !ok || !near(p, 1.0/3) {
			t.Errorf("%s: shares %v; want the switch's join at 1/3", tc.method, got)
		}
	}
	twice := shares("Config.Twice", method(prog, "Client", "DoTwice"))
	if len(twice) == 0 {
		t.Error("DoTwice: no block that Twice's second test decides without dominating it")
	}
	for block, p := range twice {
		if !near(p, 1) {
			t.Errorf("DoTwice: %s's share %g, want 1: every round trip passed Twice's first test", block, p)
		}
	}
}

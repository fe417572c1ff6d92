package mutate_test

import (
	"bytes"
	"context"
	"fmt"
	"go/constant"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/mutate"
)

// update is the -update flag testutil defines: rewrite the golden files.
var update = testutil.Update

// find returns the mutant with the given ID.
func find(t *testing.T, ms []*mutate.Mutant, id string) *mutate.Mutant {
	t.Helper()
	for _, m := range ms {
		if m.ID == id {
			return m
		}
	}
	var ids []string
	for _, m := range ms {
		ids = append(ids, m.ID)
	}
	t.Fatalf("no mutant %s; have %s", id, strings.Join(ids, " "))
	return nil
}

// TestOperators applies one mutant of each operator, compares the
// mutated file with its golden file, builds the package through the
// mutant's overlay and removes it, leaving the source as it was.
func TestOperators(t *testing.T) {
	l := loadApp(t)
	orig, err := os.ReadFile("testdata/src/app/app.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		id, golden string
	}{
		{"value@app.go:21:18", "value.golden"},            // an integer ×10
		{"value@app.go:26:5", "value_bool.golden"},        // a bool's slow side, past an early return
		{"value@app.go:48:9", "value_enum.golden"},        // another constant the code switches on
		{"value@pack.go:17:39", "value_max.golden"},       // a level at the best its library accepts
		{"fastpath@app.go:26:5", "fastpath.golden"},       // the costlier else side
		{"loop@app.go:21:33", "loop.golden"},              // a loop the option bounds
		{"sleep@app.go:19:39", "sleep.golden"},            // a function's entry
		{"alloc@app.go:68:9", "alloc.golden"},             // a make the option sizes
		{"unbreak@app.go:77:4", "unbreak.golden"},         // a search loop's early break
		{"oblivion@app.go:90:26", "oblivion.golden"},      // a cache lookup forced to miss
		{"oblivion@once.go:13:2", "oblivion_once.golden"}, // a sync.Once run every time
		{"lock@shards.go:33:2", "lock.golden"},            // a shard's lock wrapped in one shared lock
	} {
		t.Run(tc.golden, func(t *testing.T) {
			t.Parallel()
			m := find(t, l.mutants, tc.id)
			src, err := m.Source()
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", tc.golden)
			if *update {
				if err := os.WriteFile(golden, src, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(src, want) {
				t.Errorf("mutated source differs from %s:\n%s", golden, src)
			}
			ov, err := m.Overlay(nil)
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.CommandContext(context.Background(), "go", "build", "-overlay", ov.JSON, "./...")
			cmd.Dir = "testdata/src/app"
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("building mutant %s: %v\n%s", m.ID, err, out)
			}
			if err := ov.Remove(); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(ov.Dir); !os.IsNotExist(err) {
				t.Errorf("overlay %s left behind", ov.Dir)
			}
			now, err := os.ReadFile("testdata/src/app/app.go")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(now, orig) {
				t.Error("the source file changed")
			}
			if _, err := os.Stat("testdata/src/app/zz_confhunt_mutant.go"); !os.IsNotExist(err) {
				t.Error("a helper file was written into the tree")
			}
		})
	}
}

// TestLockOneOfMany checks that lock widening takes only a lock of one of
// many: a shard's, not the counter's own lock beside it; and that a
// survivor only serial benchmarks reach says so.
func TestLockOneOfMany(t *testing.T) {
	l := loadApp(t)
	var locks []*mutate.Mutant
	var ids []string
	for _, m := range l.mutants {
		if m.Operator == mutate.Lock {
			locks = append(locks, m)
			ids = append(ids, m.ID)
		}
	}
	// The tally's lock is a stripe's, or the shared one its flag picks.
	if !slices.Equal(ids, []string{"lock@shards.go:33:2", "lock@tally.go:42:2"}) {
		t.Fatalf("lock mutants %v, want only the shard's lock@shards.go:33:2 and the stripe's lock@tally.go:42:2", ids)
	}
	m := *locks[0]
	if !m.Serial || !slices.Contains(m.Benchmarks, "example.com/app.BenchmarkAdd") {
		t.Errorf("Serial %v, benchmarks %v: want BenchmarkAdd, which runs serially", m.Serial, m.Benchmarks)
	}
	m.Status = mutate.Survived
	if got := mutate.Explain(&m); !strings.Contains(got, "no benchmark reaching it runs in parallel") {
		t.Errorf("Explain = %q, want the serial benchmarks named as the reason", got)
	}
}

// TestIgnore checks that //confhunt:ignore directives suppress the
// operators they name, on a line and in a function, and only those.
func TestIgnore(t *testing.T) {
	l := loadApp(t)
	has := func(prefix string) bool {
		for _, m := range l.mutants {
			if strings.HasPrefix(m.ID, prefix) {
				return true
			}
		}
		return false
	}
	for _, p := range []string{"alloc@app.go:42:", "loop@app.go:60:", "sleep@app.go:60:"} {
		if has(p) {
			t.Errorf("a mutant %s… was made despite the directive", p)
		}
	}
	for _, p := range []string{"fastpath@app.go:61:5", "value@app.go:61:6", "value@app.go:38:7"} {
		if !has(p) {
			t.Errorf("no mutant %s: the directive suppresses too much", p)
		}
	}
}

// TestExclude checks -exclude by function and by file.
func TestExclude(t *testing.T) {
	l := loadApp(t)
	ms := mutate.Generate(l.prog, l.a, l.slices, mutate.Config{Exclude: []string{"app.Work"}, Costly: l.costly})
	for _, m := range ms {
		if m.Func == "app.Work" {
			t.Errorf("mutant %s in an excluded function", m.ID)
		}
	}
	if len(ms) == 0 || len(ms) >= len(l.mutants) {
		t.Errorf("excluding app.Work left %d of %d mutants", len(ms), len(l.mutants))
	}
	if ms := mutate.Generate(l.prog, l.a, l.slices, mutate.Config{Exclude: []string{"*.go"}, Costly: l.costly}); len(ms) != 0 {
		t.Errorf("excluding *.go left %d mutants", len(ms))
	}
}

// TestReach checks the benchmarks and tests found to reach each site.
func TestReach(t *testing.T) {
	l := loadApp(t)
	work := find(t, l.mutants, "value@app.go:21:18")
	if strings.Join(work.Benchmarks, ",") != "example.com/app.BenchmarkWork" || strings.Join(work.Tests, ",") != "example.com/app.TestWork" {
		t.Errorf("Work's site reached by %v and %v; want BenchmarkWork and TestWork", work.Benchmarks, work.Tests)
	}
	join := find(t, l.mutants, "value@app.go:48:9")
	if len(join.Benchmarks) != 0 || len(join.Tests) != 0 {
		t.Errorf("Join's site reached by %v and %v; want none", join.Benchmarks, join.Tests)
	}
}

// TestGenerateStable checks that generating twice gives the same IDs
// and edits.
func TestGenerateStable(t *testing.T) {
	l := loadApp(t)
	again := mutate.Generate(l.prog, l.a, l.slices, mutate.Config{Costly: l.costly})
	if len(again) != len(l.mutants) {
		t.Fatalf("%d mutants, then %d", len(l.mutants), len(again))
	}
	for i, m := range again {
		if m.ID != l.mutants[i].ID || m.Replacement != l.mutants[i].Replacement {
			t.Errorf("mutant %d: %s %q, then %s %q", i, l.mutants[i].ID, l.mutants[i].Replacement, m.ID, m.Replacement)
		}
	}
}

// BenchmarkGenerate measures mutant generation once the slices exist.
func BenchmarkGenerate(b *testing.B) {
	l := loadApp(b)
	n := 0
	for b.Loop() {
		n += len(mutate.Generate(l.prog, l.a, l.slices, mutate.Config{Costly: l.costly}))
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "mutants/s")
}

// TestSample checks that a sample is seeded, ordered and of its size.
func TestSample(t *testing.T) {
	l := loadApp(t)
	a, b := mutate.Sample(l.mutants, 5, 7), mutate.Sample(l.mutants, 5, 7)
	if len(a) != 5 {
		t.Fatalf("sample of %d, want 5", len(a))
	}
	pos := map[string]int{}
	for i, m := range l.mutants {
		pos[m.ID] = i
	}
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("sample %d: %s, then %s", i, a[i].ID, b[i].ID)
		}
		if i > 0 && pos[a[i].ID] <= pos[a[i-1].ID] {
			t.Errorf("sample out of order: %s before %s", a[i-1].ID, a[i].ID)
		}
	}
	if c := mutate.Sample(l.mutants, 5, 8); slices.EqualFunc(a, c, func(x, y *mutate.Mutant) bool { return x == y }) {
		t.Error("seeds 7 and 8 gave the same sample")
	}
}

// TestValueDirection checks that the config-value mutants of a number
// follow its costly direction: smaller values where its costlier branch
// is taken below a value it is compared with, larger ones where it
// bounds a loop, and both where it sizes something (a capacity); zero
// where the code tests the value itself for it (the feature off), and
// only the bounds the value itself is compared with.
func TestValueDirection(t *testing.T) {
	l := loadApp(t)
	got := make(map[string][]string)
	for _, m := range l.mutants {
		if m.Operator == mutate.Value {
			got[m.Option] = append(got[m.Option], m.Replacement)
		}
	}
	for _, tc := range []struct {
		option  string
		want    []string
		notWant string
	}{
		{"Flusher.Every", []string{"max((f.Every)/10, 1)"}, "(f.Every)*10"},
		{"Flusher.Ratio", []string{"(f.Ratio)/10"}, "(f.Ratio)*10"},
		{"Garbage.Share", []string{"(g.Share)/10"}, "(g.Share)*10"}, // compared with counts that carry it through the journal's state
		{"Config.Rounds", []string{"(c.Rounds)*10"}, "max((c.Rounds)/10, 1)"},
		{"Config.Limit", []string{"(c.Limit)*10", "max((c.Limit)/10, 1)", "4096"}, "0"}, // Primes tests n%d, not the limit, for 0
		{"APP_STYLE", []string{`"loud"`, `"quiet"`}, ""},                                // a kind read through os.Getenv
		{"MemoConfig.Entries", []string{"0", "max((c.Entries)/10, 1)"}, "3"},            // tested for 0 (off) through a copy; cube's loop bound is not its
	} {
		for _, w := range tc.want {
			if !slices.Contains(got[tc.option], w) {
				t.Errorf("%s: values %q, want %q among them", tc.option, got[tc.option], w)
			}
		}
		if tc.notWant != "" && slices.Contains(got[tc.option], tc.notWant) {
			t.Errorf("%s: values %q, want no %q", tc.option, got[tc.option], tc.notWant)
		}
	}
}

// TestValueDefault checks that the constant an option's field gets in
// the module's own composite literal, its default, gets the slow values
// its read sites get, described as the default, but not the value it has
// already, and that a test file's literal gets none.
func TestValueDefault(t *testing.T) {
	l := loadApp(t)
	var got, filled []string
	for _, m := range l.mutants {
		if m.Operator != mutate.Value || m.Option != "MemoConfig.Entries" || m.File != "memo.go" {
			continue
		}
		switch m.Original {
		case "64":
			got = append(got, m.Replacement)
			if !strings.HasSuffix(m.Description, ", as its default") {
				t.Errorf("%s: described %q", m.ID, m.Description)
			}
		case "32":
			filled = append(filled, m.Replacement)
		case "0":
			if m.Replacement == "0" || m.Replacement == "(0)*10" {
				t.Errorf("%s: Unmemoised's 0 made %s, the same value", m.ID, m.Replacement)
			}
		case "1000":
			t.Errorf("%s: Bounded's clamp to 1000 taken for a default", m.ID)
		}
	}
	if len(filled) == 0 {
		t.Error("no mutant of Filled's default of 32, set when the entries are 0")
	}
	for _, m := range l.mutants {
		if m.Operator == mutate.Value && strings.HasSuffix(m.File, "_test.go") {
			t.Errorf("%s: a mutant in a test file", m.ID)
		}
	}
	slices.Sort(got)
	if want := []string{"(64)*10", "0", "1000", "max((64)/10, 1)"}; !slices.Equal(got, want) {
		t.Errorf("values of MemoConfig.Entries' default %q, want %q", got, want)
	}
}

// TestReachMethodValue checks that a site in a method whose value is
// handed to library code (strings.Map) is reached by the benchmark that
// makes the value.
func TestReachMethodValue(t *testing.T) {
	l := loadApp(t)
	n := 0
	for _, m := range l.mutants {
		if m.Option != "Shouter.Loud" || m.Func != "app.(*Shouter).mapRune" {
			continue
		}
		n++
		if !slices.Contains(m.Benchmarks, "example.com/app.BenchmarkSay") {
			t.Errorf("%s: reached by %q, want example.com/app.BenchmarkSay", m.ID, m.Benchmarks)
		}
	}
	if n == 0 {
		t.Error("no mutant in (*Shouter).mapRune")
	}
}

// TestValueEverywhere checks the mutant that sets an option's value at
// every read site at once, so that sites that must agree still do: its
// source has no read of the option left.
func TestValueEverywhere(t *testing.T) {
	l := loadApp(t)
	var found *mutate.Mutant
	for _, m := range l.mutants {
		if m.Option == "Flusher.Every" && m.Operator == mutate.Value && strings.HasSuffix(m.Description, "at all its 3 read sites") && m.Replacement == "1000" {
			found = m
		}
	}
	if found == nil {
		t.Fatal("no mutant setting Flusher.Every to 1000 at its 3 read sites")
	}
	src, err := found.Source()
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(src), "f.Every"); n != 0 {
		t.Errorf("%s: %d reads of f.Every left, want none", found.ID, n)
	}
	if n := strings.Count(string(src), "1000"); n != 3+2 { // the bound and the message's, and the three reads
		t.Errorf("%s: 1000 appears %d times, want 5", found.ID, n)
	}
}

// TestValueZeroShapes checks the zero value's shape: converted to the
// option's type where a bare 0 would change a variable's type, never
// where the value divides, and not for a number the code only checks
// (a side that fails) or tests only through a value computed from it
// (half(c.Depth * 2)).
func TestValueZeroShapes(t *testing.T) {
	l := loadApp(t)
	zero := make(map[string]bool) // by site, file:line
	for _, m := range l.mutants {
		if m.Operator == mutate.Value && strings.HasPrefix(m.Option, "LimitConfig.") && (m.Replacement == "0" || m.Replacement == "int64(0)") {
			zero[fmt.Sprintf("%s %s:%d %s", m.Option, m.File, m.Line, m.Replacement)] = true
		}
	}
	for _, want := range []string{"LimitConfig.Workers limits.go:17 int64(0)", "LimitConfig.Workers limits.go:26 int64(0)"} {
		if !zero[want] {
			t.Errorf("no zero mutant %s; have %v", want, zero)
		}
	}
	for site := range zero {
		if strings.Contains(site, "limits.go:29") || strings.HasPrefix(site, "LimitConfig.Depth") || strings.HasSuffix(site, " 0") {
			t.Errorf("zero mutant %s: a divisor, a checked value, or a bare 0 of an int64", site)
		}
	}
}

// TestLibraryMax: a level the option passes to a library that bounds it
// (gzip.NewWriterLevel's best is 9) is set to that bound, named in the
// description, and never to ten times its own value, which gzip refuses.
func TestLibraryMax(t *testing.T) {
	l := loadApp(t)
	var got []string
	for _, m := range l.mutants {
		if m.Option != "PackConfig.Level" || m.Operator != mutate.Value {
			continue
		}
		got = append(got, m.Replacement+": "+m.Description)
		if strings.Contains(m.Replacement, "*10") {
			t.Errorf("%s: %s → %s, a level gzip refuses", m.ID, m.Original, m.Replacement)
		}
	}
	want := "9: PackConfig.Level → 9 (the largest value compress/gzip.NewWriterLevel accepts)"
	if !slices.Contains(got, want) {
		t.Errorf("PackConfig.Level's value mutants %q, want %q among them", got, want)
	}
}

// TestValueLockBoth checks that a flag choosing which lock is taken gets
// both values: the side its branches' costs call costlier (a hash per key
// for a stripe) and the other, whose cost is contention on one lock.
func TestValueLockBoth(t *testing.T) {
	l := loadApp(t)
	var got []string
	for _, m := range l.mutants {
		if m.Operator == mutate.Value && m.Option == "TallyOptions.Shared" {
			got = append(got, m.Replacement)
		}
	}
	slices.Sort(got)
	if got = slices.Compact(got); !slices.Equal(got, []string{"false", "true"}) {
		t.Errorf("values of TallyOptions.Shared %v, want false and true", got)
	}
}

// TestGoConst checks constants written as Go reads them: a float in
// decimal, not the fraction Go would divide as integers.
func TestGoConst(t *testing.T) {
	for _, tc := range []struct {
		c    constant.Value
		want string
	}{
		{constant.MakeFloat64(0.5), "0.5"},
		{constant.MakeFloat64(2), "2.0"},
		{constant.MakeFloat64(1e20), "1e+20"},
		{constant.MakeInt64(7), "7"},
		{constant.MakeString("array"), `"array"`},
	} {
		if got := mutate.GoConst(tc.c); got != tc.want {
			t.Errorf("goConst(%v) = %s, want %s", tc.c, got, tc.want)
		}
	}
	for text, want := range map[string]string{"1/2": "0.5", "3/4": "0.75", "5": "5", "x/y": "x/y"} {
		if got := mutate.Decimal(text); got != want {
			t.Errorf("decimal(%q) = %s, want %s", text, got, want)
		}
	}
}

// TestOldGo: the mutants of a module whose go.mod names an old Go (go
// 1.16: no generics, no built-in max, no range over an int), whose
// package declares a max and a variable called time of its own, all
// compile: the injected helpers and the value mutants use only what
// that Go has, under names of their own.
func TestOldGo(t *testing.T) {
	testutil.GoEnv(t)
	dir := testutil.Tree(t, map[string]string{
		"go.mod": "module example.com/old\n\ngo 1.16\n",
		"old.go": `package old

import "sync"

type Config struct {
	Workers int ` + "`yaml:\"workers\"`" + `
	Size    int64 ` + "`yaml:\"size\"`" + `
}

// Default is the configuration with its defaults: an untyped constant
// for an int64 field.
func Default() Config { return Config{Workers: 8, Size: 64} }

func max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

var time = 3

type shard struct {
	mu sync.Mutex
	n  int
}

// Cache spreads its keys over Workers shards.
type Cache struct{ shards []*shard }

func New(c Config) *Cache {
	return &Cache{shards: make([]*shard, c.Workers)}
}

// Add counts k in its shard and returns a buffer of Size bytes.
func (s *Cache) Add(c *Config, k int) []byte {
	sh := s.shards[k%len(s.shards)]
	sh.mu.Lock()
	sh.n += max(k, time)
	sh.mu.Unlock()
	b := make([]byte, c.Size)
	for i := 0; i < c.Workers; i++ {
		b[i%len(b)]++
	}
	return b
}
`,
	})
	l := loadDir(dir)
	if l.err != nil {
		t.Fatal(l.err)
	}
	ops := make(map[mutate.Operator]bool)
	floored, floored64 := false, false
	for _, m := range l.mutants {
		ops[m.Operator] = true
		floored = floored || strings.Contains(m.Replacement, "func() int { var v int = (c.Workers) / 10; if v < 1 { v = 1 }; return v }()")
		floored64 = floored64 || strings.Contains(m.Replacement, "func() int64 { var v int64 = (64) / 10;")
		ov, err := m.Overlay(nil)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.CommandContext(context.Background(), "go", "build", "-overlay", ov.JSON, "./...")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("mutant %s (%s) does not build at go 1.16: %v\n%s", m.ID, m.Replacement, err, out)
		}
		if err := ov.Remove(); err != nil {
			t.Fatal(err)
		}
	}
	for _, op := range []mutate.Operator{mutate.Value, mutate.Loop, mutate.Sleep, mutate.Alloc} {
		if !ops[op] {
			t.Errorf("no %s mutant among %d", op, len(l.mutants))
		}
	}
	if !floored {
		t.Error("no ÷10 value mutant of Config.Workers written as a function literal (the package's own max hides the built-in)")
	}
	if !floored64 {
		t.Error("no ÷10 mutant of Size's default 64 written as a function literal of int64")
	}
}

// TestValueChecks: a read site that only checks the value (if n < 0 {
// return err }) gets no value mutant of its own, which could change
// nothing a legal value does; the value set at all the read sites
// includes it.
func TestValueChecks(t *testing.T) {
	testutil.GoEnv(t)
	dir := testutil.Tree(t, map[string]string{
		"go.mod": "module example.com/chk\n\ngo 1.22\n",
		"chk.go": `package chk

import "errors"

type Config struct {
	Window int ` + "`yaml:\"window\"`" + `
}

type Ring struct{ slots []int }

func New(c Config) (*Ring, error) {
	if c.Window < 0 {
		return nil, errors.New("window must be >= 0")
	}
	return &Ring{slots: make([]int, c.Window)}, nil
}
`,
	})
	l := loadDir(dir)
	if l.err != nil {
		t.Fatal(l.err)
	}
	var check, sized, all int
	for _, m := range l.mutants {
		if m.Operator != mutate.Value {
			continue
		}
		switch {
		case strings.Contains(m.Description, "at all its"):
			all++
		case m.Line == 12:
			check++
		case m.Line == 15:
			sized++
		}
	}
	if check != 0 || sized == 0 || all == 0 {
		t.Errorf("value mutants: %d at the check, %d at the make, %d at all sites; want none, some, some", check, sized, all)
	}
}

package counts_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/internal/runner"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
	"github.com/confhunt/confhunt/slicing/slicingtest"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// inhouseDir is the test program whose counts are known.
var inhouseDir, _ = filepath.Abs(filepath.Join("testdata", "inhouse"))

// loadInhouse loads and analyses testdata/inhouse once for all the tests
// that read it.
var loadInhouse = slicingtest.Shared(slicing.Config{Dir: inhouseDir})

// TestMeasuredCounts runs the inhouse package's test, whose counts are
// known, and checks trip counts and branch probabilities as measured.
func TestMeasuredCounts(t *testing.T) {
	t.Parallel()
	dir := inhouseDir
	before := testutil.Checksum(t, dir)
	l := loadInhouse(t)
	r := &counts.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
	prof, err := r.Tests(context.Background(), []string{"example.com/inhouse"}, []string{"go", "test", "-count=1", "-run", "TestCounts", "."})
	if err != nil {
		t.Fatal(err)
	}
	f, err := counts.NewFile(l.Prog, prof)
	if err != nil {
		t.Fatal(err)
	}
	// Round-trip through the file format.
	name := filepath.Join(t.TempDir(), "counts.json")
	if err := f.Write(name); err != nil {
		t.Fatal(err)
	}
	if f, err = counts.Read(name); err != nil {
		t.Fatal(err)
	}
	c, warnings, err := counts.Measure(l.Prog, f)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("measure: %v %v", err, warnings)
	}
	if after := testutil.Checksum(t, dir); after != before {
		t.Errorf("the run changed the user's tree")
	}
	// The same counts with every block at zero: a run that executed
	// nothing it counted (tests that skip without a server) is warned of.
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	for _, fc := range raw["files"].([]any) {
		blocks := fc.(map[string]any)["blocks"].([]any)
		for i, b := range blocks {
			fields := strings.Fields(b.(string))
			blocks[i] = fields[0] + " " + fields[1] + " 0"
		}
	}
	if data, err = json.Marshal(raw); err != nil {
		t.Fatal(err)
	}
	idle := filepath.Join(t.TempDir(), "idle.json")
	if err := os.WriteFile(idle, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fi, err := counts.Read(idle)
	if err != nil {
		t.Fatal(err)
	}
	if idle, warnings, err := counts.Measure(l.Prog, fi); err != nil || len(warnings) != 1 || !strings.Contains(warnings[0], "executed 0 of the") || !idle.Sparse() {
		t.Errorf("counts of a run that executed nothing: warnings %q, error %v; want one saying so, and the counts sparse", warnings, err)
	}
	if c.Sparse() {
		t.Error("counts of a run that executed the code: sparse")
	}

	freq := func(name string) (*ssa.Function, counts.Frequencies) {
		fn := l.Func(t, name)
		fr, ok := c.Frequencies(fn)
		if !ok {
			t.Fatalf("%s has no measured counts", name)
		}
		return fn, fr
	}
	byComment := func(fn *ssa.Function, fr counts.Frequencies, comment string) []float64 {
		var out []float64
		for _, b := range fn.Blocks {
			if b.Comment == comment {
				if !fr.Measured[b.Index] {
					t.Errorf("%s %s: not measured", fn.Name(), comment)
				}
				out = append(out, fr.Block[b.Index])
			}
		}
		return out
	}
	returning := func(fn *ssa.Function, fr counts.Frequencies, match func(v ssa.Value) bool) float64 {
		for _, b := range fn.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && match(ret.Results[0]) {
				return fr.Block[b.Index]
			}
		}
		t.Fatalf("%s: no such return", fn.Name())
		return 0
	}

	// A loop of 10 and a loop of 20: 15 iterations per entry, header 16.
	fn, fr := freq("inhouse.Loop")
	if got := byComment(fn, fr, "for.body"); len(got) != 1 || !near(got[0], 15) {
		t.Errorf("Loop body runs %v times per entry, want 15", got)
	}
	if got := byComment(fn, fr, "for.loop"); len(got) != 1 || !near(got[0], 16) {
		t.Errorf("Loop header (flow conservation) runs %v times per entry, want 16", got)
	}
	trips := scoring.Trips(l.Analysis, fn, fr)
	if len(trips) != 1 || !near(trips[0].Trips, 15) || !trips[0].Measured {
		t.Errorf("Loop trips = %+v, want 15 measured", trips)
	}

	// An if taken 4 times of 8.
	fn, fr = freq("inhouse.Branch")
	if got := byComment(fn, fr, "if.then"); len(got) != 1 || !near(got[0], 0.5) {
		t.Errorf("Branch then side: %v, want 0.5", got)
	}

	// A switch: zero 1, small 2, big 7 of 10.
	fn, fr = freq("inhouse.Switch")
	for want, p := range map[string]float64{"zero": 0.1, "small": 0.2, "big": 0.7} {
		got := returning(fn, fr, func(v ssa.Value) bool {
			c, ok := v.(*ssa.Const)
			return ok && c.Value.ExactString() == fmt.Sprintf("%q", want)
		})
		if !near(got, p) {
			t.Errorf("Switch case %s: %v, want %v", want, got, p)
		}
	}

	// A select: three receives from a, one from b.
	fn, fr = freq("inhouse.Select")
	neg := returning(fn, fr, func(v ssa.Value) bool { u, ok := v.(*ssa.UnOp); return ok && u.Op.String() == "-" })
	if !near(neg, 0.25) {
		t.Errorf("Select case b: %v, want 0.25", neg)
	}

	// Nested loops: 3 outer and 12 inner iterations.
	fn, fr = freq("inhouse.Nested")
	if got := byComment(fn, fr, "for.body"); len(got) != 2 || !near(got[0], 3) || !near(got[1], 12) {
		t.Errorf("Nested bodies run %v times, want [3 12]", got)
	}

	// A range-over-func loop: the yield function runs 5 times per entry.
	rf := l.Func(t, "inhouse.RangeFunc")
	var yield *ssa.Function
	for _, anon := range rf.AnonFuncs {
		if strings.Contains(anon.Synthetic, "range-over-func yield") {
			yield = anon
		}
	}
	if yield == nil {
		t.Fatal("RangeFunc has no yield function")
	}
	calls, ok1 := c.Calls(yield)
	entries, ok2 := c.Calls(rf)
	if !ok1 || !ok2 || calls != 5 || entries != 1 {
		t.Errorf("RangeFunc: yield ran %d times (%v) for %d entries (%v), want 5 for 1", calls, ok1, entries, ok2)
	}
}

// TestTestsFailure: a failing workload is an error and writes no profile.
func TestTestsFailure(t *testing.T) {
	t.Parallel()
	dir := inhouseDir
	r := &counts.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}}
	_, err := r.Tests(context.Background(), []string{"example.com/inhouse"}, []string{"go", "test", "./nosuch"})
	if err == nil || !strings.Contains(err.Error(), "the workload failed") {
		t.Errorf("err = %v", err)
	}
	_, err = r.Tests(context.Background(), []string{"example.com/inhouse"}, []string{"go", "test", "-coverprofile=x", "."})
	if err == nil || !strings.Contains(err.Error(), "sets -coverprofile") {
		t.Errorf("err = %v", err)
	}
	_, err = r.Tests(context.Background(), []string{"example.com/inhouse"}, []string{"make", "test"})
	if err == nil || !strings.Contains(err.Error(), "must be a go test command") {
		t.Errorf("err = %v", err)
	}
}

// TestInterrupted: cancelling a run stops it, removes its temporary files
// (the go command's go-build* work directories included) and leaves no
// process of the run and the user's tree as it was. Each case cancels on
// an event it observed: the go command's work directory appearing (so go
// is still building), or the test binary's first output line.
func TestInterrupted(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cancel func(tmp string, out *syncBuffer) bool
	}{
		{"during the build", func(tmp string, _ *syncBuffer) bool { return hasGoBuildDir(tmp) }},
		{"while the tests run", func(_ string, out *syncBuffer) bool { return strings.Contains(out.String(), "=== RUN") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := inhouseDir
			before := testutil.Checksum(t, dir)
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			t.Setenv("INHOUSE_SLEEP", "1")
			mark := fmt.Sprintf("CONFHUNT_TEST_MARK=%d-%s", os.Getpid(), t.Name())
			t.Setenv("CONFHUNT_TEST_MARK", strings.TrimPrefix(mark, "CONFHUNT_TEST_MARK="))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			out := &syncBuffer{}
			r := &counts.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: out, Stderr: out}}
			observed := make(chan bool, 1)
			go func() {
				for ctx.Err() == nil {
					if tc.cancel(tmp, out) {
						observed <- true
						cancel()
						return
					}
					time.Sleep(2 * time.Millisecond)
				}
				observed <- false
			}()
			_, err := r.Tests(ctx, []string{"example.com/inhouse"}, []string{"go", "test", "-count=1", "-v", "-run", "TestSleep", "."})
			if !<-observed {
				t.Fatalf("the run ended before the event (err = %v):\n%s", err, out.String())
			}
			if err != context.Canceled {
				t.Errorf("err = %v, want context.Canceled", err)
			}
			if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
				t.Errorf("temporary files left behind: %v", entries)
			}
			if pids := marked(t, mark); len(pids) > 0 {
				t.Errorf("processes of the run still running: %v", pids)
			}
			if testutil.Checksum(t, dir) != before {
				t.Errorf("the interrupted run changed the user's tree")
			}
		})
	}
}

// hasGoBuildDir says whether a go command's work directory exists under dir.
func hasGoBuildDir(dir string) bool {
	found := false
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && strings.HasPrefix(d.Name(), "go-build") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// marked lists the processes whose environment holds mark (Linux only).
func marked(t *testing.T, mark string) []string {
	t.Helper()
	procs, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc to look for processes in")
	}
	var pids []string
	self := fmt.Sprint(os.Getpid())
	for _, p := range procs {
		if p.Name() == self || p.Name()[0] < '0' || p.Name()[0] > '9' {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", p.Name(), "environ"))
		if err != nil {
			continue
		}
		stat, _ := os.ReadFile(filepath.Join("/proc", p.Name(), "stat"))
		if bytes.Contains(stat, []byte(") Z ")) { // a zombie is no running process
			continue
		}
		for _, kv := range bytes.Split(env, []byte{0}) {
			if string(kv) == mark {
				pids = append(pids, p.Name())
			}
		}
	}
	return pids
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestService runs a service under a workload and measures its handler.
func TestService(t *testing.T) {
	t.Parallel()
	dir := testutil.ServiceDir(t)
	before := testutil.Checksum(t, dir)
	l := slicingtest.Load(t, slicing.Config{Dir: dir})
	addr := testutil.FreePort(t)
	r := &counts.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard, Grace: 10 * time.Second}}
	prof, err := r.Service(context.Background(), []string{"example.com/service/server"},
		runner.Workload{Build: "./server", Args: []string{"-addr", addr}, Ready: addr, Command: []string{"go", "run", "./client", "-addr", addr, "-n", "7"}})
	if err != nil {
		t.Fatal(err)
	}
	f, err := counts.NewFile(l.Prog, prof)
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := counts.Measure(l.Prog, f)
	if err != nil {
		t.Fatal(err)
	}
	h := l.Func(t, "main.handle")
	calls, ok := c.Calls(h)
	if !ok || calls != 7 {
		t.Errorf("handle ran %d times (%v), want 7", calls, ok)
	}
	fr, _ := c.Frequencies(h)
	if trips := scoring.Trips(l.Analysis, h, fr); len(trips) != 1 || !near(trips[0].Trips, 100) {
		t.Errorf("handle's loop: %+v, want 100 trips", trips)
	}
	if testutil.Checksum(t, dir) != before {
		t.Errorf("the run changed the user's tree")
	}
}

// TestServiceErrors: a service that ignores SIGINT is killed after the
// grace period; a failing workload and a missing package are errors.
func TestServiceErrors(t *testing.T) {
	t.Parallel()
	dir := testutil.ServiceDir(t)
	r := &counts.Runner{Runner: runner.Runner{Dir: dir, Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard, Grace: time.Second}}
	ctx := context.Background()
	pkgs := []string{"example.com/service/server"}

	stubborn := testutil.FreePort(t)
	_, err := r.Service(ctx, pkgs, runner.Workload{Build: "./stubborn", Args: []string{"-addr", stubborn}, Ready: stubborn, Command: []string{"go", "version"}})
	if err == nil || !strings.Contains(err.Error(), "did not exit within 1s of SIGINT and was killed") {
		t.Errorf("stubborn service: err = %v", err)
	}
	addr := testutil.FreePort(t)
	_, err = r.Service(ctx, pkgs, runner.Workload{Build: "./server", Args: []string{"-addr", addr}, Ready: addr, Command: []string{"go", "run", "./nosuch"}})
	if err == nil || !strings.Contains(err.Error(), "the workload failed") {
		t.Errorf("failing workload: err = %v", err)
	}
	if conn, err := net.Dial("tcp", addr); err == nil {
		conn.Close()
		t.Errorf("the service still runs after a failed workload")
	}
	_, err = r.Service(ctx, pkgs, runner.Workload{Build: "./nosuch", Command: []string{"go", "version"}})
	if err == nil || !strings.Contains(err.Error(), "building ./nosuch") {
		t.Errorf("missing package: err = %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "p.out: empty coverage profile"},
		{"x.go:1.1,2.2 1 1\n", "p.out:1: not a coverage profile"},
		{"mode: count\nx.go:1.1,2.2 1\n", "p.out:2: bad block"},
		{"mode: count\nx.go:1.1,2.2 1 -4\n", "p.out:2: bad count"},
		{"mode: count\nx.go:1.a,2.2 1 4\n", "p.out:2: bad position"},
		{"mode: count\nmode: set\n", "p.out:2: mode set after mode count"},
	} {
		_, err := counts.Parse("p.out", strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want %q", tc.in, err, tc.want)
		}
	}
	p, err := counts.Parse("p.out", strings.NewReader("mode: count\na/x.go:1.1,2.2 1 3\na/x.go:1.1,2.2 1 4\n"))
	if err != nil || len(p.Blocks) != 1 || p.Blocks[0].Count != 7 {
		t.Errorf("repeated blocks are not summed: %+v %v", p, err)
	}
}

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(content string) string {
		name := filepath.Join(dir, "counts.json")
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return name
	}
	for _, tc := range []struct{ in, want string }{
		{"not json", "counts.json:1: not a counts file"},
		{"{\n \"version\": 1,\n \"module\": 3\n}", "counts.json:3: not a counts file: module has the wrong type"},
		{`{"hello": 1}`, "not a counts file"},
		{`{"version": 1}`, "not a counts file (no version or module)"},
		{`{"version": 9, "module": "m"}`, "counts file version 9; this confhunt reads version 1"},
		{`{"version": 1, "module": "m", "mode": "count", "runs": 1, "files": [{"path": "a.go", "blocks": ["1.1,2"]}]}`, "counts.json: a.go: bad"},
		{`{"version": 1, "module": "m", "mode": "count", "runs": 1, "files": [{"path": "../../../../dev/zero"}]}`, `counts.json: path "../../../../dev/zero" is not a file of the module`},
		{`{"version": 1, "module": "m", "mode": "count", "runs": 1, "files": [{"path": "/dev/zero"}]}`, `counts.json: path "/dev/zero" is not a file of the module`},
		{`{"version": 1, "module": "m", "mode": "count", "runs": 1, "files": [{"path": "a/../../b.go"}]}`, `counts.json: path "a/../../b.go" is not a file of the module`},
		// Counts of no run, or taken in a mode that does not count.
		{`{"version": 1, "module": "m", "mode": "count", "runs": 0, "files": []}`, "counts.json: runs 0: the counts of no run"},
		{`{"version": 1, "module": "m", "mode": "set", "runs": 1, "files": []}`, `counts.json: mode "set": want count or atomic`},
	} {
		_, err := counts.Read(write(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Read(%q) = %v, want %q", tc.in, err, tc.want)
		}
	}
}

// TestMismatch: counts of another module are an error; counts of a file
// that changed since are left out with a warning naming it.
func TestMismatch(t *testing.T) {
	l := loadInhouse(t)
	_, _, err := counts.Measure(l.Prog, &counts.File{Version: 1, Module: "example.com/other"})
	if err == nil || !strings.Contains(err.Error(), "taken on module example.com/other, not example.com/inhouse") {
		t.Errorf("other module: err = %v", err)
	}
	f := &counts.File{Version: 1, Module: "example.com/inhouse", Files: []counts.FileCounts{{Path: "inhouse.go", SHA256: "0000"}}}
	c, warnings, err := counts.Measure(l.Prog, f)
	if err != nil || len(warnings) != 1 || !strings.Contains(warnings[0], "inhouse.go changed since the counts were taken") {
		t.Fatalf("changed file: %v %v", warnings, err)
	}
	if _, ok := c.Frequencies(l.Func(t, "inhouse.Loop")); ok {
		t.Errorf("counts of a changed file were used")
	}
}

// TestCountsSaturate: counts summed past the largest int64, when a
// profile repeats a block or -append merges two runs, stay at the largest
// int64 instead of wrapping to a negative count that the next read refuses.
func TestCountsSaturate(t *testing.T) {
	p, err := counts.Parse("p.out", strings.NewReader("mode: count\na/x.go:1.1,2.2 1 9223372036854775807\na/x.go:1.1,2.2 1 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Blocks[0].Count; got != math.MaxInt64 {
		t.Errorf("repeated blocks summed to %d, want %d", got, int64(math.MaxInt64))
	}

	dir := t.TempDir()
	write := func(name, count string, runs int) string {
		name = filepath.Join(dir, name)
		data := fmt.Sprintf(`{"version": 1, "module": "m", "mode": "count", "runs": %d, "files": [{"path": "a.go", "sha256": "00", "blocks": ["1.1,2.2 1 %s"]}]}`, runs, count)
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return name
	}
	old, err := counts.Read(write("old.json", "9223372036854775807", math.MaxInt))
	if err != nil {
		t.Fatal(err)
	}
	run, err := counts.Read(write("run.json", "7", 1))
	if err != nil {
		t.Fatal(err)
	}
	if err := old.Merge(run); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "merged.json")
	if err := old.Write(name); err != nil {
		t.Fatal(err)
	}
	merged, err := counts.Read(name)
	if err != nil {
		t.Fatalf("the merged counts do not read back: %v", err)
	}
	if got := merged.Files[0].Blocks[0]; got != "1.1,2.2 1 9223372036854775807" {
		t.Errorf("merged block = %q, want the count held at the largest int64", got)
	}
	if merged.Runs != math.MaxInt {
		t.Errorf("runs = %d, want %d", merged.Runs, math.MaxInt)
	}
	if _, err := counts.Read(write("neg.json", "1", -1)); err == nil || !strings.Contains(err.Error(), "neg.json: runs -1 is negative") {
		t.Errorf("negative runs: err = %v", err)
	}
}

// TestWriteLeavesNothing: a counts file that cannot be written where it is
// asked for (a directory is there) is an error that leaves no temporary
// file beside it; a written one leaves only itself.
func TestWriteLeavesNothing(t *testing.T) {
	f := &counts.File{Version: 1, Module: "m", Runs: 1}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "out"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := f.Write(filepath.Join(dir, "out")); err == nil {
		t.Errorf("writing over a directory: no error")
	}
	if err := f.Write(filepath.Join(dir, "counts.json")); err != nil {
		t.Fatal(err)
	}
	var names []string
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := "counts.json out"; strings.Join(names, " ") != want {
		t.Errorf("the directory holds %q, want %q", names, want)
	}
}

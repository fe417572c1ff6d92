package engine

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/confhunt/confhunt/benchmarks/tsdb/internal/settings"
)

func testSettings(t testing.TB) settings.EngineSettings {
	s := settings.DefaultEngine()
	s.DataDir = t.TempDir()
	s.MemtablePoints = 100
	s.CompactionTrigger = 3
	return s
}

func TestWriteQuery(t *testing.T) {
	for _, mode := range []string{"tiered", "full"} {
		for _, fl := range []string{"hashmap", "array"} {
			t.Run(mode+"/"+fl, func(t *testing.T) {
				s := testSettings(t)
				s.CompactionMode, s.FreelistType = mode, fl
				s.IndexInterval = 7
				e, err := Open(s)
				if err != nil {
					t.Fatal(err)
				}
				for i := range 1000 {
					if err := e.Write(fmt.Sprint("s", i%10), int64(i), float64(i)); err != nil {
						t.Fatal(err)
					}
				}
				if e.Flushes.Load() < 9 || e.Compactions.Load() == 0 {
					t.Errorf("%d flushes, %d compactions", e.Flushes.Load(), e.Compactions.Load())
				}
				pts, err := e.Query("s3", 100, 500)
				if err != nil {
					t.Fatal(err)
				}
				if len(pts) != 40 || pts[0].TS != 103 || pts[39].TS != 493 {
					t.Errorf("query: %d points, %v .. %v", len(pts), pts[0], pts[len(pts)-1])
				}
				if pts, _ := e.Query("nosuch", 0, 1000); len(pts) != 0 {
					t.Errorf("unknown series: %v", pts)
				}
			})
		}
	}
}

func TestBloom(t *testing.T) {
	b := newBloom(100, 10)
	for i := range 100 {
		b.add(fmt.Sprint("k", i))
	}
	for i := range 100 {
		if !b.mayContain(fmt.Sprint("k", i)) {
			t.Fatalf("false negative for k%d", i)
		}
	}
	fp := 0
	for i := range 1000 {
		if b.mayContain(fmt.Sprint("x", i)) {
			fp++
		}
	}
	if fp > 50 {
		t.Errorf("%d false positives in 1000 at 10 bits per key", fp)
	}
	if newBloom(10, 0).mayContain("x") != true {
		t.Errorf("a disabled filter must say maybe")
	}
}

func TestFreelist(t *testing.T) {
	for _, kind := range []string{"array", "hashmap"} {
		f := newFreelist(kind)
		b := f.get(10)
		f.put(b)
		if c := f.get(5); cap(c) < 5 {
			t.Errorf("%s: cap %d", kind, cap(c))
		}
	}
}

func BenchmarkWrite(b *testing.B) { benchWrite(b, testSettings(b), 50) }

// benchWrite writes points to series round-robin.
func benchWrite(b *testing.B, s settings.EngineSettings, series int) {
	e, err := Open(s)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		e.Write(fmt.Sprint("s", i%series), int64(i), 1)
		i++
	}
}

// filled opens an engine holding 50000 points of 50 series over ten
// segments.
func filled(b *testing.B) *Engine {
	s := testSettings(b)
	s.MemtablePoints = 5000
	e, _ := Open(s)
	for i := range 50000 {
		e.Write(fmt.Sprint("s", i%50), int64(i), 1)
	}
	return e
}

func BenchmarkQuery(b *testing.B) {
	e := filled(b)
	i := 0
	for b.Loop() {
		e.Query(fmt.Sprint("s", i%50), 10000, 20000)
		i++
	}
}

// The benchmarks below each run one workload truth.yaml names that the
// two above do not: a benchmark suite that never runs a workload cannot
// notice what slows it.

// BenchmarkWriteManySeries writes to thousands of growing series between
// flushes, so point buffers are recycled by the thousand.
func BenchmarkWriteManySeries(b *testing.B) {
	s := testSettings(b)
	s.MemtablePoints = 50000
	benchWrite(b, s, 5000)
}

// BenchmarkQueryHistory queries whole series over twenty segments of
// history, so that the blocks decoded far outnumber the block cache.
func BenchmarkQueryHistory(b *testing.B) {
	s := testSettings(b)
	s.MemtablePoints = 5000
	s.CompactionTrigger = 1000 // the segments stay as flushed
	e, err := Open(s)
	if err != nil {
		b.Fatal(err)
	}
	for i := range 100000 {
		e.Write(fmt.Sprint("s", i%50), int64(i), 1)
	}
	i := 0
	for b.Loop() {
		e.Query(fmt.Sprint("s", i%50), 0, 100000)
		i++
	}
}

// BenchmarkQueryAbsent queries series that were never written.
func BenchmarkQueryAbsent(b *testing.B) {
	e := filled(b)
	i := 0
	for b.Loop() {
		e.Query(fmt.Sprint("absent", i%50), 10000, 20000)
		i++
	}
}

// BenchmarkWriteParallel writes from concurrent goroutines.
func BenchmarkWriteParallel(b *testing.B) {
	s := testSettings(b)
	s.MemtablePoints = 50000
	e, err := Open(s)
	if err != nil {
		b.Fatal(err)
	}
	var next atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		base := next.Add(1) * 1000
		i := 0
		for pb.Next() {
			e.Write(fmt.Sprint("s", base+int64(i%50)), int64(i), 1)
			i++
		}
	})
}

package bench

import (
	"slices"
	"strings"
	"testing"
)

// goTestOutput is go test -bench -benchmem output with -v noise, a log
// line, a custom metric and a rate, for two packages.
const goTestOutput = `goos: linux
goarch: amd64
pkg: example.com/kv/store
cpu: AMD EPYC 7B13
=== RUN   TestNothing
--- PASS: TestNothing (0.00s)
BenchmarkGet
BenchmarkGet-2          	  200000	      5234 ns/op	     512 B/op	       3 allocs/op
BenchmarkGet-2          	  200000	      5310 ns/op	     512 B/op	       3 allocs/op
BenchmarkPut/size=64-2  	   10000	    104532 ns/op	  12.50 MB/s	    2048 B/op	      17 allocs/op	        4.000 keys/op
    store_test.go:88: flushed 17 segments
BenchmarkBroken-2 lots of output
PASS
ok  	example.com/kv/store	3.214s
goos: linux
goarch: amd64
pkg: example.com/kv/wal
BenchmarkGet-2          	 1000000	      1021 ns/op
PASS
ok  	example.com/kv/wal	1.101s
`

func TestParse(t *testing.T) {
	s, err := Parse(strings.NewReader(goTestOutput))
	if err != nil {
		t.Fatal(err)
	}
	const store, wal = "example.com/kv/store", "example.com/kv/wal"
	want := map[Key][]float64{
		{store, "Get-2", "ns/op"}:             {5234, 5310},
		{store, "Get-2", "B/op"}:              {512, 512},
		{store, "Get-2", "allocs/op"}:         {3, 3},
		{store, "Put/size=64-2", "ns/op"}:     {104532},
		{store, "Put/size=64-2", "MB/s"}:      {12.5},
		{store, "Put/size=64-2", "B/op"}:      {2048},
		{store, "Put/size=64-2", "allocs/op"}: {17},
		{store, "Put/size=64-2", "keys/op"}:   {4},
		{wal, "Get-2", "ns/op"}:               {1021},
	}
	if len(s) != len(want) {
		t.Errorf("got %d keys, want %d: %v", len(s), len(want), s.Keys())
	}
	for k, v := range want {
		if !slices.Equal(s[k], v) {
			t.Errorf("%v: %v, want %v", k, s[k], v)
		}
	}
	keys := s.Keys()
	if keys[0] != (Key{store, "Get-2", "B/op"}) || keys[len(keys)-1] != (Key{wal, "Get-2", "ns/op"}) {
		t.Errorf("keys not sorted by package, name, unit: %v", keys)
	}
	if got := keys[0].String(); got != "example.com/kv/store.Get-2 B/op" {
		t.Errorf("key string %q", got)
	}
	if s, err := Parse(strings.NewReader("no benchmarks here\nok\n")); err != nil || len(s) != 0 {
		t.Errorf("output without benchmarks: %v %v, want no samples", s, err)
	}
}

// TestParseLiveHeap reads the runtime's collection trace mixed with
// benchmark lines: the largest heap live after a collection, in bytes,
// forced collections and a note before the colon included, and nothing
// without a trace; Untraced drops the trace lines and keeps the rest.
func TestParseLiveHeap(t *testing.T) {
	const out = `goos: linux
gc 1 @0.003s 2%: 0.010+0.41+0.003 ms clock, 0.021+0.10/0.30/0.28+0.006 ms cpu, 3->3->1 MB, 4 MB goal, 0 MB stacks, 0 MB globals, 2 P
pkg: example.com/kv/cache
BenchmarkGet-2          	  200000	      5234 ns/op
gc 2 @0.050s 3%: 0.02+1.1+0.01 ms clock, 0.05+0.2/0.9/1.0+0.02 ms cpu, 40->41->23 MB, 42 MB goal, 0 MB stacks, 0 MB globals, 2 P (forced)
gc 3 @0.090s 3% (checking for goroutine leaks): 0.02+1.1+0.01 ms clock, 0.05+0.2/0.9/1.0+0.02 ms cpu, 30->33->31 MB, 46 MB goal, 0 MB stacks, 0 MB globals, 2 P
not gc 4 @0.1s 1%: x, 99->99->99 MB, 
PASS
`
	s, err := Parse(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s[LiveHeap], []float64{31.5 * (1 << 20)}; !slices.Equal(got, want) {
		t.Errorf("live heap %v, want %v", got, want)
	}
	if got := s[Key{"example.com/kv/cache", "Get-2", "ns/op"}]; !slices.Equal(got, []float64{5234}) {
		t.Errorf("benchmark among trace lines: %v", got)
	}
	if got := string(Untraced([]byte(out))); strings.Contains(got, "ms clock") || !strings.Contains(got, "BenchmarkGet-2") || !strings.Contains(got, "not gc 4") {
		t.Errorf("untraced:\n%s", got)
	}
	if s, _ := Parse(strings.NewReader(goTestOutput)); s[LiveHeap] != nil {
		t.Errorf("output without a collection trace has a live heap: %v", s[LiveHeap])
	}
}

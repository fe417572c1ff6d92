package bench

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"
)

// Series is one benchmark, or one sub-benchmark, measured on its own at
// a fixed number of iterations, so that both sides of a comparison do
// the same work: a benchmark whose cost per op grows with b.N (one that
// fills a store as it runs) run for a duration does fewer, cheaper ops
// on the slower side, and the comparison is over different work.
type Series struct {
	Name    string // as printed, without the -GOMAXPROCS suffix: "BenchmarkGet/size=64"
	Pattern string // the -test.bench that runs it alone
	// CPU is the -test.cpu it ran at, when the first run gave a list of
	// them (0: none was given).
	CPU int
	// Benchtime is the -test.benchtime of both sides: the iterations the
	// first run made ("1000x"), or the count it was given.
	Benchtime string
	// Took is how long the first run's timed loop took (iterations ×
	// ns/op): its share of a round.
	Took time.Duration
}

// Args are the go test flags that run s alone.
func (s Series) Args() []string {
	args := []string{"-test.bench=" + s.Pattern, "-test.benchtime=" + s.Benchtime}
	if s.CPU > 0 {
		args = append(args, "-test.cpu="+strconv.Itoa(s.CPU))
	}
	return args
}

// Plan returns a series for each benchmark result of out, what a run
// of go test -bench at benchtime printed, in the order printed:
// sub-benchmarks on their own, and with cpus (the run was given
// -test.cpu) each GOMAXPROCS on its own. When benchtime is a duration, a
// series runs as many iterations as the result says the run made; a
// count (Nx) is kept as it is.
func Plan(out []byte, benchtime string, cpus bool) []Series {
	var ss []Series
	seen := make(map[string]bool)
	rd := benchfmt.NewReader(bytes.NewReader(out), "")
	for rd.Scan() {
		res, ok := rd.Result().(*benchfmt.Result)
		if !ok || res.Iters <= 0 {
			continue
		}
		base, parts := res.Name.Parts()
		s := Series{Name: "Benchmark" + string(base), Benchtime: benchtime}
		s.Pattern = "^" + regexp.QuoteMeta(s.Name) + "$"
		for _, part := range parts {
			if sub, ok := bytes.CutPrefix(part, []byte("/")); ok {
				s.Name += string(part)
				s.Pattern += "/^" + regexp.QuoteMeta(string(sub)) + "$"
			} else if procs, ok := bytes.CutPrefix(part, []byte("-")); ok && cpus {
				s.CPU, _ = strconv.Atoi(string(procs))
			}
		}
		if cpus && s.CPU == 0 {
			s.CPU = 1 // go test prints no suffix at -test.cpu 1
		}
		key := s.Pattern + "\x00" + strconv.Itoa(s.CPU)
		if seen[key] {
			continue
		}
		seen[key] = true
		if !strings.HasSuffix(benchtime, "x") {
			s.Benchtime = strconv.Itoa(res.Iters) + "x"
		}
		if v, ok := res.Value("sec/op"); ok {
			s.Took = time.Duration(v * float64(res.Iters) * float64(time.Second))
		}
		ss = append(ss, s)
	}
	return ss
}

// Printed reports whether the function fn ("BenchmarkGet") has a
// series in ss, itself or one of its sub-benchmarks.
func Printed(ss []Series, fn string) bool {
	for _, s := range ss {
		if s.Name == fn || strings.HasPrefix(s.Name, fn+"/") {
			return true
		}
	}
	return false
}

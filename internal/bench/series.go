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
	// Benchtime is the -test.benchtime of both sides: the iterations the
	// first run made ("1000x"; at its first -test.cpu value when it had
	// several), or the count it was given.
	Benchtime string
	// Took is how long the first run's timed loops of it took
	// (iterations × ns/op, at every -test.cpu value): its share of a
	// round.
	Took time.Duration
}

// Args are the go test flags that run s alone (a -test.cpu list, kept
// in the other flags, applies to it as to the first run).
func (s Series) Args() []string {
	return []string{"-test.bench=" + s.Pattern, "-test.benchtime=" + s.Benchtime}
}

// Plan returns a series for each benchmark result of out, what a run
// of go test -bench at benchtime printed, in the order printed,
// sub-benchmarks on their own. cpus is the run's -test.cpu list (nil
// when it gave none). When benchtime is a duration, a series runs as
// many iterations as its first result says the run made; a count (Nx)
// is kept as it is.
//
// A printed name ends in -N when the benchmark ran at GOMAXPROCS N > 1,
// and a sub-benchmark's own name may end so too ("workers-8"). With a
// list, a name is taken for a run at N of the list when it ends in -N
// and the name without it was printed too, as the run at 1 prints it (or
// the list lacks 1); without one, the suffix is the GOMAXPROCS of the
// whole run, which every name then ends in.
func Plan(out []byte, benchtime string, cpus []int) []Series {
	type result struct {
		name  string
		iters int
		took  time.Duration
	}
	var results []result
	printed := make(map[string]bool)
	rd := benchfmt.NewReader(bytes.NewReader(out), "")
	for rd.Scan() {
		res, ok := rd.Result().(*benchfmt.Result)
		if !ok || res.Iters <= 0 {
			continue
		}
		r := result{name: string(res.Name), iters: res.Iters}
		if v, ok := res.Value("sec/op"); ok {
			r.took = time.Duration(v * float64(res.Iters) * float64(time.Second))
		}
		results = append(results, r)
		printed[r.name] = true
	}
	names := make([]string, len(results))
	for i, r := range results {
		names[i] = r.name
	}
	strip := procsSuffix(names, cpus, printed)
	var ss []Series
	at := make(map[string]int)
	for _, r := range results {
		name := "Benchmark" + strip(r.name)
		if i, ok := at[name]; ok {
			ss[i].Took += r.took
			continue
		}
		s := Series{Name: name, Benchtime: benchtime, Took: r.took}
		for i, part := range strings.Split(name, "/") {
			if i > 0 {
				s.Pattern += "/"
			}
			s.Pattern += "^" + regexp.QuoteMeta(part) + "$"
		}
		if !strings.HasSuffix(benchtime, "x") {
			s.Benchtime = strconv.Itoa(r.iters) + "x"
		}
		at[name] = len(ss)
		ss = append(ss, s)
	}
	return ss
}

// procsSuffix returns what removes the GOMAXPROCS suffix from the
// printed names (see Plan).
func procsSuffix(names []string, cpus []int, printed map[string]bool) func(string) string {
	if len(cpus) > 0 {
		one := false
		for _, c := range cpus {
			one = one || c == 1
		}
		return func(n string) string {
			for _, c := range cpus {
				if t, ok := strings.CutSuffix(n, "-"+strconv.Itoa(c)); ok && c > 1 && (!one || printed[t]) {
					return t
				}
			}
			return n
		}
	}
	suffix := ""
	for i, n := range names {
		j := strings.LastIndexByte(n, '-')
		if j < 0 || !digits(n[j+1:]) || i > 0 && n[j:] != suffix {
			return func(n string) string { return n } // GOMAXPROCS 1: no suffix
		}
		suffix = n[j:]
	}
	return func(n string) string { return strings.TrimSuffix(n, suffix) }
}

// digits reports whether s is a non-empty run of decimal digits.
func digits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
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

// Package bench measures whether one variant of a program is slower than
// another: the A/B engine that hunt -overhead, mutate, compare and rank
// -measure use.
//
// [Parse] reads go test -bench output (with golang.org/x/perf/benchfmt)
// into [Samples]: every value of every benchmark, by benchmark and unit
// (ns/op, B/op, allocs/op and custom metrics), not only a mean, and the
// largest heap live after a garbage collection when the run traced its
// collections (GODEBUG=gctrace=1; [LiveHeap]). [Measure]
// runs variants interleaved (A B B A …) after one warm-up run of each, at
// least a given number of times and until each variant's confidence
// interval of the median is narrow enough or a run budget is spent; a run
// whose workload printed no benchmark line is still timed (its wall
// time). [Plan] turns a first run's results into [Series]: each
// benchmark run on its own at the iterations it made, so that both sides
// of a comparison do the same work. [Compare] takes two samples and returns their medians with
// confidence intervals (golang.org/x/perf/benchmath), the Hodges–Lehmann
// estimate of the ratio B/A with its distribution-free confidence
// interval, Cliff's delta, the Mann–Whitney U p-values (two-sided, and
// one-sided for "B is slower than A by at least a given fraction"), the
// two-sample Kolmogorov–Smirnov statistic (gonum) with a permutation
// p-value, and a [Verdict]: slower, faster or no significant difference.
//
// Approximations: the U test is exact up to 50 values a side (25 with
// ties) and normal beyond (go-moremath); the KS p-value is exact when the
// two samples can be split in at most [Criteria].Permutations ways and
// otherwise estimated from that many seeded random splits; the interval
// of the median needs 6 values at 95% and is infinite below. Runs are
// assumed independent: drift of the machine over the measurement (heat,
// other work) is only spread evenly over the variants by the interleaved
// order, not removed. Larger is taken to be worse, as it is for ns/op,
// B/op, allocs/op and wall time; for a rate (MB/s) swap the samples.
package bench

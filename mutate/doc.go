// Package mutate injects performance bugs that keep behaviour (SlowCoach's
// operators and slow legal values of the options themselves) at sites in
// the suspects' slices, checks each mutant's equivalence with the user's
// tests, measures it with the benchmarks that reach its site, and computes
// a mutation score.
//
// Generate takes the loaded program, its slicing analysis and the slices
// of the options to mutate, and returns the mutants, sorted, with stable
// IDs (operator@file:line:col). The operators (Operator) are:
//
//   - Value: the option's value at a read site replaced by a legal slow
//     value chosen from the code alone (see slowValues), in the option's
//     costly direction (scoring.Direction, Config.Costly): a bool's side
//     whose branches lead to costlier code; a number ×10 or the largest
//     constant bound the code compares it with where larger values cost,
//     a tenth of it or the smallest bound where its costlier branches
//     take smaller values (a branch whose side fails, a check, says
//     nothing), and a tenth too for a capacity (a size, a pool, a
//     bound), whose small values cost in ways the static costs do not
//     see; zero where the code tests the value itself (not a value
//     computed from it) for it, the cache, limit or filter turned off;
//     another constant a string or named kind is compared with;
//     each value at each read site, at all the read sites at once
//     (sites that must agree, a lock taken and released, keep agreeing),
//     and at the option's default, the constant the module's own code
//     stores into its field (a keyed composite literal's Capacity:
//     10000, or an assignment under a test of the field for zero), which
//     a test that sets its own value keeps;
//   - FastPath: an if statement on the option forced to its costlier side,
//     its condition still evaluated: (C) || true, (C) && false. Branches
//     testing errors or nil, and sides that fail, are left alone;
//   - Loop and Sleep: a busy loop (its count kept in a package variable)
//     or a sleep of Config.Inject at the entry of each function of the
//     slice and in the body of each loop whose header the option reaches;
//   - Alloc: a make the option sizes made twice, the extra one kept;
//   - Unbreak: an early break (in an if statement) removed from a loop
//     the option bounds that has its own exit (a condition or a range);
//   - Oblivion: in a function of the slice, a remembered value
//     recomputed: an if on the ok of a map or Get/Load/Lookup/Peek lookup
//     forced to miss, a sync.Once's Do replaced by a plain call;
//   - Lock: in a function of the slice, a mutex of one of many (taken
//     from an element of a slice, array or map, or held by a struct type
//     that is one) wrapped in one lock the package shares, where the
//     function both locks it once and unlocks it.
//
// Each mutant is one source edit (internal/overlay) plus, for the
// injecting operators, a file of helpers added to the package; Overlay
// writes them into a temporary overlay. The user's files are only read.
// A //confhunt:ignore comment, optionally with mutate=op,op, suppresses
// operators on its line (and the next when alone on its line), in the
// function whose doc comment holds it, or in the whole file when it
// stands above the package clause; Config.Exclude takes file and
// function patterns.
//
// Runner.Run builds each mutant's test binaries (go test -c -overlay,
// Jobs at once, never beside a measurement) for the packages whose tests
// or benchmarks reach its site in the call graph (a closure is reached
// where it is defined, a function or method value handed to library
// code — an HTTP handler, a callback — where it is made), runs the
// reaching tests (a failure: NotEquivalent; past TimeoutFactor × the
// base's time: Timeout), then runs the reaching
// benchmarks interleaved with the unmutated build (internal/bench), each
// benchmark, each sub-benchmark, in runs of its own at as many
// iterations as the base ran at Benchtime (a benchmark whose cost per op
// grows with b.N, one that fills a store, compares equal work; a mutant
// that runs past the timeout at them is measured at Benchtime; one that
// decides which lock is taken (a widened lock a parallel benchmark
// reaches, a value of a bool that picks one) at -test.cpu of at least 8
// on both sides,
// as contention does not show on two threads), and
// calls the mutant Killed when a one-sided Mann–Whitney U test at half
// of Alpha, divided among the benchmarks (Bonferroni), says one is
// slower — in ns/op, for an allocation mutant in B/op or allocs/op
// too, and for a config-value mutant that makes a size or a bound larger
// in the live heap of the benchmarks' process (bench.LiveHeap, from
// GODEBUG=gctrace=1: memory held may cost no time), each unit a test of
// its own —, Survived otherwise, and Unreached
// when no benchmark reaches its site. The test looks at the runs twice
// (a group-sequential design): first after Runs rounds, or more, up to
// 10, until it can reach its level (5 rounds a side reach p = 1/252);
// a mutant it leaves undecided whose benchmarks lean slower (p < 0.3),
// or that the calibration run predicts slower than the first look
// resolves, runs on to MaxRuns rounds for the second look. Half of Alpha at each
// look keeps the chance of a false kill at Alpha.
// With Calibrate, a coverage run of each reaching benchmark (unmutated:
// coverage and overlays cannot be combined) gives each site's executions
// per op, and a mutant of known cost (Loop, Sleep) a predicted slowdown
// per benchmark. A mutant that sends branches to one side (FastPath, a
// bool config value) is predicted from the same run: each run of a
// branch that took the other side costs the difference of the sides'
// static costs (scoring.Costs.Side, callees included) more, over the
// weighted work the run measured (scoring.Costs.Work), both in the
// ranking's weights. A number mutant whose value bounds a counted loop
// (the loop's only exit tests a counter against it, in the site's
// function or a static callee's) is predicted from the trips the run
// made: f times the bound is f(T+s)−s trips for T measured from a
// counter starting at s, each costing the run's average trip (or a
// trip's static cost, scoring.Costs.Trip, when it made none). Explain
// says why a survivor survived, first when a benchmark measured it
// faster (Bench.Faster).
//
// Tally computes the mutation score (SlowCoach's equation 1: killed ÷
// the viable, equivalent, non-timed-out mutants) overall and by option,
// operator and benchmark; Report is the JSON form, which Shard and Merge
// split and join.
//
// Settings and MeasureSettings serve rank -measure: Settings keeps, of
// the config-value mutants, one per option and slow value, the one that
// sets it at all its read sites; MeasureSettings builds the user's
// workload (a Workload, which the command implements with hunt's
// prepared runs and tests fake) with each, runs each once to check it,
// then runs them and the code as it is interleaved (internal/bench) and
// gives each the benchmark it slowed most, with the ratio's interval and
// a one-sided U test at Alpha divided among the benchmarks compared, or
// why it was not measured.
//
// Approximations: the slow values and the costlier side of a branch come
// from the syntax (statements, calls, loops ×10), not from measured cost;
// a branch's prediction weighs work by the ranking's weights, which know
// a library call only by the catalogue (a regexp compiled per item costs
// far more than its weight says), and the run's work only in the
// packages the coverage run measured, so it is a share of those
// packages' weighted work, not of the benchmark's time; a number's
// value mutants (×10, a tenth, a bound) carry no prediction;
// reachability is the call graph's (VTA), so a benchmark reaching a site
// only through reflection is missed and one reaching it only in setup
// counts; equivalence is only as good as the reaching tests, and a mutant
// no test reaches is taken as equivalent; the calibration divides by the
// benchmark's b.N, one op off for a b.N loop (which runs once more); an
// injected loop's cost has a floor of two clock reads, so short loops
// cost more than predicted; a sleep's cost is the mean of sleeps of its
// length in a row, measured once before the mutants, and a machine whose
// timers behave otherwise while the benchmarks run (busier, quieter)
// moves it.
package mutate

/*
Confhunt finds the configuration options of a Go program that control its
heavy work: where each option is read, what it reaches, and how much CPU,
memory and IO that work costs.

Usage:

	confhunt <command> [flags] [packages]

The commands are:

	sources   list the options and every place they are read
	slice     show one option's forward slice (-option NAME)
	rank      rank the options by the CPU, memory and IO work they control
	counts    measure execution counts in an in-house run
	hunt      probe the suspects' slices under a workload, rank the bottlenecks
	compare   find the benchmarks a change reaches, measure them on both
	          revisions (-base REV [-head REV])
	mutate    inject slowdowns at the suspects' sites and score whether the
	          benchmarks notice (performance mutation testing)
	cache     clean the cache of results between runs (cache clean), or
	          print its directory (cache dir)

	confhunt help command   the flags of command (as confhunt command -help)
	confhunt version        the version and revision confhunt was built from

rank slices forward from every read of every option over a VTA call
graph (data dependence through values, fields, globals, container
elements, channels, calls and returns; control dependence through
branches on the option and the calls they guard), weighs each instruction
in the slice by its CPU, memory, IO, latency (LAT: sleeps, timer and
ticker periods) and lock (SYNC: locks taken, channel sends) cost times its estimated
execution count (loop trip
counts, branch probabilities, and calls: exported methods of exported
types run as a user's operations), and sums per option (PBHunter's
equations 1 and 2). A string option counts only where it chooses (is
compared with a constant, parsed or opened), not where it is copied or
printed. Retained memory (RET) is what a number option sizes, bounds or
counts (a loop making objects) and the program keeps (stored, queued,
returned), once per site. The
table shows the total (the six resources each normalised by their
maximum over the options, a work column by at least 2% of the largest
work column's: the largest of these shares, plus a hundredth of their
sum), the per-resource scores,
how the option acts (size, trip, path, conc, time, io, bound, lock) and the
line contributing most. The top -top percent are the
suspects, marked '*'. In a library module (its root package is a
library), the options of the commands it bundles (main packages) rank
after the library's own.

	confhunt rank -explain NAME   the lines behind one option's score
	confhunt rank -values FILE    a deployment's values (YAML, JSON, TOML,
	                              .env, a command line) beside the options,
	                              marked (costly) or (cheap) by the
	                              costliest branch comparing the value
	confhunt slice -option NAME   the slice by function, with its loops

rank -measure checks the suspects on a workload: each suspect's slow
values (the config-value mutants of mutate below, each set at all the
option's read sites at once, in an overlay) are built and run with the
workload after --, a go test command or, with -build PKG [-args ARGS]
[-ready ADDR], a workload against the service, as hunt runs them. Each is
run once to check it (a value that does not build, with which the
workload fails, or that runs past 10 times the code's time as it is is
named and not run further), then -runs times (default 5; more, up to
10, when the test could not otherwise reach its level), interleaved with
the code as it is; the values left undecided but leaning slower (p <
0.3) run on with it to -max-runs (default 10) for a second look, each
look testing at half of -alpha. When the go test command runs
benchmarks for a duration (-benchtime 1s, or none), the check run of
the code as it is plans the rest: each benchmark and sub-benchmark then
runs on its own at the iterations it made there, for the code as it is
and every slow value alike (equal work, as compare below). The SLOWDOWN column gives the slowdown of the
benchmark each slowed most (its ns/op, or the wall time when the
workload prints no benchmark), ~ before it when a one-sided Mann-Whitney
U test does not find it slower at -alpha (default 0.05) divided among
the benchmarks; the lines under the table give every value's, with the
95% interval and p. The ranking itself is unchanged, and not cached.

	confhunt rank -measure [-runs N] [packages] -- go test -run '^$' -bench . ./...

Loop trip counts and branch probabilities are estimated statically (10
trips a loop, 50% a branch, 2% an err != nil check) unless an in-house
run measured them. counts takes them from Go's coverage counters:

	confhunt counts -o FILE [packages] -- go test [flags] [packages]
	confhunt counts -o FILE -build ./cmd/server [-args ARGS] [-ready ADDR] \
	    [packages] -- WORKLOAD...

The first runs the tests or benchmarks with -covermode=count over the
analysed packages. The second builds the service with coverage counters,
starts it (with ARGS), waits until ADDR accepts connections, runs the
workload command, then stops the service with SIGINT: the service must
return from main on SIGINT or SIGTERM, since a process killed by a signal
writes no counters; one still running -grace after SIGINT is killed and
the run fails. -append adds a run to an existing FILE. Then

	confhunt rank -counts FILE
	confhunt slice -counts FILE -option NAME

use the measured counts where there are some; a FILE from another module
is an error, files changed since the run are named and left out, and a
run that executed under a tenth of the statements it counted is not used
(a warning says so).
Nothing is written into the analysed tree but FILE.

hunt ranks the options (with -counts FILE when given), takes the slices
of the suspects (-top percent), and probes them: the time of each
function of a slice that loops or calls the resource catalogue, the bytes
of each make, and the time and bytes of each IO call. The probes are
spliced into copies of the files (no line moves, so stack traces keep
their lines) that go test or go build read through -overlay; counters are
fixed per site, updated atomically and kept in a memory-mapped file, so
they survive exit, os.Exit and signals.

	confhunt hunt [-pprof FILE] [-by time|alloc|io|score] [packages] -- go test -bench . ./...
	confhunt hunt -build ./cmd/server [-args ARGS] [-ready ADDR] [packages] -- WORKLOAD...
	confhunt hunt -overhead [-runs N] [packages] -- go test -bench . ./...

The go test command may not set -c or -o (they would write a probed
test binary into the tree), coverage flags (go ignores the overlay for
packages built with coverage) or -overlay; counts refuses the same, as it
sets the coverage flags itself. A dependency's packages in the module
cache cannot be probed: copy the module out and replace it in go.mod.
ARGS are split into words as a shell splits them (quotes, backslashes);
ADDR is a host:port. Every run ends the processes it started before
confhunt exits, those that left their process group included (on Linux).

-pprof writes a profile with sample types time, alloc, io and calls and an
option label (go tool pprof -sample_index=io, -tagfocus=option=NAME).
-overhead runs the workload without probes, with the selective plan and
with every function probed (a go test workload's test binaries built once
per plan with go test -c and run directly, in each package's directory,
one package after another), interleaved, after a warm-up run of each: at
least N times each (-runs, default 3), and more, up to max(2N, 10), until
the 95% interval of each one's median time is within 5% of it. The time
of a run is the geometric mean of the benchmarks' ns/op when the workload
prints them, its wall time otherwise. For each plan it reports the
slowdown (Hodges-Lehmann estimate of the ratio to the runs without probes)
with its 95% interval and the one-sided Mann-Whitney U p-value, and ~ in
place of the slowdown when it is not significant at 0.05; -json adds the
Kolmogorov-Smirnov statistic with its permutation p-value and Cliff's
delta.

mutate ranks the options (with -counts FILE when given) and makes
performance mutants at the sites of the suspects' slices (-top percent),
or of one option's (-option NAME): the option's value at its read site
replaced by a legal slow value chosen from the code in the option's
costly direction (a bool's costlier side; a number ×10 or the largest
bound it is compared with, or a tenth of it or the smallest bound when
its costlier branches take small values; zero where the code tests the
value itself for it, the feature off; another constant a string or
enum-like option is compared with), at one read site, at all of them
at once, and at the option's default, the constant the module's code
gives its field (value), a branch
on the option forced to its costlier side (fastpath), a busy loop or a
sleep of -inject (default 10µs) at the entry of a function of the slice
or in the body of a loop the option bounds (loop, sleep), a make the
option sizes made twice (alloc), and an early break removed from a loop
the option bounds that has its own exit (unbreak), a remembered value
recomputed in a function of the slice: a map or Get/Load/Lookup cache
lookup forced to miss, a sync.Once run every time (oblivion), and a lock
of one of many (a shard's, an entry's) wrapped in one lock the package
shares (lock). -operators picks some; -exclude takes
file patterns (relative to the module root) and functions (pkg.Func); a
comment //confhunt:ignore [mutate=op,op] on a line, alone above it, in a
function's doc comment or above the package clause suppresses the
operators named (all without mutate=) there.

	confhunt mutate [-option NAME] [-j N] [-runs N] [-benchtime T] [packages]
	confhunt mutate -dry-run [packages]         list the mutants only
	confhunt mutate -shard k/n -json [packages] > shard-k.json
	confhunt mutate merge [-format F] shard-*.json

Each mutant is an overlay (the tree is never written). Its test binaries
(go test -c, the build cache reused; -j at once, never during a
measurement) are those of the packages whose tests or benchmarks reach
its site in the call graph (a function value handed to library code,
such as an HTTP handler, where it is made). A mutant that does not compile is not viable;
one whose reaching tests fail is not equivalent; one whose tests or
benchmarks run past -timeout-factor (default 10) times the unmutated
build's timed out: none of these counts. The reaching benchmarks then run
interleaved with the unmutated build, each benchmark (and sub-benchmark)
on its own with both sides at the iterations the unmutated build ran in
-benchtime (a mutant past the timeout at them is measured at -benchtime;
one that decides which lock is taken runs at -test.cpu of at least 8 on
both sides: contention does not show on two threads)
(-runs times each after a warm-up,
more, up to 10, until the test can reach the divided level; a mutant
left undecided but leaning slower, p < 0.3, or predicted by the
calibration run to slow a benchmark by more than the first look resolves,
runs on to -max-runs, default 15, for a second look); the mutant is killed when one is slower by a
one-sided Mann-Whitney U test at half of -alpha at either look
(default 0.05, divided among the benchmarks; an alloc mutant is also
judged on B/op and allocs/op, and a value that makes a size or a bound
larger on the largest heap live after a garbage collection while the
benchmarks ran, live-B, from GODEBUG=gctrace=1; the report names the
unit), survives
otherwise, and is unreached when no benchmark reaches its site. The
mutation score is killed / (killed + survived + unreached), overall and
by option, operator and benchmark. -format json is the report shards
write and merge reads; stryker is the mutation-testing-report-schema JSON
that mutation-report viewers open; html is one self-contained page.
-shard k/n takes every nth mutant from the kth of the sorted list, so n
runners share the work and merge gives one run's report.

Before the mutants run, a coverage run of each reaching benchmark
(-calibrate, on by default; -benchtime 200x, the unmutated code) gives
each site's executions per op. Each injected loop is then sized so that
the benchmark it slows most slows by -target (default 0.2) — unless
-inject is given — and each loop or sleep mutant carries its predicted
slowdown per benchmark: executions per op × injected cost ÷ ns/op; a
fast-path or bool config-value mutant, the share of the run's weighted
work that sending its branches to the costlier side adds (each run that
took the other side costs the sides' difference more); a number mutant
(×10, ÷10) whose value bounds a counted loop (for i < n, the loop's only
exit), the share the trips it adds or removes make (a trip costs what the
run's trips cost on average; a negative share is a speed-up). A
sleep's cost is what a sleep of its length takes on the machine,
measured then (often about a millisecond for 10µs on a virtual one). A
survivor says whether it was never reached by a benchmark, predicted
below what the benchmark detects (its minimum detectable effect: the
slowdown the test, at the level the mutant is judged at, finds 80% of
the time), or predicted above it and not detected: a benchmark to look at.

compare tests a change for performance regressions, running only the
benchmarks that reach it (PerfDetect's change-guided selection):

	confhunt compare -base REV [-head REV] [flags] [packages]
	confhunt compare -base main -format markdown -fail-on-regression 5

Each revision is copied into a temporary directory, removed on exit and
on Ctrl-C: a git revision with git archive, the working tree (the head
when -head is not given) as the files git tracks plus the untracked ones
it does not ignore, and a module version (-base example.com/mod@v1.2.3)
with go mod download. Nothing is written into your tree, index, refs or
worktree list. Both copies are loaded with their tests, and the module's
functions are matched by name and compared by their SSA bodies printed
without positions, so moved or reformatted code is no change. The
benchmarks (Benchmark* in _test.go files of the packages) that reach a
changed function in the head's call graph are selected; -tests lists the
tests that do too. With -cover they are selected by measured coverage
instead: every benchmark runs once (-test.benchtime=1x), and with -tests
every test, with coverage counters over the module, and those that ran a
block of a changed function holding a changed line are selected (lines
found by a line diff of the function's two versions; a benchmark running
only the function's unchanged branches is left out). This sees calls
through reflection, which the call graph misses, and leaves out code the
call graph only might reach. A benchmark whose coverage run fails (data
or a server it needs is missing) is left out and named in the report.
A closure that library code calls (b.Run's
sub-benchmark) is reached, in the call graph, where it is made.
-test-args passes the benchmarks' own flags to every run of the test
binaries (where their data is, say). Each side's test binary is built once per package and
the selected benchmarks run interleaved, base and head, after a warm-up
run of each: at least -runs times (default 6) and up to -max-runs
(default 12) until each median is known within 5%, with -benchtime
(default 200ms) per run. At a duration the base runs the benchmarks once
at it, and each benchmark and sub-benchmark then runs on its own (at the
-test.cpu values below), on both sides, at the iterations it made there,
so that both do the same work (a benchmark that fills a store as it runs
costs more per op the more ops it runs, and a slower head would run
fewer); a count (Nx) runs as given. A sub-benchmark that needs what a
sibling run before it left (a read after a write) then measures other
work, and each run repeats the package's set-up: give a count for such
benchmarks. -budget bounds the time of those runs (builds
not counted), each package getting an equal share of what the ones before
it left: when the warm-up shows that -runs rounds would not fit, the
package's -benchtime is shortened so that they do (down to 10ms or 1x),
and no round starts that would end past the budget, even below -runs;
when even the shortest -benchtime cannot fit them, a warning says so at
once, with about the time the package's share would need; the report
names the packages it shortened, could not fit, or cut. Benchmarks reaching changed code that takes a
lock or uses a channel also run at -test.cpu 1,N (-cpu N, default the
number of CPUs), so that contention shows. Per benchmark it prints, as
benchstat does, each side's median sec/op ± its 95% interval and the
change (Hodges-Lehmann, with its interval and the two-sided Mann-Whitney
U p-value), with the verdict slower, faster or ~ by the one-sided U test
at 0.05. It also names the options whose forward slices hold changed code
("this change touches code that Config.WAL.SyncWrites controls"), and
estimates the time the unselected benchmarks would have taken.
-format text|json|markdown (-json): markdown is a pull-request comment.

	confhunt compare -base main [-counts FILE] [packages] -- go test -run ^$ -bench . ./pkg

With a go test workload after --, compare also probes the changed
functions in both revisions (hunt's time probes, through an overlay of
each copy), runs the workload on each, interleaved, and predicts the
change of the workload's time from each function's time per call and its
calls (Liao et al.'s local to end-to-end bridge), next to the change
measured. With -counts FILE (confhunt counts, from another run such as
a service's) it also predicts the change of that run from its call
counts. A function's time is inclusive, so nested changed functions
count twice. Fewer than 4 runs of each side can show no significant
difference.
-list stops before measuring. -fail-on-regression PERCENT exits 1 when a
benchmark is slower by at least PERCENT (one-sided U test at 0.05).

counts, hunt, mutate and compare run the user's code in Unix process groups and need
Linux or macOS (ending re-grouped descendants needs Linux); on Windows
they stop at once saying they are not supported there. sources, slice
and rank work everywhere.

Packages are patterns as for go build; the default is ./... in the
directory given by -C (the current one by default).

Flags common to every command:

	-C dir        run as if in dir, like go -C
	-config file  settings file (default: .confhunt.yaml in the module root)
	-tags list    comma-separated build tags
	-test         include test files and test variants of packages
	-helpers      also search test support for options (left out by default,
	              unless nothing else matches): packages under testdata,
	              test*, *test, *tests, *testing, e2e, mock*, fake*, example*
	              or bench* directories or importing such a package of
	              their own module; packages importing "testing" that only
	              those import; structs holding a *testing.T or an interface
	              that mirrors testing.TB
	-format f     print the result as text (the default), json, sarif or
	              markdown, as the command offers (see below)
	-json         print JSON instead of a table (-format json)
	-v            print the time and peak memory of each phase on stderr
	              (without -v, a phase that takes over a second shows on
	              stderr while it runs when stderr is a terminal)
	-cache on|off reuse the output of an earlier sources or rank run with
	              the same inputs (default on; see below)
	-debug.cpuprofile file
	              write a CPU profile of confhunt's own run to file
	-debug.memprofile file
	              write a heap profile of confhunt's own run, at its end,
	              to file (go tool pprof -sample_index=alloc_space)

rank also takes -top PERCENT (default 10), -explain NAME and -lines N.

Every command but cache prints its result in the format -format names:

	sources, slice, counts     text, json, markdown
	rank                       text, json, sarif, markdown
	rank -explain NAME         text, json, markdown
	hunt                       text, json, sarif, markdown
	hunt -overhead             text, json, markdown

json is one indented document with a "version" field (1); fields are
added, never renamed. sarif is a SARIF 2.1.0 log for code scanning, files
relative to the module root (uriBaseId SRCROOT): rank gives one result
(rule confhunt/suspect) per suspect at its option's first read site, the
-lines top lines of its score as related locations and, with -measure,
its measured slowdown; hunt one result (rule
confhunt/bottleneck) per bottleneck it shows (-n), at its line, naming the
options whose slices hold it. markdown is GitHub-flavoured tables for a
pull request comment. In text and markdown, counts, weighted costs,
scores and trip counts have at most three significant digits and a k, M,
G or T suffix (956, 1.23k, 45.7M; <0.001 for a positive value below
that); times the same in ns, µs, ms or s; bytes in B, KiB, MiB or GiB;
shares are percentages with one decimal (45.3%), changes signed (+12.3%),
p-values three decimals (<0.001). JSON keeps the numbers.

A comment //confhunt:ignore [reason] on the line of an option's
declaration (a struct field, a flag definition) or of one of its read
sites, or alone on the line above, keeps the option out of the suspects:
it is still ranked, marked (ignored), and the next option takes its
place; -explain shows where and why.

For CI, rank -fail-on-suspects exits 1 when there are suspects, naming
them on stderr after the output; with -baseline FILE, FILE being an
earlier rank -json output, only suspects that are not suspects in FILE
(matched by option name) fail the run, as linters' new-issues modes do:

	confhunt rank -json > .confhunt-baseline.json    # once, committed
	confhunt rank -fail-on-suspects -baseline .confhunt-baseline.json

Options are found in the ways settings are read in Go programs: key
getters (koanf, viper, urfave/cli, pflag's Get*), flag, pflag and kingpin
definitions, urfave/cli flags declared as struct literals (bound to their
Destination), os.Getenv and os.LookupEnv, configuration structs (with
koanf/yaml/toml/mapstructure/env tags, or named *Config, *Options, *Opts,
*Settings, *Conf) and their getter methods. Project-specific accessors and
types are declared in .confhunt.yaml:

	sources:
	  types: ["example.com/storage.Tuning"]
	  funcs:
	    - func: "example.com/svc/conf.(*Store).Lookup"
	      key: 0
	  exclude: ["example.com/svc/internal/testutil/..."]

Settings are read, each layer over the last, from the built-in defaults,
the settings file, CONFHUNT_* environment variables (nested keys joined by
a double underscore: CONFHUNT_SOURCES__EXCLUDE=a,b) and flags. The
analysis limits are settings too, none negative:

	limits:
	  max_whole: 2        # call depth followed under a branch on the option
	  max_context: 3      # call-string depth
	  max_func_contexts: 16  # call strings per function
	  max_hops: 2         # transfers through fields, globals, channels
	  max_call_frequency: 10000  # cap on a function's estimated calls (> 0)
	  probe_cost: 50      # catalogue cost from which hunt times a call
	  max_library_bytes: 24000000  # source of other modules summarised (rank -v names what is left)

sources and rank keep their output in a cache, as go test does: a run
whose inputs are all unchanged (confhunt's own binary, the flags that
change the result, the settings, a -counts file, the Go release and
build environment, and the files of every package the patterns load
that is not a fixed module version) prints the stored output, the same
bytes. The directory is os.UserCacheDir()/confhunt, or $CONFHUNT_CACHE
(an absolute path, or off). An entry that is corrupt is ignored and
rewritten.

confhunt runs its garbage collector at GOGC=400, trading memory for
time (a whole program stays live until it is ranked), unless GOGC is
set; GOMEMLIMIT bounds the heap as for any Go program. -v prints the
value in use.

Exit status:

	0    done
	1    findings asked for by a check flag: rank -fail-on-suspects found
	     suspects (not in its -baseline), compare -fail-on-regression a
	     benchmark that slowed down
	2    a usage error, bad settings, a bad counts or settings file, or
	     packages that cannot be loaded
	3    the user's build or workload failed (counts, hunt, compare; mutate:
	     the unmutated tests do not build or fail)
	130  interrupted (Ctrl-C, SIGTERM, or a hangup unless started with
	     hangups ignored, as by nohup): confhunt stops what it runs,
	     removes its temporary files and prints "confhunt: interrupted";
	     a second such signal kills what is still running and removes
	     the files at once, without waiting
	141  standard output closed by its reader (confhunt rank | head):
	     what confhunt made is removed, and nothing is said

Packages that fail to type-check are listed on stderr and the rest is
analysed.
*/
package main

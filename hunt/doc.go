// Package instrument runs the user's code to measure it, never writing the
// user's files.
//
// In-house runs (PBHunter's measured loop trip counts and branch
// probabilities) use Go's own coverage counters: RunTests runs the user's
// go test command with -covermode=count -coverpkg over the analysed
// packages; RunService builds a service with go build -cover
// -covermode=atomic, starts it with a fresh GOCOVERDIR, runs a workload
// against it, stops it with SIGINT (a process killed by a signal writes no
// counters, so the service must return from main on SIGINT or SIGTERM) and
// merges the counters with go tool covdata. Either gives a coverage
// profile, which Parse reads and NewFile turns into a counts File: a
// versioned JSON file with positions relative to the module root and a
// hash of each source file, so that counts taken on other code are
// detected rather than misapplied.
//
// Counts (from Measure) maps a File onto the SSA program. A coverage block
// starts where a Go block or statement list starts: a function's entry
// block takes the count of the coverage block at its opening brace, and
// each other coverage block goes to the body block (then, else, case,
// loop body, or what follows a statement) whose leading instruction lies
// in it earliest in the source. Loop headers, for post statements, && and
// || operands and case tests are not coverage blocks: their counts follow
// from flow conservation on the SSA CFG (what enters a block leaves it). Blocks the
// counters leave undetermined keep static estimates and are reported as
// such. Coverage and -overlay cannot be combined (golang/go#73802), so
// counts are only ever taken on the user's unmodified code.
//
// Selective instrumentation (PlanSlices, Plan.Write, Runner.Probe) probes
// the slices of the suspect options: a time probe (a defer opening the
// body) on each function of a slice that loops or calls the resource
// catalogue, and a probe wrapping each make (bytes) and each IO call
// (time, and bytes for a Read or Write of a side-effect-free buffer) in
// a function literal. Probes are spliced into copies of the files without
// adding a line, and an added file per package (one for a package and its
// test variant, which are built from the same files) holds its counters: four
// int64 per site, updated atomically, in a shared mapping of a file in
// $CONFHUNT_PROBE_DIR, so they are kept however the process ends and are
// summed across the test binaries of one go test run. The build reads the
// copies through go -overlay; the user's files are never written.
// PlanAll probes every function instead, for the overhead comparison.
// Bottlenecks ranks the sites; a function's exclusive time is approximate
// (probed callees' time is apportioned by calls and call sites).
//
// Every run, successful, failed or interrupted, ends the processes it
// started before it returns: each command runs in its own process group,
// ended after the command; on Linux the process is also the subreaper of
// its descendants, and every process whose environment holds the run's
// mark (CONFHUNT_RUN) is found in /proc, sent SIGTERM, then SIGKILL, and
// reaped, which catches those that left the group (setsid). A descendant
// that clears its environment is found only through its process group.
package instrument

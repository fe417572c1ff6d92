// Package hunt probes the code that the suspect options control while the
// user's workload runs, and ranks what it measured as bottlenecks, never
// writing the user's files.
//
// PlanSlices takes the slices of the suspect options and returns a Plan of
// probes: a time probe (a defer opening the body) on each function of a
// slice that loops or calls the resource catalogue, and a probe wrapping
// each make (bytes) and each IO call (time, and bytes for a Read or Write
// of a side-effect-free buffer) in a function literal. PlanAll probes
// every function instead, for the overhead comparison. Plan.Write splices
// the probes into copies of the files, in an overlay.Overlay, without
// adding a line, and adds a file per package (one for a package and its
// test variant, which are built from the same files) holding its
// counters: four int64 per site, updated atomically, in a shared mapping
// of a file in $CONFHUNT_PROBE_DIR, so they are kept however the process
// ends and are summed across the test binaries of one go test run.
//
// Runner.Probe runs the workload (a go test command, or a service and the
// workload driving it) through go -overlay and returns a Result: what
// each probe measured, the workload's wall time and benchmark figures.
// Bottlenecks ranks the measured sites by time, allocated bytes, IO bytes
// or all three; a function's exclusive time is approximate (probed
// callees' time is apportioned by calls and call sites, as probes keep no
// per-goroutine stack). Probes in a dependency in the module cache are
// refused before the build: go -overlay cannot replace files there.
// Probes in a file that uses cgo are left out with a warning (Plan.Skipped):
// what was parsed is the Go that cgo generated, which no overlay changes.
// Vendored packages and the other modules of a go.work workspace are the
// user's files and are probed like the main module's.
//
// Runner.Prepare readies a workload for repeated runs (hunt -overhead):
// the test binaries of a go test command are built once per plan, one per
// package, with go test -c, and each Prepared.Run runs them in their
// packages' directories; a service, or a go test command whose binaries
// cannot stand in for it (-json, -exec, profiles, -args), runs through
// Probe every time.
package hunt

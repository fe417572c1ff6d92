// Package counts takes in-house runs of the user's code and turns their
// execution counts into measured block frequencies for scoring, never
// writing the user's files.
//
// The runs (PBHunter's measured loop trip counts and branch
// probabilities) use Go's own coverage counters: Runner.Tests runs the
// user's go test command with -covermode=count -coverpkg over the
// analysed packages; Runner.Service builds a service with go build -cover
// -covermode=atomic, starts it with a fresh GOCOVERDIR, runs a workload
// against it, stops it with SIGINT (a process killed by a signal writes no
// counters, so the service must return from main on SIGINT or SIGTERM) and
// merges the counters with go tool covdata. Either gives a coverage
// profile, which Parse reads and NewFile turns into a counts File: a
// versioned JSON file with positions relative to the module root and a
// hash of each source file, so that counts taken on other code are
// detected rather than misapplied. Read and Write load and save it; Merge
// adds the counts of another run.
//
// Measure maps a File onto the SSA program and returns Counts, whose
// Frequencies are a function's block frequencies per entry, in the shape
// scoring.Estimate gives estimated ones, and whose Calls are its entries.
// A coverage block starts where a Go block or statement list starts: a
// function's entry block takes the count of the coverage block at its
// opening brace, and each other coverage block goes to the body block
// (then, else, case, loop body, or what follows a statement) whose leading
// instruction lies in it earliest in the source. Loop headers, for post
// statements, && and || operands and case tests are not coverage blocks:
// their counts follow from flow conservation on the SSA CFG (what enters a
// block leaves it). Blocks the counters leave undetermined are reported
// as not measured; scoring.Frequencies fills them with estimates, the one
// place where measured and estimated frequencies meet. Coverage and
// -overlay cannot be combined (golang/go#73802), so counts are only ever
// taken on the user's unmodified code.
package counts

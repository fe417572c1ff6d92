// Package compare tests a change for performance regressions the way
// PerfDetect does: it finds what the change touches and runs only the
// benchmarks that reach it, measured with SpeedGun's rigour.
//
// [Materialise] copies each revision into a directory of the caller's
// (internal/snapshot: git archive for a revision, the tracked and
// untracked-not-ignored files for the working tree, go mod download for a
// module version), never writing the user's tree, index, refs or
// worktree list. [Changes] loads nothing itself: given both trees loaded
// with their tests (slicing.Load), it matches the module's functions by
// full name (slicing.FullName) and compares their SSA bodies printed
// without positions, so a reformatted or moved function is unchanged and
// a renamed closure (F$1 becoming F$2) is one function removed and one
// added. [Select] walks the head's call graph (slicing.CallGraph) back
// from every changed function and keeps the benchmarks (and, when asked,
// the tests) that reach one; a removed function counts through its
// callers, which changed with it, and a closure that library code calls
// (b.Run's sub-benchmark) through the function that made it.
// [SelectCovered] runs every benchmark once with coverage counters
// instead and keeps those that ran a block holding a line of the change
// ([Change.Lines]: a line diff of the function's two versions), so that a
// benchmark running only a changed function's unchanged branches is left
// out. [Measure] builds each side's test
// binary once per package and runs the selected benchmarks interleaved
// A/B on internal/bench, at -test.cpu 1,N when a changed function they
// reach takes a lock or uses a channel; at a -benchtime duration the
// base runs them once, and each (sub-)benchmark then runs on its own,
// on both sides, at the iterations it made ([bench.Plan]: equal work,
// which a benchmark filling a store as it runs needs), and [Result] holds benchstat's
// figures per benchmark and a verdict. [Touches] names the options whose
// forward slices (slicing.Forward, on the head) hold changed code.
//
// Approximations: the call graph is VTA's, sound apart from reflection
// and unsafe, so a benchmark reaching changed code only through
// reflection is missed; changed code reached by no benchmark is only
// listed. A closure that library code keeps and calls later for another
// caller (a handler registered in one benchmark's setup, served in
// another's) is reached only through its maker. By coverage, a change
// that is a deletion alone counts where a block holds both lines around
// it, and a change through a constant declared elsewhere (no line of the
// function differs) counts on every line of the function. A function whose body is the same but whose callee's type
// changed (a struct grew a field) counts as unchanged. The time saved is
// an estimate: the unselected benchmarks taken to cost what the selected
// ones did.
package compare

// Package scoring weighs the instructions of each option's forward slice
// by their CPU, memory and IO cost and ranks the options, after PBHunter's
// equations 1 and 2:
//
//	InsScore_type(i)    = OIns_type(kind(i)) × Π P_branch × Π T_loop
//	Score_type(option)  = Σ_{i ∈ slice} InsScore_type(i)
//
// for type ∈ {CPU, MEM, IO}. OIns comes from configs' weight table, or for
// a call into a library the analysis does not enter, from its resource
// catalogue, or else from the library function's own body (Summaries:
// its instructions' weights times their blocks' estimated frequencies,
// bottom-up over the library's calls). A store of the option's value
// into a field of a library's struct weighs, once, what the library's
// code does with that field (FieldSummaries: the field's own slice and
// score in the libraries' program); an argument carrying the option's
// value, what one call does with that parameter (its slice, divided by
// how often the function runs there), in place of all the call costs. The product of branch probabilities and loop trip counts is
// the block's execution frequency per entry to its function (Estimate, or
// measured counts where an in-house run has them), times the function's
// estimated calls per run: the sum over its call sites in the call graph
// of the caller's frequency times the call block's, LoopTrips for a
// function library code calls back (a handler runs per request), and 1
// for a root such as main.
//
// What is summed follows what the option's value changes. Instructions
// the value reaches (def-use) count as above. Work that runs under a
// branch the option decides counts at the branch: a call there is
// charged with what its analysed callees do per call, to the depth the
// slicer enters them, at the frequency of the calling block, not at the
// callees' own frequency summed over all their callers (a logger called
// once under the option costs one call); a goroutine started there is
// charged with its work. When both sides of the branch do work, only the
// share that depends on the side counts, |cost(then) − cost(else)| over
// their sum: a flag choosing between two equal pieces of work costs
// next to nothing. Work the branch decides that other paths reach too
// (the round trip after a switch, one case of which answers from a cache
// under the option) counts in the share of its runs that come through
// the branch, from the blocks' frequencies. A branch in a command's main that decides whether the
// program runs at all (one side returns or ends the process: -version, a
// missing required flag) counts nothing: the work is the program's. Nor
// does a side that only observes (a log line, a tracer's or metrics
// sink's event, and the arguments computed for them): the option decides
// whether the work is watched, not the work. Nor does a call the value
// is handed to that only observes and whose result goes nowhere (a log
// line printing it): it costs the same whatever the value. A function
// given only messages (one string, no results, every call passing
// formatted text or a constant) is such a sink whatever it does with
// them, a LOG file's writer with its lock and write: a branch inside it
// observes too.
//
// A function the value reaches through a field or global that other
// functions also store other values at (the arguments every command's
// constructor fills, of which the option's is one) runs with the value
// in that share of its runs: 1 over the places the stored values come
// from (slicing.FuncSlice.Loaded), not in all of them; a helper that
// stores its parameter (a queue's put) counts its callers' arguments,
// up to three calls up. Likewise a value one implementation returns
// through an interface call comes back in 1 over the implementations
// the call may run (one backend's answer among every backend's). A
// branch one of whose sides fails (a limit a
// request may not pass) decides whether the function goes on, not the
// values it goes on with.
//
// An allocation whose length, capacity or buffer size the option decides
// (size influence) weighs LoopTrips times its MEM weight: its elements are
// estimated as a loop's iterations are. Likewise a library call whose cost
// grows with an argument the option reaches (a compression level, marked
// `scales` in the catalogue) weighs LoopTrips times in that resource, and
// so do the catalogued calls on what it returns (the compressor's Write,
// Flush and Close, where it is used or kept), in CPU.
//
// The ranking total divides each resource's score by its maximum over all
// options and takes the largest of these shares, plus a hundredth of
// their sum (see normalise). The top percent (configs.Settings.Top)
// of options with a non-zero total are the suspects.
//
// Approximations: static frequencies assume every loop runs LoopTrips
// times and every other two-way branch is taken with probability Branch;
// a function's frequency sums over all its callers, whichever call the
// option's value came through (work under a branch on the option is the
// exception above), but a call of a func parameter runs, in each run of
// its function, what that run's caller passed (withRetry(op) runs the
// fetch a loop passes once per key, the dial passed once once);
// recursion counts once (the calls closing a cycle add nothing; a call
// made only on the way to failing, a reconnect that runs the request
// path again, closes a cycle rather than the request path); a
// function's calls are capped at 10⁴ per run.
package scoring

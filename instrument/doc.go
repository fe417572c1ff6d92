// Package instrument rewrites copies of the user's source into a temporary
// overlay (go build -overlay), never the user's files: coverage runs that
// measure loop trip counts and branch probabilities, and probes on the
// slices of the suspect options for bottleneck runs.
//
// Nothing in it is implemented yet beyond this description (see the open
// issues).
package instrument

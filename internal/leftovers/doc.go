// Package leftovers keeps account of what a run of confhunt has made and
// not yet removed, temporary directories and the processes that use
// them, so that a second interrupt can end and remove all of it at once
// (Set.Abort) instead of waiting for the orderly cleanup the first one
// started. main makes the one Set of the process and hands it down to
// what makes such things (runner.Runner.Leftovers, overlay.New).
package leftovers

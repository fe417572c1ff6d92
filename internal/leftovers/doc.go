// Package leftovers keeps account of what confhunt has made and not yet
// removed, temporary directories and the processes that use them, so that
// a second interrupt can end and remove all of it at once (Abort) instead
// of waiting for the orderly cleanup the first one started.
//
// It is the one piece of process-wide state in confhunt, for the same
// reason os/signal is: a signal concerns the whole process.
package leftovers

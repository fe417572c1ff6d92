// Package runner runs the go commands, services and workloads of confhunt's
// stages, and ends every process it started.
//
// A Runner holds what every run shares: the module root the commands run
// in, the environment they get (passed in, never read from the process
// here), where their output goes, and the time limits. Start makes a Run,
// a temporary directory; Exec and ExecWorkload run a command in it (go
// test with -cover or -overlay, go build, go tool covdata, the user's
// workload), BuildTests builds the test binaries of a go test command
// (split by SplitGoTest) once with go test -c, to be run directly many
// times, Service builds a main package, starts it, waits until it
// accepts connections on a ready address, runs the workload against it
// and stops it with SIGINT. Close ends what the run left running and
// removes the directory.
//
// Failures are told apart by kind: ErrBuild (the user's code does not
// build), ErrWorkload (the workload or the service failed), ErrTimeout (a
// command ran past Runner.Timeout), and the context's error when the
// caller canceled the run, which is never reported as a failure of the
// user's code.
//
// Every run, successful, failed or interrupted, ends the processes it
// started before Close returns: each command runs in its own process
// group, ended after the command; on Linux this process is also the
// subreaper of its descendants, and every process whose environment holds
// the run's mark (CONFHUNT_RUN) is found in /proc, sent SIGTERM, then
// SIGKILL, and reaped, which catches those that left the group (setsid).
// A descendant that clears its environment is found only through its
// process group. Each command's GOTMPDIR lies in the run's directory, so
// that the work directories of an interrupted go command go with it.
// Mark, EndMarked and KillMarked give the same end to processes started
// outside a Run: the go commands that loading runs through go/packages,
// whose compiles an interrupted go list leaves running.
package runner

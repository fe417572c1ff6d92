package runner

// Processes that confhunt does not start through a Run, such as the go
// commands go/packages runs while loading (go list and the builds it
// asks for), can carry a mark of their own too: an interrupted go list
// leaves the compiles it started running, re-parented to init, and only
// a mark finds them.

// Mark returns the environment variable (key and value) that marks the
// processes whose temporary directory is dir, for the environment they
// inherit. Processes a Run starts get their run's mark instead.
func Mark(dir string) (key, value string) { return markKey, dir }

// EndMarked ends every process that holds dir's mark, as Close does for a
// run: SIGTERM, then SIGKILL after a grace period. It returns once none
// is left. It does nothing but on Linux.
func EndMarked(dir string) { endTree(runMark(dir)) }

// KillMarked kills every process that holds dir's mark at once, without
// waiting, as a second interrupt does for a run.
func KillMarked(dir string) { killTreeNow(runMark(dir)) }

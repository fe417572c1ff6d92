package runner

import (
	"errors"
	"fmt"
	"os/exec"
	"runtime"
)

// Supported says whether in-house runs (counts, hunt) work on this
// system. They do not on Windows: a run's processes are ended as Unix
// process groups and the service is stopped with SIGINT, and the probes
// keep their counters in a file mapped with syscall.Mmap.
func Supported() error {
	return fmt.Errorf("not supported on this system (%s): runs need Unix process groups and signals; sources, slice and rank work: %w",
		runtime.GOOS, errors.ErrUnsupported)
}

// inGroup refuses: see Supported.
func inGroup(cmd *exec.Cmd) error { return Supported() }

// endGroup has no group to end: see Supported.
func endGroup(cmd *exec.Cmd) {}

// killGroup kills cmd's process.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return cmd.Process.Kill()
}

// groupOf has no group to return: see Supported.
func groupOf(cmd *exec.Cmd) (int, bool) { return 0, false }

// killGroupNow has no group to kill: see Supported.
func killGroupNow(pgid int) {}

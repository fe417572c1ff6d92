//go:build unix

package runner

import (
	"os/exec"
	"syscall"
	"time"
)

// Supported says whether in-house runs (counts, hunt) work on this
// system: here they do.
func Supported() error { return nil }

// inGroup makes cmd the leader of a process group of its own, interrupted
// as a group when its context is done.
func inGroup(cmd *exec.Cmd) error {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		// Interrupt the group first, so that go test and go build stop
		// their children; run ends what is left of the group.
		if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
			return killGroup(cmd)
		}
		return nil
	}
	return nil
}

// endGroup ends what is left of cmd's process group after its leader has
// exited: SIGINT, then SIGKILL after groupGrace, and waits until no member
// is left (bounded, as a zombie nobody reaps never goes).
func endGroup(cmd *exec.Cmd) {
	if cmd.Process == nil || cmd.SysProcAttr == nil || !cmd.SysProcAttr.Setpgid {
		return
	}
	pgid := cmd.Process.Pid
	if !groupAlive(pgid) {
		return
	}
	_ = syscall.Kill(-pgid, syscall.SIGINT)
	if waitGroup(pgid, groupGrace) {
		return
	}
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
	waitGroup(pgid, groupGrace)
}

// groupGrace is how long endGroup waits for a process group after each signal.
const groupGrace = 3 * time.Second

func groupAlive(pgid int) bool {
	return syscall.Kill(-pgid, 0) == nil
}

// waitGroup polls until the group pgid has no member or d has passed, and
// says whether it is gone. It reaps the members that became this
// process's children (the subreaper's, see subreaper) and have exited: a
// zombie still counts as a member.
func waitGroup(pgid int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for reapGroup(pgid); groupAlive(pgid); reapGroup(pgid) {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// reapGroup reaps the members of the group pgid that are this process's
// children and have exited.
func reapGroup(pgid int) {
	var ws syscall.WaitStatus
	for {
		if pid, err := syscall.Wait4(-pgid, &ws, syscall.WNOHANG, nil); err != nil || pid <= 0 {
			return
		}
	}
}

// groupOf returns the process group cmd leads, once started in one.
func groupOf(cmd *exec.Cmd) (int, bool) {
	if cmd.Process == nil || cmd.SysProcAttr == nil || !cmd.SysProcAttr.Setpgid {
		return 0, false
	}
	return cmd.Process.Pid, true
}

// killGroupNow kills every process of the group pgid, without waiting.
func killGroupNow(pgid int) { _ = syscall.Kill(-pgid, syscall.SIGKILL) } // gone already: nothing to do

func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		return cmd.Process.Kill()
	}
	return nil
}

package runner

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER of <linux/prctl.h>.
const prSetChildSubreaper = 36

// subreaper makes this process the subreaper of its descendants: a process
// whose parent exits is re-parented to it rather than to init, so that
// endTree can reap what it kills and no process of a run outlives it.
func subreaper() error {
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
		return e
	}
	return nil
}

// endTree ends every process that holds mark in its environment: the
// descendants of a run, including those that left its process groups
// (setsid) or lost their parent. Each gets SIGTERM, then SIGKILL after
// groupGrace; endTree returns once none is left, having reaped those that
// were re-parented to this process.
func endTree(mark string) {
	self := os.Getpid()
	seen := make(map[int]bool)
	// A dying process may leave children of its own: look again until a
	// round finds nothing (bounded, as a process may keep forking).
	for range 10 {
		procs := marked(mark)
		for _, pid := range procs {
			seen[pid] = true
		}
		if len(procs) == 0 {
			break
		}
		for _, pid := range procs {
			_ = syscall.Kill(pid, syscall.SIGTERM) // it may have exited meanwhile
		}
		if !waitGone(procs, self, groupGrace) {
			for _, pid := range procs {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
			waitGone(procs, self, groupGrace)
		}
	}
	reap(seen, self)
}

// killTreeNow kills every process that holds mark in its environment,
// without waiting for them to be gone. It looks again until a round finds
// none, as one may have forked since the last look (bounded, as in
// endTree).
func killTreeNow(mark string) {
	for range 10 {
		procs := marked(mark)
		if len(procs) == 0 {
			return
		}
		for _, pid := range procs {
			_ = syscall.Kill(pid, syscall.SIGKILL) // it may have exited meanwhile
		}
	}
}

// waitGone polls until none of pids runs, reaping the children of self
// among them, or d has passed, and says whether they are gone.
func waitGone(pids []int, self int, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		left := 0
		for _, pid := range pids {
			st, ppid, ok := procStat(pid)
			switch {
			case !ok:
			case st == 'Z':
				if ppid == self {
					var ws syscall.WaitStatus
					_, _ = syscall.Wait4(pid, &ws, syscall.WNOHANG, nil) // a zombie: nothing to report
				}
			default:
				left++
			}
		}
		if left == 0 {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// reap collects the zombies among pids that are children of self.
func reap(pids map[int]bool, self int) {
	for pid := range pids {
		if st, ppid, ok := procStat(pid); ok && st == 'Z' && ppid == self {
			var ws syscall.WaitStatus
			_, _ = syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
		}
	}
}

// marked lists the live processes (no zombies) whose environment holds mark.
func marked(mark string) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	want := []byte(mark)
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil { // gone, or not ours to read
			continue
		}
		for kv := range bytes.SplitSeq(env, []byte{0}) {
			if bytes.Equal(kv, want) {
				if st, _, ok := procStat(pid); ok && st != 'Z' {
					out = append(out, pid)
				}
				break
			}
		}
	}
	return out
}

// procStat reads the state and parent of a process from /proc/PID/stat;
// ok is false when there is no such process.
func procStat(pid int) (state byte, ppid int, ok bool) {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0, 0, false
	}
	// pid (comm) state ppid ...; comm may hold spaces and parentheses.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, 0, false
	}
	fields := bytes.Fields(data[i+1:])
	if len(fields) < 2 || len(fields[0]) != 1 {
		return 0, 0, false
	}
	ppid, err = strconv.Atoi(string(fields[1]))
	if err != nil {
		return 0, 0, false
	}
	return fields[0][0], ppid, true
}

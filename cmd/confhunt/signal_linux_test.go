package main

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/confhunt/confhunt/internal/leftovers"
)

// TestGoTmpDirEndsGoCommands: a process that inherited the environment
// goTmpDir sets and lost its parent (a compile that an interrupted go
// list leaves running) is ended when the directory is removed after an
// interrupt, and killed at once by the Set's Abort; without an interrupt
// it is left alone (a server that loading started). Only Linux finds
// such a process (by its mark, in /proc).
func TestGoTmpDirEndsGoCommands(t *testing.T) {
	for _, end := range []string{"interrupted", "abort", "not interrupted"} {
		t.Run(end, func(t *testing.T) {
			t.Setenv("GOTMPDIR", t.TempDir())
			t.Setenv("CONFHUNT_RUN", "") // goTmpDir sets it; this restores it
			left := new(leftovers.Set)
			remove := goTmpDir(left)
			defer remove(false)
			// Its own process group, as a go command's compile is not in
			// one of confhunt's.
			cmd := exec.Command("sleep", "60")
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			go func() {
				cmd.Wait() // an error once remove has reaped it itself
				close(done)
			}()
			defer func() {
				cmd.Process.Kill()
				<-done
			}()
			switch end {
			case "interrupted":
				remove(true)
			case "abort":
				left.Abort()
			default:
				remove(false)
				select {
				case <-done:
					t.Fatal("a process the go commands started was ended though confhunt was not interrupted")
				case <-time.After(200 * time.Millisecond):
				}
			}
			if end != "not interrupted" {
				select {
				case <-done:
				case <-time.After(20 * time.Second):
					t.Fatalf("a process marked as the go commands' is still running after %s", end)
				}
			}
			if _, err := os.Stat(os.Getenv("GOTMPDIR")); !os.IsNotExist(err) {
				t.Errorf("the go commands' directory is left (%s): %v", end, err)
			}
		})
	}
}

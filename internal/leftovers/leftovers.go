package leftovers

import (
	"os"
	"sync"
	"time"
)

type entry struct {
	dir  string
	kill func()
}

var open struct {
	sync.Mutex
	next    int
	entries map[int]entry
}

// Add records dir, a temporary directory, and kill, which ends at once
// the processes that use it (nil when none does). The returned func
// forgets them: call it once dir is removed and its processes have ended.
func Add(dir string, kill func()) (forget func()) {
	open.Lock()
	defer open.Unlock()
	if open.entries == nil {
		open.entries = make(map[int]entry)
	}
	id := open.next
	open.next++
	open.entries[id] = entry{dir, kill}
	return func() {
		open.Lock()
		defer open.Unlock()
		delete(open.entries, id)
	}
}

// Abort ends the processes of every entry not yet forgotten, then removes
// their directories, in the order they were added. It is for a process
// about to exit: entries added meanwhile may be left.
func Abort() {
	open.Lock()
	var es []entry
	for id := range open.next {
		if e, ok := open.entries[id]; ok {
			es = append(es, e)
		}
	}
	open.entries = nil
	open.Unlock()
	for _, e := range es {
		if e.kill != nil {
			e.kill()
		}
	}
	for _, e := range es {
		removeAll(e.dir)
	}
}

// removeAll removes dir, trying again for a moment while the code still
// running writes into it (a copy that has not yet seen the interrupt).
func removeAll(dir string) {
	for range 20 {
		if os.RemoveAll(dir) == nil {
			if _, err := os.Lstat(dir); os.IsNotExist(err) {
				return
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
}

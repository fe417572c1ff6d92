package leftovers

import (
	"os"
	"sync"
	"time"
)

// A Set holds what a run of confhunt has made and not yet removed. Its
// zero value is empty and ready; a nil *Set keeps nothing (Add returns a
// func that does nothing), for code run without a second interrupt to
// serve, as tests are.
type Set struct {
	mu      sync.Mutex
	next    int
	entries map[int]entry
}

type entry struct {
	dir  string
	kill func()
}

// Add records dir, a temporary directory, and kill, which ends at once
// the processes that use it (nil when none does). The returned func
// forgets them: call it once dir is removed and its processes have ended.
func (s *Set) Add(dir string, kill func()) (forget func()) {
	if s == nil {
		return func() {}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.entries == nil {
		s.entries = make(map[int]entry)
	}
	id := s.next
	s.next++
	s.entries[id] = entry{dir, kill}
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.entries, id)
	}
}

// Abort ends the processes of every entry not yet forgotten, then removes
// their directories, in the order they were added. It is for a process
// about to exit: entries added meanwhile may be left.
func (s *Set) Abort() {
	if s == nil {
		return
	}
	s.mu.Lock()
	var es []entry
	for id := range s.next {
		if e, ok := s.entries[id]; ok {
			es = append(es, e)
		}
	}
	s.entries = nil
	s.mu.Unlock()
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

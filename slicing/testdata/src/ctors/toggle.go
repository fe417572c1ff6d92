package ctors

import (
	"errors"
	"os"
	"sync"
)

// Journal appends records to a file, syncing each unless turbo is on.
type Journal struct {
	mu    sync.Mutex
	f     *os.File
	seg   *segment
	turbo bool
	open  bool
}

type segment struct{ turbo bool }

func (s *segment) turboOn()  { s.turbo = true }
func (s *segment) turboOff() { s.turbo = false }

// TurboOn stops syncing each append: a mode switched on and off, an
// option named after it.
func (j *Journal) TurboOn() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.turbo { // want option:"Journal.TurboOn()"
		return errors.New("turbo already on")
	}
	j.turbo = true
	j.seg.turboOn()
	return nil
}

// TurboOff syncs each append again.
func (j *Journal) TurboOff() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.turbo = false
	j.seg.turboOff()
	return nil
}

// Start and Stop run the journal's life cycle: they switch a flag too,
// but also open and close things.
func (j *Journal) Start() {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.open = true
	j.f, _ = os.CreateTemp("", "journal")
}

func (j *Journal) Stop() {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.open = false
	j.f.Close()
}

// Append writes a record, syncing it unless turbo is on.
func (j *Journal) Append(b []byte) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if !j.open { // want !option:"Journal.Start()"
		return errors.New("stopped")
	}
	if _, err := j.f.Write(b); err != nil {
		return err
	}
	if !j.turbo { // want option:"Journal.TurboOn()" alias:"Journal.TurboOff()"
		return j.f.Sync()
	}
	return nil
}

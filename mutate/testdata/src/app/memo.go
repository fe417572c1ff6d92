package app

import "strconv"

// MemoConfig sizes a memo of results.
type MemoConfig struct {
	Entries int `yaml:"entries"` // results kept; 0 disables the memo
}

// Memo keeps results while it has room.
type Memo struct {
	size int
	seen map[int]int
}

// NewMemo makes the memo the config sizes.
func NewMemo(c *MemoConfig) *Memo {
	if strconv.Itoa(c.Entries) == "none" { // a string compared with a constant: no bound of the number
		return &Memo{seen: make(map[int]int)}
	}
	return &Memo{size: c.Entries, seen: make(map[int]int)}
}

// Cube returns n³, remembered while the memo has room: with no memo
// every call computes it again.
func (m *Memo) Cube(n int) int {
	if m.size == 0 {
		return cube(n)
	}
	if v, ok := m.seen[n]; ok {
		return v
	}
	v := cube(n)
	if len(m.seen) < m.size {
		m.seen[n] = v
	}
	return v
}

func cube(n int) int {
	v := 1
	for range 3 {
		v *= n
	}
	return v
}

// DefaultMemo is the memo's configuration when none is given; a test
// of the memo sets its own entries.
func DefaultMemo() *MemoConfig { return &MemoConfig{Entries: 64} }

// Unmemoised is a configuration without a memo: its 0 is the slow value
// already.
func Unmemoised() *MemoConfig { return &MemoConfig{Entries: 0} }

// Bounded caps the entries: a clamp, not a default.
func Bounded(c *MemoConfig) {
	if c.Entries > 1000 {
		c.Entries = 1000
	}
}

// Filled gives the entries their default when they are unset.
func Filled(c *MemoConfig) {
	if c.Entries == 0 {
		c.Entries = 32
	}
}

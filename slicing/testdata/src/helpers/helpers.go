// Package helpers is a library with test support kept in non-test files:
// a mock whose builder methods set its fields, and helper packages
// (internal/testutil imports testing; examples/basic is an example).
package helpers

import (
	"time"

	"example.com/t/helpers/hooks"
	"example.com/t/helpers/internal/testkeys"
)

// Config is the library's settings.
type Config struct {
	Workers int
}

// Run starts cfg.Workers workers.
func Run(cfg Config) {
	for range cfg.Workers {
		go hooks.Poll(hooks.PollOptions{Interval: time.Millisecond})
	}
}

// Keys is a sample of keys, from a package whose name looks like test
// support but whose code is ordinary: importing it keeps the library in.
func Keys(n int) [][]byte {
	var out [][]byte
	for i := range n {
		out = append(out, testkeys.Key(i))
	}
	return out
}

// TestReporter is what a mock needs of a test: *testing.T satisfies it.
type TestReporter interface {
	Error(...any)
	Errorf(string, ...any)
	Fatal(...any)
	Fatalf(string, ...any)
	Helper()
}

// MockFetchOptions is a canned reply a test configures.
type MockFetchOptions struct {
	t       TestReporter
	Delay   time.Duration
	Records int
}

// SetDelay sets how long the reply waits.
func (m *MockFetchOptions) SetDelay(d time.Duration) *MockFetchOptions {
	m.Delay = d
	return m
}

// Reply waits and returns the records.
func (m *MockFetchOptions) Reply() []int {
	time.Sleep(m.Delay)
	return make([]int, m.Records)
}

// Fetcher fetches a batch.
type Fetcher interface{ Fetch(n int) []byte }

// Drain fetches once per worker.
func Drain(cfg Config, f Fetcher) {
	for range cfg.Workers {
		f.Fetch(cfg.Workers)
	}
}

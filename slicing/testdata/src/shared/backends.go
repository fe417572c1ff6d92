package shared

// Backend is one of the stores a program can be configured with: a call
// through it runs one of them each time.
type Backend interface {
	Size() int
}

// MemoryOptions configures the memory backend only.
type MemoryOptions struct {
	Limit int `yaml:"limit"`
}

type memory struct{ o MemoryOptions }

func (m *memory) Size() int { return m.o.Limit }

type disk struct{ n int }

func (d *disk) Size() int { return d.n }

type remote struct{}

func (remote) Size() int { return 0 }

// Open returns the backend kind names.
func Open(kind string, mo MemoryOptions) Backend {
	switch kind {
	case "memory":
		return &memory{mo}
	case "disk":
		return &disk{n: 4}
	}
	return remote{}
}

// scan runs for every backend: the memory backend's limit is its bound
// only when the memory backend is the one it runs with.
func scan(b Backend) (n int) {
	for i := 0; i < b.Size(); i++ {
		n += i
	}
	return n
}

func Scan(kind string, mo MemoryOptions) int { return scan(Open(kind, mo)) }

// PageOptions configures a pager, the only one there is.
type PageOptions struct {
	Pages int `yaml:"pages"`
}

type pager struct{ o PageOptions }

func (p *pager) pages() int { return p.o.Pages }

// fill always loops to the pages setting: its call is static.
func fill(p *pager) (n int) {
	for i := 0; i < p.pages(); i++ {
		n += i
	}
	return n
}

func Fill(o PageOptions) int { return fill(&pager{o}) }

// LimitOptions is read in a func value handed to a helper that other
// callers hand their own func values.
type LimitOptions struct {
	Max int `yaml:"max"`
}

// with runs f.
func with(f func() int) int { return f() }

// useLimit always loops to the limit: its own func value brings it back.
func useLimit(o LimitOptions) (n int) {
	m := with(func() int { return o.Max })
	for i := 0; i < m; i++ {
		n += i
	}
	return n
}

func UseLimit(o LimitOptions) int { return useLimit(o) }
func One() int                    { return with(func() int { return 1 }) }
func Two() int                    { return with(func() int { return 2 }) }

// Counter has one implementation, held as a value and as a pointer: a
// call through it runs that one (its method or go/ssa's wrapper of it).
type Counter interface {
	Count() int
}

// FixedOptions configures the only counter there is.
type FixedOptions struct {
	N int `yaml:"n"`
}

type fixed struct{ o FixedOptions }

func (f fixed) Count() int { return f.o.N }

func newCounter(o FixedOptions, ptr bool) Counter {
	if ptr {
		return &fixed{o}
	}
	return fixed{o}
}

// countTo loops to the counter's N whichever form holds it.
func countTo(c Counter) (n int) {
	for i := 0; i < c.Count(); i++ {
		n += i
	}
	return n
}

func Count(o FixedOptions, ptr bool) int { return countTo(newCounter(o, ptr)) }

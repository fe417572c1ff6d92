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

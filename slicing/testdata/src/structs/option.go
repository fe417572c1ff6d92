package structs

// ClientOption is a client's settings, named in the singular: a
// constructor takes it, so it is configuration.
type ClientOption struct {
	PipelineDepth int
}

type Client struct{ opt ClientOption }

func NewClient(opt ClientOption) *Client { return &Client{opt: opt} }

func (c *Client) Flush() {
	for i := 0; i < c.opt.PipelineDepth; i++ { // want option:"ClientOption.PipelineDepth"
		println(i)
	}
}

// MaxSizeCallOption is an option type's struct behind an interface: no
// function takes it, so it is no settings group of its own.
type MaxSizeCallOption struct {
	MaxSize int
}

type CallOption interface{ apply(*callInfo) }

type callInfo struct{ max int }

func (o MaxSizeCallOption) apply(c *callInfo) { c.max = o.MaxSize }

func MaxCallSize(n int) CallOption { return MaxSizeCallOption{MaxSize: n} }

// Call applies its options to a callInfo it makes anew and keeps nowhere:
// the parameters of one call, no settings (see funcopts/request.go).
func (c *Client) Call(opts ...CallOption) int {
	ci := &callInfo{}
	for _, o := range opts {
		o.apply(ci)
	}
	return ci.max
}

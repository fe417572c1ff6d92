package ctors

import (
	"errors"
	"sync"
)

// Router is a running object configured by functional options applied to
// it. WithQueueSize keeps what it makes of its argument (a channel
// buffered by it) in the state of the object it is applied to, and
// WithFanout sets a field of the engine the router holds: neither sets a
// settings field, so each argument is the option, known by its maker's
// name. WithName sets a field of the router itself, which is the option
// (Router.name), as a functional option's fields are.
type Router struct {
	mu     sync.Mutex
	val    *validator
	engine *engine
	name   string
}

type validator struct {
	mu sync.Mutex
	q  chan []byte
}

type engine struct {
	mu     sync.Mutex
	fanout int
}

// RouterOption configures a Router.
type RouterOption func(r *Router) error

func WithQueueSize(n int) RouterOption { // want option:"ctors.WithQueueSize(n)" style:"argument" alias:"ctors.WithQueueSize"
	return func(r *Router) error {
		if n <= 0 {
			return errors.New("queue size must be > 0")
		}
		r.val.q = make(chan []byte, n)
		return nil
	}
}

func WithFanout(fanout int) RouterOption { // want option:"ctors.WithFanout(fanout)" alias:"ctors.WithFanout"
	return func(r *Router) error {
		r.engine.fanout = fanout
		return nil
	}
}

func WithName(name string) RouterOption {
	return func(r *Router) error {
		r.name = name
		return nil
	}
}

// NewRouter makes a router with opts applied.
func NewRouter(opts ...RouterOption) (*Router, error) {
	r := &Router{val: &validator{q: make(chan []byte, 32)}, engine: &engine{fanout: 6}}
	for _, o := range opts {
		if err := o(r); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Send queues m for validation and hands it to as many peers as the
// fanout says.
func (r *Router) Send(m []byte) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.val.q <- m
	sent := 0
	for i := 0; i < r.engine.fanout; i++ {
		sent += len(m)
	}
	return sent
}

// Request is one request's state, handed to each handler.
type Request struct {
	Body []byte
}

func (r *Request) reply(b []byte) { r.Body = b }

func (r *Request) compress(level int) []byte {
	out := make([]byte, 0, len(r.Body)/(level+1))
	return append(out, r.Body...)
}

// CompressHandler wraps h: its closure has a functional option's shape
// but sets no field of the request it is handed, so it is a handler,
// and the level it keeps is a setting of the handler its maker makes.
func CompressHandler(h func(*Request), level int) func(*Request) { // want option:"ctors.CompressHandler(level)"
	return func(r *Request) {
		h(r)
		r.reply(r.compress(level))
	}
}

// Crew is a running object that its functional options configure as
// well (its idle field is an option of its own): the arguments of its
// constructor are options too, as a pool's maxWorkers and maxCapacity.
type Crew struct {
	sync.Mutex // embedded: no field its user sets
	tasks      chan func()
	idle       int
}

// CrewOption configures a Crew.
type CrewOption func(w *Crew)

func WithIdle(n int) CrewOption { return func(w *Crew) { w.idle = n } }

func NewCrew(capacity int, opts ...CrewOption) *Crew { // want option:"ctors.NewCrew(capacity)" style:"argument"
	w := &Crew{tasks: make(chan func(), capacity)}
	for _, o := range opts {
		o(w)
	}
	return w
}

// Submit queues f, past idle spins.
func (w *Crew) Submit(f func()) {
	w.Lock()
	defer w.Unlock()
	for i := 0; i < w.idle; i++ { // want option:"Crew.idle"
		f()
	}
	w.tasks <- f
}

package funcopts

import (
	"slices"
	"strconv"
	"sync"
)

// An API whose calls take their parameters as functional options, as a
// generated REST client does: each call makes its request struct anew,
// applies the options to it and sends it. Nothing keeps the struct: its
// fields are one call's parameters, not the client's configuration.

// SearchRequest is one search's parameters.
type SearchRequest struct {
	Index string
	Size  int
	Human bool
}

// Search runs one search.
type Search func(query string, o ...func(*SearchRequest)) (string, error)

// WithIndex sets the index one search looks in.
func (f Search) WithIndex(v string) func(*SearchRequest) {
	return func(r *SearchRequest) { r.Index = v }
}

// WithSize sets how many hits one search returns.
func (f Search) WithSize(n int) func(*SearchRequest) {
	return func(r *SearchRequest) { r.Size = n }
}

func newSearch(t *transport) Search {
	return func(query string, o ...func(*SearchRequest)) (string, error) {
		r := SearchRequest{}
		for _, f := range o {
			f(&r)
		}
		return r.Do(t, query)
	}
}

// Do sends the request.
func (r SearchRequest) Do(t *transport, query string) (string, error) {
	path := "/" + r.Index + "/_search?q=" + query
	if r.Size > 0 {
		path += "&size=" + strconv.Itoa(r.Size)
	}
	if r.Human {
		path += "&human"
	}
	return t.send(path)
}

// ConnPool is the client's long-lived part, configured once by the options
// NewConnPool applies: its struct is copied into the pool, so it stays
// configuration although NewConnPool makes it anew too.
type ConnPool struct {
	t    *transport
	size int
}

type poolOptions struct {
	size int
}

// ConnPoolOption configures a ConnPool.
type ConnPoolOption func(*poolOptions)

// WithPoolSize sets how many connections the pool keeps.
func WithPoolSize(n int) ConnPoolOption {
	return func(o *poolOptions) { o.size = n }
}

// NewConnPool makes a pool.
func NewConnPool(opts ...ConnPoolOption) *ConnPool {
	o := poolOptions{size: 4}
	for _, f := range opts {
		f(&o)
	}
	p := &ConnPool{t: &transport{}}
	p.size = o.size // want option:"poolOptions.size"
	return p
}

type transport struct{ sent []string }

func (t *transport) send(path string) (string, error) {
	t.sent = append(t.sent, path)
	return path, nil
}

// Client holds the API's calls.
type Client struct {
	Search Search
}

// NewClient makes a client.
func NewClient() *Client {
	return &Client{Search: newSearch(&transport{})}
}

// WithLimit sets how many hits one search returns, as a plain function:
// a record's field set per call, whose argument is no option either.
func WithLimit(n int) func(*SearchRequest) {
	return func(r *SearchRequest) { r.Size = n }
}

// DeleteParams are one deletion's parameters, which an admin's method
// starts from the defaults a helper makes for it each call.
type DeleteParams struct {
	Topic string
	Keep  int
}

// WithKeep sets how many entries one deletion keeps.
func WithKeep(n int) func(*DeleteParams) {
	return func(o *DeleteParams) { o.Keep = n }
}

func defaultDeleteParams() DeleteParams {
	return DeleteParams{Topic: "default", Keep: 1}
}

type Admin struct{ log []string }

// Delete runs one deletion.
func (a *Admin) Delete(opts ...func(*DeleteParams)) {
	o := defaultDeleteParams()
	for _, f := range opts {
		f(&o)
	}
	a.log = append(a.log, o.Topic+strconv.Itoa(o.Keep))
}

// HistoryFilter narrows one history call; the call's options hold it,
// and its functional options set its fields through them: one call's
// parameters as the options are.
type HistoryFilter struct {
	Limit   int
	Reverse bool
}

// HistoryOpts are one history call's options.
type HistoryOpts struct {
	Filter HistoryFilter
}

// WithHistoryLimit sets how many entries one history call returns.
func WithHistoryLimit(n int) func(*HistoryOpts) {
	return func(o *HistoryOpts) { o.Filter.Limit = n }
}

// WithHistoryReverse walks one history call's entries backwards.
func WithHistoryReverse(r bool) func(*HistoryOpts) {
	return func(o *HistoryOpts) { o.Filter.Reverse = r }
}

// HistoryEvent is a history call as a handler is told of it: a record
// holding the call's filter, which does not make the filter outlive the
// call.
type HistoryEvent struct {
	Filter HistoryFilter
}

// String describes the call, as records often can.
func (e HistoryEvent) String() string { return "history " + strconv.Itoa(e.Filter.Limit) }

// OnHistory is told of each history call a peer asks for.
var OnHistory func(HistoryEvent)

// HistoryFor serves a peer's history call for its last n entries.
func (a *Admin) HistoryFor(n int) []string {
	ev := HistoryEvent{Filter: HistoryFilter{Limit: n}}
	if OnHistory != nil {
		OnHistory(ev)
	}
	return a.History(WithHistoryLimit(ev.Filter.Limit))
}

// History runs one history call.
func (a *Admin) History(opts ...func(*HistoryOpts)) []string {
	var o HistoryOpts
	for _, f := range opts {
		f(&o)
	}
	return a.history(o)
}

func (a *Admin) history(o HistoryOpts) []string {
	out := a.log
	if o.Filter.Limit > 0 && o.Filter.Limit < len(out) { // want !option:"HistoryFilter.Limit"
		out = out[:o.Filter.Limit]
	}
	if o.Filter.Reverse { // want !option:"HistoryFilter.Reverse"
		slices.Reverse(out)
	}
	return out
}

// TailFilter narrows one tail call; option values set it through the
// call's options, by their apply methods: one call's parameters too.
type TailFilter struct {
	Lines int
}

// TailOpts are one tail call's options.
type TailOpts struct {
	Filter TailFilter
}

// TailOption is an option of a tail call.
type TailOption interface{ apply(*TailOpts) }

type tailLines int

func (n tailLines) apply(o *TailOpts) { o.Filter.Lines = int(n) }

// WithTailLines sets how many entries one tail call returns.
func WithTailLines(n int) TailOption { return tailLines(n) }

// Tail runs one tail call.
func (a *Admin) Tail(opts ...TailOption) []string {
	var o TailOpts
	for _, opt := range opts {
		opt.apply(&o)
	}
	return a.tail(o)
}

func (a *Admin) tail(o TailOpts) []string {
	if o.Filter.Lines > 0 && o.Filter.Lines < len(a.log) { // want !option:"TailFilter.Lines"
		return a.log[len(a.log)-o.Filter.Lines:]
	}
	return a.log
}

// RateLimits are limits a reset call gives, which the limiter keeps as
// its own: held by the limiter, they outlive the call and are its
// settings.
type RateLimits struct {
	Rate int
}

type limitArgs struct {
	Limits RateLimits
}

// WithRate sets the rate a reset gives the limiter.
func WithRate(n int) func(*limitArgs) {
	return func(a *limitArgs) { a.Limits.Rate = n }
}

// Limiter admits at most its own rate of calls.
type Limiter struct {
	mu  sync.Mutex
	own RateLimits
	n   int
}

// Reset gives the limiter new limits.
func (l *Limiter) Reset(opts ...func(*limitArgs)) {
	var a limitArgs
	for _, f := range opts {
		f(&a)
	}
	l.reset(a)
}

func (l *Limiter) reset(a limitArgs) { l.set(a.Limits) }

func (l *Limiter) set(r RateLimits) {
	l.mu.Lock()
	l.own = r
	l.n = 0
	l.mu.Unlock()
}

// Allow admits one call.
func (l *Limiter) Allow() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n++
	return l.n <= l.own.Rate // want option:"RateLimits.Rate"
}

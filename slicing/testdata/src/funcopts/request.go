package funcopts

import (
	"slices"
	"strconv"
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

package structs

import "sync/atomic"

// lazyI32 is a number its owner may change while goroutines read it,
// read through an accessor method that loads it atomically.
type lazyI32 int32

func (v *lazyI32) load() int32       { return atomic.LoadInt32((*int32)(v)) }
func (v *lazyI32) store(n int32)     { atomic.StoreInt32((*int32)(v), n) }
func (v *lazyI32) plain() int32      { return int32(*v) }
func (v *lazyI32) twice() (r int32)  { r = int32(*v) * 2; return r }
func (v *lazyI32) add(n int32) int32 { return atomic.AddInt32((*int32)(v), n) }

// FetchConfig holds a fetch size read through the accessor.
type FetchConfig struct {
	MaxBytes lazyI32
	MinBytes lazyI32
}

type fetcher struct{ cfg *FetchConfig }

func newFetcher(cfg *FetchConfig) *fetcher { return &fetcher{cfg: cfg} }

func (f *fetcher) fetch() []byte {
	buf := make([]byte, f.cfg.MaxBytes.load()) // want option:"FetchConfig.MaxBytes"
	if f.cfg.MinBytes.plain() > 0 {            // want option:"FetchConfig.MinBytes"
		buf = buf[:f.cfg.MinBytes.twice()] // not an accessor: it computes
	}
	return buf
}

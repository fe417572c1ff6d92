package structs

import "fmt"

// GetOptions travels with each call of a store's Get: named like
// configuration, but an argument passed anew with every call. The
// numbers and bools only its user sets are options of one call (Limit);
// Verify, named as the store's setting, is that setting given for one
// call; its text (Prefix) is the call's data, and what the store's own
// code sets (Attempts) is its plumbing.
type GetOptions struct {
	Verify   bool
	Limit    int
	Prefix   string
	Attempts int
	Compress bool
}

// GetCompress reads Compress; a nil GetOptions does not compress.
func (o *GetOptions) GetCompress() bool {
	if o == nil {
		return false
	}
	return o.Compress // want option:"StoreSettings.Compress" alias:"GetOptions.Compress"
}

// StoreSettings are the settings a store keeps.
type StoreSettings struct {
	Verify   bool
	Compress bool
	Limit    int
	Durable  bool
}

// String describes the settings: no accessor, so what its callers read
// beside it (GetOptions.Limit in Get) is not read beside Limit.
func (s *StoreSettings) String() string {
	return fmt.Sprint(s.Limit) // want option:"StoreSettings.Limit"
}

// GetCompress reads Compress, read beside GetOptions' own accessor.
func (s *StoreSettings) GetCompress() bool {
	if s == nil {
		return false
	}
	return s.Compress // want option:"StoreSettings.Compress"
}

type blobStore struct {
	settings StoreSettings
	data     map[string][]byte
}

// Get returns the blob named key, checking it when asked to.
func (b *blobStore) Get(key string, o GetOptions) []byte {
	v := b.data[o.Prefix+key]             // want !option:"GetOptions.Prefix"
	if b.settings.Verify && len(v) == 0 { // want option:"StoreSettings.Verify"
		return nil
	}
	if o.Verify && len(v) == 0 { // want option:"StoreSettings.Verify" alias:"GetOptions.Verify"
		return nil
	}
	if o.Limit > 0 && len(v) > o.Limit { // want option:"GetOptions.Limit"
		v = v[:o.Limit] // want option:"GetOptions.Limit"
	}
	_ = b.settings.String()
	if o.GetCompress() || b.settings.GetCompress() {
		v = append([]byte(nil), v...)
	}
	return v
}

// GetAll gets every key, retrying as the store's own code decides.
func (b *blobStore) GetAll(keys []string) [][]byte {
	var out [][]byte
	for _, k := range keys {
		o := GetOptions{Attempts: 3}
		for range o.Attempts { // want !option:"GetOptions.Attempts"
			out = append(out, b.Get(k, o))
		}
	}
	return out
}

// HeadOptions are an optional argument (opts ...HeadOptions: one or
// none), not a list of records.
type HeadOptions struct {
	Depth int
}

func (b *blobStore) Head(key string, opts ...HeadOptions) int {
	n := len(b.data[key])
	if len(opts) > 0 && opts[0].Depth > 0 { // want option:"HeadOptions.Depth"
		n = min(n, opts[0].Depth) // want option:"HeadOptions.Depth"
	}
	return n
}

// HeadQuick hands its optional argument on whole.
func (b *blobStore) HeadQuick(key string, opts ...HeadOptions) int {
	return b.Head(key, opts...)
}

// PutOptions' part size is its user's: the store only fills in a
// default where it was left zero.
type PutOptions struct {
	PartSize int
}

func (b *blobStore) Put(key string, v []byte, o PutOptions) int {
	if o.PartSize == 0 { // want option:"PutOptions.PartSize"
		o.PartSize = 1 << 20
	}
	parts := 0
	for i := 0; i < len(v); i += o.PartSize { // want option:"PutOptions.PartSize"
		parts++
	}
	b.data[key] = v
	return parts
}

// SyncOptions.Durable is read beside the store's setting in a closure
// of the function that reads that: the setting given for one call.
type SyncOptions struct {
	Durable bool
}

func (b *blobStore) Syncer(o SyncOptions) func() bool {
	durable := b.settings.Durable // want option:"StoreSettings.Durable"
	return func() bool {
		return durable || o.Durable // want option:"StoreSettings.Durable" alias:"SyncOptions.Durable"
	}
}

package structs

// GetOptions travels with each call of a store's Get: named like
// configuration, but an argument passed anew with every call.
type GetOptions struct {
	Verify bool
}

type blobStore struct{ data map[string][]byte }

// Get returns the blob named key, checking it when asked to.
func (b *blobStore) Get(key string, o GetOptions) []byte {
	v := b.data[key]
	if o.Verify && len(v) == 0 { // want !option:"GetOptions.Verify"
		return nil
	}
	return v
}

package structs

import (
	"fmt"
	"strconv"
)

// ClientConfig is configuration on its own, and ClientFlag, the
// flag.Value a command line sets it through, a tool holding it: its
// fields are ClientConfig's, known by the path through ClientFlag too.
type ClientConfig struct {
	Retries int
	Window  int
}

type ClientFlag struct {
	Config *ClientConfig
}

func (f *ClientFlag) String() string { return fmt.Sprint(f.Config.Retries) } // want option:"ClientConfig.Retries" alias:"ClientFlag.Config.Retries"

func (f *ClientFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	f.Config.Window = n
	return err
}

// Dial retries as configured.
func Dial(c *ClientConfig) int {
	n := 0
	for range c.Window { // want option:"ClientConfig.Window" alias:"ClientFlag.Config.Window"
		n++
	}
	return n
}

// StoreOptions is configuration on its own, embedded by the wrapper
// that caches it: its fields, promoted, keep its name.
type StoreOptions struct {
	BlockSize int
}

type cachedStoreOptions struct {
	*StoreOptions
	blocks int
}

// OpenStore sizes its first block.
func OpenStore(o *StoreOptions) []byte {
	c := &cachedStoreOptions{StoreOptions: o}
	c.blocks++
	return make([]byte, c.BlockSize) // want option:"StoreOptions.BlockSize" alias:"cachedStoreOptions.StoreOptions.BlockSize"
}

// Blobs is where a store keeps its blobs.
type Blobs interface {
	Get(k string) ([]byte, error)
}

// RetryConfig embeds the Blobs it retries: it is a Blobs itself, a
// wrapper around the one it holds, and that field is no setting; its
// Attempts is.
type RetryConfig struct {
	Blobs
	Attempts int
}

func (r RetryConfig) Get(k string) (b []byte, err error) {
	for range r.Attempts { // want option:"RetryConfig.Attempts"
		if b, err = r.Blobs.Get(k); err == nil {
			return b, nil
		}
	}
	return nil, err
}

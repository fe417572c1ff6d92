// Package names: options structs that hold each other (a client's
// options holding a key vault's, which hold a client's) are named by
// their types, not by a path round the cycle.
package names

type ClientOptions struct {
	PoolSize int
	Vault    *VaultOptions
}

type VaultOptions struct {
	Batch  int
	Client *ClientOptions
}

type client struct{ o *ClientOptions }

func NewClient(o *ClientOptions) *client { return &client{o: o} }

func (c *client) Run(items []int) int {
	n := 0
	for i := 0; i < len(items) && i < c.o.PoolSize; i++ {
		n += items[i]
	}
	if v := c.o.Vault; v != nil {
		n += v.Batch
	}
	return n
}

package gateway

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
)

// Item is one product of the catalogue.
type Item struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Tags  []string `json:"tags"`
	Price float64  `json:"price"`
}

// Catalog is the backend: an in-memory catalogue searched linearly, which
// fails now and then as a remote backend would.
type Catalog struct {
	items     []Item
	errorRate float64
	mu        sync.Mutex
	rng       *rand.Rand
}

var errBackend = errors.New("backend unavailable")

// NewCatalog makes n items.
func NewCatalog(n int, errorRate float64) *Catalog {
	words := []string{"red", "blue", "green", "large", "small", "steel", "wood", "glass", "light", "heavy"}
	c := &Catalog{errorRate: errorRate, rng: rand.New(rand.NewPCG(1, 2))}
	for i := range n {
		c.items = append(c.items, Item{
			ID:    i,
			Name:  fmt.Sprintf("%s %s item %d", words[i%len(words)], words[(i/7)%len(words)], i),
			Tags:  []string{words[(i/3)%len(words)], words[(i/11)%len(words)]},
			Price: float64(i%1000) + 0.99,
		})
	}
	return c
}

// Search returns the items whose name contains q, the page-th page of size.
func (c *Catalog) Search(q string, page, size int) ([]Item, int, error) {
	if c.errorRate > 0 {
		c.mu.Lock()
		fail := c.rng.Float64() < c.errorRate
		c.mu.Unlock()
		if fail {
			return nil, 0, errBackend
		}
	}
	var hits []Item
	for _, it := range c.items {
		if strings.Contains(it.Name, q) {
			hits = append(hits, it)
		}
	}
	total := len(hits)
	start := min(page*size, total)
	return hits[start:min(start+size, total)], total, nil
}

// Package unmarshal decodes configuration sub-trees into structs, and
// merges key getters and flags with the struct fields they name.
package unmarshal

import (
	"flag"
	"fmt"

	"github.com/knadh/koanf/v2"
)

// Pool has no tags and no telling name: Unmarshal makes it configuration.
type Pool struct {
	Size int
}

type Limits struct {
	Burst int `koanf:"burst"`
}

func Run(k *koanf.Koanf) {
	var p Pool
	_ = k.Unmarshal("pool", &p)
	var l Limits
	flag.IntVar(&l.Burst, "burst", 5, "")
	fmt.Println(p.Size)         // want option:"Pool.Size" alias:"pool.size"
	fmt.Println(k.Int("burst")) // want option:"Limits.Burst" alias:"burst"
	fmt.Println(l.Burst)        // want option:"Limits.Burst"
}

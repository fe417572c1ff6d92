package engine

import "hash/fnv"

// bloom is a Bloom filter over series names.
type bloom struct {
	bits []uint64
	k    int
}

func newBloom(keys int, bitsPerKey int) *bloom {
	if bitsPerKey <= 0 {
		return nil
	}
	n := max(64, keys*bitsPerKey)
	return &bloom{bits: make([]uint64, (n+63)/64), k: max(1, bitsPerKey*69/100)}
}

func hashes(key string) (uint32, uint32) {
	h := fnv.New64a()
	h.Write([]byte(key))
	v := h.Sum64()
	return uint32(v), uint32(v >> 32)
}

func (b *bloom) add(key string) {
	h1, h2 := hashes(key)
	n := uint32(len(b.bits) * 64)
	for i := range b.k {
		bit := (h1 + uint32(i)*h2) % n
		b.bits[bit/64] |= 1 << (bit % 64)
	}
}

// mayContain is false only when key was never added; a nil filter says yes.
func (b *bloom) mayContain(key string) bool {
	if b == nil {
		return true
	}
	h1, h2 := hashes(key)
	n := uint32(len(b.bits) * 64)
	for i := range b.k {
		bit := (h1 + uint32(i)*h2) % n
		if b.bits[bit/64]&(1<<(bit%64)) == 0 {
			return false
		}
	}
	return true
}

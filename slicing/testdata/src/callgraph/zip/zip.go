// Package zip registers a codec in its init, and has code nothing calls.
package zip

import "example.com/t/callgraph/codec"

type zip struct{}

func (zip) Encode(b []byte) []byte { return append(b, 0) }

func init() { codec.Register("zip", zip{}) }

// Unused is called by nothing the analysed package runs.
func Unused() int { return helper() }

func helper() int { return 1 }

// Package app calls a codec it only finds through the registry.
package app

import (
	"example.com/t/callgraph/codec"
	_ "example.com/t/callgraph/zip"
)

func Encode(name string, b []byte) []byte { return codec.Get(name).Encode(b) }

// Package codec is a registry of codecs, filled by other packages' inits.
package codec

type Codec interface{ Encode(b []byte) []byte }

var registry = map[string]Codec{}

func Register(name string, c Codec) { registry[name] = c }

func Get(name string) Codec { return registry[name] }

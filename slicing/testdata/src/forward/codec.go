package forward

import "strings"

// Codec encodes records; which one a configuration holds decides the
// work each Encode does, though no branch or loop tests the value.
type Codec interface{ Encode(s string) string }

type upper struct{}

func (upper) Encode(s string) string { return strings.ToUpper(s) }

// CodecConfig picks the codec of a sink.
type CodecConfig struct {
	Codec Codec `yaml:"codec"`
}

func encodeAll(c *CodecConfig, recs []string) []string {
	out := make([]string, 0, len(recs))
	for _, r := range recs {
		out = append(out, c.Codec.Encode(r)) // want sliced:"CodecConfig.Codec"
	}
	return out
}

func runCodec() []string {
	return encodeAll(&CodecConfig{Codec: upper{}}, []string{"a"})
}

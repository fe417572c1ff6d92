package app

import (
	"bytes"
	"compress/gzip"
)

// PackConfig sets how responses are compressed.
type PackConfig struct {
	Level int `yaml:"level"`
}

// Pack compresses data at the configured level: ten times a level is one
// gzip refuses, its best is the legal slow value.
func Pack(c *PackConfig, data []byte) []byte {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, c.Level)
	if err != nil {
		return nil
	}
	zw.Write(data)
	zw.Close()
	return buf.Bytes()
}

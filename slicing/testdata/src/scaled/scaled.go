// Package scaled has a library call whose cost grows with an argument the
// option reaches.
package scaled

import (
	"compress/gzip"
	"io"
)

type Config struct {
	Level int    `yaml:"level"`
	Name  string `yaml:"name"`
}

// compress passes the level to gzip: the writer's work grows with it.
func compress(c *Config, w io.Writer) {
	zw, err := gzip.NewWriterLevel(w, c.Level) // want sliced:"Config.Level" scaled:"Config.Level"
	if err == nil {
		zw.Close()
	}
}

// label passes the name to gzip's header, which costs nothing more.
func label(c *Config, w io.Writer) {
	zw := gzip.NewWriter(w) // want !scaled:"Config.Name"
	zw.Name = c.Name        // want sliced:"Config.Name"
	zw.Close()
}

var _ = []any{compress, label}

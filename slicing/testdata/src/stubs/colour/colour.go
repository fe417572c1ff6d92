// Package colour stands for a terminal-colour library: a Printf and
// words wrapped in colours.
package colour

import (
	"fmt"
	"os"
)

type Colour struct{ on bool }

func New() *Colour { return &Colour{on: true} }

func (c *Colour) Printf(format string, args ...any) {
	fmt.Fprintf(os.Stdout, format, args...)
}

func (c *Colour) Red(msg any) string {
	if !c.on {
		return fmt.Sprint(msg)
	}
	return fmt.Sprintf("\x1b[31m%v\x1b[0m", msg)
}

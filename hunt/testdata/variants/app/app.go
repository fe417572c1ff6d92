// Package app drives lib from another package.
package app

import (
	"confhunt.local/variants/config"
	"confhunt.local/variants/lib"
)

// Run spins, fills and walks Steps times.
func Run(c *config.Config) int {
	lib.Spin(c)
	lib.Walk(c.Steps)
	return len(lib.Fill(c))
}

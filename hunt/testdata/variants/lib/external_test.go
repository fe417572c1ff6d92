package lib_test

import (
	"testing"

	"confhunt.local/variants/config"
	"confhunt.local/variants/lib"
)

// TestExternal is in an external test package, probed in a file of its own.
func TestExternal(t *testing.T) {
	c := config.Default()
	for range 2 {
		lib.Spin(&c)
	}
}

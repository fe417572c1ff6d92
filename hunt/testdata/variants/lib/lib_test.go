package lib

import (
	"testing"

	"confhunt.local/variants/config"
)

func testConfig() config.Config {
	c := config.Default()
	c.Steps = 3
	return c
}

// TestSpin reads an option in a loop: it is probed in lib's test variant,
// where Spin and Fill are too.
func TestSpin(t *testing.T) {
	c := testConfig()
	for range c.Steps {
		Spin(&c)
		if len(Fill(&c)) != 8 {
			t.Fatal("Fill")
		}
	}
}

package app

import (
	"testing"

	"confhunt.local/variants/config"
)

func TestRun(t *testing.T) {
	c := config.Default()
	for range 2 {
		if Run(&c) != 8 {
			t.Fatal("Run")
		}
	}
}

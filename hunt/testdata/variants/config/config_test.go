package config

import "testing"

func TestZero(t *testing.T) {
	if (Config{}).Rounds != 0 {
		t.Fatal("zero Rounds")
	}
}

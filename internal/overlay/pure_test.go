package overlay

import (
	"go/parser"
	"testing"
)

func TestPure(t *testing.T) {
	for src, want := range map[string]bool{
		"n":             true,
		"c.Limit * 2":   true,
		"buf[i:j]":      true,
		"len(s) + 1":    true,
		"int(c.N)":      true,
		"-x":            true,
		"f()":           false,
		"<-ch":          false,
		"s[next()]":     false,
		"uint8(x)":      false,
		"c.Size() * 10": false,
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if got := Pure(e); got != want {
			t.Errorf("Pure(%s) = %v, want %v", src, got, want)
		}
	}
}

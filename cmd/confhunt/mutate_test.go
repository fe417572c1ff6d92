package main

import (
	"testing"

	"github.com/confhunt/confhunt/mutate"
)

// TestNoneBuilt: when no mutant builds, mutate warns with the first's
// reason; one that builds is enough to say nothing.
func TestNoneBuilt(t *testing.T) {
	ms := []*mutate.Mutant{
		{ID: "loop@a.go:3:1", Status: mutate.NotViable, Reason: "a.go:3:1: undefined: x\nmore"},
		{ID: "value@a.go:4:1", Status: mutate.NotViable, Reason: "other"},
	}
	if got, want := noneBuilt(ms), "none of the 2 mutants run builds, so the score says nothing of the benchmarks; the first (loop@a.go:3:1): a.go:3:1: undefined: x"; got != want {
		t.Errorf("noneBuilt = %q, want %q", got, want)
	}
	ms[1].Status = mutate.Survived
	if got := noneBuilt(ms); got != "" {
		t.Errorf("noneBuilt with one built = %q, want none", got)
	}
}

// TestDecided: an interrupted run reports when it decided a mutant.
func TestDecided(t *testing.T) {
	ms := []*mutate.Mutant{{ID: "a"}, {ID: "b"}}
	if decided(ms) {
		t.Error("decided with every mutant pending")
	}
	ms[1].Status = mutate.Survived
	if !decided(ms) {
		t.Error("not decided with a survivor")
	}
}

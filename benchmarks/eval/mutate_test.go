package main

import (
	"strings"
	"testing"
)

// TestSurvivorReason checks that the benchmark saying most decides why a
// mutant survived: a measured speed-up before a missed prediction, a
// missed prediction before one below the benchmark's resolution.
func TestSurvivorReason(t *testing.T) {
	for _, c := range []struct {
		benches []benchJSON
		want    string
	}{
		{nil, "reached, no prediction"},
		{[]benchJSON{{Ratio: 1.02, Hi: 1.08}}, "reached, no prediction"},
		{[]benchJSON{{Basis: "not run"}}, "reached in the call graph, never executed by its benchmarks' calibration runs"},
		{[]benchJSON{{Basis: "injected cost", Predicted: 0.01, MDE: 0.05}, {Basis: "injected cost", Predicted: 0.3, MDE: 0.05, Hi: 1.1}}, "reached, predicted above it, not detected"},
		{[]benchJSON{{Basis: "injected cost", Predicted: 0.3, MDE: 0.05, Hi: 1.1}, {Ratio: 0.52, Hi: 0.57}}, "reached, measured faster"},
		{[]benchJSON{{Unit: "live-B", Ratio: 0.8, Hi: 0.9}}, "reached, no prediction"}, // less memory held is no speed-up
	} {
		if got := survivorReason(c.benches); got != c.want {
			t.Errorf("survivorReason(%+v) = %q, want %q", c.benches, got, c.want)
		}
	}
}

// TestCulpritRowFaster checks that a culprit none of whose mutants was
// killed says which one measured faster, and one that was killed does not.
func TestCulpritRowFaster(t *testing.T) {
	var cr mutateJSON
	cr.Module = "example.com/app"
	cr.Mutants = make([]mutantJSON, 2)
	cr.Mutants[0].ID, cr.Mutants[0].Status, cr.Mutants[0].Replacement = "value@a.go:1:1", "survived", "9"
	cr.Mutants[0].Benches = []benchJSON{{Name: "example.com/app/internal/pipeline.Pipeline", Ratio: 1.0, Hi: 1.03, P: 0.5}}
	cr.Mutants[1].ID, cr.Mutants[1].Status, cr.Mutants[1].Replacement = "value@b.go:2:2", "survived", "9"
	cr.Mutants[1].Benches = []benchJSON{{Name: "example.com/app/internal/sink.Write", Ratio: 0.52, Hi: 0.57, P: 1}}
	row := culpritRow("Config.Level", "9", cr)
	if !strings.Contains(row, "`value@b.go:2:2` measured faster: internal/sink.Write ns/op -48%") {
		t.Errorf("row %q does not say which mutant measured faster", row)
	}
	cr.Mutants[0].Status = "killed"
	cr.Mutants[0].Benches[0] = benchJSON{Name: "example.com/app/internal/pipeline.Pipeline", Ratio: 1.3, Hi: 1.4, P: 0.001, Slower: true}
	if row := culpritRow("Config.Level", "9", cr); strings.Contains(row, "faster") {
		t.Errorf("row %q of a killed culprit names a faster mutant", row)
	}
}

package configs_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/scoring"
)

// TestWeightKinds: the instruction kinds and operators a weight may name
// are exactly those scoring gives instructions, and a settings file may
// weigh each of them.
func TestWeightKinds(t *testing.T) {
	var kinds, ops []string
	for _, k := range scoring.Kinds() {
		kind, op, ok := strings.Cut(k, ".")
		kinds = append(kinds, kind)
		if ok {
			ops = append(ops, op)
		}
	}
	var accepted []string
	for op := range configs.Operators {
		accepted = append(accepted, op)
	}
	if got, want := sorted(configs.Kinds), sorted(kinds); !slices.Equal(got, want) {
		t.Errorf("configs accepts the weight kinds\n%q\nscoring knows\n%q", got, want)
	}
	if got, want := sorted(accepted), sorted(ops); !slices.Equal(got, want) {
		t.Errorf("configs accepts the operators\n%q\nscoring knows\n%q", got, want)
	}
	for _, k := range scoring.Kinds() {
		dir := t.TempDir()
		data := fmt.Sprintf("weights:\n  cpu: {%q: 5}\n  mem: {%q: 1}\n", k, k)
		if err := os.WriteFile(filepath.Join(dir, configs.FileName), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := configs.Load(dir, "", nil, nil)
		if err != nil {
			t.Errorf("weight %s: %v", k, err)
		} else if s.Weights["cpu"][k] != 5 {
			t.Errorf("weight cpu.%s = %v after loading 5", k, s.Weights["cpu"][k])
		}
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return slices.Compact(s)
}

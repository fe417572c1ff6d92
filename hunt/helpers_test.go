package hunt_test

import (
	"context"
	"testing"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/slicing"
)

type loaded struct {
	prog *slicing.Program
	a    *slicing.Analysis
	s    *configs.Settings
}

func load(t *testing.T, dir string) loaded {
	t.Helper()
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := slicing.Load(context.Background(), slicing.Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	return loaded{prog, slicing.NewAnalysis(prog, slicing.CallGraph(prog), s), s}
}

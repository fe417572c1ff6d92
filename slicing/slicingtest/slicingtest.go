package slicingtest

import (
	"context"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/slicing"
)

// Loaded is a program loaded for a test, with its analysis under
// confhunt's default settings.
type Loaded struct {
	Prog     *slicing.Program
	Analysis *slicing.Analysis
	Settings *configs.Settings
}

// Load loads the program cfg names (./... of cfg.Dir when it names no
// patterns) and analyses it with the default settings, failing t on any
// error.
func Load(t testing.TB, cfg slicing.Config) Loaded {
	t.Helper()
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := slicing.Load(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return Loaded{prog, slicing.NewAnalysis(prog, slicing.CallGraph(prog), s), s}
}

// Func returns the analysed function with the short name (pkg.Func,
// pkg.(*T).Method), failing t if there is none.
func (l Loaded) Func(t testing.TB, name string) *ssa.Function {
	t.Helper()
	for _, fn := range l.Analysis.Functions() {
		if slicing.ShortName(fn) == name {
			return fn
		}
	}
	t.Fatalf("no function %s", name)
	return nil
}

package mutate_test

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/mutate"
	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

type loaded struct {
	prog    *slicing.Program
	a       *slicing.Analysis
	slices  []*slicing.Slice
	costly  map[*slicing.Option]scoring.Direction // the ranking's directions
	s       *configs.Settings
	mutants []*mutate.Mutant
	err     error
}

var (
	appOnce sync.Once
	app     loaded
)

// loadApp loads testdata/src/app with its tests, once per test binary,
// ranks its options and generates every mutant of every option's slice.
func loadApp(t testing.TB) loaded {
	t.Helper()
	appOnce.Do(func() {
		dir, err := filepath.Abs("testdata/src/app")
		if err != nil {
			app.err = err
			return
		}
		app = loadDir(dir)
	})
	if app.err != nil {
		t.Fatal(app.err)
	}
	return app
}

// loadDir loads the module in dir with its tests, ranks its options and
// generates every mutant of every option's slice.
func loadDir(dir string) loaded {
	var app loaded
	func() {
		s, err := configs.Load("", "", nil, nil)
		if err != nil {
			app.err = err
			return
		}
		ctx := context.Background()
		prog, err := slicing.Load(ctx, slicing.Config{Dir: dir, Patterns: []string{"./..."}, Tests: true})
		if err != nil {
			app.err = err
			return
		}
		opts, err := slicing.Discover(ctx, prog, s.Sources)
		if err != nil {
			app.err = err
			return
		}
		a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s)
		app = loaded{prog: prog, a: a, s: s}
		for sl := range slicing.Forward(ctx, a, opts) {
			app.slices = append(app.slices, sl)
		}
		scores, err := scoring.Rank(ctx, a, prog, slices.Values(app.slices), s, nil)
		if err != nil {
			app.err = err
			return
		}
		app.costly = make(map[*slicing.Option]scoring.Direction)
		for _, sc := range scores {
			app.costly[sc.Option] = sc.Direction
		}
		app.mutants = mutate.Generate(prog, a, app.slices, mutate.Config{Costly: app.costly})
	}()
	return app
}

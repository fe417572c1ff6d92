package slicingtest

import (
	"context"
	"sync"
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
	l, err := load(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Shared returns a Load of cfg that loads and analyses the program once,
// on its first call, and returns the same Loaded to every later call: for
// a testdata program that several tests of a package read (loading it
// is most of their time). The tests must not run in parallel if they use
// the analysis, and must not change the program.
func Shared(cfg slicing.Config) func(t testing.TB) Loaded {
	once := sync.OnceValues(func() (Loaded, error) { return load(cfg) })
	return func(t testing.TB) Loaded {
		t.Helper()
		l, err := once()
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
}

func load(cfg slicing.Config) (Loaded, error) {
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		return Loaded{}, err
	}
	prog, err := slicing.Load(context.Background(), cfg)
	if err != nil {
		return Loaded{}, err
	}
	return Loaded{prog, slicing.NewAnalysis(prog, slicing.CallGraph(prog), s), s}, nil
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

package slicing_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/slicing"
)

// TestForward checks the precision rules of the forward slice: each line
// with "sliced" facts must (or, negated, must not) hold an instruction of
// the option's slice, and "effect" facts name an influence kind arising
// on the line.
func TestForward(t *testing.T) {
	for _, pkg := range []string{"forward", "scaled", "timers", "fanin", "containers"} {
		t.Run(pkg, func(t *testing.T) { testForward(t, pkg) })
	}
}

func testForward(t *testing.T, pkg string) {
	prog, opts := load(t, pkg)
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s.Catalogue())
	sls := slicing.Forward(context.Background(), a, opts)
	sliced := make(map[string]map[string]bool)  // file:line -> options
	effects := make(map[string]map[string]bool) // file:line -> "option:kind"
	scaled := make(map[string]map[string]bool)  // file:line -> options
	add := func(m map[string]map[string]bool, key, v string) {
		if m[key] == nil {
			m[key] = make(map[string]bool)
		}
		m[key][v] = true
	}
	for sl := range sls {
		for fn, fs := range sl.Funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if !fs.Contains(instr) {
						continue
					}
					p := slicing.Pos(instr)
					if !p.IsValid() {
						continue
					}
					pos := prog.Fset.Position(p)
					key := fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
					add(sliced, key, sl.Option.Name)
					for _, k := range fs.Influence[instr].Kinds() {
						add(effects, key, sl.Option.Name+":"+k)
					}
					if fs.Scaled[instr] {
						add(scaled, key, sl.Option.Name)
					}
				}
			}
		}
	}
	checked := 0
	for _, w := range testutil.Wants(t, filepath.Join("testdata", "src", pkg)) {
		key := fmt.Sprintf("%s:%d", w.File, w.Line)
		for _, f := range w.Facts {
			switch f.Key {
			case "sliced":
				if sliced[key][f.Value] == f.Negated {
					t.Errorf("%s: %ssliced:%q does not hold (sliced here: %v)", key, neg(f.Negated), f.Value, keys(sliced[key]))
				}
			case "effect":
				if effects[key][f.Value] == f.Negated {
					t.Errorf("%s: %seffect:%q does not hold (effects here: %v)", key, neg(f.Negated), f.Value, keys(effects[key]))
				}
			case "scaled":
				if scaled[key][f.Value] == f.Negated {
					t.Errorf("%s: %sscaled:%q does not hold", key, neg(f.Negated), f.Value)
				}
			default:
				t.Fatalf("%s: unknown fact %q", key, f.Key)
			}
			checked++
		}
	}
	if min := map[string]int{"forward": 30, "scaled": 3}[pkg]; checked < min {
		t.Errorf("only %d facts checked; the testdata lost its expectations", checked)
	}
}

func keys(m map[string]bool) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return strings.Join(out, " ")
}

// TestFanIn checks that a function called from many sites is entered with
// at most MaxFuncContexts call strings, and that the sites past the bound
// still get the option back (TestForward's fanin.go cases).
func TestFanIn(t *testing.T) {
	prog, opts := load(t, "fanin")
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s.Catalogue())
	for _, o := range opts {
		if o.Name != "Fan.Size" {
			continue
		}
		for fn, n := range slicing.Entered(a, o) {
			if fn.Name() != "half" {
				continue
			}
			if n != slicing.MaxFuncContexts {
				t.Errorf("half entered with %d call strings, want the bound %d (20 call sites)", n, slicing.MaxFuncContexts)
			}
			return
		}
		t.Fatal("half was never entered")
	}
	t.Fatal("option Fan.Size not discovered")
}

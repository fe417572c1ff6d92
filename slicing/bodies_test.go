package slicing_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/confhunt/confhunt/slicing"
	"github.com/confhunt/confhunt/slicing/slicingtest"
)

// TestBodies loads a program that hands functions to the standard
// library with its bodies and without: without them the load is smaller,
// and what the library calls back is marked all the same.
func TestBodies(t *testing.T) {
	want := map[string]bool{
		"callbacks.(*level).Set":    true, // flag.Var's Value
		"callbacks.(*level).String": true,
		"callbacks.Run$1":           true, // once.Do's closure
		"callbacks.newBuffer":       true, // sync.Pool's New
		"callbacks.(byID).Less":     true, // sort.Sort's Interface
		"callbacks.(byID).Swap":     true,
		"callbacks.(*level).Work":   false, // no interface asks for it
		"callbacks.(record).Size":   false, // printed as any: no method asked for
		"callbacks.notCalled":       false,
		"callbacks.setup":           false, // called by the closure, in the program
		// sql.Register's driver, the connection its Open returns, and
		// the optional interface database/sql asks that for
		"callbacks.(sqlDriver).Open":        true,
		"callbacks.(*sqlConn).Prepare":      true,
		"callbacks.(*sqlConn).ResetSession": true,
		"callbacks.(*sqlConn).Rename":       false,
	}
	var sizes [2]int
	for i, bodies := range []bool{true, false} {
		l := slicingtest.Load(t, slicing.Config{
			Dir:       filepath.Join("testdata", "src"),
			Patterns:  []string{"./callbacks"},
			AllBodies: bodies,
		})
		for name, called := range want {
			if got := l.Analysis.CalledBack(l.Func(t, name)); got != called {
				t.Errorf("bodies %v: %s called back %v, want %v", bodies, name, got, called)
			}
		}
		if !bodies {
			// Only sync.Once runs the closure: once, not as often as Run.
			for name, once := range map[string]bool{"callbacks.Run$1": true, "callbacks.newBuffer": false, "callbacks.(byID).Less": false} {
				if got := l.Analysis.CalledOnce(l.Func(t, name)); got != once {
					t.Errorf("%s called back once %v, want %v", name, got, once)
				}
			}
		}
		sizes[i] = l.Prog.Measure().Instructions
	}
	// Generic functions, package initialisers and the program keep theirs.
	if sizes[1]*3 > sizes[0]*2 {
		t.Errorf("%d SSA instructions without the library's bodies, %d with: want less than two thirds", sizes[1], sizes[0])
	}
}

// TestExportBatches: the dependencies' export data asked for in batches
// of one import path each (a short command line) gives the program one
// batch gives.
func TestExportBatches(t *testing.T) {
	cfg := slicing.Config{Dir: filepath.Join("testdata", "src"), Patterns: []string{"./callbacks"}}
	whole, err := slicing.Load(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer slicing.SetMaxArgBytes(1)()
	batched, err := slicing.Load(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(batched.Errors) > 0 {
		t.Fatalf("errors in batches: %v", batched.Errors)
	}
	if w, b := whole.Measure(), batched.Measure(); w != b {
		t.Errorf("one batch: %+v; batches of one path: %+v", w, b)
	}
}

// BenchmarkLoad loads a small program that uses net/http, sort and sync:
// its dependencies from export data (the default), and with every body
// from source (AllBodies).
func BenchmarkLoad(b *testing.B) {
	for _, all := range []bool{false, true} {
		b.Run(fmt.Sprintf("AllBodies=%v", all), func(b *testing.B) {
			cfg := slicing.Config{Dir: filepath.Join("testdata", "src"), Patterns: []string{"./callbacks"}, AllBodies: all}
			for b.Loop() {
				if _, err := slicing.Load(context.Background(), cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

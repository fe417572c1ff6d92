package slicing_test

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/slicing"
	"github.com/confhunt/confhunt/slicing/slicingtest"
)

// TestBodies loads a program that hands functions to the standard
// library with its bodies and without: without them the load is smaller,
// and what the library calls back is marked all the same.
func TestBodies(t *testing.T) {
	want := map[string]bool{
		"callbacks.(*handler).ServeHTTP": true, // http.Handle's Handler
		"callbacks.Run$1":                true, // once.Do's closure
		"callbacks.newBuffer":            true, // sync.Pool's New
		"callbacks.(byID).Less":          true, // sort.Sort's Interface
		"callbacks.(byID).Swap":          true,
		"callbacks.(*handler).Work":      false, // no interface asks for it
		"callbacks.(record).Size":        false, // printed as any: no method asked for
		"callbacks.notCalled":            false,
		"callbacks.setup":                false, // called by the closure, in the program
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
		sizes[i] = l.Prog.Measure().Instructions
	}
	// Generic functions, package initialisers and the program keep theirs.
	if sizes[1]*3 > sizes[0]*2 {
		t.Errorf("%d SSA instructions without the library's bodies, %d with: want less than two thirds", sizes[1], sizes[0])
	}
}

// TestEmptyTables empties the data tables of a dependency's variables
// and keeps the literals that hold functions or whose length depends on
// their keys; every variable keeps its type.
func TestEmptyTables(t *testing.T) {
	const src = `package p

var table = [...]uint16{1, 2, 3}
var named = map[string]int{"a": 1, "b": -2}
var nested = []struct {
	A int
	B string
}{{A: 1, B: "x"}, {2, "y"}}
var funcs = []func(){f, g}
var mixed = map[string]any{"a": 1, "b": f}
var keyed = [...]string{3: "x"}
var n = len(table)

func f() {}
func g() {}
`
	want := map[string]string{
		"table":  "[3]uint16{}",
		"named":  "map[string]int{}",
		"nested": "[]struct {\n\tA int\n\tB string\n}{}",
		"funcs":  "[]func(){f, g}",
		"mixed":  `map[string]any{"a": 1, "b": f}`,
		"keyed":  `[...]string{3: "x"}`,
	}
	typesOf := func(f *ast.File, fset *token.FileSet) map[string]string {
		pkg, err := new(types.Config).Check("p", fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		out := make(map[string]string)
		for _, name := range pkg.Scope().Names() {
			out[name] = pkg.Scope().Lookup(name).Type().String()
		}
		return out
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	before := typesOf(f, fset)
	for _, d := range f.Decls {
		if d, ok := d.(*ast.GenDecl); ok {
			slicing.EmptyTables(d)
		}
	}
	if after := typesOf(f, fset); !maps.Equal(before, after) {
		t.Errorf("types changed:\nbefore %v\nafter  %v", before, after)
	}
	for _, d := range f.Decls {
		d, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		vs := d.Specs[0].(*ast.ValueSpec)
		w, ok := want[vs.Names[0].Name]
		if !ok {
			continue
		}
		var b strings.Builder
		if err := format.Node(&b, fset, vs.Values[0]); err != nil {
			t.Fatal(err)
		}
		if b.String() != w {
			t.Errorf("%s = %s, want %s", vs.Names[0].Name, b.String(), w)
		}
	}
}

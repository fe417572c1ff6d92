package scoring_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/confhunt/confhunt/scoring"
)

// TestSizedCycle checks that a type holding itself through a generic
// pointer type's argument (as a hash map's bucket does through
// atomic.Pointer) is sized, and that the answer comes (it recursed
// without end), while a type parameter held by value is not sized.
func TestSizedCycle(t *testing.T) {
	const src = `package p

type Pointer[T any] struct {
	_ [0]*T
	v *int
}

type bucket struct {
	next Pointer[padded]
	n    int
}

type padded struct {
	bucket
	_ [64]byte
}

type Box[T any] struct{ v T }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"bucket": true, "padded": true} {
		if got := scoring.Sized(pkg.Scope().Lookup(name).Type()); got != want {
			t.Errorf("sized(%s) = %v, want %v", name, got, want)
		}
	}
	box := pkg.Scope().Lookup("Box").Type().(*types.Named)
	if scoring.Sized(box.Underlying()) {
		t.Errorf("sized(%s) = true, want false: it holds its type parameter by value", box.Underlying())
	}
}

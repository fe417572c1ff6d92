package mutate

import (
	"go/parser"
	"go/token"
	"testing"
)

// TestIgnores checks the reach of each kind of directive.
func TestIgnores(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line      int
		op        Operator
		want      bool
	}{
		{"file", "//confhunt:ignore mutate=sleep\n\npackage p\n\nfunc f() {}\n", 5, Sleep, true},
		{"file, other operator", "//confhunt:ignore mutate=sleep\n\npackage p\n\nfunc f() {}\n", 5, Loop, false},
		{"function", "package p\n\n//confhunt:ignore\nfunc f() {\n\tprintln()\n}\n\nfunc g() {}\n", 5, Value, true},
		{"not the next function", "package p\n\n//confhunt:ignore\nfunc f() {\n\tprintln()\n}\n\nfunc g() {}\n", 8, Value, false},
		{"trailing", "package p\n\nfunc f() {\n\tprintln() //confhunt:ignore mutate=value\n\tprintln()\n}\n", 4, Value, true},
		{"trailing, not the next line", "package p\n\nfunc f() {\n\tprintln() //confhunt:ignore mutate=value\n\tprintln()\n}\n", 5, Value, false},
		{"alone above", "package p\n\nfunc f() {\n\t//confhunt:ignore mutate=loop,alloc reason\n\tprintln()\n}\n", 5, Alloc, true},
		{"not a directive", "package p\n\nfunc f() {\n\t//confhunt:ignored\n\tprintln()\n}\n", 5, Value, false},
	} {
		fset := token.NewFileSet()
		syn, err := parser.ParseFile(fset, "p.go", tc.src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		f := &file{ignores: ignores(fset, syn)}
		if got := f.ignored(tc.line, tc.op); got != tc.want {
			t.Errorf("%s: line %d, %s ignored = %v, want %v", tc.name, tc.line, tc.op, got, tc.want)
		}
	}
}

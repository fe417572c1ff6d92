package counts_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/slicing"
	"github.com/confhunt/confhunt/slicing/slicingtest"
)

// TestWorkspaceFile: at the root of a go.work workspace, a counts file
// keeps the blocks of every workspace module, by path from the root, and
// maps them back onto the program.
func TestWorkspaceFile(t *testing.T) {
	testutil.GoEnv(t)
	spin := "\nfunc Spin(n int) int {\n\ts := 0\n\tfor i := 0; i < n; i++ {\n\t\ts += i\n\t}\n\treturn s\n}\n"
	ws := testutil.Tree(t, map[string]string{
		"go.work":  "go 1.22\n\nuse (\n\t./a\n\t./b\n)\n",
		"a/go.mod": "module example.com/a\n\ngo 1.22\n",
		"a/a.go":   "package a\n" + spin,
		"b/go.mod": "module example.com/b\n\ngo 1.22\n",
		"b/b.go":   "package b\n" + spin,
	})
	l := slicingtest.Load(t, slicing.Config{Dir: ws})
	prof, err := counts.Parse("cover.out", strings.NewReader("mode: count\n"+
		"example.com/a/a.go:3.22,5.26 2 1\nexample.com/a/a.go:5.26,7.3 1 10\n"+
		"example.com/b/b.go:3.22,5.26 2 1\nexample.com/b/b.go:5.26,7.3 1 20\n"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := counts.NewFile(l.Prog, prof)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, fc := range f.Files {
		paths = append(paths, fc.Path)
	}
	if want := []string{"a/a.go", "b/b.go"}; !slices.Equal(paths, want) {
		t.Fatalf("files %q, want %q", paths, want)
	}
	c, warnings, err := counts.Measure(l.Prog, f)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("Measure: %v %v", err, warnings)
	}
	for name, want := range map[string]int64{"a.Spin": 1, "b.Spin": 1} {
		if got, ok := c.Calls(l.Func(t, name)); !ok || got != want {
			t.Errorf("%s: %d calls, want %d", name, got, want)
		}
	}
}

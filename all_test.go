// Repository-wide checks, in the manner of golang.org/x/vuln's all_test.go.
package confhunt_test

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/confhunt/confhunt"

// stages are the pipeline's packages in order: a package may import only
// those before it. counts come before scoring, which ranks with them;
// report renders every stage's results; only the command imports report.
// The shared machinery in internal/ imports no stage.
var stages = []string{"configs", "slicing", "counts", "scoring", "hunt", "mutate", "compare", "report", "cmd/confhunt"}

type pkg struct {
	ImportPath string
	Imports    []string
	Dir        string
}

func listPackages(t *testing.T) []pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// stage returns the index in stages of a package of this module, or -1.
func stage(path string) int {
	rel, ok := strings.CutPrefix(path, module+"/")
	if !ok {
		return -1
	}
	for i, s := range stages {
		if rel == s || strings.HasPrefix(rel, s+"/") {
			return i
		}
	}
	return -1
}

// TestImportsPointDown fails when a stage imports a later stage, a
// package of internal/ imports any stage, or anything but the command
// imports report.
func TestImportsPointDown(t *testing.T) {
	for _, p := range listPackages(t) {
		from := stage(p.ImportPath)
		internal := strings.HasPrefix(p.ImportPath, module+"/internal/")
		for _, imp := range p.Imports {
			to := stage(imp)
			if internal && to >= 0 {
				t.Errorf("%s imports the stage %s: shared machinery imports no stage", p.ImportPath, imp)
			}
			if to < 0 {
				if strings.HasPrefix(imp, module+"/internal/testutil") {
					t.Errorf("%s imports %s outside tests", p.ImportPath, imp)
				}
				continue
			}
			if from >= 0 && to > from {
				t.Errorf("%s imports %s: imports must point down the pipeline %v", p.ImportPath, imp, stages)
			}
			if strings.HasSuffix(imp, "/report") && !strings.HasSuffix(p.ImportPath, "/cmd/confhunt") {
				t.Errorf("%s imports report; only the command may", p.ImportPath)
			}
		}
	}
}

// TestDocFiles checks that every package has a doc.go.
func TestDocFiles(t *testing.T) {
	for _, p := range listPackages(t) {
		if p.ImportPath == module || strings.Contains(p.ImportPath, "/testdata/") {
			continue
		}
		matches, _ := filepath.Glob(filepath.Join(p.Dir, "doc.go"))
		if len(matches) == 0 {
			t.Errorf("%s has no doc.go", p.ImportPath)
		}
	}
}

package report_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/internal/testutil"
	"github.com/confhunt/confhunt/mutate"
	"github.com/confhunt/confhunt/report"
)

// mutateReport is a report with a mutant of every status, in a module
// whose one file is written under a temporary root.
func mutateReport(t *testing.T) (*mutate.Report, string) {
	t.Helper()
	root := t.TempDir()
	src := "package svc\n\nfunc Work(c *Config) {\n\tfor i := 0; i < c.Rounds; i++ {\n\t\tsink++\n\t}\n}\n"
	if err := os.WriteFile(filepath.Join(root, "work.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var ms []*mutate.Mutant
	for i, st := range mutate.Statuses() {
		m := &mutate.Mutant{
			ID: fmt.Sprintf("value@work.go:4:%d", 18+i), Operator: mutate.Value, Option: "Config.Rounds", File: "work.go",
			Line: 4, Col: 18 + i, EndLine: 4, EndCol: 26 + i, Func: "svc.Work", Package: "example.com/svc",
			Original: "c.Rounds", Replacement: "(c.Rounds)*10", Description: "Config.Rounds ×10",
			Benchmarks: []string{"example.com/svc.BenchmarkWork"}, Status: st,
		}
		switch st {
		case mutate.Killed:
			m.Benches = []mutate.Bench{{Name: "example.com/svc.Work", Base: 100, Mutant: 900, Ratio: 9, Lo: 8.5, Hi: 9.5, P: 0.004, Cliff: 1, Slower: true, MDE: 0.02}}
		case mutate.Survived:
			m.Benches = []mutate.Bench{{Name: "example.com/svc.Work", Base: 100, Mutant: 100.3, Ratio: 1.003, Lo: 0.99, Hi: 1.02, P: 0.4, MDE: 0.021, Predicted: 0.003, Basis: "injected cost"}}
		case mutate.Unreached:
			m.Benchmarks, m.Reason = nil, "never reached by any benchmark"
		case mutate.NotViable:
			m.Reason = "work.go:4:18: undefined: x"
		}
		ms = append(ms, m)
	}
	return mutate.NewReport("example.com/svc", len(ms), len(ms), "", 0.05, ms), root
}

// TestMutateText compares the text report with its golden file.
func TestMutateText(t *testing.T) {
	r, _ := mutateReport(t)
	var b bytes.Buffer
	if err := report.MutateText(&b, r); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "mutate.golden"), b.Bytes())
}

// TestMutateStryker checks the Stryker report against the required
// fields, enums and patterns of mutation-testing-report-schema (version
// 1, stryker-mutator/mutation-testing-elements, packages/report-schema).
func TestMutateStryker(t *testing.T) {
	r, root := mutateReport(t)
	var b bytes.Buffer
	if err := report.MutateStryker(&b, r, root); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	need := func(obj any, where string, keys ...string) map[string]any {
		m, ok := obj.(map[string]any)
		if !ok {
			t.Fatalf("%s: not an object", where)
		}
		for _, k := range keys {
			if _, ok := m[k]; !ok {
				t.Errorf("%s: required field %q missing", where, k)
			}
		}
		return m
	}
	need(doc, "report", "schemaVersion", "thresholds", "files")
	if v, _ := doc["schemaVersion"].(string); !regexp.MustCompile(`^([1-2]\d*|0)(\.(([1-9]\d*)|0)){0,2}$`).MatchString(v) {
		t.Errorf("schemaVersion %q does not match the schema's pattern", v)
	}
	need(doc["thresholds"], "thresholds", "high", "low")
	files := need(doc["files"], "files")
	f := need(files["work.go"], "files[work.go]", "language", "source", "mutants")
	if !strings.Contains(f["source"].(string), "func Work") {
		t.Error("the file's source is missing")
	}
	statuses := []string{"Killed", "Survived", "NoCoverage", "CompileError", "RuntimeError", "Timeout", "Ignored", "Pending"}
	got := map[string]int{}
	for i, m := range f["mutants"].([]any) {
		where := fmt.Sprintf("mutants[%d]", i)
		mm := need(m, where, "id", "mutatorName", "location", "status")
		loc := need(mm["location"], where+".location", "start", "end")
		for _, end := range []string{"start", "end"} {
			p := need(loc[end], where+".location."+end, "line", "column")
			if p["line"].(float64) < 1 || p["column"].(float64) < 1 {
				t.Errorf("%s.location.%s: line and column start at 1: %v", where, end, p)
			}
		}
		st, _ := mm["status"].(string)
		if !slices.Contains(statuses, st) {
			t.Errorf("%s: status %q is not in the schema's enum", where, st)
		}
		got[st]++
	}
	want := map[string]int{"Killed": 1, "Survived": 1, "NoCoverage": 1, "CompileError": 1, "Ignored": 1, "Timeout": 1, "Pending": 1}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%d mutants %s, want %d (all: %v)", got[k], k, n, got)
		}
	}
}

// TestMutateHTML checks that the page needs no network and that its
// counts by status are the report's.
func TestMutateHTML(t *testing.T) {
	r, root := mutateReport(t)
	// A benchmark of one of the module's packages is named from the
	// module's root.
	for _, m := range r.Mutants {
		for i := range m.Benches {
			m.Benches[i].Name = r.Module + "/internal/q.Work"
		}
	}
	var b bytes.Buffer
	if err := report.MutateHTML(&b, r, root); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if !strings.Contains(page, "<div>internal/q.Work: ") || strings.Contains(page, r.Module+"/internal/q.Work") {
		t.Error("a benchmark of the module is not named from the module's root")
	}
	if regexp.MustCompile(`(src|href)="https?:`).MatchString(page) {
		t.Error("the page loads something from the network")
	}
	for _, st := range mutate.Statuses() {
		want := fmt.Sprintf(`data-status="%s" data-count="1"`, st)
		if !strings.Contains(page, want) {
			t.Errorf("no %s in the counts", want)
		}
		if n := strings.Count(page, fmt.Sprintf(`<tr class="mutant" data-status="%s"`, st)); n != 1 {
			t.Errorf("%d rows of %s mutants, want 1", n, st)
		}
	}
	if !strings.Contains(page, `<span class="here">   4  	for i := 0; i &lt; c.Rounds; i&#43;&#43; {`+"\n</span>") {
		t.Error("the site's source line is not shown highlighted")
	}
	if !strings.Contains(page, "predicted &#43;0.3%") {
		t.Error("the predicted slowdown is not shown")
	}
}

// TestMutateTextInModule checks that the text report names benchmarks in
// the module's own packages by their paths in it, where the JSON keeps
// the whole import path.
func TestMutateTextInModule(t *testing.T) {
	m := &mutate.Mutant{ID: "value@internal/store/store.go:3:4", Operator: mutate.Value, Option: "Config.Level",
		Original: "c.Level", Replacement: "9", Benchmarks: []string{"example.com/app/internal/store.BenchmarkPut"}, Status: mutate.Survived,
		Benches: []mutate.Bench{{Name: "example.com/app/internal/store.Put", Ratio: 0.52, Lo: 0.4, Hi: 0.57, P: 1, MDE: 0.1}}}
	r := mutate.NewReport("example.com/app", 1, 1, "", 0.05, []*mutate.Mutant{m})
	var b bytes.Buffer
	if err := report.MutateText(&b, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "internal/store.Put reached, measured faster") || strings.Contains(b.String(), "example.com/app/") {
		t.Errorf("text report:\n%s\nwant the benchmark as internal/store.Put, without the module's path", b.String())
	}
}

// TestMutateTextAllSites: the value set at every read site says so in
// the CHANGE column, beside the same change at one site.
func TestMutateTextAllSites(t *testing.T) {
	one := &mutate.Mutant{ID: "value@a.go:3:4", Operator: mutate.Value, Option: "Config.N", Original: "c.N", Replacement: "(c.N)*10", Description: "Config.N ×10", Status: mutate.Unreached}
	all := &mutate.Mutant{ID: "value@a.go:3:4#2", Operator: mutate.Value, Option: "Config.N", Original: "c.N", Replacement: "(c.N)*10", Description: "Config.N ×10 at all its 7 read sites", Status: mutate.Unreached}
	var b bytes.Buffer
	if err := report.MutateText(&b, mutate.NewReport("example.com/app", 2, 2, "", 0.05, []*mutate.Mutant{one, all})); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(b.String(), "c.N → (c.N)*10 (all 7 read sites)"); got != 1 {
		t.Errorf("text report:\n%s\nwant the change at all sites marked once", b.String())
	}
}

// TestMutateTextShard: a shard's report says how many of the selected
// mutants it ran.
func TestMutateTextShard(t *testing.T) {
	m := &mutate.Mutant{ID: "value@a.go:3:4", Operator: mutate.Value, Option: "Config.Level", Original: "c.Level", Replacement: "9", Status: mutate.Unreached}
	r := mutate.NewReport("example.com/app", 20, 20, "1/20", 0.05, []*mutate.Mutant{m})
	var b bytes.Buffer
	if err := report.MutateText(&b, r); err != nil {
		t.Fatal(err)
	}
	if want := "20 mutants generated, 20 selected, shard 1/20 of them: 1\n"; !strings.Contains(b.String(), want) {
		t.Errorf("text report:\n%s\nwant %q", b.String(), want)
	}
}

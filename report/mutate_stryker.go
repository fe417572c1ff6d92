package report

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/confhunt/confhunt/mutate"
)

// The mutation-testing-report-schema (Stryker's, version 1): what
// mutation-report viewers read.
type (
	strykerReport struct {
		Schema        string                 `json:"$schema"`
		SchemaVersion string                 `json:"schemaVersion"`
		Thresholds    strykerThresholds      `json:"thresholds"`
		ProjectRoot   string                 `json:"projectRoot,omitempty"`
		Files         map[string]strykerFile `json:"files"`
		Framework     strykerFramework       `json:"framework"`
		Config        map[string]any         `json:"config"`
	}
	strykerThresholds struct {
		High int `json:"high"`
		Low  int `json:"low"`
	}
	strykerFramework struct {
		Name string `json:"name"`
	}
	strykerFile struct {
		Language string          `json:"language"`
		Source   string          `json:"source"`
		Mutants  []strykerMutant `json:"mutants"`
	}
	strykerMutant struct {
		ID           string          `json:"id"`
		MutatorName  string          `json:"mutatorName"`
		Replacement  string          `json:"replacement"`
		Description  string          `json:"description"`
		Location     strykerLocation `json:"location"`
		Status       string          `json:"status"`
		StatusReason string          `json:"statusReason,omitempty"`
		CoveredBy    []string        `json:"coveredBy,omitempty"`
		KilledBy     []string        `json:"killedBy,omitempty"`
		Duration     float64         `json:"duration,omitempty"`
	}
	strykerLocation struct {
		Start strykerPos `json:"start"`
		End   strykerPos `json:"end"`
	}
	strykerPos struct {
		Line   int `json:"line"`
		Column int `json:"column"`
	}
)

// strykerStatus maps a status onto the schema's: a mutant that is not
// equivalent is Ignored (left out of the score, as here).
func strykerStatus(s mutate.Status) string {
	switch s {
	case mutate.Killed:
		return "Killed"
	case mutate.Survived:
		return "Survived"
	case mutate.Unreached:
		return "NoCoverage"
	case mutate.Timeout:
		return "Timeout"
	case mutate.NotViable:
		return "CompileError"
	case mutate.NotEquivalent:
		return "Ignored"
	}
	return "Pending"
}

// MutateStryker writes a mutate report in the
// mutation-testing-report-schema JSON, reading each mutated file's source
// under root.
func MutateStryker(w io.Writer, r *mutate.Report, root string) error {
	out := strykerReport{
		Schema:        "https://raw.githubusercontent.com/stryker-mutator/mutation-testing-elements/master/packages/report-schema/src/mutation-testing-report-schema.json",
		SchemaVersion: "1",
		Thresholds:    strykerThresholds{High: 80, Low: 60},
		Files:         make(map[string]strykerFile),
		Framework:     strykerFramework{Name: "confhunt mutate"},
		Config:        map[string]any{"alpha": r.Alpha, "module": r.Module},
	}
	for _, m := range r.Mutants {
		f, ok := out.Files[m.File]
		if !ok {
			src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(m.File)))
			if err != nil {
				return err
			}
			f = strykerFile{Language: "go", Source: string(src), Mutants: []strykerMutant{}}
		}
		sm := strykerMutant{
			ID: m.ID, MutatorName: m.Operator.String(), Replacement: m.Replacement, Description: m.Description,
			Location:     strykerLocation{strykerPos{m.Line, m.Col}, strykerPos{m.EndLine, m.EndCol}},
			Status:       strykerStatus(m.Status),
			StatusReason: mutate.Explain(m),
			CoveredBy:    m.Benchmarks,
			Duration:     1000 * (m.Timings.Build + m.Timings.Equivalence + m.Timings.Measure),
		}
		for _, b := range m.Benches {
			if b.Slower && !slices.Contains(sm.KilledBy, b.Name) {
				sm.KilledBy = append(sm.KilledBy, b.Name)
			}
		}
		f.Mutants = append(f.Mutants, sm)
		out.Files[m.File] = f
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

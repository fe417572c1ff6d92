package main

import (
	"strings"
	"testing"
)

// TestMissRow checks the line of a case outside the top 10%: the
// culprit's total and strongest column against the project's largest,
// and the last option inside the window; none for a case inside it.
func TestMissRow(t *testing.T) {
	var opts []rankedOption
	for i, name := range []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "Culprit"} {
		o := rankedOption{Name: "Config." + name, Rank: i + 1}
		o.Score.Total = 1 / float64(i+1)
		o.Score.CPU = 1000 / float64(i+1)
		if name == "Culprit" {
			o.Score.CPU, o.Score.IO, o.Score.Total = 1, 50, 0.05
			o.Influence = []string{"path", "io"}
			o.Top = append(o.Top, struct {
				Pos  string `json:"pos"`
				Func string `json:"func"`
			}{"w.go:3", "app.(*W).Flush"})
		}
		opts = append(opts, o)
	}
	opts[1].Score.IO = 100 // the project's largest IO
	row, ok := missRow(opts, Case{ID: "app-sync", Option: "Config.Culprit"})
	if !ok {
		t.Fatal("a case at rank 12 of 12 (window 2) has no miss row")
	}
	for _, want := range []string{"| app-sync | Config.Culprit | 12 of 12 (window 2) | 0.05 (IO 50% of the largest) | path,io | w.go:3 in app.(*W).Flush | Config.B, 0.5 (IO 100% of the largest) |"} {
		if !strings.Contains(row, want) {
			t.Errorf("row %q, want %q in it", row, want)
		}
	}
	// A work column whose largest value is a sliver of the heaviest
	// column's is divided by 2% of that, as rank does.
	opts[11].Score.SYNC = 5
	opts[11].Score.IO = 0
	if row, _ := missRow(opts, Case{ID: "app-sync", Option: "Config.Culprit"}); !strings.Contains(row, "(SYNC 25% of the largest)") {
		t.Errorf("row %q, want SYNC 5 divided by 2%% of CPU's 1000", row)
	}
	opts[11].Command = true
	if row, _ := missRow(opts, Case{ID: "app-sync", Option: "Config.Culprit"}); !strings.Contains(row, "| path,io; a command's: ranked after the library's own |") {
		t.Errorf("row %q does not say the option is a command's", row)
	}
	if row, ok := missRow(opts, Case{ID: "app-a", Option: "Config.A"}); ok {
		t.Errorf("a case at rank 1 has a miss row: %q", row)
	}
	if row, ok := missRow(opts, Case{ID: "app-gone", Option: "Config.Gone"}); !ok || !strings.Contains(row, "not discovered (12 options)") {
		t.Errorf("an undiscovered case: row %q, %v", row, ok)
	}
}

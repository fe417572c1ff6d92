package mutate

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Score counts mutants by status; its Score is SlowCoach's mutation
// score (equation 1): killed ÷ the viable, equivalent mutants that did
// not time out (killed, survived, unreached), 0 when there are none.
type Score struct {
	Killed        int     `json:"killed"`
	Survived      int     `json:"survived"`
	Unreached     int     `json:"unreached"`
	Timeout       int     `json:"timeout"`
	NotViable     int     `json:"not_viable"`
	NotEquivalent int     `json:"not_equivalent"`
	Pending       int     `json:"pending"`
	Score         float64 `json:"score"`
}

func (s *Score) add(st Status) {
	switch st {
	case Killed:
		s.Killed++
	case Survived:
		s.Survived++
	case Unreached:
		s.Unreached++
	case Timeout:
		s.Timeout++
	case NotViable:
		s.NotViable++
	case NotEquivalent:
		s.NotEquivalent++
	default:
		s.Pending++
	}
	if n := s.Counted(); n > 0 {
		s.Score = float64(s.Killed) / float64(n)
	}
}

// Counted is the score's denominator.
func (s Score) Counted() int { return s.Killed + s.Survived + s.Unreached }

// Scores are the mutation score overall and by option, operator and
// benchmark. A benchmark's score counts the mutants it measured (those
// whose site it reaches and that were measured) and those it found
// slower.
type Scores struct {
	Overall    Score            `json:"overall"`
	Options    map[string]Score `json:"options"`
	Operators  map[string]Score `json:"operators"`
	Benchmarks map[string]Score `json:"benchmarks"`
}

// Tally computes the scores of ms.
func Tally(ms []*Mutant) Scores {
	s := Scores{Options: make(map[string]Score), Operators: make(map[string]Score), Benchmarks: make(map[string]Score)}
	add := func(m map[string]Score, key string, st Status) {
		sc := m[key]
		sc.add(st)
		m[key] = sc
	}
	for _, m := range ms {
		s.Overall.add(m.Status)
		add(s.Options, m.Option, m.Status)
		add(s.Operators, m.Operator.String(), m.Status)
		// A benchmark kills a mutant in any of its units.
		by := make(map[string]Status)
		for _, b := range m.Benches {
			if b.Slower {
				by[b.Name] = Killed
			} else if by[b.Name] != Killed {
				by[b.Name] = Survived
			}
		}
		for name, st := range by {
			add(s.Benchmarks, name, st)
		}
	}
	return s
}

// Version is the layout of the JSON report.
const Version = 1

// Report is the outcome of a mutate run: its JSON form, which shards
// write and Merge joins.
type Report struct {
	Version   int       `json:"version"`
	Module    string    `json:"module"`
	Shard     string    `json:"shard,omitempty"` // k/n when the run took one shard
	Generated int       `json:"generated"`       // mutants generated
	Selected  int       `json:"selected"`        // of those, the ones to run (a -sample), before any shard was taken
	Alpha     float64   `json:"alpha"`
	Mutants   []*Mutant `json:"mutants"`
	Score     Scores    `json:"score"`
}

// NewReport makes the report of ms.
func NewReport(module string, generated, selected int, shard string, alpha float64, ms []*Mutant) *Report {
	ms = slices.Clone(ms)
	slices.SortStableFunc(ms, func(a, b *Mutant) int { return cmp.Or(compareMutants(a, b), cmp.Compare(a.ID, b.ID)) })
	return &Report{Version: Version, Module: module, Shard: shard, Generated: generated, Selected: selected, Alpha: alpha, Mutants: ms, Score: Tally(ms)}
}

// WriteJSON writes r as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// ReadReport reads a JSON report, rejecting anything else.
func ReadReport(name string) (*Report, error) {
	data, err := readSource(name)
	if err != nil {
		return nil, err
	}
	var r Report
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%s:%d: %v", name, 1+strings.Count(string(data[:se.Offset]), "\n"), err)
		}
		return nil, fmt.Errorf("%s: not a mutate report: %v", name, err)
	}
	if r.Version != Version {
		return nil, fmt.Errorf("%s: report version %d; this confhunt reads version %d", name, r.Version, Version)
	}
	return &r, nil
}

// Merge joins the reports of the shards of one run into the report of
// the whole run: the same module, generated count and α, every mutant
// once.
func Merge(names []string, reps []*Report) (*Report, error) {
	if len(reps) == 0 {
		return nil, errors.New("no reports to merge")
	}
	first := reps[0]
	seen := make(map[string]string) // mutant ID -> report holding it
	var ms []*Mutant
	for i, r := range reps {
		switch {
		case r.Module != first.Module:
			return nil, fmt.Errorf("%s: module %s, but %s has %s", names[i], r.Module, names[0], first.Module)
		case r.Generated != first.Generated || r.Selected != first.Selected:
			return nil, fmt.Errorf("%s: %d mutants generated and %d selected, but %d and %d in %s: the shards come from different code or flags",
				names[i], r.Generated, r.Selected, first.Generated, first.Selected, names[0])
		case r.Alpha != first.Alpha:
			return nil, fmt.Errorf("%s: alpha %v, but %v in %s", names[i], r.Alpha, first.Alpha, names[0])
		}
		for _, m := range r.Mutants {
			if other, ok := seen[m.ID]; ok {
				return nil, fmt.Errorf("%s: mutant %s is in %s too: a shard was given twice", names[i], m.ID, other)
			}
			seen[m.ID] = names[i]
			ms = append(ms, m)
		}
	}
	if len(ms) != first.Selected {
		return nil, fmt.Errorf("the reports hold %d of the %d mutants selected: a shard is missing", len(ms), first.Selected)
	}
	return NewReport(first.Module, first.Generated, first.Selected, "", first.Alpha, ms), nil
}

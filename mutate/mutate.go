package mutate

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/internal/overlay"
	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// Operator is a kind of performance mutation.
type Operator int

const (
	Value    Operator = iota // the option's value at a read site replaced by a legal slow one
	FastPath                 // a branch on the option forced to its costlier side
	Loop                     // a useless busy loop, its result kept alive
	Sleep                    // an off-CPU delay
	Alloc                    // an allocation the option sizes made twice
	Unbreak                  // an early break removed from a loop that has its own exit
	Oblivion                 // a remembered value recomputed: a cache lookup missed, a sync.Once rerun
	Lock                     // a lock of one of many (a shard's) wrapped in one shared lock
	numOperators
)

var operatorNames = [...]string{"value", "fastpath", "loop", "sleep", "alloc", "unbreak", "oblivion", "lock"}

func (o Operator) String() string {
	if o < 0 || o >= numOperators {
		return fmt.Sprintf("Operator(%d)", int(o))
	}
	return operatorNames[o]
}

// Operators returns every operator, in order.
func Operators() []Operator {
	out := make([]Operator, numOperators)
	for i := range out {
		out[i] = Operator(i)
	}
	return out
}

// ParseOperator returns the operator called name.
func ParseOperator(name string) (Operator, bool) {
	for i, n := range operatorNames {
		if n == name {
			return Operator(i), true
		}
	}
	return 0, false
}

func (o Operator) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

func (o *Operator) UnmarshalText(b []byte) error {
	op, ok := ParseOperator(string(b))
	if !ok {
		return fmt.Errorf("unknown operator %q", b)
	}
	*o = op
	return nil
}

// Mutant is one source edit that should make the program slower and
// leave its behaviour alone.
type Mutant struct {
	ID          string   `json:"id"` // operator@file:line:col, with #n when one place has several
	Operator    Operator `json:"operator"`
	Option      string   `json:"option"`
	File        string   `json:"file"` // relative to the module root
	Line        int      `json:"line"`
	Col         int      `json:"col"`
	EndLine     int      `json:"end_line"`
	EndCol      int      `json:"end_col"`
	Func        string   `json:"func"`    // short name of the enclosing function
	Package     string   `json:"package"` // import path of the mutated package
	Original    string   `json:"original"`
	Replacement string   `json:"replacement"`
	Description string   `json:"description"`
	// Cost is the time one execution of an injected loop or sleep adds,
	// in nanoseconds (a sleep's as measured on this machine, with
	// Runner.Calibrate); 0 when it is not known from the edit alone.
	Cost float64 `json:"cost_ns,omitempty"`
	// Benchmarks and Tests are the test functions that reach the site in
	// the call graph, as "import/path.BenchmarkName".
	Benchmarks []string `json:"benchmarks"`
	Tests      []string `json:"tests"`
	// Serial says, for a widened lock, that no benchmark reaching it runs
	// in parallel: a wider lock slows only goroutines that contend for it.
	Serial bool `json:"serial,omitempty"`

	// What running it found (Runner.Run).
	Status  Status  `json:"status"`
	Reason  string  `json:"reason,omitempty"`
	Benches []Bench `json:"benches,omitempty"`
	Timings Timings `json:"timings"`

	path string // absolute path of the mutated file
	src  []byte // its source
	edit overlay.Edit
	also []siteEdit // further edits: the same value at the option's other read sites
	// setting names the slow value a config-value mutant sets (its kind,
	// text and description), and everywhere says it sets it at every
	// read site of the option that one was made for (see Settings).
	setting    string
	everywhere bool
	retains    bool   // a larger size or bound: judged on the live heap too (unitsOf)
	contends   bool   // it decides which lock is taken (a bool's value, a widened lock a parallel benchmark reaches): measured at contended threads
	helper     string // package name when the edit calls the injected helpers
	fn         *ssa.Function
	block      *ssa.BasicBlock // the block the edit runs in, when known (calibration)
	forced     []forced        // the branches the edit sends to one side
	trips      []scaled        // the loops whose trips the edit scales
	costs      *scoring.Costs  // Config.Costs, for the calibration run's Work
}

// forced is a branch a mutant sends to one side (0 then, 1 else), with
// the static cost of one run of each side (scoring.Costs.Side): each
// run that took the other side costs the difference more.
type forced struct {
	br   *ssa.If
	side int
	cost [2]float64
}

// scaled is a loop whose bound a mutant multiplies by factor: the loop's
// only exit compares its counter, which starts at start, with the value
// the mutant scales.
type scaled struct {
	loop   *slicing.Loop
	fn     *ssa.Function
	factor float64
	start  float64
}

// siteEdit is an edit of a file other than, or besides, a mutant's own.
type siteEdit struct {
	path string // absolute
	src  []byte
	edit overlay.Edit
}

// Less orders mutants by file, position, operator and ID.
func compareMutants(a, b *Mutant) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col),
		cmp.Compare(a.Operator, b.Operator), cmp.Compare(a.ID, b.ID))
}

// Config says which mutants Generate makes.
type Config struct {
	Operators []Operator    // nil means all
	Exclude   []string      // file or function patterns (path.Match on the file relative to the root, or a function's short name); a prefix ending in /... too
	Inject    time.Duration // the cost of one injected loop or sleep; 0 means 10µs
	// Costly holds the options' costly directions (scoring.Score's
	// Direction), from which the config-value mutants take their slow
	// values; an option without one gets the values that cost when no
	// branch says (the other bool; a larger number).
	Costly map[*slicing.Option]scoring.Direction
	// Costs, if not nil, weighs the sides of the branches a fast-path or
	// a bool config-value mutant forces, from which the calibration run
	// predicts their slowdowns (see forced).
	Costs *scoring.Costs
}

func (c Config) inject() time.Duration {
	if c.Inject <= 0 {
		return 10 * time.Microsecond
	}
	return c.Inject
}

func (c Config) wants(op Operator) bool {
	return c.Operators == nil || slices.Contains(c.Operators, op)
}

// excluded reports whether a site in file (relative) and function fn is
// excluded by a pattern.
func (c Config) excluded(file, fn string) bool {
	for _, p := range c.Exclude {
		if prefix, ok := strings.CutSuffix(p, "/..."); ok && (file == prefix || strings.HasPrefix(file, prefix+"/")) {
			return true
		}
		if p == fn || p == file {
			return true
		}
		if ok, _ := pathMatch(p, file); ok {
			return true
		}
	}
	return false
}

// Shard returns the share k of n (1 ≤ k ≤ n) of ms, which must be in
// Generate's order: every nth mutant from the kth, as cargo-mutants'
// --shard takes them, so the shards are balanced to one mutant and each
// mutant's shard depends only on the list.
func Shard(ms []*Mutant, k, n int) []*Mutant {
	var out []*Mutant
	for i, m := range ms {
		if i%n == k-1 {
			out = append(out, m)
		}
	}
	return out
}

// Sample returns n of ms chosen at random with the given seed, in ms's
// order: the same list and seed give the same sample.
func Sample(ms []*Mutant, n int, seed uint64) []*Mutant {
	if n >= len(ms) {
		return ms
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d75)) // "mu"
	idx := rng.Perm(len(ms))[:n]
	slices.Sort(idx)
	out := make([]*Mutant, n)
	for i, j := range idx {
		out[i] = ms[j]
	}
	return out
}

// ParseShard parses "k/n".
func ParseShard(s string) (k, n int, err error) {
	if _, err := fmt.Sscanf(s, "%d/%d", &k, &n); err != nil || fmt.Sprintf("%d/%d", k, n) != s || n < 1 || k < 1 || k > n {
		return 0, 0, fmt.Errorf("-shard %s: want k/n with 1 ≤ k ≤ n", s)
	}
	return k, n, nil
}

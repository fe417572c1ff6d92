package scoring

import (
	"cmp"
	"context"
	"fmt"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"math"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"gonum.org/v1/gonum/floats"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/slicing"
)

// Cost is an amount of each resource. LAT is waiting: sleeps, timer and
// ticker periods the code sits through. SYNC is locks taken, which other
// goroutines wanting them wait for. RET is retained memory: the bytes
// of the buffers, queues and containers the option's value sizes or
// bounds, which grow with the value (MEM counts the allocations made).
type Cost struct{ CPU, MEM, IO, LAT, SYNC, RET float64 }

func (c Cost) add(d Cost, times float64) Cost {
	return Cost{c.CPU + d.CPU*times, c.MEM + d.MEM*times, c.IO + d.IO*times, c.LAT + d.LAT*times, c.SYNC + d.SYNC*times, c.RET + d.RET*times}
}

// sum is the work per run: RET, memory kept rather than work done per
// execution, is not in it.
func (c Cost) sum() float64 { return c.CPU + c.MEM + c.IO + c.LAT + c.SYNC }

// sub is c less d, resource by resource, none below zero.
func (c Cost) sub(d Cost) Cost {
	return Cost{CPU: max(c.CPU-d.CPU, 0), MEM: max(c.MEM-d.MEM, 0), IO: max(c.IO-d.IO, 0), LAT: max(c.LAT-d.LAT, 0), SYNC: max(c.SYNC-d.SYNC, 0), RET: max(c.RET-d.RET, 0)}
}

func (c Cost) scale(k float64) Cost {
	return Cost{c.CPU * k, c.MEM * k, c.IO * k, c.LAT * k, c.SYNC * k, c.RET * k}
}

// Score is the score and rank of one option.
type Score struct {
	Option    *slicing.Option
	Influence slicing.Influence
	Size      Size    // of the slice
	Cost      Cost    // Score_type per resource
	Total     float64 // the largest of the costs normalised by their maxima over options, plus a hundredth of their sum (see normalise)
	Rank      int     // 1 for the highest total (the library's options before its commands')
	Suspect   bool    // in the top percent, not ignored
	// Command says the option belongs to a command bundled with a library
	// module (see commands): it ranks after the library's own options.
	Command bool
	// Inert says the option decides no work (see inert): it ranks after
	// those that do, and is no suspect.
	Inert bool
	// library says the option's value goes on into another module's code
	// (a call the catalogue does not price, a store into a field of its
	// struct), whose influence the slice does not record (intoLibrary).
	library bool

	// Measured is the share of the score resting on measured frequencies.
	Measured float64
	// Lines are the source lines of the slice by contribution, largest first.
	Lines []Line
	// Direction says which values cost, as far as the code shows it.
	Direction Direction
	// Into names, sorted, the other modules' function parameters and
	// struct fields the value is handed to whose summaries priced what
	// the library does with it there (Analysis.LibraryArgs and
	// LibraryField): "example.com/q.New(syncEvery)".
	Into []string
}

// Size counts a slice.
type Size struct{ Instructions, Blocks, Functions int }

// Line is the contribution of the slice instructions on one source line.
type Line struct {
	Pos   string // file:line relative to the module root
	Func  *ssa.Function
	Cost  Cost
	Total float64 // Share of the option's Score.Total
	Share float64 // of the option's normalised work, its columns each divided by their maximum over the options, summed
}

// Counts supplies measured block frequencies and call counts, as
// *counts.Counts does; Rank uses Estimate where it has none (see
// Frequencies).
type Counts interface {
	Frequencies(fn *ssa.Function) (counts.Frequencies, bool)
	Calls(fn *ssa.Function) (int64, bool)
}

// CPUTimes is CPU time measured per function, as a CPU profile has it
// (*counts.CPU): Flat is the time spent in fn's own lines and whether fn
// was sampled at all; Unseen, for a function not sampled, the time it can
// have spent unseen, and whether the profile covered it.
type CPUTimes interface {
	Flat(fn *ssa.Function) (float64, bool)
	Unseen(fn *ssa.Function) (float64, bool)
}

// Measurements joins counts and a CPU profile, either of which may be
// nil, into the Counts that Rank takes; nil when both are.
func Measurements(c Counts, cpu CPUTimes) Counts {
	if cpu == nil {
		return c
	}
	return measurements{c, cpu}
}

type measurements struct {
	counts Counts
	cpu    CPUTimes
}

func (m measurements) Frequencies(fn *ssa.Function) (counts.Frequencies, bool) {
	if m.counts == nil {
		return counts.Frequencies{}, false
	}
	return m.counts.Frequencies(fn)
}

func (m measurements) Calls(fn *ssa.Function) (int64, bool) {
	if m.counts == nil {
		return 0, false
	}
	return m.counts.Calls(fn)
}

func (m measurements) Flat(fn *ssa.Function) (float64, bool)   { return m.cpu.Flat(fn) }
func (m measurements) Unseen(fn *ssa.Function) (float64, bool) { return m.cpu.Unseen(fn) }

// Rank scores the slices and ranks their options. It takes the slices
// one at a time and keeps only their scores, so that a large program's
// slices need not all be in memory at once.
func Rank(ctx context.Context, a *slicing.Analysis, prog *slicing.Program, sls iter.Seq[*slicing.Slice], s *configs.Settings, c Counts) ([]*Score, error) {
	scores, _, err := rank(ctx, a, prog, sls, s, c)
	return scores, err
}

// rank is Rank, also returning the functions' estimated calls per run it
// weighed the slices with.
func rank(ctx context.Context, a *slicing.Analysis, prog *slicing.Program, sls iter.Seq[*slicing.Slice], s *configs.Settings, c Counts) ([]*Score, map[*ssa.Function]float64, error) {
	w := newWeigher(a, s)
	freq := memoised(func(fn *ssa.Function) counts.Frequencies { return Frequencies(a, fn, s.Estimates, c) })
	calls := callFrequencies(a, freq, s.Estimates, c, w.ownCPU(freq))
	costs := blockCosts(w, freq, calls)
	under := newUnderBranch(w, freq, a.Limits().MaxWhole)
	// With measurements, options whose code the run never reached tie at
	// zero: the static estimates order them (and any other tie).
	var static []*Score
	var staticScore func(sl *slicing.Slice) *Score
	if c != nil {
		sw := newWeigher(a, s)
		sfreq := memoised(func(fn *ssa.Function) counts.Frequencies { return Estimate(a, fn, s.Estimates) })
		scalls := callFrequencies(a, sfreq, s.Estimates, nil, nil)
		sunder := newUnderBranch(sw, sfreq, a.Limits().MaxWhole)
		staticScore = func(sl *slicing.Slice) *Score { return score(prog, sl, sw, sfreq, scalls, sunder) }
	}
	var scores []*Score
	for sl := range sls {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		sc := score(prog, sl, w, freq, calls, under)
		sc.Direction = direction(a, prog, sl, costs)
		scores = append(scores, sc)
		if staticScore != nil {
			static = append(static, staticScore(sl))
		}
	}
	normalise(scores)
	tie := make(map[*Score]float64, len(static))
	if static != nil {
		normalise(static)
		for i, sc := range scores {
			tie[sc] = static[i].Total
		}
	}
	command := commands(prog)
	for _, sc := range scores {
		sc.Command = command(sc.Option)
		sc.Inert = inert(sc)
	}
	slices.SortFunc(scores, func(x, y *Score) int {
		return cmp.Or(compareBool(x.Command, y.Command), compareBool(x.Inert, y.Inert), cmp.Compare(y.Total, x.Total), cmp.Compare(tie[y], tie[x]), cmp.Compare(x.Option.Name, y.Option.Name))
	})
	nonzero := 0
	for _, sc := range scores {
		if sc.Total > 0 && !sc.Inert {
			nonzero++
		}
	}
	// The suspects are the top percent of the options that score and are
	// not ignored (//confhunt:ignore): an ignored option gives its place to
	// the next.
	top := int(math.Ceil(float64(len(scores)) * s.Top / 100))
	for i, sc := range scores {
		sc.Rank = i + 1
		sc.Suspect = top > 0 && i < nonzero && sc.Option.Ignored == ""
		if sc.Suspect {
			top--
		}
	}
	return scores, calls, nil
}

// memoised returns f, computed once per function.
func memoised(f func(*ssa.Function) counts.Frequencies) func(*ssa.Function) counts.Frequencies {
	memo := make(map[*ssa.Function]counts.Frequencies)
	return func(fn *ssa.Function) counts.Frequencies {
		v, ok := memo[fn]
		if !ok {
			v = f(fn)
			memo[fn] = v
		}
		return v
	}
}

// inert reports whether an option decides no work: its value reaches no
// branch, loop bound, size, goroutine count, delay, IO call, container
// bound or lock, so what its slice costs (the instructions its value
// flows through as data: a name formatted, a label passed on, a string
// copied into a request) is the same whatever the value. An interface or
// a function is exempt: which implementation it holds (a filter, a hash,
// a buffer pool) decides the work its calls do, which no influence kind
// records. So is one whose value goes on into a library's code, which
// may decide work with it (a pool's size kept in the library's struct),
// unless it is text (of the string type itself, or a list or map of
// them: a bucket's name, a content type, a token, a list of peers),
// which a library keeps, formats or sends but does not tune its work
// by; a string type of the program's own is an enumeration, and stays.
func inert(sc *Score) bool {
	if sc.Influence != 0 {
		return false
	}
	text := true
	for _, site := range sc.Option.Sites {
		if site.Value == nil {
			continue
		}
		t := site.Value.Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		switch u := t.Underlying().(type) {
		case *types.Interface, *types.Signature:
			return false
		case *types.Slice:
			text = text && plainString(u.Elem())
		case *types.Map:
			text = text && plainString(u.Key()) && plainString(u.Elem())
		default:
			text = text && plainString(t)
		}
	}
	return !sc.library || text
}

// plainString reports whether t is the string type itself: a name, an
// address, a token. A string type of its own is an enumeration (a mode,
// a codec's name), which a library may well decide work by.
func plainString(t types.Type) bool {
	return types.Unalias(t) == types.Typ[types.String]
}

// intoLibrary reports whether instr hands the option's value on to
// another module's code (not the standard library's, which the catalogue
// prices): a call of one of its functions the catalogue does not list, or
// a store into a field of one of its structs, with or without a summary
// of what the library does there.
func intoLibrary(prog *slicing.Program, a *slicing.Analysis, instr ssa.Instruction) bool {
	switch x := instr.(type) {
	case *ssa.Store:
		if _, _, ok := a.LibraryField(x); ok {
			return true
		}
		fa, ok := x.Addr.(*ssa.FieldAddr)
		if !ok {
			return false
		}
		t := types.Unalias(fa.X.Type())
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		n, ok := t.(*types.Named)
		return ok && foreign(prog, n.Obj().Pkg())
	case ssa.CallInstruction:
		if _, ok := a.Resource(x); ok {
			return false
		}
		if _, ok := a.Library(x); ok {
			return true
		}
		for _, fn := range a.Callees(x) {
			if !a.Analysed(fn) && fn.Pkg != nil && foreign(prog, fn.Pkg.Pkg) {
				return true
			}
		}
	}
	return false
}

// foreign reports whether pkg belongs to a module other than prog's main
// one and the standard library (whose paths start without a dotted
// host), or is one of the main module's that did not type-check and is
// there without its bodies.
func foreign(prog *slicing.Program, pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	p := pkg.Path()
	if prog.Bodiless(p) {
		return true
	}
	host, _, _ := strings.Cut(p, "/")
	return strings.Contains(host, ".") && p != prog.Module && !strings.HasPrefix(p, prog.Module+"/")
}

// commands returns the test for an option of a library module's bundled
// commands: one declared in a main package of a module whose root
// package is a library (a compression library's command-line tools, a
// client library's example server), in a package below a main
// package's directory that only commands import (a command's flags
// defined in its own package, as cobra programs do), or read from the
// command line in a package that only commands import (a tool's
// subcommands). Those rank after the library's own options: a user
// ranking a library asks what its users configure.
func commands(prog *slicing.Program) func(*slicing.Option) bool {
	root := prog.SSA.ImportedPackage(prog.Module)
	if prog.Module == "" || root == nil || root.Pkg.Name() == "main" {
		return func(*slicing.Option) bool { return false }
	}
	own, only := commandPackages(prog.Packages)
	return func(o *slicing.Option) bool {
		return own[o.Package] || only[o.Package] && commandLine[o.Style]
	}
}

// commandLine are the styles of options read from the command line.
var commandLine = map[string]bool{"flag": true, "pflag": true, "cobra": true, "cli": true, "kingpin": true}

// commandPackages returns the import paths of the main module's
// packages that only its main packages import, directly or through one
// another (tests do not count as importers), the main packages included:
// own are those of them below a main package's directory, the commands'
// own code; only holds every one (a package of subcommands a tool's main
// package calls, whose flags only it parses, but also a library's root,
// which nothing else in its module imports).
func commandPackages(roots []*packages.Package) (own, only map[string]bool) {
	importers := make(map[string]map[string]bool)
	var pkgs []*packages.Package
	own, only = make(map[string]bool), make(map[string]bool)
	packages.Visit(roots, nil, func(p *packages.Package) {
		if p.Module == nil || !p.Module.Main || p.ID != p.PkgPath {
			return // another module's, or a test variant
		}
		pkgs = append(pkgs, p)
		if p.Name == "main" {
			own[p.PkgPath], only[p.PkgPath] = true, true
		}
		for _, imp := range p.Imports {
			if importers[imp.PkgPath] == nil {
				importers[imp.PkgPath] = make(map[string]bool)
			}
			importers[imp.PkgPath][p.PkgPath] = true
		}
	})
	mains := slices.Sorted(maps.Keys(own))
	for changed := true; changed; {
		changed = false
		for _, p := range pkgs {
			if only[p.PkgPath] || len(importers[p.PkgPath]) == 0 {
				continue
			}
			all := true
			for imp := range importers[p.PkgPath] {
				all = all && only[imp]
			}
			if all {
				only[p.PkgPath], changed = true, true
			}
		}
	}
	for path := range only {
		if below(path, mains) {
			own[path] = true
		}
	}
	return own, only
}

// below says whether path lies in the directory of one of dirs.
func below(path string, dirs []string) bool {
	for _, d := range dirs {
		if strings.HasPrefix(path, d+"/") {
			return true
		}
	}
	return false
}

// compareBool orders false before true.
func compareBool(x, y bool) int {
	switch {
	case x == y:
		return 0
	case !x:
		return -1
	}
	return 1
}

// score sums the weighted frequencies of a slice's instructions.
func score(prog *slicing.Program, sl *slicing.Slice, w *weigher, freq func(*ssa.Function) counts.Frequencies, calls map[*ssa.Function]float64, under *underBranch) *Score {
	sc := &Score{Option: sl.Option, Influence: sl.Influence}
	sc.Size.Instructions, sc.Size.Blocks, sc.Size.Functions = sl.Size()
	lines := make(map[lineKey]*Line)
	var into []string
	var measured float64
	number := isNumber(sl.Option)
	ctx := inContext{sl: sl, freq: freq, calls: calls, memo: make(map[*ssa.Function]float64), doing: make(map[*ssa.Function]bool)}
	for _, fs := range sl.Functions() {
		fn := fs.Func
		if w.a.InHelper(fn) {
			continue // test support does not run in the program
		}
		f := freq(fn)
		base := ctx.base(fs)
		var share []float64
		var looped []bool
		if fs.Blocks != nil && !fs.Whole {
			share = under.shares(fs, base)
			looped = tripBlocks(fs)
		}
		var retAt []float64 // memory retained per block
		for _, b := range fn.Blocks {
			times := f.Block[b.Index] * base
			if times == 0 {
				continue
			}
			// Work under a branch on the option: a block's own
			// instructions and what its calls do, at this block's
			// frequency (not the callees' own, summed over all their
			// callers), times the share of the work that depends on which
			// side runs.
			controlled := fs.Blocks != nil && fs.Blocks[b.Index] && !fs.Whole
			var pos token.Pos
			for _, instr := range b.Instrs {
				if p := slicing.Pos(instr); p.IsValid() {
					pos = p
				}
				data := fs.Instrs[instr]
				if !data && !controlled {
					// Not in the slice, or in a function that runs wholly
					// under the option: its call site is charged with it.
					continue
				}
				if data && !sc.library {
					sc.library = intoLibrary(prog, w.a, instr)
				}
				c := w.cost(instr)
				if fs.Influence[instr]&slicing.Time != 0 {
					if cb := periodic(w.a, instr); cb != nil {
						// The option is the delay of a function the timer
						// runs (time.AfterFunc(d, s.flush), re-armed each
						// run): it decides how often that runs.
						c = c.add(under.fn(cb, 1), max(calls[cb], 1)/times)
					}
				}
				if call, ok := instr.(*ssa.Call); ok && data && !controlled && unused(call) && observer(under, call) {
					// The value handed to a call that only observes (a
					// log line, an event) is formatted, not worked with:
					// the call costs the same whatever the value.
					c = Cost{}
				}
				if fs.Dispatch[instr] && !controlled {
					// A call through the implementation the option
					// chose: what the choice changes, unless the
					// implementations only observe (an event sink, a
					// logger).
					c = Cost{}
					if call, ok := instr.(*ssa.Call); !ok || !observer(under, call) {
						c = under.spread(instr.(ssa.CallInstruction), w.cost(instr), sl.Impls)
					}
				}
				if controlled {
					switch x := instr.(type) {
					case ssa.CallInstruction:
						if p := fs.Passed[x]; p != nil {
							// A func parameter's call: what this slice's
							// caller passed runs, not every function any
							// caller passes (a worker it starts is not
							// charged, as under.call does not).
							if _, isGo := x.(*ssa.Go); !isGo || !under.worker(p, true) {
								if cost, n := under.runs(p, 1, Cost{}, 0); n > 0 {
									c = c.add(cost, 1)
								}
							}
						} else {
							c = c.add(under.call(x, 1), 1)
						}
					case *ssa.MakeClosure:
						// A closure made under the branch and handed on
						// (to a walk, a replay, a callback registry) runs
						// under it wherever it is called: as often as its
						// callers call it.
						if cl := x.Fn.(*ssa.Function); !calledIn(w.a, cl, fn) {
							c = c.add(under.fn(cl, 1), max(calls[cl], 1)/times)
						}
					}
					if !data && share != nil {
						c = c.scale(share[b.Index])
					}
				}
				libRET := 0.0
				if call, ok := instr.(ssa.CallInstruction); ok && data {
					carries := func(v ssa.Value) bool {
						in, ok := v.(ssa.Instruction)
						return ok && fs.Instrs[in]
					}
					if r, names, ok := w.a.LibraryArgs(call, carries); ok {
						// The option's value handed to a library function:
						// what one call does with it, not all the call does.
						c = c.sub(w.calls[call]).add(Cost{CPU: r.CPU, MEM: r.MEM, IO: r.IO, LAT: r.LAT, SYNC: r.SYNC}, 1)
						libRET = r.RET
						into = append(into, names...)
					}
				}
				if st, ok := instr.(*ssa.Store); ok && data {
					if r, name, ok := w.a.LibraryField(st); ok {
						into = append(into, name)
						// The option's value kept in a library's field
						// (a pool's MaxSize): what the library's code does
						// with it, in the library's frequencies, once.
						c = c.add(Cost{CPU: r.CPU, MEM: r.MEM, IO: r.IO, LAT: r.LAT, SYNC: r.SYNC}, 1/times)
						libRET = r.RET
					}
				}
				if c == (Cost{}) && libRET == 0 {
					continue
				}
				// Memory a number option sizes or bounds and the program
				// keeps (stored in a long-lived value, queued, returned)
				// is retained once per site, however often the site runs.
				ret := libRET
				if fs.Influence[instr]&slicing.Size != 0 {
					// The option sizes this allocation: count its elements
					// as a loop's trips.
					if v, ok := instr.(ssa.Value); ok && number && retained(v) {
						ret += c.MEM * w.est.LoopTrips
					}
					c.MEM *= w.est.LoopTrips
				}
				if controlled && !data && !number && allocates(instr) && keptInField(instr.(ssa.Value)) {
					// Whether memory is kept at all, where a flag decides
					// it (its own buffer per connection, or a shared pool):
					// once per site, as much as one allocation of it.
					ret += c.MEM * w.est.LoopTrips
				}
				if controlled && number && looped != nil && looped[b.Index] && fs.Influence[instr]&slicing.Size == 0 && keptObject(instr, func(b *ssa.BasicBlock) bool { return looped[b.Index] }) {
					// The option counts objects the program keeps (an
					// encoder per worker, a pool's connections): what one
					// costs, times the loop's trips, is retained.
					ret += c.MEM * w.est.LoopTrips
				}
				if fs.Influence[instr]&slicing.Bound != 0 {
					// The option bounds a container: what it holds stays
					// in memory, about a sized allocation per check.
					c.MEM += w.lookup("mem", "make.slice", "") * w.est.LoopTrips
					if number {
						ret += w.lookup("mem", "make.slice", "") * w.est.LoopTrips
					}
				}
				if fs.Scaled[instr] {
					call := instr.(ssa.CallInstruction)
					before := c.MEM
					c = w.scaled(call, c)
					if v := call.Value(); v != nil && number && c.MEM > before && retained(v) {
						ret += c.MEM - before
					}
				}
				sc.Cost = sc.Cost.add(c, times)
				if ret > 0 {
					if retAt == nil {
						retAt = make([]float64, len(fn.Blocks))
					}
					retAt[b.Index] += ret
				}
				if f.Measured[b.Index] {
					measured += c.sum() * times
				}
				if !pos.IsValid() {
					pos = fn.Pos()
				}
				p := prog.Fset.Position(pos)
				key := lineKey{p.Filename, p.Line}
				l := lines[key]
				if l == nil {
					l = &Line{Pos: prog.Position(pos), Func: fn}
					if i := strings.LastIndexByte(l.Pos, ':'); i > 0 {
						l.Pos = l.Pos[:i] // file:line
					}
					lines[key] = l
				}
				l.Cost = l.Cost.add(c, times)
				l.Cost.RET += ret
			}
		}
		if retAt != nil {
			sc.Cost.RET += onePath(fn, retAt)
		}
	}
	if sum := sc.Cost.sum(); sum > 0 {
		sc.Measured = measured / sum
	}
	for _, l := range lines {
		sc.Lines = append(sc.Lines, *l)
	}
	slices.Sort(into)
	sc.Into = slices.Compact(into)
	return sc
}

// onePath is the most that one run of fn keeps of what its blocks
// retain (at): the largest sum along a path from its entry, where a loop
// counts as one step holding what all its blocks retain. Sites on either
// side of a branch outside loops are alternatives (a buffer made for one
// pool or for another): a run keeps one of them, not both; a loop's
// sites, and those before and after it, are all kept.
func onePath(fn *ssa.Function, at []float64) float64 {
	comp := sccs(fn.Blocks, func(b *ssa.BasicBlock, yield func(*ssa.BasicBlock)) {
		for _, s := range b.Succs {
			yield(s)
		}
	})
	// In reverse postorder a component's first block comes after the
	// first blocks of the components that reach it.
	var order []int
	members := make(map[int][]*ssa.BasicBlock)
	sum := make(map[int]float64)
	for _, b := range reversePostorder(fn) {
		c := comp[b]
		if members[c] == nil {
			order = append(order, c)
		}
		members[c] = append(members[c], b)
		sum[c] += at[b.Index]
	}
	best := make(map[int]float64)
	most := 0.0
	for _, c := range order {
		best[c] += sum[c]
		most = max(most, best[c])
		for _, b := range members[c] {
			for _, s := range b.Succs {
				if d := comp[s]; d != c {
					best[d] = max(best[d], best[c])
				}
			}
		}
	}
	return most
}

// inContext computes how often a function of a slice runs with the
// option's value: as often as the calls that bring the value in run,
// when it comes in only through their arguments (a helper the option's
// value is passed to from one cold call runs that often with it, however
// often other callers make it run); as often as the function runs
// otherwise. Never more than the latter.
type inContext struct {
	sl    *slicing.Slice
	freq  func(*ssa.Function) counts.Frequencies
	calls map[*ssa.Function]float64
	memo  map[*ssa.Function]float64
	doing map[*ssa.Function]bool
}

func (c *inContext) base(fs *slicing.FuncSlice) float64 {
	fn := fs.Func
	global := c.calls[fn]
	if global == 0 {
		global = 1
	}
	if fs.Anywhere || len(fs.Entered) == 0 && fs.Loaded == 0 || c.doing[fn] {
		return global
	}
	if v, ok := c.memo[fn]; ok {
		return v
	}
	c.doing[fn] = true
	sites := make([]ssa.CallInstruction, 0, len(fs.Entered))
	for site := range fs.Entered {
		sites = append(sites, site)
	}
	slices.SortFunc(sites, func(x, y ssa.CallInstruction) int {
		return cmp.Or(cmp.Compare(x.Parent().String(), y.Parent().String()), cmp.Compare(x.Block().Index, y.Block().Index), cmp.Compare(instrIndex(x), instrIndex(y)))
	})
	sum := 0.0
	for _, site := range sites {
		caller := site.Parent()
		n := c.calls[caller]
		if cfs := c.sl.Funcs[caller]; cfs != nil {
			n = c.base(cfs)
		}
		sum += max(n, 1) * c.freq(caller).Block[site.Block().Index]
	}
	delete(c.doing, fn)
	sum += global * fs.Loaded
	// The calls that bring the value in never run (under if false, or
	// never counted): neither does the function with it.
	v := min(global, sum)
	c.memo[fn] = v
	return v
}

// unused says whether nothing uses what call returns: a log line's
// Printf, not a Sprintf whose text goes on.
func unused(call *ssa.Call) bool {
	refs := call.Referrers()
	return refs == nil || !slices.ContainsFunc(*refs, func(r ssa.Instruction) bool {
		_, debug := r.(*ssa.DebugRef)
		return !debug
	})
}

// observer reports whether a call has no effect but observing.
func observer(u *underBranch, c *ssa.Call) bool {
	ok, observes := u.observing(c, 0)
	return ok && observes
}

// periodic returns the function a time.AfterFunc call runs when its timer
// fires: a closure, a function or a bound method; nil for any other call.
func periodic(a *slicing.Analysis, instr ssa.Instruction) *ssa.Function {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return nil
	}
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "time" || callee.Name() != "AfterFunc" || len(call.Call.Args) != 2 {
		return nil
	}
	f := call.Call.Args[1]
	if mc, ok := f.(*ssa.MakeClosure); ok {
		f = mc.Fn
	}
	fn, ok := f.(*ssa.Function)
	if !ok {
		return nil
	}
	if obj, ok := fn.Object().(*types.Func); ok && fn.Synthetic != "" {
		fn = fn.Prog.FuncValue(obj) // a bound method's wrapper: the method
	}
	if !a.Analysed(fn) {
		return nil
	}
	return fn
}

// instrIndex is the index of instr in its block.
func instrIndex(instr ssa.Instruction) int {
	return slices.Index(instr.Block().Instrs, instr)
}

// calledIn reports whether fn is called from within parent (a closure
// called where it is made, or started there as a goroutine).
func calledIn(a *slicing.Analysis, fn, parent *ssa.Function) bool {
	for _, c := range a.Callers(fn) {
		if c.Parent() == parent {
			return true
		}
	}
	return false
}

type lineKey struct {
	file string
	line int
}

// callFrequencies estimates how often each analysed function runs per run
// of the program: the sum over its call sites of the caller's frequency
// times the call block's, divided among the callees a dynamic call may
// reach (a call of a func parameter: among them as its callers pass
// them, see passedShares), plus LoopTrips when library code calls it back
// (a handler runs per request, a comparison per element); 1 for a root
// such as main. Recursion counts once: the calls that close a cycle of
// the call graph add nothing (backEdges: calls made only on the way to
// failing first), chosen by a walk in a fixed order from the cycle's
// entries, so that a function's frequency does not depend on map order;
// the other calls within a cycle count. So a function its cycle reaches
// only on the way to failing (a reconnect) runs as often as its callers
// from outside the cycle say, once if none.
//
// With counts, a function the run measured runs as often as it was
// entered, and the estimate holds only for the others. Measured entries
// count a test or workload run and estimates a program run, so the
// measured ones are put on the estimates' scale: multiplied by the ratio
// of the measured functions' estimated frequencies to their entries, both
// summed. The measurement then decides how the frequency is shared among
// the functions it saw, and a function it saw twice as often as another
// runs twice as often; the estimate of an unmeasured callee starts from
// its measured callers.
//
// A CPU profile measures time, not entries: a function it sampled ran
// about its own lines' time ÷ the CPU cost of one entry (ownCPU) times,
// and these are put on the estimates' scale the same way, apart from the
// counted functions. A function the profile did not sample, in a package
// it covered, runs at most as often as its own CPU cost allows without a
// sample (CPUTimes.Unseen), and else as estimated: a function whose work
// is off-CPU (IO, waiting) costs little CPU per entry, so the profile
// bounds it loosely.
func callFrequencies(a *slicing.Analysis, freq func(*ssa.Function) counts.Frequencies, est configs.Estimates, c Counts, ownCPU func(*ssa.Function) float64) map[*ssa.Function]float64 {
	scc := components(a)
	estimated := estimateCalls(a, scc, freq, est, c, nil)
	if c == nil {
		return estimated
	}
	counted := make(map[*ssa.Function]float64)
	timed := make(map[*ssa.Function]float64)
	unseen := make(map[*ssa.Function]float64)
	cpu, _ := c.(CPUTimes)
	fns := a.Functions()
	for _, fn := range fns {
		if n, ok := c.Calls(fn); ok {
			counted[fn] = float64(n)
		} else if cpu != nil {
			if t, ok := cpu.Flat(fn); ok {
				timed[fn] = t / max(ownCPU(fn), 1)
			} else if t, ok := cpu.Unseen(fn); ok {
				unseen[fn] = t / max(ownCPU(fn), 1)
			}
		}
	}
	measured := make(map[*ssa.Function]float64)
	onScale := calibration(fns, counted, estimated)
	for fn, n := range counted {
		measured[fn] = n * onScale
	}
	onScale = calibration(fns, timed, estimated)
	for fn, n := range timed {
		measured[fn] = n * onScale
	}
	for fn, n := range unseen {
		measured[fn] = min(estimated[fn], n*onScale)
	}
	if len(measured) == 0 {
		return estimated
	}
	return estimateCalls(a, scc, freq, est, c, measured)
}

// calibration is the factor that puts measured frequencies on the
// estimates' scale: the estimates of the functions measured to run, over
// their measurements, both summed.
// The sums run in the functions' order, so that the result is the same
// on every run.
func calibration(fns []*ssa.Function, measured, estimated map[*ssa.Function]float64) float64 {
	var sumEstimated, sumMeasured float64
	for _, fn := range fns {
		if n := measured[fn]; n > 0 {
			sumEstimated += estimated[fn]
			sumMeasured += n
		}
	}
	if sumMeasured == 0 {
		return 0
	}
	return sumEstimated / sumMeasured
}

// estimateCalls is callFrequencies' walk over the callers: a function in
// measured has that frequency, any other one its callers'.
func estimateCalls(a *slicing.Analysis, scc map[*ssa.Function]int, freq func(*ssa.Function) counts.Frequencies, est configs.Estimates, c Counts, measured map[*ssa.Function]float64) map[*ssa.Function]float64 {
	back := backEdges(a, scc)
	shares := make(map[ssa.CallInstruction]*passed) // passedShares, per call site
	memo := make(map[*ssa.Function]float64)
	doing := make(map[*ssa.Function]bool)
	var get func(fn *ssa.Function) float64
	get = func(fn *ssa.Function) float64 {
		if v, ok := memo[fn]; ok {
			return v
		}
		if v, ok := measured[fn]; ok {
			memo[fn] = v
			return v
		}
		if doing[fn] {
			return 0 // not reached: the edges left form no cycle
		}
		doing[fn] = true
		defer delete(doing, fn)
		v := 0.0
		for _, c := range a.Callers(fn) {
			caller := c.Parent()
			if back[edge{caller, fn}] {
				continue // the call that closes a cycle
			}
			// A dynamic call runs one of its possible callees each time:
			// each gets its share, so that an imprecise call graph (every
			// implementation of an interface method) does not multiply it.
			share := 1 / float64(max(len(a.Callees(c)), 1))
			p, seen := shares[c]
			if !seen {
				p = passedShares(a, c, back, get, freq)
				shares[c] = p
			}
			if p != nil {
				share = p.share(fn)
			}
			if _, ok := c.(*ssa.Go); ok && poolWorker(a, fn, true) {
				// Workers of a pool share its queue: however many start
				// (a loop of go statements), they do its work once.
				v += get(caller) * min(freq(caller).Block[c.Block().Index], 1) * share
				continue
			}
			v += get(caller) * freq(caller).Block[c.Block().Index] * share
		}
		if a.CalledOnce(fn) {
			v += 1 // a lazy initialisation: once, however often its Do runs
		} else if a.CalledBack(fn) {
			v += est.LoopTrips
		}
		if operation(a, fn) {
			v += est.Operations
		}
		if parent := fn.Parent(); parent != nil && v == 0 && !back[edge{parent, fn}] {
			v = closureFrequency(fn, parent, get, freq)
			if strings.Contains(fn.Synthetic, "range-over-func yield") {
				v *= yieldTrips(fn, parent, freq, est, c)
			}
		}
		if v == 0 {
			v = 1
		}
		// A helper called from many loops must not swamp the ranking.
		v = min(v, a.Limits().MaxCallFrequency)
		memo[fn] = v
		return v
	}
	for _, fn := range a.Functions() {
		get(fn)
	}
	return memo
}

// passed says how a call of a func parameter (withRetry(op func() error)
// calling op()) shares its runs among its callees: its function's calls,
// each weighed by how often its caller makes it (total), by the function
// the caller passes there (by), and those passing a value not made there
// (a parameter of its own, a field's func), which run each of the call's
// callees alike (unknown, over n callees).
type passed struct {
	total, unknown float64
	n              int
	by             map[*ssa.Function]float64
}

// share is the share of the call's runs that run fn.
func (p *passed) share(fn *ssa.Function) float64 {
	return (p.by[fn] + p.unknown/float64(p.n)) / p.total
}

// passedShares works out how c, a call of a func parameter of its
// function, shares its runs among its callees (see passed), in one pass
// over its function's callers; nil where c calls no parameter, or no
// caller passes a function of its own making.
func passedShares(a *slicing.Analysis, c ssa.CallInstruction, back map[edge]bool, get func(*ssa.Function) float64, freq func(*ssa.Function) counts.Frequencies) *passed {
	common := c.Common()
	p, isParam := common.Value.(*ssa.Parameter)
	callees := a.Callees(c)
	if common.IsInvoke() || !isParam || len(callees) < 2 {
		return nil
	}
	caller := c.Parent()
	i := slices.Index(caller.Params, p)
	if i < 0 {
		return nil
	}
	out := &passed{n: len(callees), by: make(map[*ssa.Function]float64)}
	for _, cc := range a.Callers(caller) {
		from := cc.Parent()
		if back[edge{from, caller}] {
			continue
		}
		j := i
		if cc.Common().IsInvoke() {
			j-- // the receiver is not among an interface call's arguments
		}
		args := cc.Common().Args
		if j < 0 || j >= len(args) {
			continue
		}
		w := get(from) * freq(from).Block[cc.Block().Index] / float64(max(len(a.Callees(cc)), 1))
		out.total += w
		if f := slicing.PassedFunc(args[j]); f != nil {
			out.by[f] += w
		} else {
			out.unknown += w
		}
	}
	if len(out.by) == 0 || out.total == 0 {
		return nil
	}
	return out
}

// edge is a call, or a closure's creation, from one function to another.
type edge struct{ from, to *ssa.Function }

// backEdges returns the edges that close a cycle of the call graph. A
// depth-first walk of each strongly connected component, along calls
// made on a path that may succeed and along closure creations, finds
// those going back to a function on its path. The walk starts at the
// component's entries (functions called from outside it, called back by
// library code, operations or roots), then at its other members, each in
// a.Functions()' order, so that the result does not depend on map order.
// A call made only on the way to failing (slicing.PostDom.Fails: a
// reconnect after an error, which calls the whole request path again)
// then closes a cycle unless it goes down the walk's order (to a
// function the walk finished before its caller): such a call is rarer
// than the request path it would otherwise cut. Frequencies flow along
// every other edge: the functions of a cycle (a recursive walk, or the
// large component an imprecise call graph makes of a server's accept
// loop and its handlers) get their callers' frequencies, and only the
// calls closing a cycle add nothing.
func backEdges(a *slicing.Analysis, scc map[*ssa.Function]int) map[edge]bool {
	back := make(map[edge]bool)
	const onPath, done = 1, 2
	state := make(map[*ssa.Function]int)
	finished := make(map[*ssa.Function]int) // the walk's post-order
	var failing []edge                      // calls made only on the way to failing, within a component
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		state[fn] = onPath
		next := func(to *ssa.Function) {
			switch state[to] {
			case 0:
				visit(to)
			case onPath:
				back[edge{fn, to}] = true
			}
		}
		within := func(to *ssa.Function) bool {
			k, ok := scc[to]
			return ok && k == scc[fn]
		}
		var pd *slicing.PostDom
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				for _, callee := range a.Callees(c) {
					if !within(callee) {
						continue
					}
					if pd == nil {
						pd = a.PostDom(fn)
					}
					if pd.Fails(b) {
						failing = append(failing, edge{fn, callee})
						continue
					}
					next(callee)
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			if within(anon) {
				next(anon)
			}
		}
		state[fn] = done
		finished[fn] = len(finished)
	}
	fns := a.Functions()
	for _, fn := range fns {
		if state[fn] == 0 && entry(a, scc, fn) {
			visit(fn)
		}
	}
	for _, fn := range fns {
		if state[fn] == 0 {
			visit(fn)
		}
	}
	// Every edge the walk kept goes from a function to one finished
	// before it; a failing call that does too keeps the graph acyclic.
	for _, e := range failing {
		if finished[e.to] >= finished[e.from] {
			back[e] = true
		}
	}
	return back
}

// entry reports whether fn is entered from outside its component.
func entry(a *slicing.Analysis, scc map[*ssa.Function]int, fn *ssa.Function) bool {
	callers := a.Callers(fn)
	if len(callers) == 0 || a.CalledBack(fn) || operation(a, fn) {
		return true
	}
	for _, c := range callers {
		if scc[c.Parent()] != scc[fn] {
			return true
		}
	}
	return false
}

// components numbers the strongly connected components of the caller
// graph over the analysed functions and their callers (Tarjan's
// algorithm); a function in no cycle is a component of its own.
func components(a *slicing.Analysis) map[*ssa.Function]int {
	// A closure's frequency comes from its callers and, failing them,
	// from its parent: both are edges into it.
	return sccs(a.Functions(), func(fn *ssa.Function, yield func(*ssa.Function)) {
		for _, c := range a.Callers(fn) {
			yield(c.Parent())
		}
		if fn.Parent() != nil {
			yield(fn.Parent())
		}
	})
}

// operation reports whether fn is an operation a user of the package
// calls on a long-lived value: an exported method of an exported type,
// but io.Closer's Close, which ends the value's life once, as its
// constructor began it, and the methods of a struct of settings (a
// Validate, a FormatDSN, a getter: the user sets the value up, the
// program's own calls say how often they run); or an exported function
// of the package that makes nothing long-lived (see packageOperation).
// Constructors and other plain functions run as often as their callers
// say (once, for a root).
func operation(a *slicing.Analysis, fn *ssa.Function) bool {
	recv := fn.Signature.Recv()
	if recv == nil {
		return packageOperation(a, fn)
	}
	if fn.Object() == nil || !fn.Object().Exported() || a.Settings(recv.Type()) {
		return false
	}
	if slicing.IsClose(fn) {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Exported()
}

// packageOperation reports whether fn, a package-level function, is an
// operation its users call per use, as they call a long-lived object's
// methods (Marshal, Encode, Compress): an exported function of a package
// they import that makes no long-lived value, sets up nothing and does
// not serve. A function returning a pointer to a struct, an interface
// (not an error), a channel, a func or a struct holding a running object
// makes one (a constructor, a dialer, an opener, a dial's result), and
// so does one returning settings (DefaultConfig): the user calls it
// once, to set up. So is one storing into a package-level variable (a
// registration, a default logger set). One with a service loop of its
// own, or making a running object it keeps to itself (ListenAndServe's
// server, which it serves with), runs for the program's life, once.
func packageOperation(a *slicing.Analysis, fn *ssa.Function) bool {
	if !a.Analysed(fn) || a.InHelper(fn) || !slicing.PublicFunc(fn) || slicing.SetsGlobal(fn) {
		return false
	}
	for v := range fn.Signature.Results().Variables() {
		if makesObject(a, v.Type()) {
			return false
		}
	}
	for _, l := range a.Loops(fn) {
		if serviceLoop(fn, l, loopWaits(fn, l)) {
			return false
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if x, ok := instr.(*ssa.Alloc); ok && a.Running(x.Type()) {
				return false
			}
		}
	}
	return true
}

// makesObject reports whether a function returning a t makes a value its
// caller keeps and uses (see packageOperation).
func makesObject(a *slicing.Analysis, t types.Type) bool {
	if a.Settings(t) || a.Running(t) {
		return true
	}
	t = types.Unalias(t)
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		n, ok := types.Unalias(u.Elem()).(*types.Named)
		if !ok {
			return false
		}
		_, ok = n.Underlying().(*types.Struct)
		return ok
	case *types.Interface:
		n, ok := t.(*types.Named)
		return ok && n.Obj().Pkg() != nil // a named interface, not error
	case *types.Chan, *types.Signature:
		return true
	}
	return false
}

// yieldTrips is the iterations of a range-over-func loop per execution of
// the block creating its yield closure: measured when the run counted
// both, LoopTrips otherwise.
func yieldTrips(fn, parent *ssa.Function, freq func(*ssa.Function) counts.Frequencies, est configs.Estimates, c Counts) float64 {
	if c == nil {
		return est.LoopTrips
	}
	body, ok1 := c.Calls(fn)
	entries, ok2 := c.Calls(parent)
	if !ok1 || !ok2 || entries == 0 {
		return est.LoopTrips
	}
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				if runs := float64(entries) * freq(parent).Block[b.Index]; runs > 0 {
					return float64(body) / runs
				}
			}
		}
	}
	return est.LoopTrips
}

// closureFrequency is how often the block creating a closure runs.
func closureFrequency(fn, parent *ssa.Function, get func(*ssa.Function) float64, freq func(*ssa.Function) counts.Frequencies) float64 {
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				return get(parent) * freq(parent).Block[b.Index]
			}
		}
	}
	return 0
}

// normalise fills in the totals: each resource divided by its maximum
// over the options, the largest of these shares with a hundredth of
// their sum; and the lines' totals and shares.
// minShare is the least share of the largest work column a column is
// divided by. The total being the largest share, the leader of a column
// that is a sliver of the program's work would otherwise rank with the
// leader of the heaviest; 1%, enough while the shares were summed, let
// an IO call or two take a full point.
const minShare = 0.02

func normalise(scores []*Score) {
	var m Cost
	for _, sc := range scores {
		m.CPU = max(m.CPU, sc.Cost.CPU)
		m.MEM = max(m.MEM, sc.Cost.MEM)
		m.IO = max(m.IO, sc.Cost.IO)
		m.LAT = max(m.LAT, sc.Cost.LAT)
		m.SYNC = max(m.SYNC, sc.Cost.SYNC)
		m.RET = max(m.RET, sc.Cost.RET)
	}
	// The work columns count weighted executions alike: one whose largest
	// value is a sliver of the largest column's (an IO call or two in a
	// program whose options move millions of instructions) is divided by
	// minShare of the largest instead, so that its largest value does not
	// weigh as much as the program's heaviest work.
	floor := minShare * max(m.CPU, m.MEM, m.IO, m.LAT, m.SYNC)
	m.CPU, m.MEM, m.IO, m.LAT, m.SYNC = max(m.CPU, floor), max(m.MEM, floor), max(m.IO, floor), max(m.LAT, floor), max(m.SYNC, floor)
	// A column divided by its maximum says how much of the heaviest such
	// work among the options this one moves. The option's total is its
	// largest such share, the resource it moves most, with a hundredth of
	// their sum to order options whose largest shares are alike. A sum
	// would rank an option that gates some of everything (a mode deciding
	// a whole start-up) over one that moves most of one resource (the
	// sync flag, the compression level).
	shares := func(c Cost) []float64 {
		return []float64{ratio(c.CPU, m.CPU), ratio(c.MEM, m.MEM), ratio(c.IO, m.IO), ratio(c.LAT, m.LAT), ratio(c.SYNC, m.SYNC), ratio(c.RET, m.RET)}
	}
	for _, sc := range scores {
		s := shares(sc.Cost)
		sum := floats.Sum(s)
		sc.Total = floats.Max(s) + sumWeight*sum
		// A line's share is its part of the option's normalised work,
		// and its total that share of the option's.
		for i := range sc.Lines {
			l := &sc.Lines[i]
			if sum > 0 {
				l.Share = floats.Sum(shares(l.Cost)) / sum
			}
			l.Total = l.Share * sc.Total
		}
		slices.SortFunc(sc.Lines, func(x, y Line) int {
			return cmp.Or(cmp.Compare(y.Total, x.Total), cmp.Compare(x.Pos, y.Pos))
		})
	}
}

// sumWeight is the weight of the sum of an option's column shares in its
// total, beside the largest (see normalise).
const sumWeight = 0.01

// ratio is x/m, or 0 when m is.
func ratio(x, m float64) float64 {
	if m <= 0 {
		return 0
	}
	return x / m
}

// Top returns the line contributing most, or nil.
func (sc *Score) Top() *Line {
	if len(sc.Lines) == 0 || sc.Lines[0].Total == 0 {
		return nil
	}
	return &sc.Lines[0]
}

func (l Line) String() string {
	return fmt.Sprintf("%s in %s", l.Pos, slicing.ShortName(l.Func))
}

// allocates reports whether instr makes a slice, map or channel of a size
// not fixed in the code.
func allocates(instr ssa.Instruction) bool {
	switch x := instr.(type) {
	case *ssa.MakeSlice:
		_, c := x.Len.(*ssa.Const)
		return !c
	case *ssa.MakeMap:
		_, c := x.Reserve.(*ssa.Const)
		return x.Reserve != nil && !c
	case *ssa.MakeChan:
		_, c := x.Size.(*ssa.Const)
		return !c
	}
	return false
}

// tripBlocks marks the blocks of fs's function that run once per trip
// of a loop whose trips the option decides: inside the loop, on the side
// of its test that stays in it. It is nil when there is none.
func tripBlocks(fs *slicing.FuncSlice) []bool {
	var in []bool
	for _, b := range fs.Func.Blocks {
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !fs.Contains(br) || fs.Influence[br]&slicing.Trip == 0 {
			continue
		}
		// The blocks from which the test is reached again.
		back := map[*ssa.BasicBlock]bool{b: true}
		work := []*ssa.BasicBlock{b}
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			for _, p := range x.Preds {
				if !back[p] {
					back[p] = true
					work = append(work, p)
				}
			}
		}
		for _, s := range b.Succs {
			if len(s.Preds) != 1 || !back[s] {
				continue
			}
			for _, x := range fs.Func.Blocks {
				if back[x] && s.Dominates(x) {
					if in == nil {
						in = make([]bool, len(fs.Func.Blocks))
					}
					in[x.Index] = true
				}
			}
		}
	}
	return in
}

// keptObject reports whether instr, in a loop (whose blocks loop says),
// makes an object (an allocation, or a call returning a pointer or an
// interface: a constructor's) that each trip keeps past the function
// (see kept).
func keptObject(instr ssa.Instruction, loop func(*ssa.BasicBlock) bool) bool {
	switch x := instr.(type) {
	case *ssa.Alloc:
		return x.Heap && kept(x, loop)
	case *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan:
		return kept(x.(ssa.Value), loop)
	case *ssa.Call:
		if _, builtin := x.Call.Value.(*ssa.Builtin); builtin {
			return false
		}
		switch x.Type().Underlying().(type) {
		case *types.Pointer, *types.Interface:
			return kept(x, loop)
		}
	}
	return false
}

// keptInField reports whether v, or a slice or conversion of it, is stored
// into a field or a global: memory an object keeps for as long as it
// lives (a connection's own buffer), not a result handed back.
func keptInField(v ssa.Value) bool {
	for range 4 {
		refs := v.Referrers()
		if refs == nil {
			return false
		}
		var next ssa.Value
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				switch r.Addr.(type) {
				case *ssa.FieldAddr, *ssa.Global:
					if r.Val == v {
						return true
					}
				}
			case *ssa.Slice, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface:
				next = r.(ssa.Value)
			}
		}
		if next == nil {
			return false
		}
		v = next
	}
	return false
}

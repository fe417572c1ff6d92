package scoring

import (
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/slicing"
)

// weigher gives an instruction's OIns per resource.
type weigher struct {
	a       *slicing.Analysis
	weights configs.Weights
	calls   map[ssa.CallInstruction]Cost
	est     configs.Estimates // LoopTrips: also the elements of an allocation the option sizes

	waits map[ssa.Instruction]float64 // replyWait's memo
	turns map[*ssa.Function]float64   // turn's memo
	costs *Costs                      // turn's static costs, made on first use
}

func newWeigher(a *slicing.Analysis, s *configs.Settings) *weigher {
	return &weigher{a: a, weights: s.Weights, calls: make(map[ssa.CallInstruction]Cost), est: s.Estimates,
		waits: make(map[ssa.Instruction]float64), turns: make(map[*ssa.Function]float64)}
}

// Kind names an instruction as the weight table does: "binop.QUO",
// "unop.MUL", "make.slice", "alloc" (heap only), "append", "call", ...
func Kind(instr ssa.Instruction) (kind, op string) {
	switch instr := instr.(type) {
	case *ssa.BinOp:
		return "binop", opNames[instr.Op]
	case *ssa.UnOp:
		return "unop", opNames[instr.Op]
	case *ssa.Alloc:
		if !instr.Heap {
			return "", ""
		}
		return "alloc", ""
	case *ssa.MakeSlice:
		return "make", "slice"
	case *ssa.MakeMap:
		return "make", "map"
	case *ssa.MakeChan:
		return "make", "chan"
	case *ssa.Call:
		if b, ok := instr.Call.Value.(*ssa.Builtin); ok {
			return b.Name(), ""
		}
		return "call", ""
	}
	name := strings.TrimPrefix(strings.ToLower(typeName(instr)), "*ssa.")
	return name, ""
}

func typeName(instr ssa.Instruction) string {
	switch instr.(type) {
	case *ssa.Go:
		return "go"
	case *ssa.Defer:
		return "defer"
	case *ssa.Store:
		return "store"
	case *ssa.If:
		return "if"
	case *ssa.Jump:
		return "jump"
	case *ssa.Return:
		return "return"
	case *ssa.Phi:
		return "phi"
	case *ssa.Convert:
		return "convert"
	case *ssa.ChangeType:
		return "changetype"
	case *ssa.ChangeInterface:
		return "changeinterface"
	case *ssa.Index:
		return "index"
	case *ssa.IndexAddr:
		return "indexaddr"
	case *ssa.FieldAddr:
		return "fieldaddr"
	case *ssa.Field:
		return "field"
	case *ssa.Lookup:
		return "lookup"
	case *ssa.MapUpdate:
		return "mapupdate"
	case *ssa.Range:
		return "range"
	case *ssa.Next:
		return "next"
	case *ssa.TypeAssert:
		return "typeassert"
	case *ssa.MakeInterface:
		return "makeinterface"
	case *ssa.MakeClosure:
		return "makeclosure"
	case *ssa.Send:
		return "send"
	case *ssa.Select:
		return "select"
	case *ssa.Slice:
		return "slice"
	case *ssa.Extract:
		return "extract"
	}
	return ""
}

// Kinds returns every name Kind gives an instruction, with and without
// its operator ("binop", "binop.QUO", "make.slice", "append"): the keys a
// weight table may use. configs accepts these (a test keeps the lists
// equal).
func Kinds() []string {
	seen := make(map[string]bool)
	for _, instr := range instructions {
		if kind, op := Kind(instr); kind != "" {
			seen[kind] = true
			if op != "" {
				seen[kind+"."+op] = true
			}
		}
	}
	for _, op := range opNames {
		seen["binop."+op] = true
		seen["unop."+op] = true
	}
	// A call of a builtin is named after it.
	for _, scope := range []*types.Scope{types.Universe, types.Unsafe.Scope()} {
		for _, name := range scope.Names() {
			if _, ok := scope.Lookup(name).(*types.Builtin); ok {
				seen[name] = true
			}
		}
	}
	seen["ssa:wrapnilchk"], seen["ssa:deferstack"] = true, true // go/ssa's own
	for _, lowered := range []string{"make", "new", "panic", "Alignof", "Offsetof", "Sizeof"} {
		delete(seen, lowered) // instructions of their own, or constants
	}
	seen["make"] = true // make.slice, make.map, make.chan
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// instructions holds a value of every type of go/ssa's instructions, for
// Kinds; a test checks that none is missing.
var instructions = []ssa.Instruction{
	&ssa.Alloc{Heap: true}, new(ssa.BinOp), new(ssa.Call), new(ssa.ChangeInterface),
	new(ssa.ChangeType), new(ssa.Convert), new(ssa.DebugRef), new(ssa.Defer), new(ssa.Extract),
	new(ssa.Field), new(ssa.FieldAddr), new(ssa.Go), new(ssa.If), new(ssa.Index),
	new(ssa.IndexAddr), new(ssa.Jump), new(ssa.Lookup), new(ssa.MakeChan), new(ssa.MakeClosure),
	new(ssa.MakeInterface), new(ssa.MakeMap), new(ssa.MakeSlice), new(ssa.MapUpdate),
	new(ssa.MultiConvert), new(ssa.Next), new(ssa.Panic), new(ssa.Phi), new(ssa.Range),
	new(ssa.Return), new(ssa.RunDefers), new(ssa.Select), new(ssa.Send), new(ssa.Slice),
	new(ssa.SliceToArrayPointer), new(ssa.Store), new(ssa.TypeAssert), new(ssa.UnOp),
}

var opNames = map[token.Token]string{
	token.ADD: "ADD", token.SUB: "SUB", token.MUL: "MUL", token.QUO: "QUO", token.REM: "REM",
	token.AND: "AND", token.OR: "OR", token.XOR: "XOR", token.SHL: "SHL", token.SHR: "SHR",
	token.AND_NOT: "AND_NOT", token.EQL: "EQL", token.NEQ: "NEQ", token.LSS: "LSS",
	token.LEQ: "LEQ", token.GTR: "GTR", token.GEQ: "GEQ", token.NOT: "NOT", token.ARROW: "ARROW",
}

// cost is OIns of instr per resource. A call to a catalogued library
// function costs what the catalogue says, on top of the call itself.
func (w *weigher) cost(instr ssa.Instruction) Cost {
	kind, op := Kind(instr)
	if kind == "" {
		return Cost{}
	}
	c := Cost{CPU: w.lookup("cpu", kind, op), MEM: w.lookup("mem", kind, op), IO: w.lookup("io", kind, op), SYNC: w.lookup("sync", kind, op)}
	c.MEM *= pages(instr)
	c.LAT += w.replyWait(instr)
	if call, ok := instr.(ssa.CallInstruction); ok {
		if _, builtin := call.Common().Value.(*ssa.Builtin); !builtin {
			rc, ok := w.calls[call]
			if !ok {
				r, found := w.a.Resource(call)
				if !found {
					r, found = w.a.Library(call)
				}
				if found {
					rc = Cost{CPU: r.CPU, MEM: r.MEM, IO: r.IO, LAT: r.LAT, SYNC: r.SYNC}
					if rc.LAT > 0 && w.a.NotWaited(call) {
						rc.LAT = 0 // a deadline: waited through only on failure
					}
				}
				w.calls[call] = rc
			}
			c = c.add(rc, 1)
		}
	}
	return c
}

// page is the allocation size one allocation's weight stands for:
// larger ones, whose size the code fixes (a struct holding a hash
// table, a buffer of constant length), cost one weight per page
// (zeroing them, the collector scanning them).
const page = 1 << 10

// sizes are the sizes of types on the machines Go services run on.
var sizes = types.SizesFor("gc", "amd64")

// pages is how many allocations of the usual size instr's allocation
// weighs: its size in pages when the code fixes it, else 1.
func pages(instr ssa.Instruction) float64 {
	var n int64
	switch x := instr.(type) {
	case *ssa.Alloc:
		if !x.Heap {
			return 1
		}
		t := x.Type().Underlying().(*types.Pointer).Elem()
		if !sized(t) {
			return 1
		}
		n = sizes.Sizeof(t)
	case *ssa.MakeSlice:
		c, ok := x.Len.(*ssa.Const)
		if !ok || c.Value == nil {
			return 1
		}
		l, exact := constant.Int64Val(constant.ToInt(c.Value))
		if !exact {
			return 1
		}
		sl, ok := x.Type().Underlying().(*types.Slice)
		if !ok || !sized(sl.Elem()) {
			return 1 // a type parameter's slice: its element's size is unknown
		}
		n = l * sizes.Sizeof(sl.Elem())
	default:
		return 1
	}
	return max(1, float64(n)/page)
}

// sized reports whether t has a size go/types can give: no type
// parameter in what it holds by value.
func sized(t types.Type) bool { return sizedIn(t, nil) }

// sizedIn is sized, with the instances of generic types being looked at
// in seen (made at the first): a type met again inside itself (a bucket
// whose next field is an atomic.Pointer[T] of a type that embeds the
// bucket) holds itself only through a pointer, so it adds no type
// parameter held by value. Only a type argument can lead back to a type
// being looked at: a type cannot hold itself by value.
func sizedIn(t types.Type, seen map[*types.Named]bool) bool {
	switch u := t.(type) {
	case *types.TypeParam:
		return false
	case *types.Alias:
		return sizedIn(types.Unalias(u), seen)
	case *types.Named:
		if u.TypeArgs().Len() > 0 {
			if seen[u] {
				return true
			}
			if seen == nil {
				seen = make(map[*types.Named]bool)
			}
			seen[u] = true
		}
		for t := range u.TypeArgs().Types() {
			if !sizedIn(t, seen) {
				return false
			}
		}
		return sizedIn(u.Underlying(), seen)
	case *types.Array:
		return sizedIn(u.Elem(), seen)
	case *types.Struct:
		for f := range u.Fields() {
			if !sizedIn(f.Type(), seen) {
				return false
			}
		}
	}
	return true
}

func (w *weigher) lookup(res, kind, op string) float64 {
	t := w.weights[res]
	if op != "" {
		if v, ok := t[kind+"."+op]; ok {
			return v
		}
	}
	return t[kind]
}

// scaled multiplies by LoopTrips the resource a call's cost grows with
// when the option reaches its arguments (a compression level), or the
// CPU of a call on an object made with the option (the compressor's
// Write: slicing's scaledUses).
func (w *weigher) scaled(call ssa.CallInstruction, c Cost) Cost {
	r, ok := w.a.Resource(call)
	if !ok {
		return c
	}
	switch r.Scales {
	case "cpu", "":
		c.CPU *= w.est.LoopTrips
	case "mem":
		c.MEM *= w.est.LoopTrips
	case "io":
		c.IO *= w.est.LoopTrips
	}
	return c
}

// ownCPU returns the CPU weight of one entry to a function: its
// instructions' weights times their blocks' frequencies per entry, callees
// left out.
func (w *weigher) ownCPU(freq func(*ssa.Function) counts.Frequencies) func(*ssa.Function) float64 {
	return func(fn *ssa.Function) float64 {
		f := freq(fn)
		sum := 0.0
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				sum += w.cost(instr).CPU * f.Block[b.Index]
			}
		}
		return sum
	}
}

// replyWait is how long a receive waits for a worker's answer, in the
// ranking's units: the work of one turn of the goroutine loop that
// answers it (a request carrying its reply channel to a compaction or
// flush loop, waited on until the work is done; see
// slicing.Analysis.Repliers), the costliest where several may answer;
// 0 for any other receive. What the worker does is its own work, not
// the caller's: the caller waits, so it is LAT.
func (w *weigher) replyWait(instr ssa.Instruction) float64 {
	var chans []ssa.Value
	switch x := instr.(type) {
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			chans = []ssa.Value{x.X}
		}
	case *ssa.Select:
		if x.Blocking {
			for _, st := range x.States {
				if st.Dir == types.RecvOnly {
					chans = append(chans, st.Chan)
				}
			}
		}
	}
	if len(chans) == 0 {
		return 0
	}
	if v, ok := w.waits[instr]; ok {
		return v
	}
	wait := 0.0
	for _, ch := range chans {
		for _, r := range w.a.Repliers(ch, instr.Parent()) {
			wait = max(wait, w.turn(r))
		}
	}
	w.waits[instr] = wait
	return wait
}

// maxTurnCalls bounds how many calls above a replier turn looks for the
// goroutine loop it runs in.
const maxTurnCalls = 2

// turn is the work of one turn of the worker's loop fn runs in, at
// static frequencies: the outermost loop of a goroutine, fn itself or
// one calling it (up to maxTurnCalls calls above) around the call, when
// that loop serves requests (see serviceLoop); 0 when there is none.
func (w *weigher) turn(fn *ssa.Function) float64 {
	if v, ok := w.turns[fn]; ok {
		return v
	}
	w.turns[fn] = 0 // while it is weighed: a reply waited for within the turn adds nothing
	if w.costs == nil {
		w.costs = &Costs{a: w.a, w: w, est: w.est, static: make(map[*ssa.Function]counts.Frequencies)}
		w.costs.perCall = newUnderBranch(w, w.costs.estimate, w.a.Limits().MaxWhole) // as deep as the options' own work is followed
	}
	type site struct {
		fn    *ssa.Function
		block *ssa.BasicBlock // the call's block, nil for the replier itself
	}
	v := 0.0
	sites := []site{{fn, nil}}
	for depth := 0; depth <= maxTurnCalls && v == 0 && len(sites) > 0; depth++ {
		var up []site
		for _, s := range sites {
			if spawned(w.a, s.fn) {
				var outer *slicing.Loop
				for _, l := range w.a.Loops(s.fn) {
					if (s.block == nil || l.Contains(s.block)) && (outer == nil || l.Contains(outer.Header) && l != outer) {
						outer = l
					}
				}
				if outer != nil && !serviceLoop(s.fn, outer, loopWaits(s.fn, outer)) {
					outer = nil // a goroutine doing one piece of work, not a worker serving requests
				}
				if outer != nil {
					v = max(v, w.costs.Trip(s.fn, outer))
				}
			}
			for _, c := range w.a.Callers(s.fn) {
				up = append(up, site{c.Parent(), c.Block()})
			}
		}
		sites = up
	}
	w.turns[fn] = v
	return v
}

package scoring

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/slicing"
)

// weigher gives an instruction's OIns per resource.
type weigher struct {
	a       *slicing.Analysis
	weights configs.Weights
	calls   map[ssa.CallInstruction]Cost
	trips   float64 // elements of an allocation the option sizes
}

func newWeigher(a *slicing.Analysis, s *configs.Settings) *weigher {
	return &weigher{a: a, weights: s.Weights, calls: make(map[ssa.CallInstruction]Cost), trips: s.Estimates.LoopTrips}
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
	c := Cost{CPU: w.lookup("cpu", kind, op), MEM: w.lookup("mem", kind, op), IO: w.lookup("io", kind, op)}
	if call, ok := instr.(ssa.CallInstruction); ok {
		if _, builtin := call.Common().Value.(*ssa.Builtin); !builtin {
			rc, ok := w.calls[call]
			if !ok {
				if r, found := w.a.Resource(call); found {
					rc = Cost{r.CPU, r.MEM, r.IO, r.LAT}
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
// when the option reaches its arguments (a compression level).
func (w *weigher) scaled(call ssa.CallInstruction, c Cost) Cost {
	r, ok := w.a.Resource(call)
	if !ok {
		return c
	}
	switch r.Scales {
	case "cpu":
		c.CPU *= w.trips
	case "mem":
		c.MEM *= w.trips
	case "io":
		c.IO *= w.trips
	}
	return c
}

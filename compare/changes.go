package compare

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/confhunt/confhunt/slicing"
)

// Kind says how a function changed.
type Kind int

const (
	Changed Kind = iota // in both revisions, with different bodies
	Added               // only in the head
	Removed             // only in the base
)

func (k Kind) String() string {
	switch k {
	case Added:
		return "added"
	case Removed:
		return "removed"
	}
	return "changed"
}

// Change is one function of the module that differs between the two
// revisions.
type Change struct {
	Name string // slicing.FullName
	Kind Kind
	Pos  string // in the head, or in the base for a removed function: file:line:col from the module root
	// Sync is set when the function takes a lock, waits on a group or
	// condition, or sends, receives or selects on a channel: its cost
	// may change with contention, so benchmarks reaching it run at
	// several GOMAXPROCS.
	Sync bool
	// Funcs are the head's copies of the function (a package and its
	// test variant each have one); none for a removed function. Base
	// are the base's, for a changed function.
	Funcs, Base []*ssa.Function
}

// body is what is known of one function of a revision.
type body struct {
	hash  [32]byte
	funcs []*ssa.Function
}

// Changes compares the module's functions in the two programs, both
// loaded with their tests, and returns those that differ, by position in
// the head (removed ones after, by name).
func Changes(base, head *slicing.Program) []Change {
	b, h := bodies(base), bodies(head)
	var out []Change
	for name, hb := range h {
		bb, ok := b[name]
		switch {
		case !ok:
			out = append(out, change(head, name, Added, hb.funcs))
		case bb.hash != hb.hash:
			c := change(head, name, Changed, hb.funcs)
			c.Base = bb.funcs
			out = append(out, c)
		}
	}
	for name, bb := range b {
		if _, ok := h[name]; !ok {
			c := change(base, name, Removed, bb.funcs)
			c.Funcs = nil
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(x, y Change) int {
		return cmp.Or(cmp.Compare(removed(x), removed(y)), comparePos(x.Pos, y.Pos), cmp.Compare(x.Name, y.Name))
	})
	return out
}

func removed(c Change) int {
	if c.Kind == Removed {
		return 1
	}
	return 0
}

// comparePos orders file:line:col positions by file, then line and
// column as numbers.
func comparePos(a, b string) int {
	fa, la, ca := splitPos(a)
	fb, lb, cb := splitPos(b)
	return cmp.Or(cmp.Compare(fa, fb), cmp.Compare(la, lb), cmp.Compare(ca, cb))
}

func splitPos(p string) (file string, line, col int) {
	parts := strings.Split(p, ":")
	if len(parts) < 3 {
		return p, 0, 0
	}
	n := len(parts)
	return strings.Join(parts[:n-2], ":"), atoi(parts[n-2]), atoi(parts[n-1])
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0
		}
		n = n*10 + int(r-'0')
	}
	return n
}

func change(prog *slicing.Program, name string, kind Kind, funcs []*ssa.Function) Change {
	c := Change{Name: name, Kind: kind, Funcs: funcs, Pos: prog.Position(funcs[0].Pos())}
	for _, fn := range funcs {
		c.Sync = c.Sync || usesSync(fn)
	}
	return c
}

// bodies returns the hash of the printed body of every function of the
// main module that has one, by full name. Wrappers and other synthetic
// functions are left out, and generic instances go with their origin.
func bodies(prog *slicing.Program) map[string]*body {
	out := make(map[string]*body)
	var buf bytes.Buffer
	for fn := range ssautil.AllFunctions(prog.SSA) {
		if !inModule(prog, fn) {
			continue
		}
		name := slicing.FullName(fn)
		buf.Reset()
		ssa.WriteFunction(&buf, fn)
		h := sha256.Sum256(normalise(buf.Bytes()))
		b := out[name]
		if b == nil {
			b = &body{hash: h}
			out[name] = b
		} else if bytes.Compare(h[:], b.hash[:]) < 0 {
			// The copies in a package's test variants are the same code;
			// should they print differently, the smallest hash decides.
			b.hash = h
		}
		b.funcs = append(b.funcs, fn)
	}
	for _, b := range out {
		slices.SortFunc(b.funcs, func(x, y *ssa.Function) int {
			return cmp.Or(cmp.Compare(x.Pkg.Pkg.Path(), y.Pkg.Pkg.Path()), cmp.Compare(x.String(), y.String()))
		})
	}
	return out
}

// inModule reports whether fn is a function of the main module with a
// body of its own, outside generated test mains.
func inModule(prog *slicing.Program, fn *ssa.Function) bool {
	if fn.Blocks == nil || fn.Pkg == nil || fn.Synthetic != "" && fn.Parent() == nil || fn.Origin() != nil {
		return false
	}
	path := fn.Pkg.Pkg.Path()
	if strings.HasSuffix(path, ".test") {
		return false
	}
	path = strings.TrimSuffix(path, "_test")
	return path == prog.Module || strings.HasPrefix(path, prog.Module+"/")
}

// normalise drops what of a printed function says where it is rather
// than what it does: the "# Location:" line.
func normalise(printed []byte) []byte {
	var out []byte
	for line := range bytes.Lines(printed) {
		if bytes.HasPrefix(line, []byte("# Location:")) {
			continue
		}
		out = append(out, line...)
	}
	return out
}

// usesSync reports whether fn takes a lock, waits on a WaitGroup or a
// Cond, or operates on a channel.
func usesSync(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Send, *ssa.Select:
				return true
			case *ssa.UnOp:
				if in.Op == token.ARROW {
					return true
				}
			case ssa.CallInstruction:
				callee := in.Common().StaticCallee()
				if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "sync" {
					continue
				}
				switch callee.Name() {
				case "Lock", "RLock", "Wait":
					return true
				}
			}
		}
	}
	return false
}

package mutate

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"go/version"
	"iter"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// settingKind is what a slow value's setting is keyed by beside its
// text: a plain number is one whatever its type (an option read as an
// int and, through a converted copy, as an int64 is set to ×10 at both
// together); any other type is its own.
func settingKind(t types.Type) string {
	if b, ok := t.(*types.Basic); ok && b.Info()&types.IsNumeric != 0 {
		return "number"
	}
	return types.TypeString(t, nil)
}

// value makes the config-value mutants of a slice: at each read site,
// the value read replaced by a legal slow one chosen from the code (see
// slowValues).
func (g *generator) value(sl *slicing.Slice) {
	byType := make(map[string][]slow)
	// The mutants of each slow value, site by site, in order.
	var keys []string
	bySlow := make(map[string][]*Mutant)
	// Those at a site that only checks the value (if n < 0 { return
	// err }): alone, a slow value there changes nothing a legal value
	// does; it takes part in the value set everywhere.
	checks := make(map[*Mutant]bool)
	for _, s := range sl.Option.Sites {
		if s.Func == nil || s.Value == nil {
			continue
		}
		pos := sitePos(g, s)
		f := g.fileAt(s.Func, pos)
		if f == nil {
			continue
		}
		t := s.Value.Type()
		info := f.infos[s.Func.Pkg.Pkg]
		if info == nil {
			continue
		}
		e := readExpr(f, info, pos, t)
		if e == nil {
			continue
		}
		key := types.TypeString(t, nil)
		vals, ok := byType[key]
		if !ok {
			vals = g.slowValues(sl, t)
			byType[key] = vals
		}
		orig := f.text(e)
		for _, v := range vals {
			text := v.text
			if v.wrap {
				if text = v.apply(f, s.Func.Pkg.Pkg, e.Pos(), t, orig); text == "" {
					continue
				}
			} else if named := qualified(f, s.Func.Pkg.Pkg, t); named != "" {
				text = named + "(" + text + ")"
			} else if b, ok := t.(*types.Basic); ok && b != defaultType(text) {
				text = b.Name() + "(" + text + ")" // w := c.Workers keeps w an int64
			}
			if v.text == "0" && divisor(f, e) {
				continue // x / 0 does not compile
			}
			m := g.add(f, s.Func, Value, sl.Option.Name, e.Pos(), e.End(), text, sl.Option.Name+" "+v.desc)
			if m == nil {
				continue
			}
			if instr, ok := s.Value.(ssa.Instruction); ok {
				m.block = instr.Block()
			}
			if v.text == "true" || v.text == "false" {
				for br, side := range testedBy(s.Value, v.text == "true") {
					g.force(m, br, side)
				}
			}
			if v.factor != 0 && g.cfg.Costs != nil {
				for _, t := range g.countedLoops(s.Value) {
					t.factor = v.factor
					m.costs = g.cfg.Costs
					m.trips = append(m.trips, t)
				}
			}
			m.retains = v.retains
			m.contends = locks(sl, t)
			checks[m] = onlyChecked(s.Value)
			k := settingKind(t) + "\x00" + v.text + "\x00" + v.desc
			m.setting = k
			if bySlow[k] == nil {
				keys = append(keys, k)
			}
			bySlow[k] = append(bySlow[k], m)
		}
	}
	g.defaults(sl, byType)
	// The option set to the value everywhere it is read: sites that must
	// agree (a lock taken and released, a hash made and checked) keep
	// agreeing, as when the user sets the option.
	for _, k := range keys {
		ms := bySlow[k]
		if len(ms) < 2 {
			continue
		}
		all := *ms[0]
		all.everywhere = true
		all.also = nil
		all.forced, all.trips = nil, nil
		for _, m := range ms {
			all.forced = append(all.forced, m.forced...)
			for _, t := range m.trips {
				// Two sites may bound one loop (a helper both call):
				// its trips scale once.
				if !slices.ContainsFunc(all.trips, func(u scaled) bool { return u.loop == t.loop }) {
					all.trips = append(all.trips, t)
				}
			}
			all.costs = cmp.Or(all.costs, m.costs)
		}
		bset, tset := make(map[string]bool), make(map[string]bool)
		for i, m := range ms {
			if i > 0 {
				all.also = append(all.also, siteEdit{m.path, m.src, m.edit})
			}
			for _, b := range m.Benchmarks {
				bset[b] = true
			}
			for _, t := range m.Tests {
				tset[t] = true
			}
		}
		all.Benchmarks, all.Tests = slices.Sorted(maps.Keys(bset)), slices.Sorted(maps.Keys(tset))
		all.Description = fmt.Sprintf("%s at all its %d read sites", ms[0].Description, len(ms))
		g.out = append(g.out, &all)
	}
	g.out = slices.DeleteFunc(g.out, func(m *Mutant) bool { return checks[m] })
}

// onlyChecked says whether the value read is only compared where one
// side of the branch fails (see validates): a check of the value.
func onlyChecked(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.BinOp:
			if !validates(r) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// testedBy yields the branches that test the bool v, directly or
// negated, each with the side set takes (0 then, 1 else).
func testedBy(v ssa.Value, set bool) iter.Seq2[*ssa.If, int] {
	return func(yield func(*ssa.If, int) bool) {
		var walk func(v ssa.Value, set bool) bool
		walk = func(v ssa.Value, set bool) bool {
			for _, r := range *v.Referrers() {
				switch r := r.(type) {
				case *ssa.If:
					side := 1
					if set {
						side = 0
					}
					if !yield(r, side) {
						return false
					}
				case *ssa.UnOp:
					if r.Op == token.NOT && !walk(r, !set) {
						return false
					}
				}
			}
			return true
		}
		if v.Referrers() != nil {
			walk(v, set)
		}
	}
}

// countedLoops returns the counted loops whose bound is v, or a value
// computed from v by arithmetic, a conversion or a merge, in v's function
// or, through a static call's argument, in its callees (three calls
// deep): the loops whose only exit tests i < bound (or i <= bound) for a
// counter i the loop's header merges, so that a bound scaled by f makes
// f times the trips. A loop with another exit (a break, a return, a
// second test) may end before its bound: it is left out, as the loops a
// bound ends from above (for len(q) > max) are.
func (g *generator) countedLoops(v ssa.Value) []scaled {
	var out []scaled
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if seen[v] || v.Referrers() == nil {
			return
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.BinOp:
				switch r.Op {
				case token.ADD, token.MUL:
					walk(r, depth)
				case token.SUB, token.QUO, token.SHL:
					if r.X == v { // n-1 grows with n; total-n shrinks
						walk(r, depth)
					}
				case token.LSS, token.LEQ, token.GTR, token.GEQ:
					if l, start := g.countedBy(r, v); l != nil && !slices.ContainsFunc(out, func(s scaled) bool { return s.loop == l }) {
						out = append(out, scaled{loop: l, fn: r.Parent(), start: start})
					}
				}
			case *ssa.Convert:
				walk(r, depth)
			case *ssa.ChangeType:
				walk(r, depth)
			case *ssa.Phi:
				walk(r, depth)
			case *ssa.Call:
				callee := r.Call.StaticCallee()
				if callee == nil || len(callee.Blocks) == 0 || depth == 3 {
					continue
				}
				for i, arg := range r.Call.Args {
					if arg == v && i < len(callee.Params) {
						walk(callee.Params[i], depth+1)
					}
				}
			}
		}
	}
	walk(v, 0)
	return out
}

// countedBy returns the loop that cmp, a comparison of a counter with
// bound, ends, and the counter's first value when it is a constant (0
// else): cmp is i < bound, i <= bound, bound > i or bound >= i for a phi
// i of the loop's header, and decides the loop's only exit, its true
// side staying in the loop.
func (g *generator) countedBy(cmp *ssa.BinOp, bound ssa.Value) (*slicing.Loop, float64) {
	counter := cmp.X
	if cmp.Op == token.GTR || cmp.Op == token.GEQ {
		counter = cmp.Y
		if cmp.X != bound {
			return nil, 0
		}
	} else if cmp.Y != bound {
		return nil, 0
	}
	phi, ok := counter.(*ssa.Phi)
	if !ok {
		return nil, 0
	}
	for _, r := range *cmp.Referrers() {
		br, ok := r.(*ssa.If)
		if !ok {
			continue
		}
		b := br.Block()
		for _, l := range g.a.Loops(b.Parent()) {
			if l.Header != phi.Block() || !l.Exits(b) || !l.Contains(b.Succs[0]) || l.Contains(b.Succs[1]) {
				continue
			}
			only := true
			for _, x := range b.Parent().Blocks {
				if x != b && l.Contains(x) && slices.ContainsFunc(x.Succs, func(s *ssa.BasicBlock) bool { return !l.Contains(s) }) {
					only = false
				}
			}
			if !only {
				continue
			}
			start := 0.0
			for i, p := range phi.Block().Preds {
				if c, ok := phi.Edges[i].(*ssa.Const); ok && !l.Contains(p) && c.Value != nil && c.Value.Kind() == constant.Int {
					start, _ = constant.Float64Val(c.Value)
				}
			}
			return l, start
		}
	}
	return nil, 0
}

// sitePos is the position of a site's value, or of the site.
func sitePos(g *generator, s slicing.Site) token.Pos {
	if p := s.Value.Pos(); p.IsValid() {
		return p
	}
	if instr, ok := s.Value.(ssa.Instruction); ok {
		return slicing.Pos(instr)
	}
	return token.NoPos
}

// defaultType is the type an untyped constant written as text takes.
func defaultType(text string) *types.Basic {
	switch {
	case text == "true" || text == "false":
		return types.Typ[types.Bool]
	case strings.HasPrefix(text, `"`) || strings.HasPrefix(text, "`"):
		return types.Typ[types.String]
	case strings.ContainsAny(text, ".eE") && !strings.HasPrefix(text, "0x"):
		return types.Typ[types.Float64]
	}
	return types.Typ[types.Int]
}

// divisor says whether e is what f divides by or takes a remainder by.
func divisor(f *file, e ast.Expr) bool {
	path, _ := astutil.PathEnclosingInterval(f.syntax, e.Pos(), e.End())
	for i, n := range path {
		if n != e || i+1 >= len(path) {
			continue
		}
		switch p := path[i+1].(type) {
		case *ast.BinaryExpr:
			return p.Y == e && (p.Op == token.QUO || p.Op == token.REM)
		case *ast.AssignStmt:
			return (p.Tok == token.QUO_ASSIGN || p.Tok == token.REM_ASSIGN) && slices.Contains(p.Rhs, e)
		}
		return false
	}
	return false
}

// readExpr finds the expression read at pos: the innermost one enclosing
// it whose type is t, unless it is assigned to, incremented or has its
// address taken.
func readExpr(f *file, info *types.Info, pos token.Pos, t types.Type) ast.Expr {
	path, _ := astutil.PathEnclosingInterval(f.syntax, pos, pos)
	for i, n := range path {
		if _, ok := n.(ast.Stmt); ok {
			return nil
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return nil
		}
		var parent ast.Node
		if i+1 < len(path) {
			parent = path[i+1]
		}
		if sel, ok := parent.(*ast.SelectorExpr); ok && sel.Sel == e {
			continue // the field name; the selector is the read
		}
		tv, ok := info.Types[e]
		if !ok || !types.Identical(tv.Type, t) || tv.Value != nil {
			continue
		}
		switch p := parent.(type) {
		case *ast.AssignStmt:
			if slices.Contains(p.Lhs, e) {
				return nil
			}
		case *ast.IncDecStmt:
			return nil
		case *ast.UnaryExpr:
			if p.Op == token.AND {
				return nil
			}
		case *ast.CompositeLit:
			if p.Type == e {
				return nil
			}
		case *ast.KeyValueExpr:
			if p.Key == e {
				return nil // a field's name or a map key: not what is set
			}
		}
		return e
	}
	return nil
}

// slow is a slow value: a Go expression, or with wrap a format of the
// value read.
type slow struct {
	text, desc string
	wrap       bool
	// floor says the value, an integer divided, is at least 1 (0 may
	// mean none, or no limit): see apply.
	floor  bool
	factor float64 // what the value is multiplied by (×10, ÷10); 0 for a constant
	// retains says the value is larger than the option's and the option
	// sizes allocations or bounds a container's growth: its mutant may
	// cost memory rather than time, and is judged on the live heap too.
	retains bool
}

// apply writes the slow value v in place of orig, the text of an
// expression of type t at pos in f, of package pkg; "" when it cannot.
// A floored division is max((x)/10, 1) where the file's Go has the
// built-in max and no other max hides it, else the same written as a
// function literal of t, which every Go version compiles.
func (v slow) apply(f *file, pkg *types.Package, pos token.Pos, t types.Type, orig string) string {
	if !v.floor {
		return fmt.Sprintf(v.text, orig)
	}
	if builtinMax(f, pkg, pos) {
		return fmt.Sprintf("max((%s)/10, 1)", orig)
	}
	typ := qualified(f, pkg, t)
	if b, ok := t.(*types.Basic); ok && typ == "" {
		typ = b.Name()
	}
	if typ == "" {
		return ""
	}
	return fmt.Sprintf("func() %s { var v %s = (%s) / 10; if v < 1 { v = 1 }; return v }()", typ, typ, orig)
}

// builtinMax reports whether max at pos in f is Go's built-in: the
// file's language version has it (go1.21), and no declaration of the
// package or around pos takes the name.
func builtinMax(f *file, pkg *types.Package, pos token.Pos) bool {
	lang := pkg.GoVersion()
	if info := f.infos[pkg]; info != nil {
		if fv, ok := info.FileVersions[f.syntax]; ok && fv != "" {
			lang = fv
		}
	}
	if !version.IsValid(lang) || version.Compare(lang, "go1.21") < 0 {
		return false
	}
	scope := pkg.Scope().Innermost(pos)
	if scope == nil {
		scope = pkg.Scope()
	}
	_, obj := scope.LookupParent("max", pos)
	_, ok := obj.(*types.Builtin)
	return ok
}

// defaults makes the config-value mutants of the option's default: a
// constant the module's own code stores into the field the option is
// read from, in a composite literal (Capacity: 10000) or an assignment
// (c.Capacity = 10000), set to each slow value of its type (byType, as
// at the read sites). A user who sets the option changes what that
// default would have been, not what the package's own tests set: a
// cache's test that fills a capacity of two to check its eviction keeps
// its two, where a mutant at the read site multiplies it.
func (g *generator) defaults(sl *slicing.Slice, byType map[string][]slow) {
	fields := make(map[*types.Var]bool)
	for _, s := range sl.Option.Sites {
		if v := fieldOf(s.Value); v != nil {
			fields[v] = true
		}
	}
	if len(fields) == 0 {
		return
	}
	if g.constStores == nil {
		g.constStores = make(map[*types.Var][]*ssa.Store)
		for _, fn := range g.a.Functions() {
			if fn.Pkg == nil || fn.Synthetic != "" || !g.inModule(fn) {
				continue
			}
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					st, ok := instr.(*ssa.Store)
					if !ok || !st.Pos().IsValid() {
						continue
					}
					fa, ok := st.Addr.(*ssa.FieldAddr)
					if _, isConst := st.Val.(*ssa.Const); ok && isConst {
						if v := fieldVar(fa.X.Type(), fa.Field); v != nil {
							g.constStores[v] = append(g.constStores[v], st)
						}
					}
				}
			}
		}
	}
	for _, v := range slices.SortedFunc(maps.Keys(fields), func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
		for _, st := range g.constStores[v] {
			g.defaultAt(sl, st.Parent(), st, byType)
		}
	}
}

// defaultAt makes the mutants of the default st stores: its expression is
// the value of the key-value pair or assignment at st's position.
func (g *generator) defaultAt(sl *slicing.Slice, fn *ssa.Function, st *ssa.Store, byType map[string][]slow) {
	f := g.fileAt(fn, st.Pos())
	if f == nil {
		return
	}
	e := defaultExpr(f, st)
	if e == nil {
		return
	}
	orig := st.Val.(*ssa.Const).Value
	t := st.Val.Type()
	key := types.TypeString(t, nil)
	vals, ok := byType[key]
	if !ok {
		vals = g.slowValues(sl, t)
		byType[key] = vals
	}
	for _, v := range vals {
		text := v.text
		if v.wrap {
			if text = v.apply(f, fn.Pkg.Pkg, e.Pos(), t, f.text(e)); text == "" {
				continue
			}
		}
		if v.text == "0" && divisor(f, e) || orig != nil && sameValue(orig, v) {
			continue // the default is the slow value already
		}
		m := g.add(f, fn, Value, sl.Option.Name, e.Pos(), e.End(), text, sl.Option.Name+" "+v.desc+", as its default")
		if m == nil {
			continue
		}
		m.retains = v.retains
		m.contends = locks(sl, t)
	}
}

// goConst is c as Go source: a float in decimal (0.5), where
// ExactString writes a fraction (1/2) that Go reads as an integer
// division.
func goConst(c constant.Value) string {
	if c.Kind() == constant.Float {
		if f, ok := constant.Float64Val(c); ok {
			s := strconv.FormatFloat(f, 'g', -1, 64)
			if !strings.ContainsAny(s, ".e") {
				s += ".0" // 2, not an integer constant
			}
			return s
		}
	}
	return c.ExactString()
}

// decimal rewrites a fraction a/b, as constants that are not integral
// are printed in a branch's costly side, as Go reads the value (0.5):
// Go reads 1/2 as an integer division.
func decimal(text string) string {
	a, b, ok := strings.Cut(text, "/")
	if !ok {
		return text
	}
	x, y := constant.MakeFromLiteral(a, token.INT, 0), constant.MakeFromLiteral(b, token.INT, 0)
	if x.Kind() != constant.Int || y.Kind() != constant.Int || constant.Sign(y) == 0 {
		return text
	}
	return goConst(constant.ToFloat(constant.BinaryOp(x, token.QUO, y)))
}

// defaultExpr returns the expression of the default st stores: the value
// of a keyed composite literal's element (st is at its colon), or the
// right side of an assignment of the field under a test of it for zero
// (if c.X == 0 { c.X = 5 }): a clamp or a reset in running code is no
// default, nor an unkeyed literal, whose element st is.
func defaultExpr(f *file, st *ssa.Store) ast.Expr {
	path, _ := astutil.PathEnclosingInterval(f.syntax, st.Pos(), st.Pos())
	for i, n := range path {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if n.Colon == st.Pos() {
				return n.Value
			}
			return nil
		case *ast.AssignStmt:
			if len(n.Lhs) != 1 || len(n.Rhs) != 1 || n.Tok != token.ASSIGN {
				return nil
			}
			sel, ok := n.Lhs[0].(*ast.SelectorExpr)
			if !ok {
				return nil
			}
			for _, up := range path[i+1:] {
				if iff, ok := up.(*ast.IfStmt); ok {
					if testsZero(f, iff.Cond, sel) {
						return n.Rhs[0]
					}
					return nil
				}
			}
			return nil
		}
	}
	return nil
}

// testsZero reports whether cond is x.F == zero (0, "", false or nil) for
// the field sel selects, as its text says.
func testsZero(f *file, cond ast.Expr, sel *ast.SelectorExpr) bool {
	b, ok := cond.(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if f.text(pair[0]) == f.text(sel) && slices.Contains([]string{"0", `""`, "false", "nil"}, f.text(pair[1])) {
			return true
		}
	}
	return false
}

// sameValue reports whether the slow value v makes of the constant c is
// c itself: ×10 or ÷10 (at least 1) of a value they leave as it is, or a
// constant equal to it.
func sameValue(c constant.Value, v slow) bool {
	var got constant.Value
	switch {
	case v.factor == 10:
		got = constant.BinaryOp(c, token.MUL, constant.MakeInt64(10))
	case v.factor != 0 && c.Kind() == constant.Int:
		got = constant.BinaryOp(c, token.QUO_ASSIGN, constant.MakeInt64(10)) // integer division
		if constant.Compare(got, token.LSS, constant.MakeInt64(1)) {
			got = constant.MakeInt64(1)
		}
	case v.factor != 0:
		got = constant.BinaryOp(c, token.QUO, constant.MakeInt64(10))
	case v.wrap:
		return false // a negation: never the same
	default:
		tv, err := types.Eval(token.NewFileSet(), nil, token.NoPos, v.text)
		if err != nil || tv.Value == nil {
			return false
		}
		got = tv.Value
	}
	if got.Kind() == constant.Unknown || (got.Kind() == constant.String) != (c.Kind() == constant.String) || (got.Kind() == constant.Bool) != (c.Kind() == constant.Bool) {
		return false
	}
	return constant.Compare(got, token.EQL, c)
}

// locks reports whether the option is a bool of type t that decides
// whether or which lock is taken: its values differ in contention.
func locks(sl *slicing.Slice, t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0 && sl.Influence&slicing.Lock != 0
}

// inModule reports whether fn is declared in a package of the module.
func (g *generator) inModule(fn *ssa.Function) bool {
	path, mod := fn.Pkg.Pkg.Path(), g.prog.Module
	return mod != "" && (path == mod || strings.HasPrefix(path, mod+"/"))
}

// fieldOf returns the struct field a value is loaded from (*p.f or s.f),
// nil for any other value.
func fieldOf(v ssa.Value) *types.Var {
	switch v := v.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return fieldVar(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		return fieldVar(v.X.Type(), v.Field)
	}
	return nil
}

// fieldVar is field i of the struct t is, or points to.
func fieldVar(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// slowValues chooses the slow legal values of an option of type t from
// its slice and its costly direction (scoring.Direction, in cfg.Costly):
//   - bool: the side its costlier branches take, or the other value when
//     no branch says; both sides when it decides whether or which lock is
//     taken (contention is not in the branches' costs);
//   - a string, or a named number compared for equality with non-zero
//     constants (an enum-like kind): each constant the code compares it
//     with (at most four);
//   - a number otherwise, by the direction in which it costs: larger
//     (it bounds loops or sizes, or a costlier branch is taken above a
//     bound, as without a direction): ten times the value and the
//     largest constant bound the code compares it with, and, for a
//     capacity (a size, a pool, a bound), a tenth of it too; smaller (a
//     costlier branch is taken below a bound or a value it is compared
//     with): a tenth of the value, at least 1 for an integer, the
//     smallest positive constant bound, and the constant a costlier
//     branch is taken at or below; either way zero when the code tests
//     the value itself for it (see zeroTested).
//
// The constants are those the code compares the option's own value with
// (see ownValue), not every number of its type in the slice.
func (g *generator) slowValues(sl *slicing.Slice, t types.Type) []slow {
	basic, ok := t.Underlying().(*types.Basic)
	if !ok {
		return nil
	}
	dir := g.cfg.Costly[sl.Option]
	switch {
	case basic.Info()&types.IsBoolean != 0:
		vote := 0.0
		for _, b := range dir.Branches {
			switch b.Costly {
			case "true":
				vote += b.Costlier - b.Cheaper
			case "false":
				vote -= b.Costlier - b.Cheaper
			}
		}
		var out []slow
		switch {
		case vote > 0:
			out = []slow{{text: "true", desc: "→ true (its costlier branches)"}}
		case vote < 0:
			out = []slow{{text: "false", desc: "→ false (its costlier branches)"}}
		default:
			return []slow{{text: "!(%s)", desc: "negated", wrap: true}}
		}
		if sl.Influence&slicing.Lock != 0 {
			// Which lock a flag takes (one shared mutex or one per
			// shard) costs in contention, which the branches' costs do
			// not show: the cheaper side is tried too.
			other := map[string]string{"true": "false", "false": "true"}[out[0].text]
			out = append(out, slow{text: other, desc: "→ " + other + " (it decides a lock: contention is not in the branches' costs)"})
		}
		return out
	case basic.Info()&(types.IsNumeric|types.IsString) == 0:
		return nil
	}
	eq, ord := constsCompared(sl, g.funcsOf(sl), t)
	var out []slow
	// A string, or a named number the code compares with constants other
	// than zero (a kind), is enum-like; equality with zero alone is a
	// "disabled" test, not a choice among kinds.
	_, named := t.(*types.Named)
	enum := basic.Info()&types.IsString != 0 || (named && slices.ContainsFunc(eq, func(c constant.Value) bool { return constant.Sign(c) != 0 }))
	if enum {
		for i, c := range eq {
			if i == 4 {
				break
			}
			out = append(out, slow{text: goConst(c), desc: "→ " + goConst(c) + " (a value the code compares it with)"})
		}
		return out
	}
	integer := basic.Info()&types.IsInteger != 0
	larger, smaller, at := g.numberDirection(sl, dir, integer)
	if larger || !smaller {
		// Larger values of a size or a bound hold more memory.
		retains := slices.ContainsFunc(dir.Larger, func(k string) bool { return k == "size" || k == "bound" })
		if most, fn := g.libraryMax(sl); fn != "" {
			// Ten times a compression level is one the library refuses:
			// its best is the legal slow value.
			text := strconv.FormatFloat(most, 'f', -1, 64)
			out = append(out, slow{text: text, desc: "→ " + text + " (the largest value " + fn + " accepts)"})
		} else {
			out = append(out, slow{text: "(%s)*10", desc: "×10", wrap: true, factor: 10, retains: retains})
		}
		if n := len(ord); n > 0 && constant.Sign(ord[n-1]) > 0 {
			c := ord[n-1]
			if !slices.ContainsFunc(out, func(s slow) bool { return s.text == goConst(c) }) {
				out = append(out, slow{text: goConst(c), desc: "→ " + goConst(c) + " (the largest bound the code compares it with)", retains: retains})
			}
		}
	}
	// A capacity (a size, a pool or a bound) costs at small values too:
	// per-item overhead, misses and contention are not in the code's
	// static costs, which see only what grows with the value.
	capacity := slices.ContainsFunc(dir.Larger, func(k string) bool { return k == "size" || k == "conc" || k == "bound" })
	if smaller || capacity {
		why := "its costlier branches take smaller values"
		if !smaller {
			why = "a smaller capacity: more rounds, misses or contention"
		}
		out = append(out, slow{text: "(%s)/10", desc: "÷10 (" + why + ")", wrap: true, factor: 0.1, floor: integer})
	}
	// Zero, where the code tests the value itself for it (0 disables a
	// cache, a filter, a limit): the feature off is a legal value the
	// code handles, and often the slow one the costs cannot show (a
	// lookup that always misses costs less than one that hits).
	if zeroTested(sl, g.funcsOf(sl), t) {
		out = append(out, slow{text: "0", desc: "→ 0 (the value the code tests it for: what it turns off)"})
	}
	if !smaller {
		return out
	}
	if i := slices.IndexFunc(ord, func(c constant.Value) bool { return constant.Sign(c) > 0 }); i >= 0 {
		c := ord[i]
		out = append(out, slow{text: goConst(c), desc: "→ " + goConst(c) + " (the smallest bound the code compares it with)"})
	}
	for _, c := range at {
		if !slices.ContainsFunc(out, func(s slow) bool { return s.text == c }) {
			out = append(out, slow{text: c, desc: "→ " + c + " (where its costlier branch is taken)"})
		}
	}
	return out
}

// libraryMax returns the largest value that every library function the
// option's number reaches as a scaling argument accepts (the catalogue's
// max: a compression level's best), with the function's name; "" when
// none states one. An option passed to two such functions gets the
// smaller of their bounds, legal for both.
func (g *generator) libraryMax(sl *slicing.Slice) (float64, string) {
	most, name := 0.0, ""
	for _, ff := range g.funcsOf(sl) {
		for _, instr := range ff.instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || !ff.fs.Scaled[instr] {
				continue
			}
			r, ok := g.a.Resource(call)
			if !ok || r.Max <= 0 {
				continue
			}
			fn := call.Common().StaticCallee()
			if fn == nil {
				continue
			}
			if name == "" || r.Max < most {
				most, name = r.Max, fn.String()
			}
		}
	}
	return most, name
}

// numberDirection says whether larger or smaller values of a number
// cost more, by its direction: larger when it bounds or sizes, or a
// costlier branch is taken above a constant; smaller when it is a period
// (a ticker's: its work runs more often), or when a costlier
// branch is taken below a constant (at holds those constants, as Go) or
// below a value it is compared with. A branch one of whose sides fails
// (a check of the value) says nothing.
func (g *generator) numberDirection(sl *slicing.Slice, dir scoring.Direction, integer bool) (larger, smaller bool, at []string) {
	larger = len(dir.Larger) > 0
	smaller = len(dir.Smaller) > 0 // a period: its work runs more often
	for _, b := range dir.Branches {
		iff, fs := g.branchAt(sl, b.Pos)
		if iff != nil && (slicing.Rejects(iff.Block().Succs[0]) || slicing.Rejects(iff.Block().Succs[1])) {
			continue
		}
		op, c, _ := strings.Cut(b.Costly, " ")
		switch op {
		case ">", ">=":
			larger = true
		case "<=", "==":
			smaller, at = true, append(at, decimal(c))
		case "<":
			smaller = true
			if integer {
				if n, err := strconv.ParseInt(c, 10, 64); err == nil && n > 0 {
					at = append(at, strconv.FormatInt(n-1, 10))
				}
			}
		case "then", "else":
			if iff == nil {
				continue
			}
			switch comparedSide(sl, fs, iff, op == "then") {
			case token.GTR:
				larger = true
			case token.LSS:
				smaller = true
			}
		}
	}
	return larger, smaller, at
}

// branchAt finds the branch of the slice whose condition is at pos
// (file:line), and its function's slice.
func (g *generator) branchAt(sl *slicing.Slice, pos string) (*ssa.If, *slicing.FuncSlice) {
	for _, ff := range g.funcsOf(sl) {
		for _, b := range ff.fs.Func.Blocks {
			iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok || !ff.fs.Contains(iff) || !iff.Cond.Pos().IsValid() {
				continue
			}
			// pos is file:line, or file:line:column where two branches
			// share a line.
			if at := g.prog.Position(iff.Cond.Pos()); at == pos || strings.HasPrefix(at, pos+":") {
				return iff, ff.fs
			}
		}
	}
	return nil, nil
}

// readValue reports whether v is a value the option is read as, through
// conversions: a site's value, not one computed from state the option
// decides.
func readValue(sl *slicing.Slice, v ssa.Value) bool {
	for {
		switch c := v.(type) {
		case *ssa.Convert:
			v = c.X
			continue
		case *ssa.ChangeType:
			v = c.X
			continue
		}
		break
	}
	return slices.ContainsFunc(sl.Option.Sites, func(s slicing.Site) bool { return s.Value == v })
}

// comparedSide says, of a branch comparing the option's value by order
// with a value the option does not carry, which values of the option
// take its then side (else side when then is false): token.GTR for
// larger ones, token.LSS for smaller ones, token.ILLEGAL when the branch
// is no such comparison. When both operands carry the option, the one
// that is the value read (readValue) is the option's: the other carries
// it through state (counts a compaction under the branch rewrites), not
// as a value that moves with it.
func comparedSide(sl *slicing.Slice, fs *slicing.FuncSlice, iff *ssa.If, then bool) token.Token {
	cond, ok := iff.Cond.(*ssa.BinOp)
	if !ok {
		return token.ILLEGAL
	}
	inX, inY := carries(fs, cond.X), carries(fs, cond.Y)
	if inX && inY {
		inX, inY = readValue(sl, cond.X), readValue(sl, cond.Y)
	}
	if inX == inY {
		return token.ILLEGAL
	}
	op := cond.Op
	if inY { // x < opt is opt > x
		op = map[token.Token]token.Token{token.LSS: token.GTR, token.LEQ: token.GEQ, token.GTR: token.LSS, token.GEQ: token.LEQ}[op]
	}
	if !then {
		op = map[token.Token]token.Token{token.LSS: token.GEQ, token.LEQ: token.GTR, token.GTR: token.LEQ, token.GEQ: token.LSS}[op]
	}
	switch op {
	case token.GTR, token.GEQ:
		return token.GTR
	case token.LSS, token.LEQ:
		return token.LSS
	}
	return token.ILLEGAL
}

// carries says whether v is a value of the slice (the option's, or
// computed from it).
func carries(fs *slicing.FuncSlice, v ssa.Value) bool {
	instr, ok := v.(ssa.Instruction)
	return ok && fs.Contains(instr)
}

// zeroTested says whether the slice compares a value of type t that is
// the option's own (loaded, passed, converted or merged, not computed
// from it) with zero.
func zeroTested(sl *slicing.Slice, ffs []funcFile, t types.Type) bool {
	for _, ff := range ffs {
		for _, instr := range ff.instrs {
			b, ok := instr.(*ssa.BinOp)
			if !ok {
				continue
			}
			switch b.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			default:
				continue
			}
			c, other := b.X, b.Y
			if _, ok := c.(*ssa.Const); !ok {
				c, other = b.Y, b.X
			}
			k, ok := c.(*ssa.Const)
			if !ok || k.Value == nil || (k.Value.Kind() != constant.Int && k.Value.Kind() != constant.Float) || constant.Sign(k.Value) != 0 || !types.Identical(other.Type(), t) {
				continue
			}
			if ownValue(sl, ff.fs, other) && !validates(b) {
				return true
			}
		}
	}
	return false
}

// validates says whether the comparison b decides a branch one of whose
// sides fails (if n <= 0 { return errBad }): a check of the value, not
// the value that turns something off.
func validates(b *ssa.BinOp) bool {
	for _, r := range *b.Referrers() {
		if iff, ok := r.(*ssa.If); ok && (slicing.Rejects(iff.Block().Succs[0]) || slicing.Rejects(iff.Block().Succs[1])) {
			return true
		}
	}
	return false
}

// ownValue says whether v, in fs's function, is the option's value
// itself: a load, merge, conversion or extraction its value reaches (not
// a value computed from it, as the length of a buffer it sized, nor one
// that only runs as the option decides, as a loop counter of a function
// it calls), or a parameter that a call the value came in through
// passes such a value to; or a value read at one of the option's sites.
func ownValue(sl *slicing.Slice, fs *slicing.FuncSlice, v ssa.Value) bool {
	return own(sl, fs, v, 0)
}

// maxOwnCalls bounds the calls own follows a parameter back through.
const maxOwnCalls = 8

func own(sl *slicing.Slice, fs *slicing.FuncSlice, v ssa.Value, calls int) bool {
	for _, s := range sl.Option.Sites {
		if s.Value == v {
			return true // read here (a getter's or os.Getenv's result too)
		}
	}
	switch v := v.(type) {
	case *ssa.UnOp:
		return v.Op == token.MUL && fs.Instrs[v]
	case *ssa.Phi, *ssa.Convert, *ssa.ChangeType, *ssa.Field, *ssa.Extract:
		return fs.Instrs[v.(ssa.Instruction)]
	case *ssa.Parameter:
		i := slices.Index(fs.Func.Params, v)
		for c := range fs.Entered {
			args, j := c.Common().Args, i
			if c.Common().IsInvoke() {
				j-- // the receiver is no argument of an invoke
			}
			if j < 0 || j >= len(args) {
				continue
			}
			if caller := sl.Funcs[c.Parent()]; caller != nil && calls < maxOwnCalls && own(sl, caller, args[j], calls+1) {
				return true
			}
		}
		return false
	}
	return false
}

// constsCompared returns the constants of type t the slice compares the
// option's own value with (see ownValue): for equality, and by order,
// each sorted.
func constsCompared(sl *slicing.Slice, ffs []funcFile, t types.Type) (eq, ord []constant.Value) {
	seenEq, seenOrd := make(map[string]bool), make(map[string]bool)
	for _, ff := range ffs {
		for _, instr := range ff.instrs {
			b, ok := instr.(*ssa.BinOp)
			if !ok {
				continue
			}
			c, other := b.X, b.Y
			if _, ok := c.(*ssa.Const); !ok {
				c, other = b.Y, b.X
			}
			k, ok := c.(*ssa.Const)
			if !ok || k.Value == nil || !types.Identical(other.Type(), t) {
				continue
			}
			if !ownValue(sl, ff.fs, other) {
				continue
			}
			switch b.Op {
			case token.EQL, token.NEQ:
				if !seenEq[k.Value.ExactString()] {
					seenEq[k.Value.ExactString()] = true
					eq = append(eq, k.Value)
				}
			case token.LSS, token.LEQ, token.GTR, token.GEQ:
				if !seenOrd[k.Value.ExactString()] {
					seenOrd[k.Value.ExactString()] = true
					ord = append(ord, k.Value)
				}
			}
		}
	}
	less := func(a, b constant.Value) int {
		if a.Kind() == constant.String {
			return strings.Compare(constant.StringVal(a), constant.StringVal(b))
		}
		if constant.Compare(a, token.LSS, b) {
			return -1
		}
		if constant.Compare(a, token.GTR, b) {
			return 1
		}
		return cmp.Compare(a.ExactString(), b.ExactString())
	}
	slices.SortFunc(eq, less)
	slices.SortFunc(ord, less)
	return eq, ord
}

// qualified names a named type t as file f can write it, or "" for an
// unnamed type or one f cannot name.
func qualified(f *file, self *types.Package, t types.Type) string {
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	pkg := named.Obj().Pkg()
	for _, imp := range f.syntax.Imports {
		path := strings.Trim(imp.Path.Value, `"`)
		if path != pkg.Path() {
			continue
		}
		name := pkg.Name()
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name == "_" || name == "." {
			return ""
		}
		return name + "." + named.Obj().Name()
	}
	if pkg == self {
		return named.Obj().Name()
	}
	return ""
}

// startsIn reports whether the first positioned instruction of b lies
// in n.
func startsIn(b *ssa.BasicBlock, n ast.Node) bool {
	for _, instr := range b.Instrs {
		if _, ok := instr.(*ssa.Phi); ok {
			continue
		}
		if p := slicing.Pos(instr); p.IsValid() {
			return n.Pos() <= p && p < n.End()
		}
	}
	return false
}

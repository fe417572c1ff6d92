package mutate

import (
	"go/ast"
	"go/types"

	"github.com/confhunt/confhunt/internal/overlay"
	"github.com/confhunt/confhunt/slicing"
)

// lock makes the lock-widening mutants of a slice: in a function of the
// slice, a lock that is one of many (a mutex of an element of a slice,
// array or map: a shard's, a key's) is wrapped in one lock the whole
// package shares, so that what ran in parallel on different shards runs
// one at a time: sh.mu.Lock() becomes confhuntMutantWideLock(sh.mu.Lock)
// and each sh.mu.Unlock() of the function
// confhuntMutantWideUnlock(sh.mu.Unlock); an RLock is widened the same
// way, its readers serialised too. Only a lock the function takes once and
// releases itself (directly or deferred, not in a closure) is widened, so
// the shared lock is always released where the original is.
func (g *generator) lock(sl *slicing.Slice) {
	for _, ff := range g.funcsOf(sl) {
		body := funcBody(ff.fs.Func)
		info := ff.f.infos[ff.fs.Func.Pkg.Pkg]
		if body == nil || info == nil {
			continue
		}
		for _, p := range lockPairs(body, info, ff.f) {
			if !sharded(info, p.recv, g.elemTypes(info)) {
				continue
			}
			lk := p.lock
			text := "confhuntMutantWideLock(" + ff.f.text(lk.Fun) + ")"
			m := g.add(ff.f, ff.fs.Func, Lock, sl.Option.Name, lk.Pos(), lk.End(), text, "a lock of one of many ("+ff.f.text(p.recv)+") wrapped in one lock the package shares")
			if m == nil {
				continue
			}
			m.helper = ff.f.pkg
			m.Serial = len(m.Benchmarks) > 0 && !g.reach[ff.fs.Func].parallel
			m.contends = !m.Serial
			for _, u := range p.unlocks {
				m.also = append(m.also, siteEdit{ff.f.name, ff.f.src, overlay.Edit{
					Start: ff.f.off(u.Pos()), End: ff.f.off(u.End()),
					Text: "confhuntMutantWideUnlock(" + ff.f.text(u.Fun) + ")",
				}})
			}
		}
	}
}

// lockPair is a mutex a function locks once and unlocks.
type lockPair struct {
	recv    ast.Expr // the mutex, or the value embedding it
	lock    *ast.CallExpr
	unlocks []*ast.CallExpr
}

// lockPairs returns the mutexes body locks exactly once (Lock or RLock)
// and unlocks with the matching method (Unlock or RUnlock) at least once,
// leaving out function literals, in source order.
func lockPairs(body *ast.BlockStmt, info *types.Info, f *file) []lockPair {
	type calls struct {
		recv            ast.Expr
		locks, unlocks  []*ast.CallExpr
		lockM, unlockMs map[string]bool
	}
	byRecv := make(map[string]*calls)
	var order []string
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok || len(n.Args) != 0 {
				return true
			}
			name := mutexMethod(info, sel)
			if name == "" {
				return true
			}
			key := f.text(sel.X)
			c := byRecv[key]
			if c == nil {
				c = &calls{recv: sel.X, lockM: make(map[string]bool), unlockMs: make(map[string]bool)}
				byRecv[key] = c
				order = append(order, key)
			}
			switch name {
			case "Lock", "RLock":
				c.locks = append(c.locks, n)
				c.lockM[name] = true
			case "Unlock", "RUnlock":
				c.unlocks = append(c.unlocks, n)
				c.unlockMs[name] = true
			}
		}
		return true
	})
	var out []lockPair
	for _, key := range order {
		c := byRecv[key]
		if len(c.locks) != 1 || len(c.unlocks) == 0 || len(c.unlockMs) != 1 {
			continue
		}
		if !(c.lockM["Lock"] && c.unlockMs["Unlock"] || c.lockM["RLock"] && c.unlockMs["RUnlock"]) {
			continue
		}
		out = append(out, lockPair{c.recv, c.locks[0], c.unlocks})
	}
	return out
}

// mutexMethod returns the name of the sync.Mutex or sync.RWMutex method
// sel calls (directly or through embedding), or "".
func mutexMethod(info *types.Info, sel *ast.SelectorExpr) string {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return ""
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return ""
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return ""
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || (n.Obj().Name() != "Mutex" && n.Obj().Name() != "RWMutex") {
		return ""
	}
	switch fn.Name() {
	case "Lock", "Unlock", "RLock", "RUnlock":
		return fn.Name()
	}
	return ""
}

// sharded reports whether the mutex recv is one of many: it is taken
// from an element of a slice, array or map, or it is held by a struct
// type that such a container's elements are (a shard or entry type).
// elems are the struct types that are elements of containers
// (generator.elemTypes).
func sharded(info *types.Info, recv ast.Expr, elems map[*types.TypeName]bool) bool {
	isElem := func(t types.Type) bool {
		if t == nil {
			return false
		}
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := t.(*types.Named)
		return ok && elems[n.Origin().Obj()]
	}
	for e := recv; e != nil; {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			return true
		case *ast.SelectorExpr:
			if isElem(info.TypeOf(x.X)) {
				return true
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		case *ast.Ident:
			return isElem(info.TypeOf(x))
		default:
			return false
		}
	}
	return false
}

// elemTypes returns the named struct types that are the elements of a
// slice, array or map type in info's package: the types of shards,
// buckets and entries. It is computed once per package.
func (g *generator) elemTypes(info *types.Info) map[*types.TypeName]bool {
	if out, ok := g.elems[info]; ok {
		return out
	}
	out := make(map[*types.TypeName]bool)
	for _, tv := range info.Types {
		var elem types.Type
		switch c := tv.Type.Underlying().(type) {
		case *types.Slice:
			elem = c.Elem()
		case *types.Array:
			elem = c.Elem()
		case *types.Map:
			elem = c.Elem()
		default:
			continue
		}
		if p, ok := elem.(*types.Pointer); ok {
			elem = p.Elem()
		}
		if n, ok := elem.(*types.Named); ok {
			if _, ok := n.Underlying().(*types.Struct); ok {
				out[n.Origin().Obj()] = true
			}
		}
	}
	if g.elems == nil {
		g.elems = make(map[*types.Info]map[*types.TypeName]bool)
	}
	g.elems[info] = out
	return out
}

package hunt

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/confhunt/confhunt/internal/leftovers"
	"github.com/confhunt/confhunt/internal/overlay"
	"github.com/confhunt/confhunt/slicing"
)

// ProbeKind is what a probe measures.
type ProbeKind int

const (
	FuncProbe  ProbeKind = iota // calls and time of a function (inclusive)
	AllocProbe                  // calls and bytes of a make
	IOProbe                     // calls, time and bytes of an IO call
)

func (k ProbeKind) String() string {
	return [...]string{"func", "alloc", "io"}[k]
}

// Probe is one probed site.
type Probe struct {
	Kind    ProbeKind
	Func    *ssa.Function // the function probed, or holding the site
	Pos     token.Pos     // the function's body, or the call's parenthesis
	Options []string      // options whose slices hold the site
	Callee  string        // for IO probes, the function called
	Timed   bool          // for IO probes: the call is costly enough to time

	pkg  string // import path: a package and its test variant share counters
	id   int    // index in its package's counters
	call ssa.CallInstruction
}

// Plan is a set of probes.
type Plan struct {
	Probes []*Probe
	// Skipped says, file by file, which probes Write left out because
	// they cannot be spliced in, and why.
	Skipped []string
}

// counters per probe: calls, nanoseconds, bytes, spare.
const slots = 4

// PlanSlices plans probes on the slices of the given options: a time probe
// on each function of a slice that loops or calls the resource catalogue,
// and a probe at each make and IO call in a slice.
func PlanSlices(a *slicing.Analysis, sls []*slicing.Slice) *Plan {
	p := &planner{a: a, at: make(map[probeKey]*Probe)}
	for _, sl := range sls {
		name := sl.Option.Name
		for _, fs := range sl.Functions() {
			fn := origin(fs.Func)
			if fn.Syntax() == nil || fn.Pkg == nil {
				continue
			}
			if p.heavy(fn) {
				p.add(FuncProbe, fn, slicing.BodyStart(fn), nil, name)
			}
			for _, b := range fs.Func.Blocks {
				for _, instr := range b.Instrs {
					if !fs.Contains(instr) {
						continue
					}
					switch instr := instr.(type) {
					case *ssa.MakeSlice, *ssa.MakeMap, *ssa.MakeChan:
						p.add(AllocProbe, fn, instr.Pos(), nil, name)
					case ssa.CallInstruction:
						if r, ok := a.Resource(instr); ok && r.IO > 0 && !r.Text {
							p.add(IOProbe, fn, instr.Pos(), instr, name)
							p.at[probeKey{IOProbe, instr.Pos()}].Timed = r.IO >= a.Limits().ProbeCost
						}
					}
				}
			}
		}
	}
	return p.plan()
}

// PlanAll plans a time probe on every function of the analysed code, the
// full-instrumentation plan the selective one is compared with.
func PlanAll(a *slicing.Analysis) *Plan {
	return PlanFuncs(a.Functions())
}

// PlanFuncs plans a time probe on each of fns that has source (for a
// generic instance, its origin).
func PlanFuncs(fns []*ssa.Function) *Plan {
	p := &planner{at: make(map[probeKey]*Probe)}
	for _, fn := range fns {
		fn = origin(fn)
		if fn.Syntax() != nil && fn.Pkg != nil {
			p.add(FuncProbe, fn, slicing.BodyStart(fn), nil, "")
		}
	}
	return p.plan()
}

func origin(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		return o
	}
	return fn
}

type probeKey struct {
	kind ProbeKind
	pos  token.Pos
}

type planner struct {
	a  *slicing.Analysis
	at map[probeKey]*Probe
}

func (p *planner) add(kind ProbeKind, fn *ssa.Function, pos token.Pos, call ssa.CallInstruction, option string) {
	if !pos.IsValid() {
		return
	}
	k := probeKey{kind, pos}
	pr := p.at[k]
	if pr == nil {
		pr = &Probe{Kind: kind, Func: fn, Pos: pos, pkg: fn.Pkg.Pkg.Path(), call: call}
		if call != nil {
			if callees := p.a.Callees(call); len(callees) > 0 {
				pr.Callee = slicing.ShortName(origin(callees[0]))
			} else if call.Common().IsInvoke() {
				pr.Callee = call.Common().Method.Name()
			}
		}
		p.at[k] = pr
	}
	if option != "" && !slices.Contains(pr.Options, option) {
		pr.Options = append(pr.Options, option)
	}
}

// heavy reports whether fn loops or makes a costly library call: small
// functions are left to their callers' time, which keeps the probes'
// overhead low.
func (p *planner) heavy(fn *ssa.Function) bool {
	if len(p.a.Loops(fn)) > 0 {
		return true
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if r, ok := p.a.Resource(c); ok && max(r.CPU, r.MEM, r.IO) >= p.a.Limits().ProbeCost {
					return true
				}
			}
		}
	}
	return false
}

func (p *planner) plan() *Plan {
	out := &Plan{}
	for _, pr := range p.at {
		slices.Sort(pr.Options)
		out.Probes = append(out.Probes, pr)
	}
	slices.SortFunc(out.Probes, func(x, y *Probe) int {
		return cmp.Or(cmp.Compare(x.Pos, y.Pos), cmp.Compare(x.Kind, y.Kind))
	})
	// Number by import path, not by *ssa.Package: with -test a package
	// and its test variant are two, but they are built from the same
	// files and so share the generated file and the counters.
	ids := make(map[string]int)
	for _, pr := range out.Probes {
		pr.id = ids[pr.pkg]
		ids[pr.pkg]++
	}
	return out
}

// Count returns the number of probes of each kind.
func (pl *Plan) Count() (funcs, allocs, ios int) {
	for _, pr := range pl.Probes {
		switch pr.Kind {
		case FuncProbe:
			funcs++
		case AllocProbe:
			allocs++
		case IOProbe:
			ios++
		}
	}
	return
}

// counterFile names the counters of the package with import path pkg in
// the probe directory.
func counterFile(pkg string) string {
	sum := sha256.Sum256([]byte(pkg))
	return hex.EncodeToString(sum[:8]) + ".cnt"
}

// Write rewrites the files holding the plan's probes into a temporary
// overlay: probes are spliced in without adding lines, so that positions
// in stack traces stay the user's, and each probed package gets a file
// with its counters, which live in a file of $CONFHUNT_PROBE_DIR mapped
// into memory (they survive exit, os.Exit and signals alike). The user's
// files are only read. Probes in files of packages that use cgo are left
// out of the plan and named in Skipped: what was parsed is the Go that
// cgo generated, which no overlay can change.
func (pl *Plan) Write(prog *slicing.Program, left *leftovers.Set) (*overlay.Overlay, error) {
	if err := pl.checkModules(prog); err != nil {
		return nil, err
	}
	pl.skipGenerated(prog)
	ov, err := overlay.New(left)
	if err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		if !ok {
			ov.Remove()
		}
	}()
	byFile := make(map[string][]*Probe)
	sizes := make(map[string]int)      // probes per package, by import path
	pkgFile := make(map[string]string) // the package's generated file
	pkgName := make(map[string]string)
	for _, pr := range pl.Probes {
		f := prog.Fset.File(pr.Pos)
		if f == nil {
			continue
		}
		byFile[f.Name()] = append(byFile[f.Name()], pr)
		sizes[pr.pkg] = max(sizes[pr.pkg], pr.id+1)
		// An external test package (package p_test) lives beside p
		// and must be given a _test.go file.
		name := "zz_confhunt_probe.go"
		if strings.HasSuffix(pr.Func.Pkg.Pkg.Name(), "_test") {
			name = "zz_confhunt_probe_test.go"
		}
		pkgFile[pr.pkg] = filepath.Join(filepath.Dir(f.Name()), name)
		pkgName[pr.pkg] = pr.Func.Pkg.Pkg.Name()
	}
	for _, name := range slices.Sorted(maps.Keys(byFile)) {
		syntax := fileSyntax(prog, name)
		if syntax == nil {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out, err := rewrite(prog, syntax, src, byFile[name])
		if err != nil {
			return nil, fmt.Errorf("rewriting %s: %w", name, err)
		}
		if err := ov.Replace(name, out); err != nil {
			return nil, err
		}
	}
	// Every probed package gets a file holding its counters, mapped as
	// an array of at most 1<<20 of them.
	for _, pkg := range slices.Sorted(maps.Keys(sizes)) {
		if sizes[pkg]*slots > 1<<20 {
			return nil, fmt.Errorf("%s: %d probes, more than one package's counters hold (%d)", pkg, sizes[pkg], (1<<20)/slots)
		}
		if err := ov.Replace(pkgFile[pkg], runtimeFile(pkgName[pkg], counterFile(pkg), sizes[pkg])); err != nil {
			return nil, err
		}
	}
	if err := ov.Save(); err != nil {
		return nil, err
	}
	ok = true
	return ov, nil
}

// skipGenerated takes out of the plan the probes whose parsed file is not
// one of its package's source files (cgo's output in the build cache),
// and names in Skipped the source files they come from; cgo's own
// helpers, which come from no source file, go unnamed.
func (pl *Plan) skipGenerated(prog *slicing.Program) {
	source := make(map[string]bool)
	packages.Visit(prog.Packages, nil, func(p *packages.Package) {
		for _, f := range p.GoFiles {
			source[f] = true
		}
	})
	skipped := make(map[string]int) // by source file
	kept := pl.Probes[:0]
	for _, pr := range pl.Probes {
		f := prog.Fset.File(pr.Pos)
		if f == nil || source[f.Name()] {
			kept = append(kept, pr)
			continue
		}
		if source[prog.Fset.Position(pr.Pos).Filename] { // through cgo's line directives
			pos := prog.Position(pr.Pos) // file:line:col, relative to the module root
			skipped[pos[:strings.LastIndex(pos[:strings.LastIndex(pos, ":")], ":")]]++
		}
	}
	pl.Probes = kept
	for _, file := range slices.Sorted(maps.Keys(skipped)) {
		n := fmt.Sprintf("%d probes", skipped[file])
		if skipped[file] == 1 {
			n = "1 probe"
		}
		pl.Skipped = append(pl.Skipped, fmt.Sprintf("cannot probe %s: its package uses cgo, and go -overlay cannot change the Go files cgo generates; %s left out", file, n))
	}
}

// checkModules fails when a probe lies in a package of a module in the
// module cache: go refuses an overlay that replaces files there.
func (pl *Plan) checkModules(prog *slicing.Program) error {
	mods := make(map[string]*packages.Module) // by package path
	packages.Visit(prog.Packages, nil, func(p *packages.Package) {
		if p.Module != nil {
			mods[p.PkgPath] = p.Module
		}
	})
	for _, pr := range pl.Probes {
		m := mods[pr.pkg]
		// A main module (or a workspace's) and a module replaced by a
		// directory are the user's files; a vendored copy lies in the
		// main module.
		if m == nil || m.Main || (m.Replace != nil && m.Replace.Version == "") {
			continue
		}
		if f := prog.Fset.File(pr.Pos); f != nil && inDir(f.Name(), prog.Root) {
			continue
		}
		if m.Replace != nil {
			m = m.Replace
		}
		return fmt.Errorf("cannot probe %s: its files are in the module cache, which go -overlay cannot change; "+
			"copy the module out of the cache (cp -r %s ../copy && chmod -R u+w ../copy), "+
			"add replace %s => ../copy to go.mod, and run hunt again",
			m.Path+"@"+m.Version, m.Dir, m.Path)
	}
	return nil
}

// inDir says whether file lies under dir.
func inDir(file, dir string) bool {
	rel, err := filepath.Rel(dir, file)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// fileSyntax finds the parsed file called name among the loaded packages.
func fileSyntax(prog *slicing.Program, name string) *ast.File {
	for _, p := range prog.Packages {
		for _, f := range p.Syntax {
			if prog.Fset.File(f.Pos()).Name() == name {
				return f
			}
		}
	}
	return nil
}

// runtimeFile is the Go source holding a package's probe counters. It
// compiles at every language version a go.mod may name (go 1.12's
// too: no unsafe.Slice, no 0o literals), and imports under names of its
// own (confhuntTime "time"), which a package's time or os no longer hides
// (names starting with confhunt are left to confhunt). A package of more
// than 1<<18 probes is refused (see Write).
func runtimeFile(pkgName, counters string, n int) []byte {
	return []byte(fmt.Sprintf(`// Code generated by confhunt for a probe run; DO NOT EDIT.

package %s

import (
	confhuntOS "os"
	confhuntFilepath "path/filepath"
	confhuntAtomic "sync/atomic"
	confhuntSyscall "syscall"
	confhuntTime "time"
	confhuntUnsafe "unsafe"
)

// confhuntProbeCounters holds %d probes × %d counters (calls, nanoseconds,
// bytes, spare). They live in a shared mapping of a file, so what a probe
// adds is kept however the process ends.
var confhuntProbeCounters = confhuntProbeOpen(%d)

func confhuntProbeOpen(n int) []int64 {
	if dir := confhuntOS.Getenv("CONFHUNT_PROBE_DIR"); dir != "" && n <= 1<<20 {
		f, err := confhuntOS.OpenFile(confhuntFilepath.Join(dir, %q), confhuntOS.O_RDWR|confhuntOS.O_CREATE, 0644)
		if err == nil {
			defer f.Close()
			if fi, err := f.Stat(); err == nil && fi.Size() < int64(n*8) {
				f.Truncate(int64(n * 8))
			}
			b, err := confhuntSyscall.Mmap(int(f.Fd()), 0, n*8, confhuntSyscall.PROT_READ|confhuntSyscall.PROT_WRITE, confhuntSyscall.MAP_SHARED)
			if err == nil {
				return (*[1 << 20]int64)(confhuntUnsafe.Pointer(&b[0]))[:n:n]
			}
		}
	}
	return make([]int64, n)
}

func confhuntProbeNow() confhuntTime.Time { return confhuntTime.Now() }

func confhuntProbeFunc(i int, t confhuntTime.Time) {
	c := confhuntProbeCounters[i*%d : i*%d+%d]
	confhuntAtomic.AddInt64(&c[0], 1)
	confhuntAtomic.AddInt64(&c[1], int64(confhuntTime.Since(t)))
}

func confhuntProbeIO(i int, t confhuntTime.Time, n int64) {
	c := confhuntProbeCounters[i*%d : i*%d+%d]
	confhuntAtomic.AddInt64(&c[0], 1)
	confhuntAtomic.AddInt64(&c[1], int64(confhuntTime.Since(t)))
	confhuntAtomic.AddInt64(&c[2], n)
}

func confhuntProbeAlloc(i int, n int64) {
	c := confhuntProbeCounters[i*%d : i*%d+%d]
	confhuntAtomic.AddInt64(&c[0], 1)
	confhuntAtomic.AddInt64(&c[2], n)
}
`, pkgName, n, slots, n*slots, counters, slots, slots, slots, slots, slots, slots, slots, slots, slots))
}

// rewrite splices the probes into the source of one file. Time probes
// open the function body with a defer; make and IO calls are wrapped in
// a function literal that records and returns them. Nothing adds a line.
func rewrite(prog *slicing.Program, f *ast.File, src []byte, probes []*Probe) ([]byte, error) {
	tf := prog.Fset.File(f.Pos())
	off := func(p token.Pos) int { return tf.Offset(p) }
	calls := make(map[token.Pos]*ast.CallExpr)
	skip := make(map[*ast.CallExpr]bool) // calls of go and defer statements
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			calls[n.Lparen] = n
		case *ast.GoStmt:
			skip[n.Call] = true
		case *ast.DeferStmt:
			skip[n.Call] = true
		}
		return true
	})
	info, sizes := typesInfo(prog, f)
	var edits []overlay.Edit
	for _, pr := range probes {
		switch pr.Kind {
		case FuncProbe:
			o := off(pr.Pos) + 1
			edits = append(edits, overlay.Edit{Start: o, End: o, Text: fmt.Sprintf("defer confhuntProbeFunc(%d, confhuntProbeNow());", pr.id)})
		case AllocProbe:
			call := calls[pr.Pos]
			if call == nil || skip[call] || len(call.Args) == 0 {
				continue
			}
			if e, ok := allocEdit(src, off, info, sizes, call, pr.id); ok {
				edits = append(edits, e)
			}
		case IOProbe:
			call := calls[pr.Pos]
			if call == nil || skip[call] {
				continue
			}
			if e, ok := ioEdit(src, off, info, f, call, pr.id, pr.Timed); ok {
				edits = append(edits, e)
			}
		}
	}
	// Keep the outermost of overlapping edits.
	slices.SortFunc(edits, func(a, b overlay.Edit) int { return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(b.End, a.End)) })
	var kept []overlay.Edit
	for _, e := range edits {
		if n := len(kept); n > 0 && e.Start < kept[n-1].End {
			continue
		}
		kept = append(kept, e)
	}
	return overlay.Apply(src, kept)
}

// typesInfo returns the type information of the package holding f, and
// the sizes of its types on the target the package was loaded for (its
// GOARCH, which a 386 or arm build sets).
func typesInfo(prog *slicing.Program, f *ast.File) (*types.Info, types.Sizes) {
	for _, p := range prog.Packages {
		for _, g := range p.Syntax {
			if g == f {
				return p.TypesInfo, p.TypesSizes
			}
		}
	}
	return nil, nil
}

// allocEdit wraps make(T, n[, m]) so that it records n (or m) times the
// element size: func() T { n := N; confhuntProbeAlloc(id, n*size); return make(T, n) }().
func allocEdit(src []byte, off func(token.Pos) int, info *types.Info, sizes types.Sizes, call *ast.CallExpr, id int) (overlay.Edit, bool) {
	if info == nil || sizes == nil {
		return overlay.Edit{}, false
	}
	t := info.TypeOf(call)
	if t == nil {
		return overlay.Edit{}, false
	}
	elem := int64(1)
	switch u := t.Underlying().(type) {
	case *types.Slice:
		elem = sizeOf(sizes, u.Elem())
	case *types.Chan:
		elem = sizeOf(sizes, u.Elem())
	case *types.Map:
		elem = sizeOf(sizes, u.Key()) + sizeOf(sizes, u.Elem())
	default:
		return overlay.Edit{}, false
	}
	text := func(e ast.Expr) string { return string(src[off(e.Pos()):off(e.End())]) }
	typ := text(call.Args[0])
	var b strings.Builder
	fmt.Fprintf(&b, "func() %s {", typ)
	args := []string{typ}
	for i, a := range call.Args[1:] {
		fmt.Fprintf(&b, " confhuntN%d := %s;", i, text(a))
		args = append(args, fmt.Sprintf("confhuntN%d", i))
	}
	size := "0"
	if n := len(call.Args) - 1; n > 0 {
		size = fmt.Sprintf("int64(confhuntN%d)*%d", n-1, elem)
	}
	fmt.Fprintf(&b, " confhuntProbeAlloc(%d, %s); return make(%s) }()", id, size, strings.Join(args, ", "))
	return overlay.Edit{Start: off(call.Pos()), End: off(call.End()), Text: b.String()}, true
}

func sizeOf(sizes types.Sizes, t types.Type) (n int64) {
	defer func() {
		if recover() != nil { // a type parameter has no size: a word
			n = sizes.Sizeof(types.Typ[types.Uintptr])
		}
	}()
	return sizes.Sizeof(t)
}

// ioEdit wraps an IO call so that it records its calls, its time when it
// is costly, and, for a Write or Read of a side-effect-free buffer, the
// buffer's length:
// func() (R...) { defer confhuntProbeIO(id, confhuntProbeNow(), len); return CALL }().
func ioEdit(src []byte, off func(token.Pos) int, info *types.Info, f *ast.File, call *ast.CallExpr, id int, timed bool) (overlay.Edit, bool) {
	if info == nil {
		return overlay.Edit{}, false
	}
	results, ok := resultTypes(info, f, call)
	if !ok {
		return overlay.Edit{}, false
	}
	n := "0"
	if len(call.Args) > 0 && overlay.Pure(call.Args[0]) {
		if t := info.TypeOf(call.Args[0]); t != nil && hasLen(t) {
			n = fmt.Sprintf("int64(len(%s))", src[off(call.Args[0].Pos()):off(call.Args[0].End())])
		}
	}
	body := string(src[off(call.Pos()):off(call.End())])
	ret := "return "
	if results == "" {
		ret = ""
	}
	text := fmt.Sprintf("func() %s { defer confhuntProbeIO(%d, confhuntProbeNow(), %s); %s%s }()", results, id, n, ret, body)
	if !timed { // a cheap call: count it and its bytes, without the clock
		text = fmt.Sprintf("func() %s { confhuntProbeAlloc(%d, %s); %s%s }()", results, id, n, ret, body)
	}
	return overlay.Edit{Start: off(call.Pos()), End: off(call.End()), Text: text}, true
}

func hasLen(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	case *types.Basic:
		return u.Info()&types.IsString != 0
	}
	return false
}

// resultTypes writes the result types of a call as they can be named in
// f: "", "error", "(int, error)". It fails for a type from a package the
// file does not import.
func resultTypes(info *types.Info, f *ast.File, call *ast.CallExpr) (string, bool) {
	t := info.TypeOf(call)
	if t == nil {
		return "", false
	}
	names := make(map[string]string) // package path -> name in this file
	for _, imp := range f.Imports {
		path := strings.Trim(imp.Path.Value, `"`)
		if imp.Name != nil {
			names[path] = imp.Name.Name
		} else if obj, ok := info.Implicits[imp].(*types.PkgName); ok {
			names[path] = obj.Name()
		}
	}
	self := ""
	if f.Name != nil {
		if obj := info.Defs[f.Name]; obj != nil && obj.Pkg() != nil {
			self = obj.Pkg().Path()
		}
	}
	good := true
	qual := func(p *types.Package) string {
		if p.Path() == self {
			return ""
		}
		if n, ok := names[p.Path()]; ok && n != "_" && n != "." {
			return n
		}
		good = false
		return p.Name()
	}
	var s string
	switch t := t.(type) {
	case *types.Tuple:
		if t.Len() == 0 {
			return "", true
		}
		var parts []string
		for v := range t.Variables() {
			parts = append(parts, types.TypeString(v.Type(), qual))
		}
		s = "(" + strings.Join(parts, ", ") + ")"
	default:
		s = types.TypeString(t, qual)
	}
	return s, good
}

package slicing

import (
	"sync/atomic"

	"golang.org/x/tools/go/ssa"
)

// Entered slices o and returns how many call strings each function was
// entered with.
func Entered(a *Analysis, o *Option) map[*ssa.Function]int {
	sl := a.slicer(o)
	sl.run()
	out := make(map[*ssa.Function]int, len(sl.entered))
	for fn, in := range sl.entered {
		out[fn] = len(in)
	}
	return out
}

// HelperDir exports helperDir.
var HelperDir = helperDir

// SetMaxArgBytes sets maxArgBytes and returns a function that restores it.
func SetMaxArgBytes(n int) func() {
	old := maxArgBytes
	maxArgBytes = n
	return func() { maxArgBytes = old }
}

// ExportLists returns how many times loads asked the go command for the
// dependencies' export data.
func ExportLists() int64 { return exportLists.Load() }

// GraphLists is how many import graphs were listed so far.
func GraphLists() int64 { return graphLists.Load() }

// LayoutAsks is how many times the go command was asked for dir's
// modules in this process.
func LayoutAsks(dir string) int64 {
	n, _ := layoutAsks.Load(dir)
	if n == nil {
		return 0
	}
	return n.(*atomic.Int64).Load()
}

// InternalRoot is internalRoot, for the tests.
var InternalRoot = internalRoot

// CompareFuncs and SortFuncs export compareFuncs and sortFuncs.
var (
	CompareFuncs = compareFuncs
	SortFuncs    = sortFuncs
)

package compare

import (
	"bytes"
	"os"

	"golang.org/x/tools/go/ssa"
)

// maxDiffLines bounds the functions lines diffs: past it, a changed
// function counts as changed on every line.
const maxDiffLines = 4000

// Lines returns where in c's head copy its change is, by a diff of the
// lines of the function's source in the two revisions (blank space at
// either end of a line ignored): lines are the head's lines that the
// base lacks; after are lines after which base lines were deleted with
// nothing put in their place, so that a coverage block holding both that
// line and the next holds the deletion. An added function, a function
// too long to diff, and one whose lines all match (its code changed
// through a constant declared elsewhere) are changed on every line.
// Both are nil for a removed function.
func (c Change) Lines() (lines, after []int) {
	if len(c.Funcs) == 0 {
		return nil, nil
	}
	start, end, head := source(c.Funcs[0])
	if head == nil {
		return nil, nil
	}
	all := make([]int, 0, end-start+1)
	for l := start; l <= end; l++ {
		all = append(all, l)
	}
	if len(c.Base) == 0 {
		return all, nil
	}
	_, _, base := source(c.Base[0])
	if base == nil || len(base) > maxDiffLines || len(head) > maxDiffLines {
		return all, nil
	}
	lines, after = diffLines(base, head)
	if len(lines)+len(after) == 0 {
		return all, nil
	}
	for i := range lines {
		lines[i] += start
	}
	for i := range after {
		after[i] += start
	}
	return lines, after
}

// source returns the first and last line of fn's declaration and its
// lines, trimmed, or nil when its source cannot be read.
func source(fn *ssa.Function) (start, end int, lines [][]byte) {
	syn := fn.Syntax()
	if syn == nil || fn.Prog == nil {
		return 0, 0, nil
	}
	from, to := fn.Prog.Fset.Position(syn.Pos()), fn.Prog.Fset.Position(syn.End())
	if !from.IsValid() || !to.IsValid() || from.Filename != to.Filename {
		return 0, 0, nil
	}
	text, err := os.ReadFile(from.Filename)
	if err != nil || to.Offset > len(text) || from.Offset > to.Offset {
		return 0, 0, nil
	}
	// From the start of the first line, so that line i of the slice is
	// line start+i of the file.
	first := bytes.LastIndexByte(text[:from.Offset], '\n') + 1
	for line := range bytes.Lines(text[first:to.Offset]) {
		lines = append(lines, bytes.TrimSpace(line))
	}
	return from.Line, to.Line, lines
}

// diffLines compares a and b by a longest common subsequence and
// returns the indices of b's lines it leaves unmatched (inserted) and of
// the b lines after which a's unmatched lines were deleted with no b line
// in their place (-1: before b's first), each sorted.
func diffLines(a, b [][]byte) (inserted, after []int) {
	// lcs[i][j] is the length of the LCS of a[i:] and b[j:].
	n, m := len(a), len(b)
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if bytes.Equal(a[i], b[j]) {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	// A hunk is a run of unmatched lines of either side.
	hunkInserted, hunkDeleted := false, false
	endHunk := func(j int) {
		if hunkDeleted && !hunkInserted {
			after = append(after, j-1)
		}
		hunkInserted, hunkDeleted = false, false
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && bytes.Equal(a[i], b[j]):
			endHunk(j)
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			inserted = append(inserted, j)
			hunkInserted = true
			j++
		default:
			hunkDeleted = true
			i++
		}
	}
	endHunk(j)
	return inserted, after
}

package counts

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/confhunt/confhunt/internal/limited"
)

// Block is one counter of a coverage profile: a range of source and the
// number of times its statements started.
type Block struct {
	File                string // as in the profile: import path and file name
	StartLine, StartCol int
	EndLine, EndCol     int
	NumStmts            int
	Count               int64
}

// Profile is a parsed coverage profile with its blocks merged per range.
type Profile struct {
	Mode   string
	Blocks []Block // sorted by file and start
}

// Parse reads a coverage profile in the text format of go test
// -coverprofile and go tool covdata textfmt. name is used in errors.
// Blocks repeated (several packages or runs) are summed. A profile larger
// than MaxFileSize is an error.
//
// It is not golang.org/x/tools/cover.ParseProfilesFromReader, which sums
// repeated blocks with wraparound (MaxInt64 + 5 is negative), merges only
// repeats that sort next to each other by start, names neither the file
// nor the line of a bad block, stops at lines over 64 KiB, and takes an
// empty input for an empty profile.
func Parse(name string, r io.Reader) (*Profile, error) {
	sc := bufio.NewScanner(limited.Reader(r, name, MaxFileSize))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	p := &Profile{}
	type key struct {
		file           string
		sl, sc, el, ec int
	}
	merged := make(map[key]int)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if mode, ok := strings.CutPrefix(text, "mode: "); ok {
			if p.Mode != "" && p.Mode != mode {
				return nil, fmt.Errorf("%s:%d: mode %s after mode %s", name, line, mode, p.Mode)
			}
			p.Mode = mode
			continue
		}
		if p.Mode == "" {
			return nil, fmt.Errorf("%s:%d: not a coverage profile (no mode line first)", name, line)
		}
		b, err := parseBlock(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		k := key{b.File, b.StartLine, b.StartCol, b.EndLine, b.EndCol}
		if i, ok := merged[k]; ok {
			p.Blocks[i].Count = add(p.Blocks[i].Count, b.Count)
			continue
		}
		merged[k] = len(p.Blocks)
		p.Blocks = append(p.Blocks, b)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if p.Mode == "" {
		return nil, fmt.Errorf("%s: empty coverage profile", name)
	}
	slices.SortFunc(p.Blocks, func(a, b Block) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.StartLine, b.StartLine), cmp.Compare(a.StartCol, b.StartCol),
			cmp.Compare(a.EndLine, b.EndLine), cmp.Compare(a.EndCol, b.EndCol))
	})
	return p, nil
}

// add sums two counts (never negative), held at the largest int64 rather
// than wrapped to a negative count.
func add(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// parseBlock parses "path/file.go:3.22,5.25 2 17".
func parseBlock(s string) (Block, error) {
	colon := strings.LastIndexByte(s, ':')
	if colon < 0 {
		return Block{}, fmt.Errorf("bad block %q: no file", s)
	}
	b := Block{File: s[:colon]}
	fields := strings.Fields(s[colon+1:])
	if len(fields) != 3 {
		return Block{}, fmt.Errorf("bad block %q: want range, statements and count", s)
	}
	start, end, ok := strings.Cut(fields[0], ",")
	if !ok {
		return Block{}, fmt.Errorf("bad range %q", fields[0])
	}
	var err error
	if b.StartLine, b.StartCol, err = lineCol(start); err != nil {
		return Block{}, err
	}
	if b.EndLine, b.EndCol, err = lineCol(end); err != nil {
		return Block{}, err
	}
	if b.NumStmts, err = strconv.Atoi(fields[1]); err != nil {
		return Block{}, fmt.Errorf("bad statement count %q", fields[1])
	}
	if b.Count, err = strconv.ParseInt(fields[2], 10, 64); err != nil || b.Count < 0 {
		return Block{}, fmt.Errorf("bad count %q", fields[2])
	}
	return b, nil
}

func lineCol(s string) (int, int, error) {
	l, c, ok := strings.Cut(s, ".")
	line, err1 := strconv.Atoi(l)
	col, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || line <= 0 || col <= 0 {
		return 0, 0, fmt.Errorf("bad position %q", s)
	}
	return line, col, nil
}

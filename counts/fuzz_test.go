package counts

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"reflect"
	"strings"
	"testing"
)

// FuzzDecode: any counts file is read or refused with an error naming it,
// never a panic; what is read has paths inside the module and counts that
// are not negative, and writes back to the same file.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{
		`{"version": 1, "module": "m", "mode": "count", "runs": 2, "files": [{"path": "a.go", "sha256": "00", "blocks": ["1.1,2.2 1 3", "3.1,4.2 2 0"]}]}`,
		`{"version": 1, "module": "m", "mode": "atomic", "runs": 1, "files": []}`,
		`{"version": 1, "module": "m", "files": []}`,
		`{"version": 1, "module": "m", "mode": "set", "runs": 1, "files": []}`,
		`{"version": 1, "module": "m", "files": [{"path": "../x.go", "blocks": []}]}`,
		`{"version": 1, "module": "m", "files": [{"path": "a.go", "blocks": ["1.1,2"]}]}`,
		`{"version": 1, "module": "m", "runs": -1}`,
		`{"version": 9, "module": "m"}`,
		`{"hello": 1}`,
		`not json`,
		``,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := decode("counts.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "counts.json") {
				t.Fatalf("error does not start with the file's name: %v", err)
			}
			return
		}
		if c.Runs <= 0 || c.Mode != "count" && c.Mode != "atomic" {
			t.Fatalf("runs %d, mode %q", c.Runs, c.Mode)
		}
		for _, fc := range c.Files {
			if !fs.ValidPath(fc.Path) || fc.Path == "." {
				t.Fatalf("path %q outside the module", fc.Path)
			}
			for _, b := range fc.blocks {
				if b.Count < 0 || b.StartLine <= 0 || b.EndLine <= 0 {
					t.Fatalf("bad block %+v", b)
				}
			}
		}
		// What was read writes back to a file that reads the same.
		for i := range c.Files {
			c.Files[i].encode()
		}
		out, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		again, err := decode("again.json", out)
		if err != nil {
			t.Fatalf("the file written back does not read: %v\n%s", err, out)
		}
		for i := range c.Files {
			if !reflect.DeepEqual(c.Files[i].blocks, again.Files[i].blocks) {
				t.Fatalf("blocks changed writing back: %+v, then %+v", c.Files[i].blocks, again.Files[i].blocks)
			}
		}
	})
}

// FuzzParse: any coverage profile is parsed or refused with an error
// naming it, never a panic; parsed blocks are sorted, distinct, and count
// at least zero.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"mode: count\nexample.com/m/a.go:3.22,5.25 2 17\nexample.com/m/a.go:1.1,2.2 1 0\n",
		"mode: atomic\na/x.go:1.1,2.2 1 3\na/x.go:1.1,2.2 1 4\n",
		"mode: count\na/x.go:1.1,2.2 1 9223372036854775807\na/x.go:1.1,2.2 1 1\n",
		"mode: count\nmode: set\n",
		"x.go:1.1,2.2 1 1\n",
		"mode: count\nx.go:1.a,2.2 1 4\n",
		"mode: count\nx.go:1.1,2.2 1 -4\n",
		"",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse("p.out", bytes.NewReader(data))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "p.out") {
				t.Fatalf("error does not start with the file's name: %v", err)
			}
			return
		}
		for i, b := range p.Blocks {
			if b.Count < 0 {
				t.Fatalf("negative count %+v", b)
			}
			if i > 0 {
				a := p.Blocks[i-1]
				ka := [5]any{a.File, a.StartLine, a.StartCol, a.EndLine, a.EndCol}
				kb := [5]any{b.File, b.StartLine, b.StartCol, b.EndLine, b.EndCol}
				if ka == kb {
					t.Fatalf("block repeated: %+v", b)
				}
				if a.File > b.File || a.File == b.File && (a.StartLine > b.StartLine || a.StartLine == b.StartLine && a.StartCol > b.StartCol) {
					t.Fatalf("blocks out of order: %+v before %+v", a, b)
				}
			}
		}
	})
}

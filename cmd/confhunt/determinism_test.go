package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestDeterminism ranks a generated module of 360 options in 60 files,
// whose functions call each other in recursive cycles and through an
// interface, three times in separate processes running at once, and
// wants the same bytes each time: go/packages parses files in parallel,
// so token.Pos values, map orders and the order a walk enters a cycle
// differ between processes, and none of that may reach the output.
func TestDeterminism(t *testing.T) {
	if testing.Short() {
		t.Skip("ranks a 60-file module three times")
	}
	t.Parallel()
	dir := generatedModule(t, 60)
	// At once: as a parallel test this one runs after the scripts, last,
	// where one process at a time would leave a core idle.
	var outs [3][]byte
	var errs [3]error
	var wg sync.WaitGroup
	for i := range outs {
		wg.Go(func() {
			cmd := exec.Command("confhunt", "rank", "-json", "-C", dir, "./...")
			cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "CONFHUNT_CACHE=off")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				err = fmt.Errorf("%v\n%s", err, stderr.Bytes())
			}
			outs[i], errs[i] = out, err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("run %d: %v", i+1, err)
		}
	}
	var doc struct {
		Options []struct {
			Name  string
			Score struct{ Total float64 }
		}
	}
	if err := json.Unmarshal(outs[0], &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Options) < 300 {
		t.Fatalf("%d options discovered, want the generated 360", len(doc.Options))
	}
	// Ties must exist for the test to check how they are broken.
	ties := 0
	for j := 1; j < len(doc.Options); j++ {
		if doc.Options[j].Score.Total == doc.Options[j-1].Score.Total {
			ties++
		}
	}
	if ties == 0 {
		t.Fatal("no tied scores: the generated module does not exercise tie-breaking")
	}
	for i, out := range outs[1:] {
		if !bytes.Equal(out, outs[0]) {
			t.Fatalf("run %d differs from run 1:\n%s", i+2, firstDifference(outs[0], out))
		}
	}
}

// generatedModule writes a module with one config struct of six options
// per file, nfiles files, each struct's work calling the next file's in a
// cycle of ten, and main decoding them all from JSON and running them
// through an interface.
func generatedModule(t *testing.T, nfiles int) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/gen\n\ngo 1.26.0\n")
	var main strings.Builder
	main.WriteString(`package main

import (
	"encoding/json"
	"os"
)

type worker interface{ work(depth int) int }

var sink int

func main() {
	data, _ := os.ReadFile(os.Args[1])
	var ws []worker
`)
	for i := range nfiles {
		next := i/10*10 + (i+1)%10 // a cycle of ten files
		if next >= nfiles {
			next = i / 10 * 10
		}
		fmt.Fprintf(&main, "\tc%02d := new(W%02dConfig)\n\t_ = json.Unmarshal(data, c%02d)\n\tall%02d = c%02d\n\tws = append(ws, c%02d)\n", i, i, i, i, i, i)
		write(fmt.Sprintf("f%02d.go", i), fmt.Sprintf(`package main

import "sync"

type W%02[1]dConfig struct {
	Size    int    `+"`json:\"size\"`"+`
	Rounds  int    `+"`json:\"rounds\"`"+`
	Enabled bool   `+"`json:\"enabled\"`"+`
	Level   int    `+"`json:\"level\"`"+`
	Limit   int    `+"`json:\"limit\"`"+`
	Name    string `+"`json:\"name\"`"+`
}

var all%02[1]d *W%02[1]dConfig

var mu%02[1]d sync.Mutex

func (c *W%02[1]dConfig) work(depth int) int {
	buf := make([]byte, c.Size)
	s := 0
	for i := 0; i < c.Rounds; i++ {
		s += len(buf) + i
	}
	if c.Enabled {
		mu%02[1]d.Lock()
		s += level%02[1]d(c.Level)
		mu%02[1]d.Unlock()
	}
	m := map[int]int{}
	for i := 0; len(m) < c.Limit; i++ {
		m[i] = i
	}
	if depth > 0 && all%02[2]d != nil {
		s += all%02[2]d.work(depth - 1)
	}
	if c.Name != "" {
		s += len(c.Name)
	}
	return s
}

func level%02[1]d(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i * i
	}
	return s
}
`, i, next))
	}
	main.WriteString("\tfor _, w := range ws {\n\t\tsink += w.work(3)\n\t}\n}\n")
	write("main.go", main.String())
	return dir
}

// firstDifference shows the first line at which a and b differ.
func firstDifference(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n  run 1: %s\n  this:  %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d lines", len(al), len(bl))
}

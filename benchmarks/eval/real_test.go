package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMissRow checks the line of a case outside the top 10%: the
// culprit's total and strongest column against the project's largest,
// and the last option inside the window; none for a case inside it.
func TestMissRow(t *testing.T) {
	var opts []rankedOption
	for i, name := range []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "Culprit"} {
		o := rankedOption{Name: "Config." + name, Rank: i + 1}
		o.Score.Total = 1 / float64(i+1)
		o.Score.CPU = 1000 / float64(i+1)
		if name == "Culprit" {
			o.Score.CPU, o.Score.IO, o.Score.Total = 1, 50, 0.05
			o.Influence = []string{"path", "io"}
			o.Top = append(o.Top, struct {
				Pos  string `json:"pos"`
				Func string `json:"func"`
			}{"w.go:3", "app.(*W).Flush"})
		}
		opts = append(opts, o)
	}
	opts[1].Score.IO = 100 // the project's largest IO
	row, ok := missRow(opts, Case{ID: "app-sync", Option: "Config.Culprit"})
	if !ok {
		t.Fatal("a case at rank 12 of 12 (window 2) has no miss row")
	}
	for _, want := range []string{"| app-sync | Config.Culprit | 12 of 12 (window 2) | 0.05 (IO 50% of the largest) | path,io | w.go:3 in app.(*W).Flush | Config.B, 0.5 (IO 100% of the largest) |"} {
		if !strings.Contains(row, want) {
			t.Errorf("row %q, want %q in it", row, want)
		}
	}
	// A work column whose largest value is a sliver of the heaviest
	// column's is divided by 2% of that, as rank does.
	opts[11].Score.SYNC = 5
	opts[11].Score.IO = 0
	if row, _ := missRow(opts, Case{ID: "app-sync", Option: "Config.Culprit"}); !strings.Contains(row, "(SYNC 25% of the largest)") {
		t.Errorf("row %q, want SYNC 5 divided by 2%% of CPU's 1000", row)
	}
	opts[11].Command = true
	if row, _ := missRow(opts, Case{ID: "app-sync", Option: "Config.Culprit"}); !strings.Contains(row, "| path,io; a command's: ranked after the library's own |") {
		t.Errorf("row %q does not say the option is a command's", row)
	}
	if row, ok := missRow(opts, Case{ID: "app-a", Option: "Config.A"}); ok {
		t.Errorf("a case at rank 1 has a miss row: %q", row)
	}
	if row, ok := missRow(opts, Case{ID: "app-gone", Option: "Config.Gone"}); !ok || !strings.Contains(row, "not discovered (12 options)") {
		t.Errorf("an undiscovered case: row %q, %v", row, ok)
	}
}

// TestFuncNamed checks how a function of a slice is matched to the one a
// corpus case blames, named by its package's name.
func TestFuncNamed(t *testing.T) {
	for _, c := range []struct {
		full, want string
		ok         bool
	}{
		{"github.com/klauspost/compress/zstd.(*Encoder).EncodeAll", "zstd.(*Encoder).EncodeAll", true},
		{"github.com/allegro/bigcache/v3.initNewShard", "bigcache.initNewShard", true},
		{"github.com/allegro/bigcache/v3.initNewShard$1", "bigcache.initNewShard", true},
		{"example.com/lru.(*Cache[example.com/k.Key,int]).Get", "lru.(*Cache).Get", true},
		{"github.com/nsqio/go-diskqueue.(*diskQueue).ioLoop", "diskqueue.(*diskQueue).ioLoop", true},
		{"google.golang.org/grpc/internal/transport.newFramer", "transport.newFramer", true},
		{"github.com/klauspost/compress/zstd.(*Encoder).Encode", "zstd.(*Encoder).EncodeAll", false},
		{"github.com/klauspost/compress/s2.(*Encoder).EncodeAll", "zstd.(*Encoder).EncodeAll", false},
		{"google.golang.org/grpc/internal/transport.(*framer).newFramer", "transport.newFramer", false},
		{"github.com/allegro/bigcache/v3.newInitShard", "bigcache.initNewShard", false},
		{"github.com/klauspost/compress/zstd.Encoder.EncodeAll", "zstd.(*Encoder).EncodeAll", true}, // the receiver's pointer aside
	} {
		if got := funcNamed(c.full, c.want, nil); got != c.ok {
			t.Errorf("funcNamed(%q, %q) = %v, want %v", c.full, c.want, got, c.ok)
		}
	}
}

// TestFuncNamedPackages checks that the module's package names, by
// import path, decide where a path's last element is not its package's
// name.
func TestFuncNamedPackages(t *testing.T) {
	names := map[string]string{"github.com/segmentio/kafka-go": "kafka", "gopkg.in/yaml.v3": "yaml", "gopkg.in/yaml.v3/internal": "internal"}
	for _, c := range []struct {
		full, want string
		ok         bool
	}{
		{"github.com/segmentio/kafka-go.(*Writer).WriteMessages", "kafka.(*Writer).WriteMessages", true},
		{"gopkg.in/yaml.v3.(*Decoder).Decode", "yaml.(*Decoder).Decode", true},
		{"gopkg.in/yaml.v3/internal.(*Decoder).Decode", "yaml.(*Decoder).Decode", false},
		{"github.com/segmentio/kafka-go.(*Writer).WriteMessages", "kafkago.(*Writer).WriteMessages", false},
	} {
		if got := funcNamed(c.full, c.want, names); got != c.ok {
			t.Errorf("funcNamed(%q, %q) = %v, want %v", c.full, c.want, got, c.ok)
		}
	}
}

// TestReachedReport checks that the report counts the cases whose
// culprit's slice reaches the blamed function, apart from those blaming
// another module's, and shows each case's answer.
func TestReachedReport(t *testing.T) {
	r := &realResult{
		project: Project{Name: "app", Module: "example.com/app", Version: "v1.0.0"},
		options: []rankedOption{{Name: "Config.A", Rank: 1}, {Name: "Config.B", Rank: 2}},
		cases: []Case{
			{ID: "app-a", Option: "Config.A", Function: "app.(*W).Flush"},
			{ID: "app-b", Option: "Config.B", Function: "app.write"},
			{ID: "app-c", Option: "Config.B", Function: "diskqueue.(*diskQueue).ioLoop"},
			{ID: "app-d", Option: "Config.B", Function: "app.(*Server).write"},
		},
		reaches: map[string]string{"app-a": reachYes, "app-b": reachNo, "app-c": reachElsewhere, "app-d": reachUnknown},
	}
	var b strings.Builder
	realReport(&b, []*realResult{r}, Labels{})
	for _, want := range []string{
		"reaches the function the case's evidence blames (`function` in corpus.yaml) in 1 of the 2 cases whose function is in the project's module; 1 name a function of another module",
		"| yes (app.(*W).Flush) |",
		"| no (app.write) |",
		"| elsewhere (diskqueue.(*diskQueue).ioLoop) |",
		"; 1 name a function the module does not declare",
		"| undeclared (app.(*Server).write) |",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

// TestDeclared checks the functions a module declares as a case names
// them, methods of pointer, value and generic receivers alike, and that
// test files and testdata are not the module's code.
func TestDeclared(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"a/a.go":            "package alpha\n\nfunc F() {}\n\ntype T struct{}\n\nfunc (*T) M() {}\nfunc (T) V() {}\n\ntype G[K any] struct{}\n\nfunc (g *G[K]) Get() {}\n",
		"a/a_test.go":       "package alpha\n\nfunc helper() {}\n",
		"a/testdata/x/x.go": "package x\n\nfunc X() {}\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, funcs, dirs, err := declared(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !pkgs["alpha"] || pkgs["x"] {
		t.Errorf("packages %v, want alpha only", pkgs)
	}
	if len(dirs) != 1 || dirs["a"] != "alpha" {
		t.Errorf("package names by directory %v, want a: alpha", dirs)
	}
	for want, ok := range map[string]bool{
		"alpha.F": true, "alpha.(*T).M": true, "alpha.T.V": true, "alpha.(*G).Get": true,
		"alpha.(*T).F": false, "alpha.helper": false, "x.X": false,
	} {
		if got := funcs[caseDecl(want)]; got != ok {
			t.Errorf("%s declared: %v, want %v", want, got, ok)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReadOutside checks that the yardsticks' rows give the option's name
// and its aliases (evidence beginning with a quotation mark ends at its
// tab like any other), and that a malformed file is one error naming it and
// the line.
func TestReadOutside(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "storage.tsv")
	os.WriteFile(good, []byte("module@version\toption\turl\tevidence\n"+
		"github.com/ulikunitz/xz@v0.5.17\tWriter2Config.DictCap (alias xz.WriterConfig.DictCap)\thttps://example.com/1\t\"a quote\" that begins the evidence\n"+
		"github.com/xtaci/kcp-go/v5@v5.7.5\tUDPSession.SetNoDelay(interval)\thttps://example.com/2\tquote\n"), 0o644)
	cases, err := readOutside([]string{good})
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 2 {
		t.Fatalf("%d cases, want 2", len(cases))
	}
	xz := cases[0]
	if xz.module != "github.com/ulikunitz/xz" || xz.version != "v0.5.17" || xz.option != "Writer2Config.DictCap" || !slices.Equal(xz.aliases, []string{"xz.WriterConfig.DictCap"}) {
		t.Errorf("first row: %+v", xz)
	}
	kcp := cases[1]
	if kcp.option != "UDPSession.SetNoDelay(interval)" || len(kcp.aliases) != 0 || kcp.module != "github.com/xtaci/kcp-go/v5" {
		t.Errorf("second row: %+v", kcp)
	}
	// Found by the same names as the corpus's cases.
	opts := []rankedOption{{Name: "a.Other", Rank: 1}, {Name: "xz.WriterConfig.DictCap", Rank: 2}}
	if r := caseRank(opts, Case{Option: xz.option, Names: xz.aliases}); r != 2 {
		t.Errorf("rank by alias %d, want 2", r)
	}
	// A setter named without its parameter is any of its parameters'
	// options; one named with it is that parameter's only.
	setters := []rankedOption{{Name: "UDPSession.SetNoDelay(resend)", Rank: 3}, {Name: "UDPSession.SetNoDelay(interval)", Rank: 4}}
	if r := caseRank(setters, Case{Option: "UDPSession.SetNoDelay"}); r != 3 {
		t.Errorf("rank of a setter named without its parameter %d, want 3", r)
	}
	if r := caseRank(setters, Case{Option: kcp.option}); r != 4 {
		t.Errorf("rank of a setter's parameter %d, want 4", r)
	}

	for _, bad := range []struct{ text, want string }{
		{"module\toption\turl\n", `no "module@version" column`},
		{"module@version\toption\turl\nno-version\tX.Y\thttps://example.com\n", "bad.tsv:2:"},
		{"module@version\toption\turl\nm@v1\n", "bad.tsv:2:"},
		{"module@version\toption\turl\n\nm@v1\tX.Y\tu\n\nm@v1\n", "bad.tsv:5:"}, // blank lines still count
	} {
		file := filepath.Join(dir, "bad.tsv")
		os.WriteFile(file, []byte(bad.text), 0o644)
		if _, err := readOutside([]string{file}); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want one saying %q", bad.text, err, bad.want)
		}
	}
}

// TestOutsideReport checks the totals and rows: a case in its window, one
// outside it, one not discovered in a module that loaded only in part
// (said in its row), and one whose module failed.
func TestOutsideReport(t *testing.T) {
	cases := []outsideCase{
		{file: "storage.tsv", module: "a", version: "v1", option: "C.Size", url: "u1"},
		{file: "storage.tsv", module: "a", version: "v1", option: "C.Other", url: "u2"},
		{file: "network.tsv", module: "b", version: "v2", option: "D.Loops", url: "u3"},
		{file: "network.tsv", module: "c", version: "v3", option: "E.X", url: "u4"},
	}
	var opts []rankedOption
	for i, name := range []string{"C.Size", "C.A", "C.B", "C.Other"} {
		opts = append(opts, rankedOption{Name: name, Rank: i + 1})
	}
	results := map[string]*outsideResult{
		"a@v1": {options: opts},
		"b@v2": {options: opts[:2], partial: "4 packages did not type-check"},
		"c@v3": {err: "rank: exit status 2"},
	}
	var b strings.Builder
	outsideReport(&b, cases, results)
	out := b.String()
	for _, want := range []string{
		"| storage | 2 | 2 | 2 | 1/2 (50%) |",
		"| network | 2 | 0 | 0 | 0/2 (0%) |",
		"| **total** | 4 | 2 | 2 | 1/4 (25%) |",
		"| a@v1 | C.Size | 1 of 4 | yes (of 1) |",
		"| a@v1 | C.Other | 4 of 4 | no (of 1) |",
		"| b@v2 | D.Loops | not discovered (2 options); 4 packages did not type-check | no (of 1) |",
		"| c@v3 | E.X | error: rank: exit status 2 |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

// TestShortModule checks a module's short name skips a major version.
func TestShortModule(t *testing.T) {
	for mod, want := range map[string]string{
		"github.com/redis/go-redis/v9": "go-redis",
		"github.com/redis/rueidis":     "rueidis",
		"k8s.io/client-go":             "client-go",
		"gorm.io/gorm":                 "gorm",
		"github.com/x/vendor":          "vendor",
	} {
		if got := shortModule(mod); got != want {
			t.Errorf("shortModule(%q) = %q, want %q", mod, got, want)
		}
	}
}

package scoring_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// TestReadValues reads each format a deployment's values come in, and
// names the file and line of what it cannot read.
func TestReadValues(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, text, kind string
		want             []scoring.Setting // Key, Text, Line
		err              string
	}{
		{name: "a.yaml", kind: "yaml", text: "cache: false\nstore:\n  level: 7\n  dirs: [a, b]\n",
			want: []scoring.Setting{{Key: "cache", Text: "false", Line: 1}, {Key: "store", Text: "set", Line: 3}, {Key: "store.level", Text: "7", Line: 3}, {Key: "store.dirs", Text: "[a, b]", Line: 4}}},
		{name: "a.json", kind: "json", text: "{\n \"mode\": \"scan\",\n \"store\": {\"level\": 3}\n}\n",
			want: []scoring.Setting{{Key: "mode", Text: "scan", Line: 2}, {Key: "store", Text: "set", Line: 3}, {Key: "store.level", Text: "3", Line: 3}}},
		{name: "a.toml", kind: "toml", text: "sync = true\n[store]\nlevel = 2\n",
			want: []scoring.Setting{{Key: "store", Text: "set"}, {Key: "store.level", Text: "2"}, {Key: "sync", Text: "true"}}},
		{name: "prod.env", kind: "env", text: "# comment\nexport APP_LEVEL=7\n\nAPP_MODE=\"scan\"\n",
			want: []scoring.Setting{{Key: "APP_LEVEL", Text: "7", Line: 2}, {Key: "APP_MODE", Text: "scan", Line: 4}}},
		{name: "cmdline", kind: "args", text: "./server serve -level=7 \\\n  --mode 'scan' -cache -sync -- -rounds 3\n",
			want: []scoring.Setting{{Key: "level", Text: "7"}, {Key: "mode", Text: "scan"}, {Key: "cache", Text: "true"}, {Key: "sync", Text: "true"}}},
		{name: "bad.yaml", text: "store:\n  cache: [\n", err: "bad.yaml:2: did not find expected node content"},
		{name: "list.yaml", text: "- a\n- b\n", err: "list.yaml:1: want a mapping"},
		{name: "bad.toml", text: "a = \n", err: "bad.toml:1:"},
		{name: "bad.env", text: "A=1\nno equals sign\n", err: "bad.env:2: want KEY=VALUE"},
		{name: "quote.args", text: "-mode 'scan\n", err: "quote.args: unterminated ' quote"},
		// An alias inside its own anchor would be expanded forever; one
		// used twice is expanded twice.
		{name: "cycle.yaml", text: "a: &x\n  b: *x\n", err: "cycle.yaml:2: alias *x is inside its own anchor"},
		{name: "alias.yaml", kind: "yaml", text: "base: &b\n  level: 7\nprod: *b\n",
			want: []scoring.Setting{{Key: "base", Text: "set", Line: 1}, {Key: "base.level", Text: "7", Line: 2}, {Key: "prod", Text: "set", Line: 1}, {Key: "prod.level", Text: "7", Line: 2}}},
		{name: "laughs.yaml", text: laughs(), err: "more than 100000 settings"},
		// JSON is read as JSON first: YAML would take a key without a
		// value, and names no line of a JSON error.
		{name: "novalue.json", text: "{\n \"mode\": \"scan\",\n \"level\": \n}\n", err: "novalue.json:4: invalid character '}'"},
		{name: "bom.json", kind: "json", text: "\ufeff{\"mode\": \"scan\"}\n", want: []scoring.Setting{{Key: "mode", Text: "scan", Line: 1}}},
		{name: "comma.json", text: "{\n \"a\": 1\n \"b\": 2\n}\n", err: "comma.json:3: invalid character"},
		{name: "empty.yaml", text: "store:\n  level:\n", err: "empty.yaml:2: store.level has no value"},
		{name: "twice.yaml", text: "level: 1\nmode: scan\nlevel: 2\n", err: "twice.yaml:3: level is set twice (first at line 1)"},
	} {
		file := filepath.Join(dir, tc.name)
		if err := os.WriteFile(file, []byte(tc.text), 0o666); err != nil {
			t.Fatal(err)
		}
		v, err := scoring.ReadValues(file)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if v.Kind != tc.kind {
			t.Errorf("%s: kind %s, want %s", tc.name, v.Kind, tc.kind)
		}
		var got []scoring.Setting
		for _, s := range v.Set {
			got = append(got, scoring.Setting{Key: s.Key, Text: s.Text, Line: s.Line})
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: read %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// laughs is a YAML document of nine settings whose aliases, nine deep,
// expand to 9^9 settings.
func laughs() string {
	var b strings.Builder
	b.WriteString("l0: &l0 {a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1, h: 1, i: 1}\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "l%d: &l%d {a: *l%d, b: *l%d, c: *l%d, d: *l%d, e: *l%d, f: *l%d, g: *l%d, h: *l%d, i: *l%d}\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	return b.String()
}

// TestCheckValues holds a deployment's values against the costly
// directions of the direction testdata's options.
func TestCheckValues(t *testing.T) {
	prog, a, opts, s := setup(t, "direction")
	scores, err := scoring.Rank(context.Background(), a, prog, slicing.Forward(context.Background(), a, opts), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	check := func(name, text string) *scoring.ValueCheck {
		file := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(file, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
		v, err := scoring.ReadValues(file)
		if err != nil {
			t.Fatal(err)
		}
		return scoring.CheckValues(v, scores)
	}
	verdicts := func(c *scoring.ValueCheck) map[string]string {
		out := make(map[string]string)
		for _, j := range c.Judged {
			out[j.Score.Option.Name] = j.Setting.Text + " " + j.Verdict.String()
		}
		return out
	}

	c := check("prod.yaml", "cache: false\nlevel: 7\nmode: index\nrounds: 100\nsync: true\nunknown: 1\nLEVEL: 3\nwindow: 4\n")
	got := verdicts(c)
	// LEVEL, later in the file, is level again (keys ignore case).
	want := map[string]string{"Config.Cache": "false costly", "Config.Level": "3 cheap", "Config.Mode": "index cheap", "Config.Rounds": "100 unknown", "Config.Sync": "true costly", "Config.Window": "4 unknown"}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: %q, want %q", name, got[name], w)
		}
	}
	if len(c.Unmatched) != 1 || c.Unmatched[0].Key != "unknown" || c.Unmatched[0].Line != 6 {
		t.Errorf("unmatched %+v, want unknown at line 6", c.Unmatched)
	}
	for _, j := range c.Judged {
		switch j.Score.Option.Name {
		case "Config.Rounds":
			if j.Why != "larger values cost more: trip" {
				t.Errorf("rounds: why %q, want the loop bound", j.Why)
			}
		case "Config.Window":
			// c.Window*2 > len(data) tests more than the value: no verdict.
			if !strings.HasSuffix(j.Why, ": its then side costs more, on a test of more than the value") {
				t.Errorf("window: why %q", j.Why)
			}
		case "Config.Mode":
			// != "scan" is a comparison of the value itself: a verdict.
			if !strings.HasSuffix(j.Why, `: == "scan" costs more`) {
				t.Errorf("mode: why %q", j.Why)
			}
		case "Config.Sync":
			if !strings.HasPrefix(j.Why, "direction/direction.go:") || !strings.HasSuffix(j.Why, ": true costs more") {
				t.Errorf("sync: why %q, want the branch in Write", j.Why)
			}
		}
	}
	for i := 1; i < len(c.Judged); i++ {
		if c.Judged[i-1].Score.Rank > c.Judged[i].Score.Rank {
			t.Errorf("judgements not in rank order: %d before %d", c.Judged[i-1].Score.Rank, c.Judged[i].Score.Rank)
		}
	}

	// A group of settings: the switch that is the group's pointer is
	// set; a group no option takes is not reported, its settings are.
	c = check("groups.yaml", "limits:\n  max: 3\nother:\n  x: 1\n")
	if got := verdicts(c)["Config.Limits"]; !strings.HasPrefix(got, "set ") {
		t.Errorf("Config.Limits: %q, want set", got)
	}
	if len(c.Unmatched) != 1 || c.Unmatched[0].Key != "other.x" {
		t.Errorf("unmatched %+v, want other.x alone", c.Unmatched)
	}

	// A command line: a bool flag followed by an argument is true; a
	// value that is not the option's type is unknown, with the reason.
	c = check("cmdline", "prog -cache file.db -level high -mode=scan")
	got = verdicts(c)
	want = map[string]string{"Config.Cache": "true cheap", "Config.Level": "high unknown", "Config.Mode": "scan costly"}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("command line: %s: %q, want %q", name, got[name], w)
		}
	}
	for _, j := range c.Judged {
		if j.Score.Option.Name == "Config.Level" && j.Why != `"high" is not a number` {
			t.Errorf("level high: why %q", j.Why)
		}
	}
}

package scoring

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"go/constant"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"
	"go.yaml.in/yaml/v3"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/internal/runner"
)

// Values are the settings one deployment uses, as ReadValues reads them
// from a file.
type Values struct {
	File string
	// Kind is the file's format: yaml, json, toml, env (KEY=VALUE lines)
	// or args (a command line).
	Kind string
	Set  []Setting // in the file's order
}

// Setting is one key a values file sets.
type Setting struct {
	// Key is as the file writes it, nested keys joined by "."
	// ("wal.sync_writes"), a variable's name or a flag's without dashes.
	Key  string
	Text string // the value; a list as [a, b]
	Line int    // in the file; 0 when the format gives none (toml, args)

	// next says the value is the word after a flag (-n 5): the flag's
	// own if it is not a bool option, else the flag is true and the word
	// an argument.
	next bool
	// group says the key holds a group of settings (sampling: {...}):
	// its Text is "set", which an option that is the group's switch
	// takes; it names no option otherwise, and is not reported so.
	group bool
}

// ReadValues reads the settings in file, by its name: .yaml or .yml,
// .json, .toml, .env (or a name starting with .env) as KEY=VALUE lines,
// anything else as a command line (the program's name and arguments
// before the first flag are skipped; -name=value, -name value, -name).
// Errors name the file, and the line where the format tells it.
func ReadValues(file string) (*Values, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	v := &Values{File: file, Kind: valuesKind(file)}
	switch v.Kind {
	case "yaml", "json":
		if v.Kind == "json" {
			// A byte order mark some editors write is no JSON; YAML
			// takes it.
			data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
			// YAML reads JSON too, but takes some invalid JSON (a key
			// without a value) and tells no line of a JSON error.
			var any any
			if err := json.Unmarshal(data, &any); err != nil {
				var se *json.SyntaxError
				if errors.As(err, &se) {
					return nil, fmt.Errorf("%s:%d: %v", file, 1+bytes.Count(data[:se.Offset], []byte("\n")), err)
				}
				return nil, fmt.Errorf("%s: %v", file, err)
			}
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(data, &doc); err != nil {
			return nil, errors.New(configs.YAMLError(file, err))
		}
		if len(doc.Content) > 0 {
			if doc.Content[0].Kind != yaml.MappingNode {
				return nil, fmt.Errorf("%s:%d: want a mapping of keys to values", file, doc.Content[0].Line)
			}
			f := flattener{file: file}
			f.node(doc.Content[0], "")
			if f.err != nil {
				return nil, f.err
			}
			v.Set = f.set
		}
	case "toml":
		var m map[string]any
		if err := toml.Unmarshal(data, &m); err != nil {
			var de *toml.DecodeError
			if errors.As(err, &de) {
				line, _ := de.Position()
				return nil, fmt.Errorf("%s:%d: %v", file, line, de)
			}
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		flattenMap(m, "", &v.Set)
	case "env":
		if v.Set, err = readEnv(file, data); err != nil {
			return nil, err
		}
	default:
		text := strings.ReplaceAll(string(data), "\\\n", " ")
		words, err := runner.ShellWords(text)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		v.Set = readArgs(words)
	}
	return v, nil
}

func valuesKind(file string) string {
	base := filepath.Base(file)
	switch ext := strings.ToLower(filepath.Ext(base)); {
	case ext == ".yaml" || ext == ".yml":
		return "yaml"
	case ext == ".json" || ext == ".toml":
		return ext[1:]
	case ext == ".env" || strings.HasPrefix(base, ".env"):
		return "env"
	}
	return "args"
}

// maxSettings bounds the settings a values file may hold once its
// aliases are expanded (a few aliases of aliases make billions).
const maxSettings = 100000

// flattener lists a YAML document's settings by dotted key, expanding
// aliases, and fails on an alias inside its own anchor.
type flattener struct {
	file      string
	set       []Setting
	expanding []*yaml.Node // the anchors whose aliases are being expanded
	err       error
}

func (f *flattener) node(n *yaml.Node, prefix string) {
	if f.err != nil {
		return
	}
	if len(f.set) >= maxSettings {
		f.err = fmt.Errorf("%s:%d: more than %d settings (aliases expanded)", f.file, n.Line, maxSettings)
		return
	}
	switch n.Kind {
	case yaml.AliasNode:
		if slices.Contains(f.expanding, n.Alias) {
			f.err = fmt.Errorf("%s:%d: alias *%s is inside its own anchor", f.file, n.Line, n.Value)
			return
		}
		f.expanding = append(f.expanding, n.Alias)
		f.node(n.Alias, prefix)
		f.expanding = f.expanding[:len(f.expanding)-1]
	case yaml.MappingNode:
		if prefix != "" {
			f.set = append(f.set, Setting{Key: prefix, Text: "set", Line: n.Line, group: true})
		}
		seen := make(map[string]int) // line of each key
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if first, ok := seen[k.Value]; ok {
				f.err = fmt.Errorf("%s:%d: %s is set twice (first at line %d)", f.file, k.Line, join(prefix, k.Value), first)
				return
			}
			seen[k.Value] = k.Line
			f.node(n.Content[i+1], join(prefix, k.Value))
		}
	case yaml.SequenceNode:
		var items []string
		for _, c := range n.Content {
			items = append(items, c.Value)
		}
		f.set = append(f.set, Setting{Key: prefix, Text: "[" + strings.Join(items, ", ") + "]", Line: n.Line})
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			f.err = fmt.Errorf("%s:%d: %s has no value; leave the key out to leave the option unset", f.file, n.Line, prefix)
			return
		}
		f.set = append(f.set, Setting{Key: prefix, Text: n.Value, Line: n.Line})
	}
}

// flattenMap adds m's settings by key, as TOML decodes into no order.
func flattenMap(m map[string]any, prefix string, out *[]Setting) {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		switch x := m[k].(type) {
		case map[string]any:
			*out = append(*out, Setting{Key: join(prefix, k), Text: "set", group: true})
			flattenMap(x, join(prefix, k), out)
		case []any:
			items := make([]string, len(x))
			for i, it := range x {
				items[i] = fmt.Sprint(it)
			}
			*out = append(*out, Setting{Key: join(prefix, k), Text: "[" + strings.Join(items, ", ") + "]"})
		case time.Time:
			*out = append(*out, Setting{Key: join(prefix, k), Text: x.Format(time.RFC3339)})
		default:
			*out = append(*out, Setting{Key: join(prefix, k), Text: fmt.Sprint(x)})
		}
	}
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// readEnv reads KEY=VALUE lines: blank lines and # comments are
// skipped, "export " is allowed, and quotes around the value removed.
func readEnv(file string, data []byte) ([]Setting, error) {
	var out []Setting
	for i, line := range bytes.Split(data, []byte("\n")) {
		s := strings.TrimSpace(string(line))
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		s = strings.TrimPrefix(s, "export ")
		k, val, ok := strings.Cut(s, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" || strings.ContainsAny(k, " \t") {
			return nil, fmt.Errorf("%s:%d: want KEY=VALUE, have %q", file, i+1, s)
		}
		val = strings.TrimSpace(val)
		if len(val) >= 2 && (val[0] == '"' || val[0] == '\'') && val[len(val)-1] == val[0] {
			val = val[1 : len(val)-1]
		}
		out = append(out, Setting{Key: k, Text: val, Line: i + 1})
	}
	return out, nil
}

// readArgs reads the flags of a command line.
func readArgs(words []string) []Setting {
	var out []Setting
	i := 0
	for i < len(words) && !strings.HasPrefix(words[i], "-") {
		i++ // the program and what precedes its flags
	}
	for ; i < len(words); i++ {
		w := words[i]
		if w == "--" || !strings.HasPrefix(w, "-") || w == "-" {
			break
		}
		name := strings.TrimLeft(w, "-")
		if k, val, ok := strings.Cut(name, "="); ok {
			out = append(out, Setting{Key: k, Text: val})
			continue
		}
		if i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") {
			out = append(out, Setting{Key: name, Text: words[i+1], next: true})
			i++
			continue
		}
		out = append(out, Setting{Key: name, Text: "true"})
	}
	return out
}

// Verdict says whether a deployment's value of an option is on the side
// the code makes costly.
type Verdict int

const (
	Unknown Verdict = iota // the code shows no costly value to hold it against
	Cheap
	Costly
)

func (v Verdict) String() string {
	return [...]string{"unknown", "cheap", "costly"}[v]
}

// Judgement is a deployment's value of one ranked option, held against
// the option's costly direction.
type Judgement struct {
	Score   *Score
	Setting Setting
	Verdict Verdict
	// Why is the evidence: the branch whose costlier side the value
	// takes or avoids ("wal/wal.go:249: true costs more"), or what the
	// code says when no branch decides it ("larger values cost more:
	// trip, size").
	Why string
}

// ValueCheck is CheckValues' result.
type ValueCheck struct {
	Values    *Values
	Judged    []Judgement // in the ranking's order
	Unmatched []Setting   // keys of the file that name no option, in its order
}

// CheckValues matches the settings of v with the ranked options by name
// and alias (ignoring case, with - and _ alike) and holds each value
// against the option's Direction: the costliest branch the option's own
// value decides by a comparison with a constant, which the value takes
// or not.
func CheckValues(v *Values, scores []*Score) *ValueCheck {
	byKey := make(map[string][]*Score)
	for _, sc := range scores {
		for _, name := range append([]string{sc.Option.Name}, sc.Option.Aliases...) {
			k := valueKey(name)
			if !slices.Contains(byKey[k], sc) {
				byKey[k] = append(byKey[k], sc)
			}
		}
	}
	check := &ValueCheck{Values: v}
	judged := make(map[*Score]int) // index in check.Judged; a later setting wins
	for _, set := range v.Set {
		matched := byKey[valueKey(set.Key)]
		if set.group {
			// Only a switch (a pointer to the group, set or not) takes it.
			matched = slices.DeleteFunc(slices.Clone(matched), func(sc *Score) bool { return !strings.HasPrefix(sc.Option.Type, "*") })
		}
		if len(matched) == 0 {
			if !set.group {
				check.Unmatched = append(check.Unmatched, set)
			}
			continue
		}
		for _, sc := range matched {
			s := set
			if s.next && sc.Option.Type == "bool" {
				if _, err := strconv.ParseBool(s.Text); err != nil {
					s.Text = "true" // -flag arg: the word is an argument
				}
			}
			verdict, why := judge(sc, s.Text)
			j := Judgement{Score: sc, Setting: s, Verdict: verdict, Why: why}
			if i, ok := judged[sc]; ok {
				check.Judged[i] = j
				continue
			}
			judged[sc] = len(check.Judged)
			check.Judged = append(check.Judged, j)
		}
	}
	slices.SortStableFunc(check.Judged, func(a, b Judgement) int { return cmp.Compare(a.Score.Rank, b.Score.Rank) })
	return check
}

func valueKey(name string) string {
	return strings.ReplaceAll(strings.ToLower(name), "-", "_")
}

// judge holds text, an option's value, against its direction.
func judge(sc *Score, text string) (Verdict, string) {
	d := sc.Direction
	for _, b := range d.Branches {
		if b.test.k == nil {
			continue
		}
		val, err := parseValue(text, sc.Option.Type, b.test.k.Kind())
		if err != nil {
			return Unknown, err.Error()
		}
		why := fmt.Sprintf("%s: %s costs more", b.Pos, b.Costly)
		if compareValues(val, b.test.op, b.test.k) {
			return Costly, why
		}
		return Cheap, why
	}
	var why []string
	if len(d.Larger) > 0 {
		why = append(why, "larger values cost more: "+strings.Join(d.Larger, ", "))
	}
	if len(d.Smaller) > 0 {
		why = append(why, "smaller values cost more: "+strings.Join(d.Smaller, ", "))
	}
	if len(d.Branches) > 0 {
		b := d.Branches[0]
		why = append(why, fmt.Sprintf("%s: its %s side costs more, on a test of more than the value", b.Pos, b.Costly))
	}
	if len(why) == 0 {
		return Unknown, "the code shows no costly value"
	}
	return Unknown, strings.Join(why, "; ")
}

// parseValue reads text as a constant of kind, for an option of Go type
// typ: a time.Duration is written as Go writes durations (10ms) or in
// nanoseconds.
func parseValue(text, typ string, kind constant.Kind) (constant.Value, error) {
	switch kind {
	case constant.Bool:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return nil, fmt.Errorf("%q is not a bool", text)
		}
		return constant.MakeBool(b), nil
	case constant.String:
		return constant.MakeString(text), nil
	case constant.Int, constant.Float:
		if typ == "time.Duration" {
			if d, err := time.ParseDuration(text); err == nil {
				return constant.MakeInt64(int64(d)), nil
			}
		}
		if v := constant.MakeFromLiteral(text, token.INT, 0); v.Kind() == constant.Int {
			return v, nil
		}
		if v := constant.MakeFromLiteral(text, token.FLOAT, 0); v.Kind() == constant.Float {
			return v, nil
		}
		return nil, fmt.Errorf("%q is not a number", text)
	}
	return nil, fmt.Errorf("%q: a %s option is not compared here", text, typ)
}

// compareValues is x op y, false when the kinds do not compare.
func compareValues(x constant.Value, op token.Token, y constant.Value) bool {
	numeric := func(v constant.Value) bool { return v.Kind() == constant.Int || v.Kind() == constant.Float }
	if x.Kind() != y.Kind() && !(numeric(x) && numeric(y)) {
		return false
	}
	if x.Kind() == constant.Bool && op != token.EQL && op != token.NEQ {
		return false
	}
	return constant.Compare(x, op, y)
}

package configs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"

	yamlv3 "go.yaml.in/yaml/v3"
)

// check validates a settings file against the Settings type before it is
// merged, so that every mistake is reported as file:line. defaults supplies
// the known weight names.
func check(file string, data []byte, defaults *Settings) error {
	dec := yamlv3.NewDecoder(bytes.NewReader(data))
	var doc yamlv3.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil // empty file
		}
		return fmt.Errorf("%s", YAMLError(file, err))
	}
	// The YAML parsers read the first document only: say so rather
	// than drop the others.
	var next yamlv3.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return fmt.Errorf("%s", YAMLError(file, err))
	case len(next.Content) > 0:
		return fmt.Errorf("%s:%d: a second YAML document; a settings file holds one (remove the ---)", file, next.Content[0].Line)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil // empty file
	}
	c := checker{file: file, defaults: defaults}
	c.node(doc.Content[0], reflect.TypeFor[Settings](), "")
	return c.err
}

var yamlLine = regexp.MustCompile(`^yaml: (?:line (\d+): )?`)

// YAMLError rewrites the YAML parser's error about file, "yaml: line 3:
// could not find expected ':'", as "file:3: could not find expected
// ':'": the form of every other error about a file.
func YAMLError(file string, err error) string {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		rest := msg[len(m[0]):]
		if m[1] != "" {
			return fmt.Sprintf("%s:%s: %s", file, m[1], rest)
		}
		return fmt.Sprintf("%s: %s", file, rest)
	}
	return fmt.Sprintf("%s: %s", file, msg)
}

type checker struct {
	file     string
	defaults *Settings
	err      error
}

func (c *checker) fail(n *yamlv3.Node, format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%s:%d: %s", c.file, n.Line, fmt.Sprintf(format, args...))
	}
}

func (c *checker) node(n *yamlv3.Node, t reflect.Type, path string) {
	if c.err != nil {
		return
	}
	if n.Kind == yamlv3.AliasNode {
		n = n.Alias
	}
	if n.Kind == yamlv3.ScalarNode && n.Tag == "!!null" {
		// A key without a value would replace the defaults under it
		// with nothing: every weight 0, every estimate 0.
		switch {
		case path == "": // an empty document
		case t.Kind() == reflect.Slice:
			c.fail(n, "%s: no value (write [] for an empty list)", path)
		default:
			c.fail(n, "%s: no value", path)
		}
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yamlv3.MappingNode {
			c.fail(n, "%s: want a mapping, got %s", name(path), describe(n))
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, val := n.Content[i], n.Content[i+1]
			f, ok := fieldByTag(t, key.Value)
			if !ok {
				c.fail(key, "unknown setting %q%s", join(path, key.Value), suggest(t, key.Value))
				return
			}
			c.node(val, f.Type, join(path, key.Value))
		}
	case reflect.Map:
		if n.Kind != yamlv3.MappingNode {
			c.fail(n, "%s: want a mapping, got %s", name(path), describe(n))
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, val := n.Content[i], n.Content[i+1]
			p := join(path, key.Value)
			if !c.knownMapKey(p) {
				c.fail(key, "unknown setting %q", p)
				return
			}
			c.node(val, t.Elem(), p)
		}
	case reflect.Slice:
		if n.Kind != yamlv3.SequenceNode {
			c.fail(n, "%s: want a list, got %s", name(path), describe(n))
			return
		}
		for _, e := range n.Content {
			c.node(e, t.Elem(), path)
		}
	case reflect.String:
		if n.Kind != yamlv3.ScalarNode {
			c.fail(n, "%s: want a string, got %s", name(path), describe(n))
		} else if bad := badString(path, n.Value); bad != "" {
			c.fail(n, "%s", bad)
		}
	case reflect.Int:
		var v int
		if n.Kind != yamlv3.ScalarNode || n.Tag != "!!int" || n.Decode(&v) != nil {
			c.fail(n, "%s: want an integer, got %s", name(path), describe(n))
		} else if bad := badInt(path, v); bad != "" {
			c.fail(n, "%s", bad)
		}
	case reflect.Float64:
		var v float64
		if n.Kind != yamlv3.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") || n.Decode(&v) != nil {
			c.fail(n, "%s: want a number, got %s", name(path), describe(n))
		} else if bad := badFloat(path, v); bad != "" {
			c.fail(n, "%s", bad)
		}
	case reflect.Bool:
		if n.Kind != yamlv3.ScalarNode || n.Tag != "!!bool" {
			c.fail(n, "%s: want true or false, got %s", name(path), describe(n))
		}
	}
}

// knownMapKey reports whether a key of a map-valued setting is allowed:
// resources under weights, and weight names built from the instruction
// kinds and their operators.
func (c *checker) knownMapKey(path string) bool { return knownMapKey(c.defaults, path) }

func knownMapKey(defaults *Settings, path string) bool {
	parts := strings.Split(path, ".")
	if parts[0] != "weights" || len(parts) < 2 {
		return true
	}
	if _, ok := defaults.Weights[parts[1]]; !ok {
		return false
	}
	if len(parts) == 2 {
		return true
	}
	kind, op, hasOp := strings.Cut(strings.Join(parts[2:], "."), ".")
	return slices.Contains(kinds, kind) && (!hasOp || operators[op])
}

// kinds are the instruction kinds a weight may name: every name
// scoring.Kind gives (a test keeps the two lists equal), builtins by
// their own name.
var kinds = []string{
	"alloc", "binop", "call", "changeinterface", "changetype", "convert", "defer",
	"extract", "field", "fieldaddr", "go", "if", "index", "indexaddr", "jump", "lookup",
	"make", "makeclosure", "makeinterface", "mapupdate", "next", "phi", "range",
	"return", "select", "send", "slice", "store", "typeassert", "unop",
	// builtins
	"append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len",
	"max", "min", "print", "println", "real", "recover",
	"Add", "Slice", "SliceData", "String", "StringData", // package unsafe
	"ssa:deferstack", "ssa:wrapnilchk", // go/ssa's own
}

// operators are the names a weight key may give after its instruction kind.
var operators = map[string]bool{
	"ADD": true, "SUB": true, "MUL": true, "QUO": true, "REM": true,
	"AND": true, "OR": true, "XOR": true, "SHL": true, "SHR": true, "AND_NOT": true,
	"EQL": true, "NEQ": true, "LSS": true, "LEQ": true, "GTR": true, "GEQ": true,
	"NOT": true, "ARROW": true, "slice": true, "map": true, "chan": true,
}

func describe(n *yamlv3.Node) string {
	switch n.Kind {
	case yamlv3.MappingNode:
		return "a mapping"
	case yamlv3.SequenceNode:
		return "a list"
	}
	return fmt.Sprintf("%q", n.Value)
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func name(path string) string {
	if path == "" {
		return "settings"
	}
	return path
}

// suggest names the settings of t, for an unknown key.
func suggest(t reflect.Type, _ string) string {
	var keys []string
	for i := range t.NumField() {
		keys = append(keys, t.Field(i).Tag.Get("koanf"))
	}
	sort.Strings(keys)
	return " (known: " + strings.Join(keys, ", ") + ")"
}

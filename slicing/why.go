package slicing

import (
	"fmt"
	"slices"
	"strings"
)

// notes are what discovery decided about each candidate and why, for
// confhunt sources -why, and what it could not do with the settings.
type notes struct {
	recording bool
	lines     []note
	warnings  []string

	yield map[string]int // options made per declared type or accessor
}

type note struct {
	keys []string
	text string
}

// add records a decision about the candidates called keys.
func (n *notes) add(keys []string, format string, args ...any) {
	if !n.recording {
		return
	}
	n.lines = append(n.lines, note{keys, fmt.Sprintf(format, args...)})
}

// lookup returns the decisions about the candidates called name, matched
// as Lookup matches options, each once, in the order they were made.
func (n *notes) lookup(name string) []string {
	var out []string
	for _, l := range n.lines {
		if slices.ContainsFunc(l.keys, func(k string) bool { return nameMatch(k, name) }) && !slices.Contains(out, l.text) {
			out = append(out, l.text)
		}
	}
	return out
}

// nameMatch says whether a candidate called key answers to name: equal
// ignoring case, or name a dotted suffix of key (WAL.SyncWrites answers
// for Config.WAL.SyncWrites, Config for example.com/app.Config).
func nameMatch(key, name string) bool {
	key, name = strings.ToLower(key), strings.ToLower(name)
	return key == name || strings.HasSuffix(key, "."+name) || strings.HasSuffix(key, "/"+name)
}

// count records that a declared type or accessor made an option.
func (n *notes) count(declared string) {
	if n.yield == nil {
		n.yield = make(map[string]int)
	}
	n.yield[declared]++
}

// declaredYield warns of each declared type and accessor that yields no
// option: settings that look accepted but do nothing.
func (d *discoverer) declaredYield() {
	for _, t := range d.src.Types {
		if d.notes.yield[t] == 0 {
			d.notes.warnings = append(d.notes.warnings, fmt.Sprintf("sources.types: %s yields no option: none of its fields is a settable value (a handle, callback or channel is set in code)", t))
		}
	}
	for _, f := range d.src.Funcs {
		if d.notes.yield[f.Func] == 0 {
			d.notes.warnings = append(d.notes.warnings, fmt.Sprintf("sources.funcs: %s yields no option: no call of it in the loaded packages passes a key as argument %d", f.Func, f.Key))
		}
	}
}

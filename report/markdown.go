package report

import (
	"io"
	"strings"
)

// mdTable is a GitHub-flavoured Markdown table.
type mdTable struct {
	head  []string
	right []bool // columns aligned right (numbers)
	rows  [][]string
}

func newTable(head ...string) *mdTable {
	return &mdTable{head: head, right: make([]bool, len(head))}
}

// alignRight aligns the columns numbered cols (from 0) right.
func (t *mdTable) alignRight(cols ...int) *mdTable {
	for _, c := range cols {
		t.right[c] = true
	}
	return t
}

func (t *mdTable) row(cells ...string) { t.rows = append(t.rows, cells) }

func (t *mdTable) write(w io.Writer) error {
	var b strings.Builder
	line := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			b.WriteString(" " + c + " |")
		}
		b.WriteString("\n")
	}
	line(t.head)
	rule := make([]string, len(t.head))
	for i := range rule {
		rule[i] = "---"
		if t.right[i] {
			rule[i] = "---:"
		}
	}
	line(rule)
	for _, r := range t.rows {
		line(r)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// code is s as a Markdown code span inside a table cell.
func code(s string) string {
	if s == "" || s == "-" {
		return "-"
	}
	s = strings.ReplaceAll(s, "|", `\|`)
	if strings.Contains(s, "`") {
		return "`` " + s + " ``"
	}
	return "`" + s + "`"
}

// mdText escapes the characters of s that Markdown or a table cell would
// take for markup.
var mdText = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "|", `\|`, "#", `\#`,
).Replace

package runner

import (
	"slices"
	"testing"
)

func TestShellWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		err  string
	}{
		{"", nil, ""},
		{"  -addr :8080   -v ", []string{"-addr", ":8080", "-v"}, ""},
		{`-name "two words" -x`, []string{"-name", "two words", "-x"}, ""},
		{`-name 'it''s'`, []string{"-name", "its"}, ""},
		{`'a "b" c'`, []string{`a "b" c`}, ""},
		{`"a 'b' c"`, []string{`a 'b' c`}, ""},
		{`a\ b c`, []string{"a b", "c"}, ""},
		{`"say \"hi\" \\ \$x \n"`, []string{`say "hi" \ $x \n`}, ""},
		{`'no \escapes'`, []string{`no \escapes`}, ""},
		{`x"y"'z'`, []string{"xyz"}, ""},
		{`"" ''`, []string{"", ""}, ""},
		{"tab\tand\nnewline", []string{"tab", "and", "newline"}, ""},
		{`-name "unterminated`, nil, `unterminated " quote`},
		{`it's`, nil, `unterminated ' quote`},
		{`trailing\`, nil, `backslash at the end`},
	} {
		got, err := ShellWords(tc.in)
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err {
				t.Errorf("ShellWords(%q) = %q, %v; want error %q", tc.in, got, err, tc.err)
			}
		case err != nil || !slices.Equal(got, tc.want):
			t.Errorf("ShellWords(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

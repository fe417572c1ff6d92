package runner

import (
	"errors"
	"strings"
)

// ShellWords splits s into words as a POSIX shell does, without
// expanding anything: blanks separate words; single quotes keep
// everything up to the next single quote; double quotes keep everything
// up to the next unescaped double quote, where a backslash escapes only
// $, `, " and \; elsewhere a backslash keeps the next character. hunt -args and the command lines rank -values reads carry arguments with spaces so.
func ShellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '\\':
			if i+1 == len(s) {
				return nil, errors.New("backslash at the end")
			}
			i++
			w.WriteByte(s[i])
			inWord = true
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated ' quote")
			}
			w.WriteString(s[i+1 : i+1+j])
			i += 1 + j
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\", s[i+1]) >= 0 {
					i++
				}
				w.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, errors.New(`unterminated " quote`)
			}
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

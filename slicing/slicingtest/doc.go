// Package slicingtest loads small programs for the tests of slicing and
// of the stages after it (counts, hunt): the program, its analysis with
// confhunt's default settings, and lookups by name. It is imported by
// tests only.
package slicingtest

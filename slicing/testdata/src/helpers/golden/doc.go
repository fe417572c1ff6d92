// Package golden compares test output with golden files: test
// utilities, although this file, holding only the package's comment,
// imports nothing.
package golden

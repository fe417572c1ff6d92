// Package testkeys generates keys: a test-like name, but ordinary code
// (it does not import testing), which the library itself calls.
package testkeys

import "strconv"

// Key is the i-th key.
func Key(i int) []byte { return []byte("k" + strconv.Itoa(i)) }

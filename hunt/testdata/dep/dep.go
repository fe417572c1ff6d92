// Package dep uses a module from the module cache, whose packages a probe
// run cannot rewrite.
package dep

import "github.com/mitchellh/reflectwalk"

// Walk walks v.
func Walk(v any, w any) error { return reflectwalk.Walk(v, w) }

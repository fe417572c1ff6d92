// Package koanf is a stub of github.com/knadh/koanf/v2 for tests.
package koanf

import "time"

type Koanf struct{ m map[string]any }

func New(delim string) *Koanf                       { return &Koanf{m: map[string]any{}} }
func (k *Koanf) Int(path string) int                { v, _ := k.m[path].(int); return v }
func (k *Koanf) Int64(path string) int64            { v, _ := k.m[path].(int64); return v }
func (k *Koanf) String(path string) string          { v, _ := k.m[path].(string); return v }
func (k *Koanf) Bool(path string) bool              { v, _ := k.m[path].(bool); return v }
func (k *Koanf) Duration(path string) time.Duration { v, _ := k.m[path].(time.Duration); return v }
func (k *Koanf) Get(path string) any                { return k.m[path] }
func (k *Koanf) Exists(path string) bool            { _, ok := k.m[path]; return ok }
func (k *Koanf) Unmarshal(path string, o any) error { return nil }

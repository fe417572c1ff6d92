// Package viper is a stub of github.com/spf13/viper for tests.
package viper

type Viper struct{ m map[string]any }

func New() *Viper                               { return &Viper{m: map[string]any{}} }
func GetInt(key string) int                     { return 0 }
func GetString(key string) string               { return "" }
func GetBool(key string) bool                   { return false }
func IsSet(key string) bool                     { return false }
func (v *Viper) GetInt(key string) int          { i, _ := v.m[key].(int); return i }
func (v *Viper) GetString(key string) string    { s, _ := v.m[key].(string); return s }
func Unmarshal(rawVal any) error                { return nil }
func UnmarshalKey(key string, rawVal any) error { return nil }

// Package pflag is a stub of github.com/spf13/pflag for tests.
package pflag

type FlagSet struct{}

func NewFlagSet(name string) *FlagSet                                                   { return &FlagSet{} }
func Int(name string, value int, usage string) *int                                     { return &value }
func IntP(name, shorthand string, value int, usage string) *int                         { return &value }
func BoolVar(p *bool, name string, value bool, usage string)                            { *p = value }
func (f *FlagSet) String(name string, value string, usage string) *string               { return &value }
func (f *FlagSet) DurationVarP(p *int64, name, short string, value int64, usage string) {}
func (f *FlagSet) IntVarP(p *int, name, short string, value int, usage string)          {}
func (f *FlagSet) GetInt(name string) (int, error)                                      { return 0, nil }

// Package kingpin is a stub of github.com/alecthomas/kingpin/v2 with the
// real package's shape: Application embeds cmdMixin, which embeds
// *flagGroup (whose Flag starts a chain); FlagClause embeds parserMixin,
// whose methods end it.
package kingpin

import "time"

type flagGroup struct{ flags []*FlagClause }

// Flag starts a flag's definition.
func (f *flagGroup) Flag(name, help string) *FlagClause {
	fc := &FlagClause{name: name}
	f.flags = append(f.flags, fc)
	return fc
}

type cmdMixin struct {
	*flagGroup
}

// Application is a command line.
type Application struct {
	cmdMixin
	Name string
}

// New returns an application.
func New(name, help string) *Application {
	return &Application{cmdMixin: cmdMixin{flagGroup: &flagGroup{}}, Name: name}
}

var commandLine = New("", "")

// Flag defines a flag of the default application.
func Flag(name, help string) *FlagClause { return commandLine.Flag(name, help) }

type parserMixin struct{ value any }

// Int ends a definition with the flag's value.
func (p *parserMixin) Int() *int {
	v := new(int)
	p.value = v
	return v
}

// DurationVar ends a definition binding the flag to target.
func (p *parserMixin) DurationVar(target *time.Duration) { p.value = target }

// FlagClause is a flag being defined.
type FlagClause struct {
	parserMixin
	name          string
	defaultValues []string
}

// Default sets the flag's default.
func (f *FlagClause) Default(values ...string) *FlagClause {
	f.defaultValues = values
	return f
}

// Bool ends a definition with a boolean value.
func (f *FlagClause) Bool() *bool {
	v := new(bool)
	f.value = v
	return v
}

// Parse parses the command line.
func (a *Application) Parse(args []string) (string, error) { return "", nil }

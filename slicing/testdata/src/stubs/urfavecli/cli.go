// Package cli stubs the part of github.com/urfave/cli/v2 the tests use:
// flags declared as struct literals.
package cli

import "time"

type Flag interface{ Names() []string }

type IntFlag struct {
	Name        string
	Usage       string
	Value       int
	Destination *int
	EnvVars     []string
}

func (f *IntFlag) Names() []string { return []string{f.Name} }

type DurationFlag struct {
	Name        string
	Value       time.Duration
	Destination *time.Duration
}

func (f *DurationFlag) Names() []string { return []string{f.Name} }

type App struct {
	Name  string
	Flags []Flag
}

func (a *App) Run(args []string) error { return nil }

/*
Confhunt finds the configuration options of a Go program that control its
heavy work: where each option is read, what it reaches, and how much CPU,
memory and IO that work costs.

Usage:

	confhunt <command> [flags] [packages]

The commands are:

	sources   list the options and every place they are read

Packages are patterns as for go build; the default is ./... in the
directory given by -C (the current one by default).

Flags common to every command:

	-C dir        run as if in dir, like go -C
	-config file  settings file (default: .confhunt.yaml in the module root)
	-tags list    comma-separated build tags
	-test         include test files and test variants of packages
	-json         print JSON instead of a table
	-v            print the time and peak memory of each phase on stderr

Options are found in the ways settings are read in Go programs: key
getters (koanf, viper, urfave/cli, pflag's Get*), flag and pflag
definitions, os.Getenv and os.LookupEnv, configuration structs (with
koanf/yaml/toml/mapstructure/env tags, or named *Config, *Options, *Opts,
*Settings, *Conf) and their getter methods. Project-specific accessors and
types are declared in .confhunt.yaml:

	sources:
	  types: ["example.com/storage.Tuning"]
	  funcs:
	    - func: "example.com/svc/conf.(*Store).Lookup"
	      key: 0
	  exclude: ["example.com/svc/internal/testutil/..."]

Settings are read, each layer over the last, from the built-in defaults,
the settings file, CONFHUNT_* environment variables (nested keys joined by
a double underscore: CONFHUNT_SOURCES__EXCLUDE=a,b) and flags.

Exit status: 0 when done, 2 for a usage error, bad settings, or packages
that cannot be loaded. Packages that fail to type-check are listed on
stderr and the rest is analysed.
*/
package main

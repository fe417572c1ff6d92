/*
Confhunt finds the configuration options of a Go program that control its
heavy work: where each option is read, what it reaches, and how much CPU,
memory and IO that work costs.

Usage:

	confhunt <command> [flags] [packages]

The commands are:

	sources   list the options and every place they are read
	slice     show one option's forward slice (-option NAME)
	rank      rank the options by the CPU, memory and IO work they control

rank slices forward from every read of every option over a VTA call
graph (data dependence through values, fields, globals, container
elements, channels, calls and returns; control dependence through
branches on the option and the calls they guard), weighs each instruction
in the slice by its CPU, memory and IO cost times its estimated execution
count (loop trip counts and branch probabilities), and sums per option
(PBHunter's equations 1 and 2). The table shows the total (the three
resources each normalised by their maximum over the options, summed),
the per-resource scores, how the option acts (size, trip, path, conc,
time, io) and the line contributing most. The top -top percent are the
suspects, marked '*'.

	confhunt rank -explain NAME   the lines behind one option's score
	confhunt slice -option NAME   the slice by function, with its loops

Packages are patterns as for go build; the default is ./... in the
directory given by -C (the current one by default).

Flags common to every command:

	-C dir        run as if in dir, like go -C
	-config file  settings file (default: .confhunt.yaml in the module root)
	-tags list    comma-separated build tags
	-test         include test files and test variants of packages
	-json         print JSON instead of a table
	-v            print the time and peak memory of each phase on stderr

rank also takes -top PERCENT (default 10), -explain NAME and -lines N.

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

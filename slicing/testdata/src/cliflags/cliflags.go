// Package cliflags declares urfave/cli flags as struct literals: one bound
// to a configuration field (the field's option, with the flag's name as an
// alias), one to a package variable (an option named after the flag).
package cliflags

import (
	"time"

	"github.com/urfave/cli/v2"
)

type Config struct {
	Workers int `yaml:"worker_count"`
}

var interval time.Duration

var retries int

// A flag declared as a package variable's value sets its fields in the
// package's initialiser, on the variable itself.
var retriesFlag = cli.IntFlag{Name: "retries", Value: 3, Destination: &retries}

func App(cfg *Config) *cli.App {
	return &cli.App{
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "workers", Value: 4, Destination: &cfg.Workers},
			&cli.DurationFlag{Name: "interval", Value: time.Second, Destination: &interval},
			&retriesFlag,
		},
	}
}

func Run(cfg *Config) {
	for i := 0; i < cfg.Workers; i++ { // want option:"Config.Workers" alias:"workers"
		go work()
	}
	time.Sleep(interval) // want option:"interval" style:"flag" type:"time.Duration"
	for range retries {  // want option:"retries" style:"flag"
		work()
	}
}

func work() {}

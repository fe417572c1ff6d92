// Package ignore marks options with //confhunt:ignore on their
// declarations and read sites.
package ignore

import (
	"flag"
	"fmt"
	"os"
)

type Config struct {
	Batch   int `yaml:"batch"` //confhunt:ignore fixed by the deployment
	Workers int `yaml:"workers"`
	//confhunt:ignore
	Retries int `yaml:"retries"`
	Depth   int `yaml:"depth"`
	Stride  int `yaml:"stride"` //confhunt:ignored is another word
}

//confhunt:ignore only for debugging
var trace = flag.Bool("trace", false, "")

func Run(c *Config) {
	n := c.Batch // want option:"Config.Batch" ignored:"ignore/ignore.go:12: fixed by the deployment"
	//confhunt:ignore bounded by the pool
	w := c.Workers // want option:"Config.Workers" ignored:"ignore/ignore.go:25: bounded by the pool"
	r := c.Retries // want option:"Config.Retries" ignored:"ignore/ignore.go:14"
	//confhunt:ignore mutate=loop,sleep (mutate's operators, not the option)
	d := c.Depth  // want option:"Config.Depth" !ignored:""
	s := c.Stride // want option:"Config.Stride" !ignored:""
	fmt.Println(n, w, r, d, s)
	if *trace { // want option:"trace" ignored:"ignore/ignore.go:20: only for debugging"
		fmt.Println(os.Getenv("APP_MODE")) //confhunt:ignore printed only // want option:"APP_MODE" ignored:"ignore/ignore.go:33: printed only"
	}
}

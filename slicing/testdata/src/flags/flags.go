// Package flags reads options defined with flag and pflag.
package flags

import (
	"flag"
	"fmt"
	"time"

	"github.com/spf13/pflag"
)

var replicas = flag.Int("replicas", 3, "number of replicas")
var unused = flag.String("unused", "", "defined, never read")

var verbose bool

type server struct {
	timeout *time.Duration
}

func Main() {
	flag.BoolVar(&verbose, "verbose", false, "")
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	depth := fs.Int("depth", 2, "")
	var level int
	fs.IntVar(&level, "level", 1, "")
	s := &server{timeout: flag.Duration("timeout", time.Second, "")}
	port := pflag.IntP("port", "p", 80, "")
	var debug bool
	pflag.BoolVar(&debug, "debug", false, "")

	for i := 0; i < *replicas; i++ { // want option:"replicas" style:"flag" type:"int"
		fmt.Println(i)
	}
	if verbose { // want option:"verbose" type:"bool"
		fmt.Println(*depth, level) // want option:"depth" option:"level"
	}
	s.wait()
	use(port)
	func() {
		fmt.Println(debug) // want option:"debug" style:"pflag"
	}()
}

func (s *server) wait() {
	time.Sleep(*s.timeout) // want option:"timeout"
}

func use(p *int) {
	fmt.Println(*p) // want option:"port" style:"pflag"
}

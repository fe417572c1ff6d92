package flags

import (
	"flag"
	"fmt"
	"time"

	"github.com/spf13/pflag"
)

// documented lists the flags defined through the wrappers below, as a
// project's own flag helpers register them for their help text.
var documented []string

// intVarP defines an int flag bound to p and registers it: the flag is
// named where intVarP is called, not here.
func intVarP(fs *pflag.FlagSet, p *int, name, short string, value int, usage string) {
	fs.IntVarP(p, name, short, value, usage)
	documented = append(documented, name)
}

// durationFlag defines a duration flag and returns its pointer.
func durationFlag(name string, value time.Duration) *time.Duration {
	d := flag.Duration(name, value, "")
	documented = append(documented, name)
	return d
}

// countFlag wraps intVarP: a wrapper of a wrapper.
func countFlag(fs *pflag.FlagSet, p *int, name string) {
	intVarP(fs, p, name, "", 1, "a count")
}

type pump struct {
	batch   int
	retries int
}

func Pump() {
	fs := pflag.NewFlagSet("pump")
	p := &pump{}
	intVarP(fs, &p.batch, "batch", "b", 64, "messages per batch")
	countFlag(fs, &p.retries, "retries")
	every := durationFlag("flush-every", time.Second)
	for i := 0; i < p.batch; i++ { // want option:"batch" style:"pflag" type:"int"
		fmt.Println(i)
	}
	fmt.Println(p.retries) // want option:"retries"
	time.Sleep(*every)     // want option:"flush-every" style:"flag" type:"time.Duration"
}

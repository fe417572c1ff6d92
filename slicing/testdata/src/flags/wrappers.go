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

// Flags reads the flags of a set by name, as a command's helpers do.
type Flags struct{ *flag.FlagSet }

// String is the flag's value as text. Methods called String are called
// through interfaces (fmt.Stringer) too, with names not seen: its own
// lookup stays a dynamic option as well.
func (f Flags) String(name string) string { return f.FlagSet.Lookup(name).Value.String() } // want dynamic:"Lookup@flags/wrappers.go:58"

// Int parses it: a wrapper of a wrapper.
func (f Flags) Int(name string) int {
	var n int
	fmt.Sscan(f.String(name), &n)
	return n
}

func Serve() {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	fs.Int("conns", 8, "connections kept open")
	f := Flags{fs}
	pool := make([]int, f.Int("conns"))      // want option:"conns" style:"flag"
	fmt.Println(len(pool), f.String("mode")) // want option:"mode"
}

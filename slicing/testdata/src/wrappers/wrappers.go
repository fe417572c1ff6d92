// Package wrappers reads options through the program's own wrappers of
// key getters and flag definitions, and through functions that look
// like wrappers and are not.
package wrappers

import (
	"flag"
	"fmt"
	"os"

	"github.com/spf13/viper"
)

// Flags wraps viper in a method.
type Flags struct{}

func (f Flags) Int(name string) int { return viper.GetInt(name) } // want dynamic:"GetInt@wrappers/wrappers.go:17"

type intGetter interface{ Int(name string) int }

// Methods calls the wrapper statically, through an interface and as a
// method value: the static call names its option; the others are not
// seen, so the call inside the wrapper stays a dynamic option.
func Methods() {
	f := Flags{}
	fmt.Println(f.Int("m.static")) // want option:"m.static" style:"viper" type:"int"
	var g intGetter = f
	fmt.Println(g.Int("m.invoked"))
	get := f.Int
	fmt.Println(get("m.bound"))
}

// envLookup is handed to os.Expand as a value too.
func envLookup(name string) string {
	return os.Getenv(name) // want dynamic:"Getenv@wrappers/wrappers.go:35"
}

func Expand(s string) string {
	fmt.Println(envLookup("APP_HOME")) // want option:"APP_HOME"
	return os.Expand(s, envLookup)
}

// intOpt defines a flag that an environment variable overrides: it
// wraps the flag; the variable, named by another parameter, stays a
// dynamic option.
func intOpt(name, env string, def int) *int {
	p := flag.Int(name, def, "")
	if v := os.Getenv(env); v != "" { // want dynamic:"Getenv@wrappers/wrappers.go:48"
		fmt.Sscan(v, p)
	}
	return p
}

// pair reads two variables: it wraps the first only.
func pair(a, b string) string {
	return os.Getenv(a) + os.Getenv(b) // want dynamic:"Getenv@wrappers/wrappers.go:56"
}

// requireEnv checks that a variable is set and returns an error: what it
// returns is no reading of it.
func requireEnv(name string) error {
	if os.Getenv(name) == "" { // want dynamic:"Getenv@wrappers/wrappers.go:62"
		return fmt.Errorf("%s is not set", name)
	}
	return nil
}

// enabled returns a constant chosen by a branch on the variable.
func enabled(name string) bool {
	if os.Getenv(name) == "on" {
		return true
	}
	return false
}

func Both() {
	n := intOpt("conns", "APP_CONNS", 4)
	fmt.Println(*n)                            // want option:"conns"
	fmt.Println(pair("APP_LEFT", "APP_RIGHT")) // want option:"APP_LEFT"
	if err := requireEnv("APP_TOKEN"); err != nil {
		panic(err)
	}
	fmt.Println(os.Getenv("APP_TOKEN")) // want option:"APP_TOKEN" type:"string"
	if enabled("APP_FAST") {            // want option:"APP_FAST" type:"bool"
		fmt.Println("fast")
	}
}

type client struct{ retries int }

// newClient returns a client whatever the variable says: no wrapper.
func newClient(name string) *client {
	c := &client{retries: 3}
	if os.Getenv(name) == "" { // want dynamic:"Getenv@wrappers/wrappers.go:94"
		fmt.Println("unset")
	}
	return c
}

// badValue returns the variable only inside an error: no wrapper.
func badValue(name string) (int, error) {
	return 0, fmt.Errorf("bad: " + os.Getenv(name)) // want dynamic:"Getenv@wrappers/wrappers.go:102"
}

type endpoint struct{ Addr string }

// endpointFrom returns the variable in a field of what it makes.
func endpointFrom(name string) endpoint {
	return endpoint{Addr: os.Getenv(name)}
}

func Unread() {
	fmt.Println(newClient("APP_ADDR").retries)
	fmt.Println(badValue("APP_BAD"))
	fmt.Println(endpointFrom("APP_ENDPOINT").Addr) // want option:"APP_ENDPOINT"
}

// Package env reads options from the environment.
package env

import (
	"fmt"
	"os"
	"os/exec"
)

const appPrefix = "APP_"

func Read() {
	stride := os.Getenv("APP_STRIDE")               // want option:"APP_STRIDE" style:"env" type:"string"
	dir, ok := os.LookupEnv(appPrefix + "DATA_DIR") // want option:"APP_DATA_DIR"
	fmt.Println(stride, dir, ok)
	for _, name := range []string{"A", "B"} {
		fmt.Println(os.Getenv(name)) // want dynamic:"Getenv@env/env.go:17"
	}
	fmt.Println("APP_STRIDE") // only looks like a key
}

const childEnv = "APP_CHILD"

// Child says whether this process is a worker its parent started: the
// program marks its own children, no user sets it.
func Child() bool {
	return os.Getenv(childEnv) == "1" // want !option:"APP_CHILD"
}

// Spawn starts a worker process marked as a child.
func Spawn() error {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), childEnv+"=1")
	return cmd.Start()
}

// envInt reads a number from the environment, with a default: the
// variable is named where envInt is called.
func envInt(name string, def int) int {
	var n int
	if _, err := fmt.Sscan(os.Getenv(name), &n); err != nil {
		return def
	}
	return n
}

// lookup hands on the names it is given: its callers name none, so its
// own call stays a dynamic option.
func lookup(name string) string {
	return os.Getenv(name) // want dynamic:"Getenv@env/env.go:50"
}

func Workers() {
	for range envInt("APP_WORKERS", 4) { // want option:"APP_WORKERS" style:"env" type:"int"
		fmt.Println("worker")
	}
	for _, name := range []string{"A", "B"} {
		fmt.Println(lookup(name))
	}
}

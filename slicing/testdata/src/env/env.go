// Package env reads options from the environment.
package env

import (
	"fmt"
	"os"
)

const appPrefix = "APP_"

func Read() {
	stride := os.Getenv("APP_STRIDE")               // want option:"APP_STRIDE" style:"env" type:"string"
	dir, ok := os.LookupEnv(appPrefix + "DATA_DIR") // want option:"APP_DATA_DIR"
	fmt.Println(stride, dir, ok)
	for _, name := range []string{"A", "B"} {
		fmt.Println(os.Getenv(name)) // want dynamic:"Getenv@env/env.go:16"
	}
	fmt.Println("APP_STRIDE") // only looks like a key
}

package main

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"confhunt": func() {
			os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// TestScripts runs the command-line scripts in testdata/script.
func TestScripts(t *testing.T) {
	goEnv := map[string]string{}
	for _, v := range []string{"GOCACHE", "GOPATH", "GOMODCACHE", "GOPROXY", "GOROOT"} {
		out, err := exec.Command("go", "env", v).Output()
		if err != nil {
			t.Fatal(err)
		}
		goEnv[v] = strings.TrimSpace(string(out))
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(e *testscript.Env) error {
			for k, v := range goEnv {
				e.Setenv(k, v)
			}
			e.Setenv("GOFLAGS", "-mod=mod")
			// Scripts check what a run computes; rank_cache.txtar turns
			// the cache on for itself.
			e.Setenv("CONFHUNT_CACHE", "off")
			return nil
		},
	})
}

package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"confhunt": func() {
			os.Exit(run(context.Background(), nil, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
		"confhunt-main": main, // with main's signals and temporary directory
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
		// In the test's own temporary directory, which the testing package
		// removes: testscript's default, $TMPDIR/go-test-script*, stays
		// behind empty after every run.
		WorkdirRoot: t.TempDir(),
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

// module writes a module with one package, a test that passes and one
// that fails, into a temporary directory.
func module(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/svc\n\ngo 1.26.0\n",
		"main.go": `package main

type Config struct {
	N int ` + "`yaml:\"n\"`" + `
}

var sink int

func main() {
	c := Config{N: 3}
	for i := 0; i < c.N; i++ {
		sink += i
	}
}
`,
		"main_test.go": `package main

import "testing"

func TestPasses(t *testing.T) { main() }

func TestFails(t *testing.T) { t.Fatal("fails on purpose") }
`,
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// inProcessEnv sets what run and the go commands it starts read from the
// environment, for the tests that call run in this process and may run
// in parallel (which t.Setenv forbids): no cache read or written, modules
// resolved as the scripts resolve them. The values stay for the rest of
// the process, which only runs tests.
var inProcessEnv = sync.OnceValue(func() error {
	return errors.Join(os.Setenv("CONFHUNT_CACHE", "off"), os.Setenv("GOFLAGS", "-mod=mod"))
})

// TestExitCodes: 0 done, 1 findings asked for by a check flag, 2 usage or
// load error, 3 the user's build or workload failed (and no counts file
// written), 130 interrupted with one line. Parallel, it runs at the end
// beside TestDeterminism.
func TestExitCodes(t *testing.T) {
	if err := inProcessEnv(); err != nil {
		t.Fatal(err)
	}
	t.Parallel()
	dir := module(t)
	out := filepath.Join(t.TempDir(), "c.json")
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name   string
		ctx    context.Context
		args   []string
		code   int
		stderr string // a regular expression the whole of stderr matches
	}{
		{"done", context.Background(), []string{"sources", "-C", dir}, 0, ``},
		{"findings", context.Background(), []string{"rank", "-C", dir, "-fail-on-suspects"}, 1, `^confhunt: 1 suspect: Config.N\n$`},
		{"help", context.Background(), []string{"rank", "-help"}, 0, `(?s)^usage: confhunt rank.*\n  -cache off\n.*\n  -test\n.*`},
		{"unknown command", context.Background(), []string{"nosuch"}, 2, `^confhunt: unknown command "nosuch".*\n$`},
		{"unknown flag", context.Background(), []string{"rank", "-nosuch"}, 2, `(?s)^flag provided but not defined: -nosuch\n.*confhunt: flag provided but not defined: -nosuch\n$`},
		{"flag after the packages", context.Background(), []string{"rank", "-C", dir, "./...", "-json"}, 2, `^confhunt: rank: flag -json after the packages; flags go before them\n$`},
		{"bad settings", context.Background(), []string{"rank", "-C", dir, "-config", filepath.Join(dir, "nosuch.yaml")}, 2, `^confhunt: settings file .*nosuch.yaml does not exist\n$`},
		{"nothing loads", context.Background(), []string{"sources", "-C", dir, "./nosuch"}, 2, `^confhunt: .*`},
		{"no such -C", context.Background(), []string{"sources", "-C", filepath.Join(dir, "nosuch")}, 2, `^confhunt: -C .*nosuch: no such directory\n$`},
		{"-C a file", context.Background(), []string{"sources", "-C", filepath.Join(dir, "go.mod")}, 2, `^confhunt: -C .*go.mod: not a directory\n$`},
		{"interrupted", canceled, []string{"sources", "-C", dir}, 130, `^confhunt: interrupted\n$`},
		{"interrupted run", canceled, []string{"counts", "-C", dir, "-o", out, "--", "go", "test", "."}, 130, `^confhunt: interrupted\n$`},
		{"workload failed", context.Background(), []string{"counts", "-C", dir, "-o", out, "--", "go", "test", "-count=1", "-run", "TestFails", "."}, 3, `(?s).*\nconfhunt: the workload failed .*`},
		{"build failed", context.Background(), []string{"counts", "-C", dir, "-o", out, "-build", "./nosuch", "--", "go", "version"}, 3, `(?s).*\nconfhunt: building ./nosuch: .*`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			code := run(tc.ctx, nil, tc.args, strings.NewReader(""), &stdout, &stderr)
			if code != tc.code {
				t.Errorf("exit code %d, want %d; stderr:\n%s", code, tc.code, stderr.String())
			}
			if !regexp.MustCompile(tc.stderr).MatchString(stderr.String()) {
				t.Errorf("stderr does not match %q:\n%s", tc.stderr, stderr.String())
			}
			if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s: %v, want no counts file written", out, err)
			}
		})
	}
}

// TestHiddenFlags: mutate refuses -cache and -test, and its help leaves
// them out; rank's lists them.
func TestHiddenFlags(t *testing.T) {
	for cmd, shown := range map[string]bool{"mutate": false, "rank": true} {
		var stdout, stderr strings.Builder
		if code := run(context.Background(), nil, []string{cmd, "-help"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("%s -help: exit code %d", cmd, code)
		}
		for _, flag := range []string{"\n  -cache off\n", "\n  -test\n"} {
			if got := strings.Contains(stderr.String(), flag); got != shown {
				t.Errorf("%s -help lists %q: %v, want %v:\n%s", cmd, strings.TrimSpace(flag), got, shown, stderr.String())
			}
		}
		if !strings.Contains(stderr.String(), "\n  -json\n") {
			t.Errorf("%s -help lacks -json:\n%s", cmd, stderr.String())
		}
	}
}

func TestVersion(t *testing.T) {
	for _, tc := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.3.1"}}, "confhunt v0.3.1 go1.26.8"},
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "8ed1644c9f0e2b1a"}, {Key: "vcs.modified", Value: "true"},
		}}, "confhunt (devel) revision 8ed1644c9f0e2b1a (modified) go1.26.8"},
		{&debug.BuildInfo{GoVersion: "go1.26.8", Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}}, "confhunt (devel) revision abc go1.26.8"},
		{nil, "confhunt (devel)"},
	} {
		if got := version(tc.info); got != tc.want {
			t.Errorf("version = %q, want %q", got, tc.want)
		}
	}
}

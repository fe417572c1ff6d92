package main

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/confhunt/confhunt/internal/testutil"
)

// TestCompareInterrupted: Ctrl-C while compare runs the workload on the
// probed copies exits 130 and leaves no copy, binary, overlay or process
// behind, and the repository as it was.
func TestCompareInterrupted(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("CONFHUNT_CACHE", "off")
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := t.TempDir()
	testutil.Commit(t, dir, "base", map[string]string{
		"go.mod": "module example.com/hang\n\ngo 1.26.0\n",
		"h.go":   "package hang\n\n// F adds.\nfunc F(n int) int { return n + 1 }\n",
		// The workload's test is in another package, so that the analysed
		// one (".") has no tests to load.
		"sub/sub_test.go": `package sub

import (
	"testing"
	"time"

	"example.com/hang"
)

func TestHang(t *testing.T) {
	hang.F(1)
	time.Sleep(time.Minute)
}
`,
	})
	testutil.WriteFiles(t, dir, map[string]string{"h.go": "package hang\n\n// F adds more.\nfunc F(n int) int { return n + 2 }\n"})
	before := testutil.State(t, dir)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		// Interrupt once the workload runs on a probed copy.
		for ctx.Err() == nil {
			entries, _ := os.ReadDir(tmp)
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), "confhunt-hunt-") {
					time.Sleep(time.Second)
					cancel()
					return
				}
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	var stdout, stderr strings.Builder
	code := run(ctx, nil, []string{"compare", "-C", dir, "-base", "HEAD", ".", "--", "go", "test", "-count=1", "-run", "TestHang", "./sub"}, strings.NewReader(""), &stdout, &stderr)
	if code != exitInterrupted || stderr.String() != "confhunt: interrupted\n" {
		t.Errorf("exit code %d, stderr %q; want 130 and one line", code, stderr.String())
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("left in TMPDIR: %v", names)
	}
	if after := testutil.State(t, dir); after != before {
		t.Errorf("the repository changed:\nbefore %+v\nafter  %+v", before, after)
	}
}

package main

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
)

// chromiumFlags keep a headless Chromium off the network and away from
// any profile but a fresh one.
var chromiumFlags = []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
	"--disable-background-networking", "--disable-component-update", "--disable-sync"}

var (
	countRE   = regexp.MustCompile(`data-status="([a-z-]+)" data-count="([0-9]+)"`)
	consoleRE = regexp.MustCompile(`(?m)^.*:CONSOLE[^\]]*\].*$`)
)

// browserCheck opens the HTML report page in headless Chromium (the
// binary chromium): it fails when the page logs anything to the console
// (an error, a blocked request) or when the verdict counts in its DOM
// differ from want, and saves a screenshot of the page to png.
func browserCheck(ctx context.Context, chromium, page, png string, want map[string]int) error {
	profile, err := os.MkdirTemp("", "confhunt-chromium-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(profile)
	url := "file://" + page
	browse := func(extra ...string) ([]byte, []byte, error) {
		args := append(slices.Clone(chromiumFlags), "--user-data-dir="+filepath.Join(profile, "p"), "--enable-logging=stderr", "--v=0")
		args = append(append(args, extra...), url)
		cmd := exec.CommandContext(ctx, chromium, args...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		return out.Bytes(), errb.Bytes(), err
	}
	dom, logs, err := browse("--dump-dom")
	if err != nil {
		return fmt.Errorf("%s --dump-dom: %v\n%s", chromium, err, lastLines(logs, 5))
	}
	if msgs := consoleRE.FindAll(logs, -1); len(msgs) > 0 {
		return fmt.Errorf("the page logged to the console:\n%s", bytes.Join(msgs, []byte("\n")))
	}
	got := make(map[string]int)
	for _, m := range countRE.FindAllSubmatch(dom, -1) {
		n, _ := strconv.Atoi(string(m[2]))
		got[string(m[1])] = n
	}
	for _, st := range slices.Sorted(maps.Keys(want)) {
		if got[st] != want[st] {
			return fmt.Errorf("the page's DOM counts %v, the JSON %v", got, want)
		}
	}
	if len(got) == 0 {
		return fmt.Errorf("the page's DOM holds no verdict counts")
	}
	if _, logs, err := browse("--screenshot="+png, "--window-size=1280,1600", "--hide-scrollbars"); err != nil {
		return fmt.Errorf("%s --screenshot: %v\n%s", chromium, err, lastLines(logs, 5))
	}
	if _, err := os.Stat(png); err != nil {
		return fmt.Errorf("no screenshot: %w", err)
	}
	return nil
}

// htmlCheck renders the JSON report of a mutate run as HTML in dir (the
// target's module root, for the sources), checks it in Chromium and
// saves its screenshot to png; it returns a line for the evaluation.
func htmlCheck(ctx context.Context, bin, chromium, dir string, report []byte, counts map[string]int, png string) string {
	tmp, err := os.MkdirTemp("", "confhunt-eval-html-")
	if err != nil {
		return fmt.Sprintf("- HTML report check: %v\n", err)
	}
	defer os.RemoveAll(tmp)
	js := filepath.Join(tmp, "report.json")
	if err := os.WriteFile(js, report, 0o644); err != nil {
		return fmt.Sprintf("- HTML report check: %v\n", err)
	}
	html, stderr, err := run(ctx, dir, bin, "mutate", "merge", "-format", "html", js)
	if err != nil {
		return fmt.Sprintf("- HTML report check: mutate merge -format html: %v %s\n", err, lastLines(stderr, 2))
	}
	page := filepath.Join(tmp, "report.html")
	if err := os.WriteFile(page, html, 0o644); err != nil {
		return fmt.Sprintf("- HTML report check: %v\n", err)
	}
	if err := browserCheck(ctx, chromium, page, png, counts); err != nil {
		return fmt.Sprintf("- HTML report check in headless Chromium: FAILED: %v\n", err)
	}
	return fmt.Sprintf("- HTML report check in headless Chromium: no console message, verdict counts in the DOM = the JSON's; screenshot %s\n", png)
}

package hunt

import (
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/confhunt/confhunt/internal/overlay"
	"github.com/confhunt/confhunt/internal/runner"
)

// Runner runs workloads with probes.
type Runner struct {
	runner.Runner
}

// probeFlags are the go test flags a probe run cannot combine with its
// overlay.
var probeFlags = []runner.Flag{
	{Name: "cover", Why: coverWhy},
	{Name: "covermode", Why: coverWhy},
	{Name: "coverpkg", Why: coverWhy},
	{Name: "coverprofile", Why: coverWhy},
	{Name: "overlay", Why: "confhunt passes its own overlay, which holds the probes"},
}

const coverWhy = "go ignores the probes' overlay for packages built with coverage (golang/go#73802); take coverage with confhunt counts"

// Check checks a workload before anything runs: a go test command must
// set no flag that would write a probed binary into the user's tree or
// that cannot be combined with the probes' overlay.
func Check(w runner.Workload) error {
	if w.Build == "" {
		return runner.CheckGoTest(w.Command, probeFlags...)
	}
	return nil
}

// Measurement is what one probe site recorded.
type Measurement struct {
	Probe *Probe
	Calls int64
	Nanos int64 // inclusive time for functions, time in the call for IO
	Bytes int64 // allocated or transferred
}

// Result is the outcome of a workload run.
type Result struct {
	Measurements []Measurement
	Wall         time.Duration // of the workload command
	Output       []byte        // what the workload command printed on standard output
	Warnings     []string
}

// Probe runs the workload with the plan's probes spliced in through
// go -overlay (a nil plan runs it as it is) and reads back the counters.
func (r *Runner) Probe(ctx context.Context, pl *Plan, ov *overlay.Overlay, w runner.Workload) (*Result, error) {
	if err := Check(w); err != nil {
		return nil, err
	}
	run, err := r.Start("confhunt-hunt-")
	if err != nil {
		return nil, err
	}
	defer run.Close()
	probeDir := filepath.Join(run.Dir, "probes")
	if err := os.Mkdir(probeDir, 0o755); err != nil {
		return nil, err
	}
	env := []string{"CONFHUNT_PROBE_DIR=" + probeDir}
	flags := overlayFlags(ov)
	res := &Result{}
	if pl != nil {
		res.Warnings = slices.Clone(pl.Skipped)
	}
	out := &tee{w: r.Stdout}
	if w.Build == "" {
		args := append([]string{w.Command[0], "test"}, flags...)
		if !hasFlag(w.Command[2:], "count") {
			args = append(args, "-count=1") // a cached result runs no probe
		}
		args = append(args, w.Command[2:]...)
		start := time.Now()
		if err := run.ExecWorkload(ctx, env, out, args); err != nil {
			return nil, err
		}
		res.Wall = time.Since(start)
	} else {
		// A service that ignores SIGINT is killed after the grace period;
		// its counters, being mapped from files, are kept, and the run
		// only warns.
		wall, stopErr, err := run.Service(ctx, w, flags, env, out)
		if err != nil {
			return nil, err
		}
		res.Wall = wall
		if stopErr != nil {
			res.Warnings = append(res.Warnings, stopErr.Error()+" (the probes' counters are kept)")
		}
	}
	res.Output = []byte(out.String())
	if pl != nil {
		if res.Measurements, err = readCounters(probeDir, pl); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// overlayFlags are the go build flags that splice ov in (none for nil).
func overlayFlags(ov *overlay.Overlay) []string {
	if ov == nil {
		return nil
	}
	return []string{"-overlay=" + ov.JSON}
}

func hasFlag(args []string, name string) bool {
	for _, a := range args {
		if a == "-"+name || a == "--"+name || strings.HasPrefix(a, "-"+name+"=") || strings.HasPrefix(a, "--"+name+"=") {
			return true
		}
	}
	return false
}

// readCounters reads each probed package's counter file.
func readCounters(dir string, pl *Plan) ([]Measurement, error) {
	cache := make(map[string][]int64) // by import path
	var out []Measurement
	for _, pr := range pl.Probes {
		c, ok := cache[pr.pkg]
		if !ok {
			data, err := os.ReadFile(filepath.Join(dir, counterFile(pr.pkg)))
			if err != nil && !errors.Is(err, os.ErrNotExist) {
				return nil, err
			}
			c = make([]int64, len(data)/8)
			for i := range c {
				c[i] = int64(binary.LittleEndian.Uint64(data[i*8:]))
			}
			cache[pr.pkg] = c
		}
		m := Measurement{Probe: pr}
		if i := pr.id * slots; i+slots <= len(c) {
			m.Calls, m.Nanos, m.Bytes = c[i], c[i+1], c[i+2]
		}
		out = append(out, m)
	}
	return out, nil
}

// tee copies what is written to w and keeps it.
type tee struct {
	w   interface{ Write([]byte) (int, error) }
	buf strings.Builder
}

func (t *tee) Write(p []byte) (int, error) {
	t.buf.Write(p)
	if t.w != nil {
		return t.w.Write(p)
	}
	return len(p), nil
}

func (t *tee) String() string { return t.buf.String() }

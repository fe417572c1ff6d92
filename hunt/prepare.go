package hunt

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"

	"github.com/confhunt/confhunt/internal/overlay"
	"github.com/confhunt/confhunt/internal/runner"
)

// Prepared is a workload readied with a plan's probes for repeated runs,
// as hunt -overhead makes them.
type Prepared struct {
	// Fallback, when not nil, says why each run goes through Probe (go
	// test or a service build) instead of test binaries built once.
	Fallback error

	r        *Runner
	pl       *Plan
	ov       *overlay.Overlay
	w        runner.Workload
	run      *runner.Run
	bins     *runner.TestBinaries
	probeDir string
}

// Prepare readies the workload w with the plan's probes (a nil plan: none)
// for repeated runs. The test binaries of a go test command are built
// once, one per package, with go test -c and the overlay, into a run
// directory of their own; each Run runs them. A service, or a go test
// command whose binaries cannot be run in its place (Fallback says why),
// goes through Probe on every Run. The caller must Close it.
func (r *Runner) Prepare(ctx context.Context, pl *Plan, ov *overlay.Overlay, w runner.Workload) (*Prepared, error) {
	if err := Check(w); err != nil {
		return nil, err
	}
	p := &Prepared{r: r, pl: pl, ov: ov, w: w}
	if w.Build != "" {
		p.Fallback = errRunService
		return p, nil
	}
	gt, err := runner.SplitGoTest(w.Command)
	if err != nil {
		p.Fallback = err
		return p, nil
	}
	if p.run, err = r.Start("confhunt-hunt-"); err != nil {
		return nil, err
	}
	p.probeDir = filepath.Join(p.run.Dir, "probes")
	if p.bins, err = p.run.BuildTests(ctx, gt, overlayFlags(ov), nil); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

var errRunService = errors.New("a service is built by go build on every run")

// Packages returns the packages whose test binaries each Run runs, or nil
// when runs go through Probe.
func (p *Prepared) Packages() []string {
	if p.bins == nil {
		return nil
	}
	return p.bins.Packages()
}

// DropSame leaves out of p's runs the test binaries that are those of
// base (runner.TestBinaries.DropSame), and returns how many are left; -1
// when either runs through Probe, where nothing is left out.
func (p *Prepared) DropSame(base *Prepared) (int, error) {
	if p.bins == nil || base.bins == nil {
		return -1, nil
	}
	return p.bins.DropSame(base.bins)
}

// EqualWork makes p's runs after the first do the work it did
// (runner.TestBinaries.EqualWork); nothing when p runs through Probe.
func (p *Prepared) EqualWork() {
	if p.bins != nil {
		p.bins.EqualWork()
	}
}

// ShareWork makes p's runs do the work base's first run planned
// (runner.TestBinaries.ShareWork); nothing when either runs through
// Probe.
func (p *Prepared) ShareWork(base *Prepared) {
	if p.bins != nil && base.bins != nil {
		p.bins.ShareWork(base.bins)
	}
}

// Run runs the prepared workload once and reads back the counters.
func (p *Prepared) Run(ctx context.Context) (*Result, error) {
	if p.bins == nil {
		return p.r.Probe(ctx, p.pl, p.ov, p.w)
	}
	// Each run counts from zero.
	if err := os.RemoveAll(p.probeDir); err != nil {
		return nil, err
	}
	if err := os.Mkdir(p.probeDir, 0o755); err != nil {
		return nil, err
	}
	out := &tee{w: p.r.Stdout}
	wall, err := p.bins.Run(ctx, []string{"CONFHUNT_PROBE_DIR=" + p.probeDir}, out)
	if err != nil {
		return nil, err
	}
	res := &Result{Wall: wall, Output: []byte(out.String())}
	if p.pl != nil {
		res.Warnings = slices.Clone(p.pl.Skipped)
		if res.Measurements, err = readCounters(p.probeDir, p.pl); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// Close ends what the runs left running and removes the test binaries.
func (p *Prepared) Close() error {
	if p.run == nil {
		return nil
	}
	return p.run.Close()
}

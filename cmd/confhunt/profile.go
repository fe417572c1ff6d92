package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/confhunt/confhunt/counts"
	"github.com/confhunt/confhunt/scoring"
)

// profiled adds the CPU profile e.profile, when given, to the counts c;
// without either, it points out a default.pgo of the analysed main
// packages, which is such a profile.
func (e *env) profiled(an *analysis, c scoring.Counts) (scoring.Counts, error) {
	if e.profile == "" {
		if c == nil {
			e.notePGO(an)
		}
		return c, nil
	}
	cpu, err := counts.ReadCPU(e.profile, an.prog, an.a.Functions())
	if err != nil {
		return nil, profileError(e.profile, err)
	}
	if e.v {
		fmt.Fprintf(e.stderr, "confhunt: profile %s: %.0f%% of its CPU time is in the analysed functions\n", e.profile, 100*cpu.Matched/cpu.Total)
	}
	return scoring.Measurements(c, cpu), nil
}

// checkProfile reads -profile before the analysis, so that a missing
// file or one that is no profile fails at once.
func (e *env) checkProfile() error {
	if e.profile == "" {
		return nil
	}
	if err := counts.CheckCPU(e.profile); err != nil {
		return profileError(e.profile, err)
	}
	return nil
}

// profileError is the usage error of a -profile file that cannot be used.
func profileError(file string, err error) error {
	if errors.Is(err, os.ErrNotExist) {
		return usageError("-profile %s: no such file", file)
	}
	return &exitError{exitUsage, err}
}

// notePGO says on stderr that a main package keeps a PGO profile that
// rank -profile can use.
func (e *env) notePGO(an *analysis) {
	for _, p := range an.prog.Packages {
		if p.Name != "main" || len(p.GoFiles) == 0 {
			continue
		}
		pgo := filepath.Join(filepath.Dir(p.GoFiles[0]), "default.pgo")
		if fi, err := os.Stat(pgo); err == nil && fi.Mode().IsRegular() {
			rel, err := filepath.Rel(an.prog.Root, pgo)
			if err != nil {
				rel = pgo
			}
			fmt.Fprintf(e.stderr, "confhunt: note: %s is a CPU profile (PGO); rank -profile %s ranks with it as measured hotness\n", rel, rel)
			return
		}
	}
}

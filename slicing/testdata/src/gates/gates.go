// Package gates asks feature gates by name: a gate library's, and the
// package's own set of named features, through a wrapper and an
// interface. Each gate is an option named after it.
package gates

import (
	"fmt"
	"slices"

	"k8s.io/component-base/featuregate"
)

// A gate library's gates.
const (
	Tracing  featuregate.Feature = "Tracing"
	Prefetch featuregate.Feature = "Prefetch"
)

var DefaultFeatureGate featuregate.MutableFeatureGate = featuregate.NewFeatureGate()

// The package's own: a set of named features.
type Feature string

const (
	BatchWrites Feature = "batch-writes"
	Compaction  Feature = "compaction"
	Checksums   Feature = "checksums"
)

type Gates struct{ on map[Feature]bool }

func (g *Gates) Enabled(f Feature) bool { return g.on[f] }

var global = &Gates{on: map[Feature]bool{}}

// Enabled asks the global gates: a gate too, since it passes the name on.
func Enabled(f Feature) bool { return global.Enabled(f) }

// FeatureSet is asked through an interface *Gates implements.
type FeatureSet interface {
	Enabled(Feature) bool
}

// Not gates: a comparison of names, a lookup of a plain string, a map
// keyed by names that answers a number.
type Status string

func (s Status) Is(x Status) bool { return s == x }

type Header map[string]string

func (h Header) Has(key string) bool { _, ok := h[key]; return ok }

type Weights map[Feature]int

func (w Weights) Of(f Feature) int { return w[f] }

func Run(fs FeatureSet, st Status, h Header, w Weights, all []Feature) {
	if DefaultFeatureGate.Enabled(Tracing) { // want option:"Tracing" style:"gate" type:"bool"
		fmt.Println("trace")
	}
	var fg featuregate.FeatureGate = DefaultFeatureGate
	fmt.Println(fg.Enabled(Prefetch)) // want option:"Prefetch" style:"gate"

	if global.Enabled(BatchWrites) { // want option:"batch-writes" style:"gate"
		fmt.Println("batch")
	}
	fmt.Println(Enabled(Checksums))     // want option:"checksums"
	fmt.Println(fs.Enabled(Compaction)) // want option:"compaction"
	for _, f := range all {
		fmt.Println(global.Enabled(f)) // a name that is no constant asks no gate in particular
	}
	fmt.Println(st.Is("ready"), h.Has("Content-Type"), w.Of(Compaction))
}

// Config switches features on by naming them in a list: each name the
// code compares an element with, or asks the list for, is a gate.
type Config struct {
	Features []string `yaml:"features"`
	Hosts    []string `yaml:"hosts"`
}

type server struct{ compress, cache, trace bool }

func New(cfg Config) *server {
	s := &server{}
	for _, f := range cfg.Features { // want option:"Config.Features"
		switch f {
		case "gzip": // want option:"gzip" style:"gate"
			s.compress = true
		case "cache": // want option:"cache" style:"gate"
			s.cache = true
		}
	}
	features := cfg.Features                     // want option:"Config.Features"
	s.trace = slices.Contains(features, "trace") // want option:"trace" style:"gate"
	for _, h := range cfg.Hosts {                // want option:"Config.Hosts"
		if h != "" { // an empty name switches nothing on
			fmt.Println(h)
		}
		if h == "*" { // a wildcard the list may hold, not a feature
			fmt.Println("all hosts")
		}
	}
	if len(cfg.Hosts) > 0 && cfg.Hosts[0] == "0.0.0.0" { // want option:"Config.Hosts"
		fmt.Println("any") // the first host is one value, not a feature the list names
	}
	return s
}

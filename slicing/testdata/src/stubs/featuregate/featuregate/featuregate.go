// Package featuregate is a stub of k8s.io/component-base/featuregate for
// tests.
package featuregate

type Feature string

type FeatureGate interface {
	Enabled(key Feature) bool
}

type MutableFeatureGate interface {
	FeatureGate
	Set(value string) error
}

type featureGate struct{ enabled map[Feature]bool }

func (f *featureGate) Enabled(key Feature) bool { return f.enabled[key] }
func (f *featureGate) Set(value string) error   { return nil }

func NewFeatureGate() MutableFeatureGate { return &featureGate{enabled: map[Feature]bool{}} }

package slicing_test

import (
	"slices"
	"testing"

	"github.com/confhunt/confhunt/slicing"
)

// TestLookupClosest: an unknown name is answered with the names it is a
// dotted suffix of, or that are a few edits from it, and with none when
// no name is near: not with the three least far of unrelated names. A
// dotted suffix of one option's name only is that option.
func TestLookupClosest(t *testing.T) {
	opts := []*slicing.Option{
		{Name: "Config.Rounds"},
		{Name: "Config.Workers", Aliases: []string{"workers"}},
		{Name: "Server.ReadTimeout"},
		{Name: "Client.ReadTimeout"},
		{Name: "Options.NoSync"},
	}
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"Config.Round", []string{"Config.Rounds"}},
		{"ReadTimeout", []string{"Client.ReadTimeout", "Server.ReadTimeout"}},
		{"worker", []string{"Config.Workers"}},
		{"NoSuchOption", nil},
	} {
		o, closest := slicing.Lookup(opts, tc.name)
		if o != nil {
			t.Errorf("Lookup(%q) found %s", tc.name, o.Name)
		}
		if !slices.Equal(closest, tc.want) {
			t.Errorf("Lookup(%q): closest %q, want %q", tc.name, closest, tc.want)
		}
	}
	if o, _ := slicing.Lookup(opts, "workers"); o == nil || o.Name != "Config.Workers" {
		t.Errorf("Lookup by alias: %v", o)
	}
	if o, _ := slicing.Lookup(opts, "nosync"); o == nil || o.Name != "Options.NoSync" {
		t.Errorf("Lookup by the only name it ends: %v", o)
	}
}

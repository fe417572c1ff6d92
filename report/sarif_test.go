package report

import "testing"

// TestSARIFAt: positions in the module are relative to SRCROOT, those in
// other modules to GOMODCACHE, others are file URIs; regions are lines.
func TestSARIFAt(t *testing.T) {
	for _, tc := range []struct {
		pos, uri, base string
		line           int
	}{
		{"internal/store/store.go:12:5", "internal/store/store.go", srcRoot, 12},
		{"internal/store/store.go:12", "internal/store/store.go", srcRoot, 12},
		{"a b/c#d.go:3:1", "a%20b/c%23d.go", srcRoot, 3},
		{"github.com/knadh/koanf/v2@v2.4.1/koanf.go:40:2", "github.com/knadh/koanf/v2@v2.4.1/koanf.go", goModCache, 40},
		{"/usr/lib/go/src/os/file.go:7:1", "file:///usr/lib/go/src/os/file.go", "", 7},
	} {
		loc, ok := sarifAt(tc.pos)
		if !ok {
			t.Errorf("sarifAt(%q) failed", tc.pos)
			continue
		}
		al := loc.PhysicalLocation.ArtifactLocation
		if al.URI != tc.uri || al.URIBaseID != tc.base || loc.PhysicalLocation.Region.StartLine != tc.line {
			t.Errorf("sarifAt(%q) = %s (base %q) line %d, want %s (base %q) line %d",
				tc.pos, al.URI, al.URIBaseID, loc.PhysicalLocation.Region.StartLine, tc.uri, tc.base, tc.line)
		}
	}
	for _, pos := range []string{"", "-", "file.go", "file.go:x"} {
		if _, ok := sarifAt(pos); ok {
			t.Errorf("sarifAt(%q) succeeded", pos)
		}
	}
}

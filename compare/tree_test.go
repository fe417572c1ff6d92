package compare

import "testing"

// TestModuleVersion: module@version is told from git revisions that hold
// an @ (reflog entries) or no module path.
func TestModuleVersion(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		spec, path, version string
		ok                  bool
	}{
		{"example.com/mod@v1.2.3", "example.com/mod", "v1.2.3", true},
		{"github.com/a/b/v2@v2.0.0-20200101000000-abcdefabcdef", "github.com/a/b/v2", "v2.0.0-20200101000000-abcdefabcdef", true},
		{"golang.org/x/tools@latest", "golang.org/x/tools", "latest", true},
		{"HEAD@{1}", "", "", false},
		{"main@{upstream}", "", "", false},
		{"HEAD~2", "", "", false},
		{"v1.2.3", "", "", false},
		{"example.com/mod@", "", "", false},
		{"feature/x@y", "", "", false}, // no dot in the first element: a branch
	} {
		path, version, ok := ModuleVersion(tc.spec)
		if path != tc.path || version != tc.version || ok != tc.ok {
			t.Errorf("ModuleVersion(%q) = %q, %q, %v; want %q, %q, %v", tc.spec, path, version, ok, tc.path, tc.version, tc.ok)
		}
	}
}

// TestLabel: a tree is named by the revision as given and its commit.
func TestLabel(t *testing.T) {
	t.Parallel()
	const commit = "0123456789abcdef0123456789abcdef01234567"
	for _, tc := range []struct {
		tree Tree
		want string
	}{
		{Tree{Spec: "", ID: "working tree"}, "working tree"},
		{Tree{Spec: "HEAD~1", ID: commit}, "HEAD~1 (0123456789ab)"},
		{Tree{Spec: "0123456", ID: commit}, "0123456789ab"},
		{Tree{Spec: "example.com/m@v1.0.0", ID: "example.com/m@v1.0.0"}, "example.com/m@v1.0.0"},
	} {
		if got := tc.tree.Label(); got != tc.want {
			t.Errorf("Label(%+v) = %q, want %q", tc.tree, got, tc.want)
		}
	}
}

package leftovers

import (
	"os"
	"path/filepath"
	"testing"
)

// TestAbort checks that Abort kills and removes what was added and not
// forgotten, kills before it removes, and leaves what was forgotten.
func TestAbort(t *testing.T) {
	root := t.TempDir()
	kept := filepath.Join(root, "kept")
	gone := filepath.Join(root, "gone")
	for _, d := range []string{kept, gone} {
		if err := os.MkdirAll(filepath.Join(d, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var set Set
	var killed []string
	forget := set.Add(kept, func() { killed = append(killed, "kept") })
	set.Add(gone, func() {
		if _, err := os.Stat(gone); err != nil {
			t.Errorf("the directory was removed before its processes were ended")
		}
		killed = append(killed, "gone")
	})
	forget()
	set.Abort()
	if _, err := os.Stat(gone); !os.IsNotExist(err) {
		t.Errorf("%s is still there after Abort (%v)", gone, err)
	}
	if _, err := os.Stat(kept); err != nil {
		t.Errorf("%s, forgotten, was removed: %v", kept, err)
	}
	if len(killed) != 1 || killed[0] != "gone" {
		t.Errorf("killed %v, want only the entry not forgotten", killed)
	}
	set.Abort() // nothing left: a second one does nothing
	if len(killed) != 1 {
		t.Errorf("a second Abort killed again: %v", killed)
	}
	var none *Set
	none.Add(gone, nil)() // a nil Set keeps nothing
	none.Abort()
}

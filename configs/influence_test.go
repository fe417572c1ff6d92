package configs_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/slicing"
)

// TestInfluenceNames: every kind of influence slicing knows is a valid
// value of a resource's influence in a settings file.
func TestInfluenceNames(t *testing.T) {
	for i := range 8 {
		for _, kind := range slicing.Influence(1 << i).Kinds() {
			dir := t.TempDir()
			data := fmt.Sprintf("resources:\n  - {func: a.B, influence: %s}\n", kind)
			if err := os.WriteFile(filepath.Join(dir, configs.FileName), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := configs.Load(dir, "", nil, nil); err != nil {
				t.Errorf("influence %s: %v", kind, err)
			}
		}
	}
}

package config

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.json")
	os.WriteFile(path, []byte(`{"workers": 2, "batch": {"size": 7}, "output": {"sync_every_batch": true}}`), 0o644)
	t.Setenv("STREAMPROC_BATCH_SIZE", "9")
	c, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if c.Workers != 2 || c.Batch.Size != 9 || !c.Output.SyncEveryBatch || c.Output.Dir != "out" {
		t.Errorf("%+v", c)
	}
	t.Setenv("STREAMPROC_WORKERS", "zero")
	if _, err := Load(path); err == nil {
		t.Errorf("bad STREAMPROC_WORKERS accepted")
	}
}

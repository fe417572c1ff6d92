package config

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kv.yaml")
	os.WriteFile(path, []byte("wal:\n  sync_writes: true\n  compression: flate\ncache:\n  ttl: 5s\n"), 0o644)
	t.Setenv("KVSTORE_WORKERS__COUNT", "9")
	c, k, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !c.WAL.SyncWrites || c.WAL.Compression != "flate" || c.Cache.TTL != 5*time.Second {
		t.Errorf("file not applied: %+v %+v", c.WAL, c.Cache)
	}
	if c.Workers.Count != 9 {
		t.Errorf("environment not applied: workers.count = %d", c.Workers.Count)
	}
	if c.Server.Listen != "127.0.0.1:7070" || k.String("log.level") != "info" {
		t.Errorf("defaults lost: %q %q", c.Server.Listen, k.String("log.level"))
	}
}

func TestValidate(t *testing.T) {
	c := Default()
	c.WAL.CompressionLevel = 12
	if c.Validate() == nil {
		t.Errorf("compression level 12 accepted")
	}
}

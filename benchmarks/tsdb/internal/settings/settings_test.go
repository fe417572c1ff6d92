package settings

import (
	"testing"
	"time"
)

func TestFromEnv(t *testing.T) {
	t.Setenv("TSDB_SHARDS", "3")
	t.Setenv("TSDB_SYNC_ON_FLUSH", "true")
	t.Setenv("TSDB_RETENTION", "2h")
	t.Setenv("TSDB_FREELIST", "array")
	s := DefaultEngine()
	if err := FromEnv(&s); err != nil {
		t.Fatal(err)
	}
	if s.Shards != 3 || !s.SyncOnFlush || s.Retention != 2*time.Hour || s.FreelistType != "array" || s.IndexInterval != 64 {
		t.Errorf("%+v", s)
	}
	t.Setenv("TSDB_SHARDS", "many")
	if FromEnv(&s) == nil {
		t.Errorf("bad TSDB_SHARDS accepted")
	}
}

package wal

import (
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/config"
)

func testConfig(t *testing.T) config.WALConfig {
	c := config.Default().WAL
	c.Dir = t.TempDir()
	c.SyncInterval = 0
	return c
}

func replayAll(t *testing.T, dir string) []Entry {
	t.Helper()
	var got []Entry
	if err := Replay(dir, true, func(_ int64, e Entry) error { got = append(got, e); return nil }); err != nil {
		t.Fatal(err)
	}
	return got
}

func TestAppendReplay(t *testing.T) {
	for _, comp := range []string{"none", "flate"} {
		t.Run(comp, func(t *testing.T) {
			cfg := testConfig(t)
			cfg.Compression = comp
			cfg.SegmentSize = 4096
			l, err := Open(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 200 {
				if err := l.Append(Entry{Op: 'P', Key: fmt.Sprint("key", i), Value: []byte(fmt.Sprint("value-", i))}); err != nil {
					t.Fatal(err)
				}
			}
			if err := l.Close(); err != nil {
				t.Fatal(err)
			}
			if l.Stats.Rotations == 0 {
				t.Errorf("no rotation with 4 KiB segments")
			}
			got := replayAll(t, cfg.Dir)
			if len(got) != 200 || got[199].Key != "key199" || string(got[7].Value) != "value-7" {
				t.Fatalf("replayed %d entries, last %+v", len(got), got[len(got)-1])
			}
		})
	}
}

func TestSyncWrites(t *testing.T) {
	cfg := testConfig(t)
	cfg.SyncWrites = true
	l, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if err := l.Append(Entry{Op: 'D', Key: "x"}); err != nil {
			t.Fatal(err)
		}
	}
	if l.Stats.Syncs != 5 {
		t.Errorf("syncs = %d, want one per append", l.Stats.Syncs)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestCorrupt(t *testing.T) {
	cfg := testConfig(t)
	l, err := Open(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l.Append(Entry{Op: 'P', Key: "a", Value: []byte("1")})
	l.Append(Entry{Op: 'P', Key: "b", Value: []byte("2")})
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	path := segmentPath(cfg.Dir, 1)
	data, _ := os.ReadFile(path)
	data[headerSize+2] ^= 0xff
	os.WriteFile(path, data, 0o644)
	err = Replay(cfg.Dir, true, func(int64, Entry) error { return nil })
	if !errors.Is(err, ErrCorrupt) {
		t.Errorf("replay of a flipped byte: %v, want ErrCorrupt", err)
	}
}

func TestTornTail(t *testing.T) {
	cfg := testConfig(t)
	l, _ := Open(cfg)
	l.Append(Entry{Op: 'P', Key: "a", Value: []byte("1")})
	l.Append(Entry{Op: 'P', Key: "b", Value: []byte("2")})
	l.Close()
	path := segmentPath(cfg.Dir, 1)
	data, _ := os.ReadFile(path)
	os.WriteFile(path, data[:len(data)-2], 0o644)
	if got := replayAll(t, cfg.Dir); len(got) != 1 {
		t.Errorf("torn tail: replayed %d entries, want 1", len(got))
	}
}

func BenchmarkAppend(b *testing.B) {
	for _, sync := range []bool{false, true} {
		b.Run(fmt.Sprint("sync=", sync), func(b *testing.B) {
			cfg := config.Default().WAL
			cfg.Dir = b.TempDir()
			cfg.SyncWrites = sync
			l, err := Open(cfg)
			if err != nil {
				b.Fatal(err)
			}
			defer l.Close()
			v := make([]byte, 256)
			for b.Loop() {
				if err := l.Append(Entry{Op: 'P', Key: "key", Value: v}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

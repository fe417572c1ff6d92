package store

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"testing"

	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/config"
	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/wal"
)

func testConfig(t testing.TB) *config.Config {
	c := config.Default()
	c.WAL.Dir = t.TempDir()
	c.WAL.SyncInterval = 0
	c.Compaction.Interval = 0
	return &c
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func TestPutGetReopen(t *testing.T) {
	cfg := testConfig(t)
	s, err := Open(cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("x"), 4000)
	s.Put("small", []byte("v"))
	s.Put("big", big)
	s.Put("gone", []byte("v"))
	s.Delete("gone")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = Open(cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.Get("big"); err != nil || !bytes.Equal(v, big) {
		t.Errorf("big after reopen: %d bytes, %v", len(v), err)
	}
	if v, _ := s.Get("small"); string(v) != "v" {
		t.Errorf("small = %q", v)
	}
	if _, err := s.Get("gone"); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleted key: %v", err)
	}
	if got := s.Scan("", 0); len(got) != 2 || got[0] != "big" {
		t.Errorf("scan = %v", got)
	}
}

func TestCompact(t *testing.T) {
	cfg := testConfig(t)
	cfg.WAL.SegmentSize = 4096
	cfg.Compaction.MinSegments = 2
	s, err := Open(cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	for round := range 10 {
		for i := range 50 {
			s.Put(fmt.Sprint("k", i), []byte(fmt.Sprint("v", round, "-", i)))
		}
	}
	before, _ := wal.Segments(cfg.WAL.Dir)
	if err := s.Compact(); err != nil {
		t.Fatal(err)
	}
	after, _ := wal.Segments(cfg.WAL.Dir)
	if s.Stats().Compactions != 1 || len(after) >= len(before) {
		t.Fatalf("compaction: %d segments before, %d after", len(before), len(after))
	}
	s.Close()
	s, err = Open(cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i := range 50 {
		if v, _ := s.Get(fmt.Sprint("k", i)); string(v) != fmt.Sprint("v9-", i) {
			t.Fatalf("k%d = %q after compaction and reopen", i, v)
		}
	}
}

func BenchmarkPut(b *testing.B) {
	cfg := testConfig(b)
	s, err := Open(cfg, quiet)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	v := bytes.Repeat([]byte("abcdefgh"), 64)
	i := 0
	for b.Loop() {
		s.Put(fmt.Sprint("k", i%1000), v)
		i++
	}
}

func BenchmarkGet(b *testing.B) {
	cfg := testConfig(b)
	s, err := Open(cfg, quiet)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	v := bytes.Repeat([]byte("abcdefgh"), 64)
	for i := range 1000 {
		s.Put(fmt.Sprint("k", i), v)
	}
	i := 0
	for b.Loop() {
		s.Get(fmt.Sprint("k", i%2000))
		i++
	}
}

// BenchmarkCompact runs a write load that overwrites one key in five,
// compacting after every thousand writes as the compaction interval
// would, over small segments: the workload truth.yaml names for the garbage ratio, which the
// benchmarks above, with compaction off, never run.
func BenchmarkCompact(b *testing.B) {
	cfg := testConfig(b)
	cfg.WAL.SegmentSize = 64 << 10 // segments to compact within a short run
	s, err := Open(cfg, quiet)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	v := bytes.Repeat([]byte("abcdefgh"), 16)
	i := 0
	for b.Loop() {
		key := i
		if i%5 == 4 {
			key = i / 2
		}
		s.Put(fmt.Sprint("k", key), v)
		if i%1000 == 999 {
			if err := s.Compact(); err != nil {
				b.Fatal(err)
			}
		}
		i++
	}
}

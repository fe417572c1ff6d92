package sink

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/confhunt/confhunt/benchmarks/streamproc/internal/config"
)

func TestWriteReadBack(t *testing.T) {
	for _, compress := range []bool{false, true} {
		t.Run(fmt.Sprint("compress=", compress), func(t *testing.T) {
			cfg := config.Default().Output
			cfg.Dir = t.TempDir()
			cfg.Compress = compress
			cfg.SyncEveryBatch = true
			cfg.CheckpointEvery = 3
			s, err := Open(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 3 {
				if err := s.Write([][]byte{[]byte(fmt.Sprint("a", i)), []byte(fmt.Sprint("b", i))}); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			got, err := ReadAll(filepath.Join(cfg.Dir, "batch-000001.out"), compress)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 6 || got[0] != "a0" || got[5] != "b2" {
				t.Errorf("read back %v", got)
			}
			ck, _ := os.ReadFile(filepath.Join(cfg.Dir, "checkpoint"))
			if string(ck) != "4" && string(ck) != "6" {
				t.Errorf("checkpoint %q", ck)
			}
		})
	}
}

func TestRotate(t *testing.T) {
	cfg := config.Default().Output
	cfg.Dir = t.TempDir()
	cfg.RotateBytes = 10
	cfg.Compress = false
	s, _ := Open(cfg)
	for range 5 {
		s.Write([][]byte{[]byte("0123456789")})
	}
	s.Close()
	if s.Files != 6 {
		t.Errorf("%d files, want 6", s.Files)
	}
}

func BenchmarkWrite(b *testing.B) {
	cfg := config.Default().Output
	cfg.Dir = b.TempDir()
	s, err := Open(cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	batch := make([][]byte, 100)
	for i := range batch {
		batch[i] = []byte(fmt.Sprintf(`{"id":"x%d","key":"k","msg":"event","value":%d}`, i, i))
	}
	for b.Loop() {
		if err := s.Write(batch); err != nil {
			b.Fatal(err)
		}
	}
}

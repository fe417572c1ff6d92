package pipeline

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/confhunt/confhunt/benchmarks/streamproc/internal/config"
)

type memWriter struct {
	mu      sync.Mutex
	batches [][]string
}

func (m *memWriter) Write(lines [][]byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	var b []string
	for _, l := range lines {
		b = append(b, string(l))
	}
	m.batches = append(m.batches, b)
	return nil
}

func (m *memWriter) all() []string {
	var out []string
	for _, b := range m.batches {
		out = append(out, b...)
	}
	return out
}

func record(id, key, msg string) []byte {
	return []byte(fmt.Sprintf(`{"id":%q,"key":%q,"msg":%q,"value":1}`, id, key, msg))
}

func TestPipeline(t *testing.T) {
	for _, shared := range []bool{false, true} {
		t.Run(fmt.Sprint("shared_lock=", shared), func(t *testing.T) {
			cfg := config.Default()
			cfg.Workers = 3
			cfg.Batch.Size = 4
			cfg.Stats.SharedLock = shared
			cfg.Filter.CacheRegex = !shared
			w := &memWriter{}
			p, err := New(&cfg, w)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 20 {
				p.Submit(record(fmt.Sprint("id", i), "k", "event"))
			}
			p.Submit(record("id3", "k", "event"))        // duplicate
			p.Submit(record("idx", "k", "debug: noise")) // filtered
			p.Submit([]byte("{not json"))                // dropped
			if err := p.Close(); err != nil {
				t.Fatal(err)
			}
			got := w.all()
			if len(got) != 20 {
				t.Errorf("%d records written, want 20", len(got))
			}
			for _, b := range w.batches {
				if len(b) > 4 {
					t.Errorf("batch of %d, want at most 4", len(b))
				}
			}
			st := p.Stats()
			if st.In != 23 || st.Out != 20 || st.Duplicates != 1 || st.Dropped != 2 {
				t.Errorf("stats %+v", st)
			}
		})
	}
}

func TestSortedBatches(t *testing.T) {
	cfg := config.Default()
	cfg.Workers = 1
	cfg.Batch.Size = 3
	cfg.Batch.SortByKey = true
	cfg.Batch.FlushInterval = 0
	w := &memWriter{}
	p, _ := New(&cfg, w)
	for _, k := range []string{"c", "a", "b"} {
		p.Submit(record(k, k, "event"))
	}
	p.Close()
	if len(w.batches) != 1 || !slices.IsSortedFunc(w.batches[0], strings.Compare) {
		t.Errorf("batches %v, want one sorted", w.batches)
	}
}

func TestDedupWindow(t *testing.T) {
	cfg := config.Default()
	cfg.Workers = 1
	cfg.Dedup.WindowSize = 2
	w := &memWriter{}
	p, _ := New(&cfg, w)
	for _, id := range []string{"a", "b", "c", "a"} { // a left the window of 2
		p.Submit(record(id, "k", "event"))
	}
	p.Close()
	if n := len(w.all()); n != 4 {
		t.Errorf("%d written, want 4 (a forgotten)", n)
	}
}

func BenchmarkPipeline(b *testing.B) {
	cfg := config.Default()
	w := &memWriter{}
	p, err := New(&cfg, w)
	if err != nil {
		b.Fatal(err)
	}
	lines := make([][]byte, 1000)
	for i := range lines {
		lines[i] = record(fmt.Sprint("id", i), fmt.Sprint("k", i%37), "event")
	}
	i := 0
	for b.Loop() {
		p.Submit(lines[i%len(lines)])
		i++
	}
	p.Close()
}

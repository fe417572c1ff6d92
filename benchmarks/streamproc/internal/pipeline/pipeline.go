// Package pipeline parses, filters, deduplicates and batches JSON records
// with a pool of workers, and hands the batches to a sink.
package pipeline

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/confhunt/confhunt/benchmarks/streamproc/internal/config"
)

// Record is one input line.
type Record struct {
	ID    string  `json:"id"`
	Key   string  `json:"key"`
	Msg   string  `json:"msg"`
	Value float64 `json:"value"`
}

// Writer takes batches of encoded records.
type Writer interface {
	Write(lines [][]byte) error
}

// Stats counts the pipeline's work.
type Stats struct {
	In, Dropped, Duplicates, Out, Batches int64
}

// Pipeline processes records.
type Pipeline struct {
	cfg  *config.ProcessorConfig
	out  Writer
	in   chan []byte
	wg   sync.WaitGroup
	re   *regexp.Regexp
	errs chan error

	dedupMu sync.Mutex
	seen    map[string]struct{}
	order   []string // ring of remembered ids
	next    int

	statsMu                             sync.Mutex // used when stats.shared_lock is set
	stats                               Stats
	in64, dropped, dups, out64, batches atomic.Int64
}

// ErrClosed is returned by Submit after Close.
var ErrClosed = errors.New("pipeline: closed")

// New starts the workers.
func New(cfg *config.ProcessorConfig, out Writer) (*Pipeline, error) {
	p := &Pipeline{cfg: cfg, out: out, in: make(chan []byte, cfg.QueueSize), errs: make(chan error, cfg.Workers),
		seen: make(map[string]struct{})}
	if cfg.Filter.IgnoreCase && cfg.Filter.Pattern != "" {
		cfg.Filter.Pattern = "(?i)" + cfg.Filter.Pattern
	}
	if cfg.Filter.Pattern != "" {
		re, err := regexp.Compile(cfg.Filter.Pattern)
		if err != nil {
			return nil, err
		}
		p.re = re
	}
	if cfg.Dedup.Enabled {
		p.order = make([]string, cfg.Dedup.WindowSize)
	}
	for range cfg.Workers {
		p.wg.Add(1)
		go p.worker()
	}
	return p, nil
}

// Submit queues one line.
func (p *Pipeline) Submit(line []byte) {
	p.in <- line
}

// Close drains the queue, flushes the workers' batches and reports the
// first write error.
func (p *Pipeline) Close() error {
	close(p.in)
	p.wg.Wait()
	close(p.errs)
	return <-p.errs
}

func (p *Pipeline) worker() {
	defer p.wg.Done()
	batch := make([][]byte, 0, p.cfg.Batch.Size)
	keys := make([]string, 0, p.cfg.Batch.Size)
	flush := func() {
		if len(batch) == 0 {
			return
		}
		if p.cfg.Batch.SortByKey {
			sort.Sort(byKey{batch, keys})
		}
		if err := p.out.Write(batch); err != nil {
			select {
			case p.errs <- err:
			default:
			}
		}
		p.count(&p.batches, func(s *Stats) { s.Batches++ })
		batch, keys = make([][]byte, 0, p.cfg.Batch.Size), keys[:0]
	}
	var tick <-chan time.Time
	if p.cfg.Batch.FlushInterval > 0 {
		t := time.NewTicker(p.cfg.Batch.FlushInterval)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case line, ok := <-p.in:
			if !ok {
				flush()
				return
			}
			rec, keep := p.process(line)
			if !keep {
				continue
			}
			batch = append(batch, line)
			keys = append(keys, rec.Key)
			if len(batch) >= p.cfg.Batch.Size {
				flush()
			}
		case <-tick:
			flush()
		}
	}
}

// process parses one line and decides whether it is kept.
func (p *Pipeline) process(line []byte) (Record, bool) {
	p.count(&p.in64, func(s *Stats) { s.In++ })
	var rec Record
	if len(line) > p.cfg.MaxRecordBytes || json.Unmarshal(line, &rec) != nil {
		p.count(&p.dropped, func(s *Stats) { s.Dropped++ })
		return rec, false
	}
	if p.filtered(rec) {
		p.count(&p.dropped, func(s *Stats) { s.Dropped++ })
		return rec, false
	}
	if p.cfg.Dedup.Enabled && p.duplicate(rec.ID) {
		p.count(&p.dups, func(s *Stats) { s.Duplicates++ })
		return rec, false
	}
	p.count(&p.out64, func(s *Stats) { s.Out++ })
	return rec, true
}

// filtered reports whether the record's message matches the pattern. With
// cache_regex off the pattern is compiled for every record.
func (p *Pipeline) filtered(rec Record) bool {
	if p.cfg.Filter.Pattern == "" {
		return false
	}
	re := p.re
	if !p.cfg.Filter.CacheRegex {
		re = regexp.MustCompile(p.cfg.Filter.Pattern)
	}
	return re.MatchString(rec.Msg)
}

// duplicate remembers id in a window of the last window_size ids.
func (p *Pipeline) duplicate(id string) bool {
	p.dedupMu.Lock()
	defer p.dedupMu.Unlock()
	if _, ok := p.seen[id]; ok {
		return true
	}
	if old := p.order[p.next]; old != "" {
		delete(p.seen, old)
	}
	p.order[p.next] = id
	p.seen[id] = struct{}{}
	p.next = (p.next + 1) % len(p.order)
	return false
}

// count updates a statistic: under one lock shared by all workers when
// stats.shared_lock is set, with an atomic add otherwise.
func (p *Pipeline) count(a *atomic.Int64, f func(*Stats)) {
	if p.cfg.Stats.SharedLock {
		p.statsMu.Lock()
		f(&p.stats)
		p.statsMu.Unlock()
		return
	}
	a.Add(1)
}

// Stats returns the counters.
func (p *Pipeline) Stats() Stats {
	if p.cfg.Stats.SharedLock {
		p.statsMu.Lock()
		defer p.statsMu.Unlock()
		return p.stats
	}
	return Stats{In: p.in64.Load(), Dropped: p.dropped.Load(), Duplicates: p.dups.Load(), Out: p.out64.Load(), Batches: p.batches.Load()}
}

type byKey struct {
	lines [][]byte
	keys  []string
}

func (b byKey) Len() int { return len(b.lines) }
func (b byKey) Less(i, j int) bool {
	if b.keys[i] != b.keys[j] {
		return b.keys[i] < b.keys[j]
	}
	return bytes.Compare(b.lines[i], b.lines[j]) < 0
}
func (b byKey) Swap(i, j int) {
	b.lines[i], b.lines[j] = b.lines[j], b.lines[i]
	b.keys[i], b.keys[j] = b.keys[j], b.keys[i]
}

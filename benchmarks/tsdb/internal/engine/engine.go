// Package engine is a small time-series storage engine: sharded in-memory
// memtables flushed to immutable sorted segment files with a sparse index
// and a Bloom filter, a block cache for queries, and compaction that
// merges segments.
package engine

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/confhunt/confhunt/benchmarks/tsdb/internal/settings"
)

// Point is one sample.
type Point struct {
	TS  int64
	Val float64
}

type shard struct {
	mu     sync.Mutex
	series map[string][]Point
}

type indexEntry struct {
	series string
	ts     int64
	offset int64
}

type segment struct {
	id    int
	path  string
	index []indexEntry
	bloom *bloom
	minTS int64
	size  int64
	level int // compactions its points went through: its size tier
}

// Engine stores points.
type Engine struct {
	cfg    settings.EngineSettings
	seed   maphash.Seed
	shards []*shard
	points atomic.Int64
	free   *freelist

	flushMu  sync.Mutex
	segMu    sync.RWMutex
	segments []*segment
	nextID   int

	cacheMu sync.Mutex
	cache   map[[2]int64][]record
	order   [][2]int64

	Flushes, Compactions atomic.Int64
}

type record struct {
	series string
	Point
}

// Open creates the data directory and an empty engine.
func Open(cfg settings.EngineSettings) (*Engine, error) {
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return nil, err
	}
	e := &Engine{cfg: cfg, seed: maphash.MakeSeed(), free: newFreelist(cfg.FreelistType), cache: make(map[[2]int64][]record)}
	for range max(cfg.Shards, 1) {
		e.shards = append(e.shards, &shard{series: make(map[string][]Point)})
	}
	return e, nil
}

// Write adds a point, flushing the memtables when they are full.
func (e *Engine) Write(series string, ts int64, val float64) error {
	sh := e.shards[maphash.String(e.seed, series)%uint64(len(e.shards))]
	sh.mu.Lock()
	pts := sh.series[series]
	if len(pts) == cap(pts) {
		grown := e.free.get(2*len(pts) + 1)
		grown = append(grown, pts...)
		if pts != nil {
			e.free.put(pts)
		}
		pts = grown
	}
	sh.series[series] = append(pts, Point{ts, val})
	sh.mu.Unlock()
	if e.points.Add(1) >= int64(e.cfg.MemtablePoints) {
		return e.Flush()
	}
	return nil
}

// Flush writes the memtables to a new segment.
func (e *Engine) Flush() error {
	e.flushMu.Lock()
	defer e.flushMu.Unlock()
	var recs []record
	for _, sh := range e.shards {
		sh.mu.Lock()
		for s, pts := range sh.series {
			for _, p := range pts {
				recs = append(recs, record{s, p})
			}
			e.free.put(pts)
		}
		sh.series = make(map[string][]Point)
		sh.mu.Unlock()
	}
	e.points.Store(0)
	if len(recs) == 0 {
		return nil
	}
	seg, err := e.writeSegment(recs)
	if err != nil {
		return err
	}
	e.segMu.Lock()
	e.segments = append(e.segments, seg)
	e.segMu.Unlock()
	e.Flushes.Add(1)
	return e.compact()
}

func sortRecords(recs []record) {
	slices.SortFunc(recs, func(a, b record) int {
		return cmp.Or(cmp.Compare(a.series, b.series), cmp.Compare(a.TS, b.TS))
	})
}

// writeSegment writes sorted records with a sparse index every
// index_interval records and a Bloom filter of the series.
func (e *Engine) writeSegment(recs []record) (*segment, error) {
	sortRecords(recs)
	e.segMu.Lock()
	e.nextID++
	id := e.nextID
	e.segMu.Unlock()
	seg := &segment{id: id, path: filepath.Join(e.cfg.DataDir, fmt.Sprintf("%08d.seg", id)), minTS: math.MaxInt64}
	f, err := os.Create(seg.path)
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriterSize(f, e.cfg.WriteBufferBytes)
	seg.bloom = newBloom(len(recs)/4+1, e.cfg.BloomBitsPerKey)
	var off int64
	var prevTS int64
	buf := make([]byte, 0, 64)
	for i, r := range recs {
		if i%max(e.cfg.IndexInterval, 1) == 0 || (i > 0 && recs[i-1].series != r.series) {
			seg.index = append(seg.index, indexEntry{r.series, r.TS, off})
			prevTS = 0
		}
		if seg.bloom != nil && (i == 0 || recs[i-1].series != r.series) {
			seg.bloom.add(r.series)
		}
		seg.minTS = min(seg.minTS, r.TS)
		ts := r.TS
		if e.cfg.DeltaEncoding {
			ts -= prevTS
		}
		prevTS = r.TS
		buf = binary.AppendUvarint(buf[:0], uint64(len(r.series)))
		buf = append(buf, r.series...)
		buf = binary.AppendVarint(buf, ts)
		buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(r.Val))
		if _, err := w.Write(buf); err != nil {
			f.Close()
			return nil, err
		}
		off += int64(len(buf))
	}
	seg.size = off
	if err := w.Flush(); err != nil {
		f.Close()
		return nil, err
	}
	if e.cfg.SyncOnFlush {
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, err
		}
	}
	return seg, f.Close()
}

// readFrom decodes records from offset until the next index entry's
// offset, through the block cache.
func (e *Engine) readFrom(seg *segment, at int) ([]record, error) {
	key := [2]int64{int64(seg.id), int64(at)}
	e.cacheMu.Lock()
	if recs, ok := e.cache[key]; ok {
		e.cacheMu.Unlock()
		return recs, nil
	}
	e.cacheMu.Unlock()
	start := seg.index[at].offset
	end := seg.size
	if at+1 < len(seg.index) {
		end = seg.index[at+1].offset
	}
	f, err := os.Open(seg.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, end-start)
	if _, err := f.ReadAt(data, start); err != nil {
		return nil, err
	}
	var recs []record
	var prevTS int64
	for len(data) > 0 {
		n, k := binary.Uvarint(data)
		data = data[k:]
		s := string(data[:n])
		data = data[n:]
		ts, k := binary.Varint(data)
		data = data[k:]
		if e.cfg.DeltaEncoding {
			ts += prevTS
		}
		prevTS = ts
		val := math.Float64frombits(binary.LittleEndian.Uint64(data))
		data = data[8:]
		recs = append(recs, record{s, Point{ts, val}})
	}
	if e.cfg.CacheBlocks > 0 {
		e.cacheMu.Lock()
		e.cache[key] = recs
		e.order = append(e.order, key)
		for len(e.order) > e.cfg.CacheBlocks {
			delete(e.cache, e.order[0])
			e.order = e.order[1:]
		}
		e.cacheMu.Unlock()
	}
	return recs, nil
}

// Query returns the points of series in [from, to], oldest first.
func (e *Engine) Query(series string, from, to int64) ([]Point, error) {
	var out []Point
	e.segMu.RLock()
	segs := slices.Clone(e.segments)
	e.segMu.RUnlock()
	for _, seg := range segs {
		if !seg.bloom.mayContain(series) {
			continue
		}
		// The last index entry at or before (series, from).
		at := 0
		for i, ie := range seg.index {
			if ie.series < series || (ie.series == series && ie.ts <= from) {
				at = i
			}
		}
		for ; at < len(seg.index) && seg.index[at].series <= series; at++ {
			recs, err := e.readFrom(seg, at)
			if err != nil {
				return nil, err
			}
			for _, r := range recs {
				if r.series == series && r.TS >= from && r.TS <= to {
					out = append(out, r.Point)
				}
			}
		}
	}
	sh := e.shards[maphash.String(e.seed, series)%uint64(len(e.shards))]
	sh.mu.Lock()
	for _, p := range sh.series[series] {
		if p.TS >= from && p.TS <= to {
			out = append(out, p)
		}
	}
	sh.mu.Unlock()
	slices.SortFunc(out, func(a, b Point) int { return cmp.Compare(a.TS, b.TS) })
	return out, nil
}

// victims are the segments a compaction merges, none when none is due:
// in full mode every segment, once there are compaction_trigger; in
// tiered mode the newest segments of one level (size tier), once
// compaction_trigger of them follow each other.
func (e *Engine) victims() []*segment {
	e.segMu.RLock()
	defer e.segMu.RUnlock()
	n, trigger := len(e.segments), max(e.cfg.CompactionTrigger, 2)
	if e.cfg.CompactionMode == "full" {
		if n < trigger {
			return nil
		}
		return slices.Clone(e.segments)
	}
	i := n
	for i > 0 && e.segments[i-1].level == e.segments[n-1].level {
		i--
	}
	if n-i < trigger {
		return nil
	}
	return slices.Clone(e.segments[i:])
}

// compact merges the victims into one segment a level above theirs, as
// long as there are victims. Points older than the retention go.
func (e *Engine) compact() error {
	for victims := e.victims(); victims != nil; victims = e.victims() {
		if err := e.merge(victims); err != nil {
			return err
		}
		if e.cfg.CompactionMode == "full" {
			return nil
		}
	}
	return nil
}

func (e *Engine) merge(victims []*segment) error {
	var recs []record
	cutoff := int64(math.MinInt64)
	if e.cfg.Retention > 0 {
		cutoff = time.Now().Add(-e.cfg.Retention).UnixNano()
	}
	for _, seg := range victims {
		for at := range seg.index {
			rs, err := e.readFrom(seg, at)
			if err != nil {
				return err
			}
			for _, r := range rs {
				if r.TS >= cutoff {
					recs = append(recs, r)
				}
			}
		}
	}
	merged, err := e.writeSegment(recs)
	if err != nil {
		return err
	}
	merged.level = victims[0].level + 1
	e.segMu.Lock()
	at := slices.Index(e.segments, victims[0])
	e.segments = slices.Replace(e.segments, at, at+len(victims), merged)
	e.segMu.Unlock()
	for _, seg := range victims {
		os.Remove(seg.path)
	}
	e.Compactions.Add(1)
	return nil
}

// Segments returns the number of segments.
func (e *Engine) Segments() int {
	e.segMu.RLock()
	defer e.segMu.RUnlock()
	return len(e.segments)
}

// Package store is the key-value store: an in-memory index of the latest
// value of every key, made durable by the write-ahead log, with a read
// cache in front of value decoding and background compaction of old
// log segments.
package store

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/cache"
	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/config"
	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/wal"
)

// ErrNotFound is returned for a key that has no value.
var ErrNotFound = errors.New("store: not found")

// Store is a durable key-value map.
type Store struct {
	cfg   *config.Config
	log   *wal.Log
	cache *cache.Cache
	lg    *slog.Logger

	mu    sync.RWMutex
	index map[string][]byte
	owner map[string]int64 // segment holding the current record of a key
	live  map[int64]int    // live records per segment
	total map[int64]int    // records per segment

	stopCompact chan struct{}
	compactDone chan struct{}
	compactions int
}

// Open replays the log in cfg.WAL.Dir and opens the store.
func Open(cfg *config.Config, lg *slog.Logger) (*Store, error) {
	s := &Store{
		cfg:         cfg,
		lg:          lg,
		cache:       cache.New(cfg.Cache),
		index:       make(map[string][]byte),
		owner:       make(map[string]int64),
		live:        make(map[int64]int),
		total:       make(map[int64]int),
		stopCompact: make(chan struct{}),
		compactDone: make(chan struct{}),
	}
	owner := s.owner
	err := wal.Replay(cfg.WAL.Dir, cfg.WAL.VerifyChecksums, func(seg int64, e wal.Entry) error {
		s.total[seg]++
		if old, ok := owner[e.Key]; ok {
			s.live[old]--
		}
		switch e.Op {
		case 'P':
			s.index[e.Key] = e.Value
			owner[e.Key] = seg
			s.live[seg]++
		case 'D':
			delete(s.index, e.Key)
			delete(owner, e.Key)
		}
		return nil
	})
	if err != nil && !strings.Contains(err.Error(), "no such file") {
		return nil, fmt.Errorf("store: replay: %w", err)
	}
	if s.log, err = wal.Open(cfg.WAL); err != nil {
		return nil, err
	}
	if cfg.Compaction.Interval > 0 {
		go s.compactLoop(cfg.Compaction.Interval)
	} else {
		close(s.compactDone)
	}
	return s, nil
}

// Get returns the value of key.
func (s *Store) Get(key string) ([]byte, error) {
	if v, ok := s.cache.Get(key); ok {
		return v, nil
	}
	s.mu.RLock()
	raw, ok := s.index[key]
	s.mu.RUnlock()
	if !ok {
		return nil, ErrNotFound
	}
	v, err := decodeValue(raw)
	if err != nil {
		return nil, err
	}
	s.cache.Add(key, v)
	return v, nil
}

// Put sets key to value.
func (s *Store) Put(key string, value []byte) error {
	raw, err := encodeValue(value, s.cfg.WAL.CompressionLevel)
	if err != nil {
		return err
	}
	if err := s.log.Append(wal.Entry{Op: 'P', Key: key, Value: raw}); err != nil {
		return err
	}
	seg := s.log.Active()
	s.mu.Lock()
	if old, ok := s.owner[key]; ok {
		s.live[old]--
	}
	s.index[key] = raw
	s.owner[key] = seg
	s.total[seg]++
	s.live[seg]++
	s.mu.Unlock()
	s.cache.Remove(key)
	return nil
}

// Delete removes key.
func (s *Store) Delete(key string) error {
	if err := s.log.Append(wal.Entry{Op: 'D', Key: key}); err != nil {
		return err
	}
	seg := s.log.Active()
	s.mu.Lock()
	if old, ok := s.owner[key]; ok {
		s.live[old]--
	}
	delete(s.index, key)
	delete(s.owner, key)
	s.total[seg]++
	s.mu.Unlock()
	s.cache.Remove(key)
	return nil
}

// Scan returns up to limit keys with the given prefix, in order.
func (s *Store) Scan(prefix string, limit int) []string {
	s.mu.RLock()
	var keys []string
	for k := range s.index {
		if strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
	}
	s.mu.RUnlock()
	sort.Strings(keys)
	if limit > 0 && len(keys) > limit {
		keys = keys[:limit]
	}
	return keys
}

// Len returns the number of keys.
func (s *Store) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.index)
}

// Stats describes the store's work so far.
type Stats struct {
	Keys                                  int
	CacheHits, CacheMisses, CacheEvicted  int64
	CacheSize                             int
	LogRecords, LogBytes, Syncs, Rotation int64
	Compactions                           int
}

// Stats returns counters of the store, its cache and its log.
func (s *Store) Stats() Stats {
	st := Stats{Keys: s.Len()}
	st.CacheHits, st.CacheMisses, st.CacheEvicted, st.CacheSize = s.cache.Stats()
	s.mu.RLock()
	st.Compactions = s.compactions
	s.mu.RUnlock()
	ls := s.log.Stats
	st.LogRecords, st.LogBytes, st.Syncs, st.Rotation = ls.Records, ls.Bytes, ls.Syncs, ls.Rotations
	return st
}

// Close stops compaction and closes the log.
func (s *Store) Close() error {
	close(s.stopCompact)
	<-s.compactDone
	return s.log.Close()
}

// Values of more than a few hundred bytes are stored gzip-compressed at
// the configured level; the first byte says which.
const compressAbove = 256

func encodeValue(v []byte, level int) ([]byte, error) {
	if len(v) <= compressAbove || level == 0 {
		return append([]byte{0}, v...), nil
	}
	var b bytes.Buffer
	b.WriteByte(1)
	zw, err := gzip.NewWriterLevel(&b, level)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(v); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func decodeValue(raw []byte) ([]byte, error) {
	if len(raw) == 0 {
		return nil, errors.New("store: empty record")
	}
	if raw[0] == 0 {
		return raw[1:], nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw[1:]))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

func (s *Store) compactLoop(every time.Duration) {
	defer close(s.compactDone)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if err := s.Compact(); err != nil {
				s.lg.Error("compaction failed", "err", err)
			}
		case <-s.stopCompact:
			return
		}
	}
}

// Compact rewrites the closed segments into one holding only their live
// records, when there are at least min_segments of them and their share
// of dead records reaches garbage_ratio.
func (s *Store) Compact() error {
	active := s.log.Active()
	ids, err := wal.Segments(s.cfg.WAL.Dir)
	if err != nil {
		return err
	}
	old := make(map[int64]bool)
	newest := int64(-1)
	dead, total := 0, 0
	s.mu.RLock()
	for _, id := range ids {
		if id < active {
			old[id] = true
			newest = max(newest, id)
			total += s.total[id]
			dead += s.total[id] - s.live[id]
		}
	}
	s.mu.RUnlock()
	if len(old) < s.cfg.Compaction.MinSegments || total == 0 ||
		float64(dead)/float64(total) < s.cfg.Compaction.GarbageRatio {
		return nil
	}

	// Replay the old segments; the newest record of a key wins.
	latest := make(map[string]wal.Entry)
	var order []string
	last := int64(-1)
	err = wal.Replay(s.cfg.WAL.Dir, s.cfg.WAL.VerifyChecksums, func(seg int64, e wal.Entry) error {
		if !old[seg] {
			return nil
		}
		if seg != last && last >= 0 && s.cfg.Compaction.Throttle > 0 {
			time.Sleep(s.cfg.Compaction.Throttle) // leave the disk to foreground writes
		}
		last = seg
		if _, ok := latest[e.Key]; !ok {
			order = append(order, e.Key)
		}
		latest[e.Key] = e
		return nil
	})
	if err != nil {
		return err
	}

	// Keep the records that are still the current value of their key.
	var keep []wal.Entry
	s.mu.RLock()
	for _, k := range order {
		if e := latest[k]; e.Op == 'P' && old[s.owner[k]] {
			keep = append(keep, e)
		}
	}
	s.mu.RUnlock()
	if err := wal.WriteSegment(s.cfg.WAL, newest, keep); err != nil {
		return err
	}
	var gone []int64
	for id := range old {
		if id != newest {
			gone = append(gone, id)
		}
	}
	if err := wal.Remove(s.cfg.WAL.Dir, gone); err != nil {
		return err
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	for id := range old {
		delete(s.total, id)
		delete(s.live, id)
	}
	s.total[newest] = len(keep)
	for _, e := range keep {
		if old[s.owner[e.Key]] {
			s.owner[e.Key] = newest
			s.live[newest]++
		}
	}
	s.compactions++
	return nil
}

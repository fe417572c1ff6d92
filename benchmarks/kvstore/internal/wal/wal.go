// Package wal is a segmented write-ahead log. Each record is framed as
//
//	length uint32 | crc32 uint32 | flags byte | payload
//
// where payload is the (optionally flate-compressed) encoded entry.
// Segments are files named %016d.wal in the log directory.
package wal

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/config"
)

const (
	headerSize     = 9
	flagCompressed = 1
)

// ErrCorrupt is returned when a record fails its checksum.
var ErrCorrupt = errors.New("wal: corrupt record")

// Entry is one logged operation.
type Entry struct {
	Op    byte // 'P' put, 'D' delete
	Key   string
	Value []byte
}

// Log is an append-only segmented log.
type Log struct {
	cfg config.WALConfig

	mu      sync.Mutex
	seg     *os.File
	segID   int64
	segSize int64
	w       *bufio.Writer
	dirty   bool
	closed  bool
	stop    chan struct{}
	done    chan struct{}

	// scratch buffers reused across appends
	enc  bytes.Buffer
	comp bytes.Buffer
	fw   *flate.Writer

	Stats Stats
}

// Stats counts the log's work.
type Stats struct {
	Records, Bytes, Syncs, Rotations int64
}

// Open opens (creating if needed) the log in cfg.Dir and starts the
// background syncer when writes are not synced one by one.
func Open(cfg config.WALConfig) (*Log, error) {
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("wal: %w", err)
	}
	ids, err := Segments(cfg.Dir)
	if err != nil {
		return nil, err
	}
	l := &Log{cfg: cfg, stop: make(chan struct{}), done: make(chan struct{})}
	next := int64(1)
	if len(ids) > 0 {
		next = ids[len(ids)-1] + 1
	}
	if err := l.openSegment(next); err != nil {
		return nil, err
	}
	if !cfg.SyncWrites && cfg.SyncInterval > 0 {
		go l.syncLoop(cfg.SyncInterval)
	} else {
		close(l.done)
	}
	return l, nil
}

func segmentPath(dir string, id int64) string {
	return filepath.Join(dir, fmt.Sprintf("%016d.wal", id))
}

// Segments lists the segment ids in dir, oldest first.
func Segments(dir string) ([]int64, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("wal: %w", err)
	}
	var ids []int64
	for _, e := range ents {
		name, ok := strings.CutSuffix(e.Name(), ".wal")
		if !ok {
			continue
		}
		id, err := strconv.ParseInt(name, 10, 64)
		if err == nil {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

func (l *Log) openSegment(id int64) error {
	f, err := os.OpenFile(segmentPath(l.cfg.Dir, id), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("wal: %w", err)
	}
	if l.cfg.Preallocate {
		if err := f.Truncate(0); err != nil {
			f.Close()
			return fmt.Errorf("wal: %w", err)
		}
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return fmt.Errorf("wal: %w", err)
	}
	l.seg, l.segID, l.segSize = f, id, fi.Size()
	l.w = bufio.NewWriterSize(f, l.cfg.BufferSize)
	return nil
}

// Append writes e to the log. With sync_writes the record is on disk
// when Append returns; otherwise the syncer flushes it within
// sync_interval.
func (l *Log) Append(e Entry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return errors.New("wal: closed")
	}
	rec, err := l.frame(e)
	if err != nil {
		return err
	}
	if l.segSize+int64(len(rec)) > l.cfg.Segment() {
		if err := l.rotate(); err != nil {
			return err
		}
	}
	if _, err := l.w.Write(rec); err != nil {
		return fmt.Errorf("wal: %w", err)
	}
	l.segSize += int64(len(rec))
	l.Stats.Records++
	l.Stats.Bytes += int64(len(rec))
	l.dirty = true
	if l.cfg.SyncWrites {
		return l.syncLocked()
	}
	return nil
}

// frame encodes, compresses and frames e into l's scratch buffer.
func (l *Log) frame(e Entry) ([]byte, error) {
	l.enc.Reset()
	l.enc.Write(make([]byte, headerSize))
	payload := encode(e)
	var flags byte
	if l.cfg.Compression == "flate" {
		l.comp.Reset()
		if l.fw == nil {
			fw, err := flate.NewWriter(&l.comp, l.cfg.Level())
			if err != nil {
				return nil, fmt.Errorf("wal: %w", err)
			}
			l.fw = fw
		} else {
			l.fw.Reset(&l.comp)
		}
		if _, err := l.fw.Write(payload); err != nil {
			return nil, err
		}
		if err := l.fw.Close(); err != nil {
			return nil, err
		}
		payload = l.comp.Bytes()
		flags |= flagCompressed
	}
	l.enc.Write(payload)
	rec := l.enc.Bytes()
	binary.LittleEndian.PutUint32(rec[0:4], uint32(len(payload)))
	binary.LittleEndian.PutUint32(rec[4:8], crc32.ChecksumIEEE(payload))
	rec[8] = flags
	return rec, nil
}

func encode(e Entry) []byte {
	buf := make([]byte, 0, 1+binary.MaxVarintLen64*2+len(e.Key)+len(e.Value))
	buf = append(buf, e.Op)
	buf = binary.AppendUvarint(buf, uint64(len(e.Key)))
	buf = append(buf, e.Key...)
	buf = binary.AppendUvarint(buf, uint64(len(e.Value)))
	return append(buf, e.Value...)
}

func decode(p []byte) (Entry, error) {
	if len(p) < 1 {
		return Entry{}, ErrCorrupt
	}
	e := Entry{Op: p[0]}
	p = p[1:]
	n, k := binary.Uvarint(p)
	if k <= 0 || uint64(len(p)-k) < n {
		return Entry{}, ErrCorrupt
	}
	e.Key = string(p[k : k+int(n)])
	p = p[k+int(n):]
	n, k = binary.Uvarint(p)
	if k <= 0 || uint64(len(p)-k) < n {
		return Entry{}, ErrCorrupt
	}
	e.Value = slices.Clone(p[k : k+int(n)])
	return e, nil
}

func (l *Log) rotate() error {
	if err := l.syncLocked(); err != nil {
		return err
	}
	if err := l.seg.Close(); err != nil {
		return fmt.Errorf("wal: %w", err)
	}
	l.Stats.Rotations++
	return l.openSegment(l.segID + 1)
}

func (l *Log) syncLocked() error {
	if err := l.w.Flush(); err != nil {
		return fmt.Errorf("wal: %w", err)
	}
	if err := l.seg.Sync(); err != nil {
		return fmt.Errorf("wal: %w", err)
	}
	l.dirty = false
	l.Stats.Syncs++
	return nil
}

// Sync forces buffered records to disk.
func (l *Log) Sync() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed || !l.dirty {
		return nil
	}
	return l.syncLocked()
}

func (l *Log) syncLoop(every time.Duration) {
	defer close(l.done)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			_ = l.Sync() // a failed periodic sync is retried at the next tick and reported by Close
		case <-l.stop:
			return
		}
	}
}

// Active returns the id of the segment being written.
func (l *Log) Active() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.segID
}

// Close syncs and closes the log.
func (l *Log) Close() error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	err := l.syncLocked()
	if cerr := l.seg.Close(); err == nil {
		err = cerr
	}
	l.mu.Unlock()
	close(l.stop)
	<-l.done
	return err
}

// Replay reads every record of the segments in dir, oldest first, and
// calls fn for each. A torn record at the end of the last segment ends
// the replay without error.
func Replay(dir string, verify bool, fn func(seg int64, e Entry) error) error {
	ids, err := Segments(dir)
	if err != nil {
		return err
	}
	for i, id := range ids {
		err := replaySegment(segmentPath(dir, id), verify, func(e Entry) error { return fn(id, e) })
		if errors.Is(err, io.ErrUnexpectedEOF) && i == len(ids)-1 {
			return nil
		}
		if err != nil {
			return fmt.Errorf("wal: segment %d: %w", id, err)
		}
	}
	return nil
}

func replaySegment(path string, verify bool, fn func(Entry) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	hdr := make([]byte, headerSize)
	for {
		if _, err := io.ReadFull(r, hdr); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		n := binary.LittleEndian.Uint32(hdr[0:4])
		payload := make([]byte, n)
		if _, err := io.ReadFull(r, payload); err != nil {
			return err
		}
		if verify && crc32.ChecksumIEEE(payload) != binary.LittleEndian.Uint32(hdr[4:8]) {
			return ErrCorrupt
		}
		if hdr[8]&flagCompressed != 0 {
			payload, err = io.ReadAll(flate.NewReader(bytes.NewReader(payload)))
			if err != nil {
				return err
			}
		}
		e, err := decode(payload)
		if err != nil {
			return err
		}
		if err := fn(e); err != nil {
			return err
		}
	}
}

// Remove deletes the segments with the given ids.
func Remove(dir string, ids []int64) error {
	for _, id := range ids {
		if err := os.Remove(segmentPath(dir, id)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// WriteSegment writes entries into a new segment id in dir, synced.
func WriteSegment(cfg config.WALConfig, id int64, entries []Entry) error {
	tmp := segmentPath(cfg.Dir, id) + ".tmp"
	l := &Log{cfg: cfg}
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, cfg.BufferSize)
	for _, e := range entries {
		rec, err := l.frame(e)
		if err != nil {
			f.Close()
			return err
		}
		if _, err := w.Write(rec); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, segmentPath(cfg.Dir, id))
}

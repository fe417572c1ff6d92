// Package sink writes batches of records to rotating files, optionally
// gzip-compressed and synced, and keeps a checkpoint of the records
// written.
package sink

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/confhunt/confhunt/benchmarks/streamproc/internal/config"
)

// Sink writes batches. It is safe for concurrent use.
type Sink struct {
	cfg config.OutputOptions

	mu        sync.Mutex
	f         *os.File
	w         *bufio.Writer
	seq       int
	written   int64
	records   int64
	sinceCkpt int
	Files     int
}

// Open creates the output directory and the first file.
func Open(cfg config.OutputOptions) (*Sink, error) {
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	s := &Sink{cfg: cfg}
	if err := s.rotate(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Sink) rotate() error {
	if s.f != nil {
		if err := s.w.Flush(); err != nil {
			return err
		}
		if err := s.f.Close(); err != nil {
			return err
		}
	}
	s.seq++
	name := filepath.Join(s.cfg.Dir, fmt.Sprintf("%s-%06d.out", s.cfg.FilePrefix, s.seq))
	f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, os.FileMode(s.cfg.FileMode))
	if err != nil {
		return err
	}
	s.f, s.w, s.written = f, bufio.NewWriterSize(f, s.cfg.BufferSize), 0
	s.Files++
	return nil
}

// Write appends one batch of lines as a block: a length-prefixed gzip
// member when compression is on, plain lines otherwise.
func (s *Sink) Write(lines [][]byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var block []byte
	if s.cfg.Compress {
		var err error
		if block, err = compress(lines, s.cfg.CompressionLevel); err != nil {
			return err
		}
		if _, err := s.w.WriteString(strconv.Itoa(len(block)) + "\n"); err != nil {
			return err
		}
	} else {
		for _, l := range lines {
			block = append(block, l...)
			block = append(block, '\n')
		}
	}
	if _, err := s.w.Write(block); err != nil {
		return err
	}
	s.written += int64(len(block))
	s.records += int64(len(lines))
	if s.cfg.SyncEveryBatch {
		if err := s.w.Flush(); err != nil {
			return err
		}
		if err := s.f.Sync(); err != nil {
			return err
		}
	}
	s.sinceCkpt += len(lines)
	if s.cfg.CheckpointEvery > 0 && s.sinceCkpt >= s.cfg.CheckpointEvery {
		if err := s.checkpoint(); err != nil {
			return err
		}
		s.sinceCkpt = 0
	}
	if s.written >= s.cfg.RotateBytes {
		return s.rotate()
	}
	return nil
}

func compress(lines [][]byte, level int) ([]byte, error) {
	var b writerBuffer
	zw, err := gzip.NewWriterLevel(&b, level)
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		zw.Write(l)
		zw.Write([]byte{'\n'})
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.data, nil
}

type writerBuffer struct{ data []byte }

func (w *writerBuffer) Write(p []byte) (int, error) {
	w.data = append(w.data, p...)
	return len(p), nil
}

// checkpoint records how many records are durable, synced.
func (s *Sink) checkpoint() error {
	if err := s.w.Flush(); err != nil {
		return err
	}
	if err := s.f.Sync(); err != nil {
		return err
	}
	tmp := filepath.Join(s.cfg.Dir, "checkpoint.tmp")
	if err := os.WriteFile(tmp, []byte(strconv.FormatInt(s.records, 10)), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(s.cfg.Dir, "checkpoint"))
}

// Records returns how many records were written.
func (s *Sink) Records() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.records
}

// Close flushes and closes the current file.
func (s *Sink) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.w.Flush(); err != nil {
		return err
	}
	return s.f.Close()
}

// ReadAll reads back the records of one output file, for tests.
func ReadAll(path string, compressed bool) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	var out []string
	for {
		if !compressed {
			line, err := r.ReadString('\n')
			if err == io.EOF {
				return out, nil
			}
			if err != nil {
				return nil, err
			}
			out = append(out, line[:len(line)-1])
			continue
		}
		head, err := r.ReadString('\n')
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		n, err := strconv.Atoi(head[:len(head)-1])
		if err != nil {
			return nil, err
		}
		zr, err := gzip.NewReader(io.LimitReader(r, int64(n)))
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(zr)
		for sc.Scan() {
			out = append(out, sc.Text())
		}
	}
}

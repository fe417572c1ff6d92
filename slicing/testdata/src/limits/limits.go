// Package limits gathers items in loops with a limit: one a request may
// not pass (it fails, or answers 413, past it), where the items gathered
// are the request's whatever the limit; and one that ends a batch early,
// where how many items go on is the limit's.
package limits

import (
	"bufio"
	"errors"
	"hash/crc32"
	"io"
	"net/http"
)

type Config struct {
	MaxItems   int `yaml:"max_items"`   // a request with more items fails
	MaxFields  int `yaml:"max_fields"`  // a request with more fields is answered 413
	BatchItems int `yaml:"batch_items"` // a batch takes at most this many items
}

var errTooMany = errors.New("too many items")

type Server struct {
	cfg *Config
	sum uint32
}

// Collect fails past MaxItems; what it processes is the request's lines.
func (s *Server) Collect(r io.Reader) error {
	sc := bufio.NewScanner(r)
	var kept []string
	for sc.Scan() {
		kept = append(kept, sc.Text())
		if len(kept) > s.cfg.MaxItems {
			return errTooMany
		}
	}
	s.process(kept)
	return nil
}

// ServeHTTP answers 413 past MaxFields.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sc := bufio.NewScanner(r.Body)
	var fields []string
	for sc.Scan() {
		fields = append(fields, sc.Text())
		if len(fields) > s.cfg.MaxFields {
			http.Error(w, "too many fields", http.StatusRequestEntityTooLarge)
			return
		}
	}
	s.process(fields)
}

// Batch takes lines until BatchItems: the batch's size is the option's.
func (s *Server) Batch(r io.Reader) {
	sc := bufio.NewScanner(r)
	var batch []string
	for sc.Scan() {
		batch = append(batch, sc.Text())
		if len(batch) >= s.cfg.BatchItems {
			break
		}
	}
	s.process(batch)
}

// process hashes each item.
func (s *Server) process(items []string) {
	for _, it := range items {
		s.sum += crc32.ChecksumIEEE([]byte(it))
	}
}

// Package server is kvstored's HTTP API:
//
//	GET    /kv/{key}          value of key
//	PUT    /kv/{key}          set key to the request body
//	DELETE /kv/{key}          remove key
//	GET    /scan?prefix=&limit=  keys with a prefix, one per line
//	POST   /batch             apply "PUT key value" / "DEL key" lines with the worker pool
//	GET    /stats             counters (the metrics path)
package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/config"
	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/store"
)

// Server serves a store over HTTP.
type Server struct {
	cfg   *config.Config
	store *store.Store
	lg    *slog.Logger
	http  *http.Server
	jobs  chan job
	wg    sync.WaitGroup

	requests atomic.Int64
	trace    bool
}

type op struct {
	del   bool
	key   string
	value []byte
}

type job struct {
	ops  []op
	done chan error
}

// New returns a server for st; Start begins the worker pool.
func New(cfg *config.Config, st *store.Store, lg *slog.Logger) *Server {
	s := &Server{
		cfg:   cfg,
		store: st,
		lg:    lg,
		jobs:  make(chan job, cfg.Workers.QueueSize),
		trace: os.Getenv("KVSTORE_TRACE") != "",
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /kv/{key}", s.get)
	mux.HandleFunc("PUT /kv/{key}", s.put)
	mux.HandleFunc("DELETE /kv/{key}", s.del)
	mux.HandleFunc("GET /scan", s.scan)
	mux.HandleFunc("POST /batch", s.batch)
	if cfg.Metrics.Enabled {
		mux.HandleFunc("GET "+cfg.Metrics.Path, s.stats)
	}
	var h http.Handler = mux
	if cfg.Server.RequestLog {
		h = s.logRequests(h)
	}
	s.http = &http.Server{
		Handler:      h,
		ReadTimeout:  cfg.Server.ReadTimeout,
		WriteTimeout: cfg.Server.WriteTimeout,
		IdleTimeout:  cfg.Server.IdleTimeout,
	}
	return s
}

// Start starts the workers.
func (s *Server) Start() {
	for i := 0; i < s.cfg.Workers.Count; i++ {
		s.wg.Add(1)
		go s.worker()
	}
}

// Serve accepts connections on l until Shutdown.
func (s *Server) Serve(l net.Listener) error {
	err := s.http.Serve(l)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Handler returns the HTTP handler, for tests.
func (s *Server) Handler() http.Handler { return s.http.Handler }

// Shutdown stops accepting requests, waits for those in flight and stops
// the workers.
func (s *Server) Shutdown(ctx context.Context) error {
	err := s.http.Shutdown(ctx)
	close(s.jobs)
	s.wg.Wait()
	return err
}

func (s *Server) worker() {
	defer s.wg.Done()
	for j := range s.jobs {
		var err error
		for _, o := range j.ops {
			if o.del {
				err = errors.Join(err, s.store.Delete(o.key))
			} else {
				err = errors.Join(err, s.store.Put(o.key, o.value))
			}
		}
		j.done <- err
	}
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	v, err := s.store.Get(r.PathValue("key"))
	if errors.Is(err, store.ErrNotFound) {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write(v)
}

func (s *Server) put(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.Server.MaxBodyBytes))
	if err != nil {
		http.Error(w, err.Error(), http.StatusRequestEntityTooLarge)
		return
	}
	if err := s.store.Put(r.PathValue("key"), body); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) del(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	if err := s.store.Delete(r.PathValue("key")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) scan(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
	bw := bufio.NewWriter(w)
	for _, k := range s.store.Scan(r.URL.Query().Get("prefix"), limit) {
		fmt.Fprintln(bw, k)
	}
	bw.Flush()
}

// batch parses "PUT key value" and "DEL key" lines, splits them into
// chunks of chunk_size and applies the chunks on the worker pool.
func (s *Server) batch(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	sc := bufio.NewScanner(http.MaxBytesReader(w, r.Body, s.cfg.Server.MaxBodyBytes))
	sc.Buffer(make([]byte, 64<<10), int(s.cfg.Server.MaxBodyBytes))
	var ops []op
	for sc.Scan() {
		verb, rest, _ := strings.Cut(sc.Text(), " ")
		switch verb {
		case "PUT":
			k, v, _ := strings.Cut(rest, " ")
			ops = append(ops, op{key: k, value: []byte(v)})
		case "DEL":
			ops = append(ops, op{del: true, key: rest})
		case "":
		default:
			http.Error(w, "bad verb "+verb, http.StatusBadRequest)
			return
		}
		if len(ops) > s.cfg.Server.MaxBatchItems {
			http.Error(w, "batch too large", http.StatusRequestEntityTooLarge)
			return
		}
	}
	if err := sc.Err(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	chunk := s.cfg.Workers.ChunkSize
	var dones []chan error
	for i := 0; i < len(ops); i += chunk {
		j := job{ops: ops[i:min(i+chunk, len(ops))], done: make(chan error, 1)}
		select {
		case s.jobs <- j:
		case <-r.Context().Done():
			return
		}
		dones = append(dones, j.done)
	}
	var err error
	for _, d := range dones {
		err = errors.Join(err, <-d)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	fmt.Fprintf(w, "%d\n", len(ops))
}

func (s *Server) stats(w http.ResponseWriter, r *http.Request) {
	st := s.store.Stats()
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(struct {
		Requests int64
		store.Stats
	}{s.requests.Load(), st})
}

func (s *Server) logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		h.ServeHTTP(w, r)
		s.lg.Info("request", "method", r.Method, "path", r.URL.Path, "took", time.Since(start))
		if s.trace {
			s.lg.Debug("trace", "headers", r.Header)
		}
	})
}

// Command streamproc accepts JSON records over HTTP (POST /ingest, one
// per line), filters, deduplicates and batches them, and writes the
// batches to files. GET /stats reports its counters. It stops cleanly on
// SIGINT or SIGTERM.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/confhunt/confhunt/benchmarks/streamproc/internal/config"
	"github.com/confhunt/confhunt/benchmarks/streamproc/internal/pipeline"
	"github.com/confhunt/confhunt/benchmarks/streamproc/internal/sink"
)

var (
	configPath = flag.String("config", "", "JSON configuration `file`")
	listen     = flag.String("listen", "", "listen `address` (overrides listen)")
	outDir     = flag.String("out", "", "output `directory` (overrides output.dir)")
	verbose    = flag.Bool("v", false, "log every request")
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "streamproc:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load(*configPath)
	if err != nil {
		return err
	}
	if *listen != "" {
		cfg.Listen = *listen
	}
	if *outDir != "" {
		cfg.Output.Dir = *outDir
	}
	if cfg.LogLevel == "debug" {
		log.Printf("%s starting with %d workers", cfg.Name, cfg.Workers)
	}
	s, err := sink.Open(cfg.Output)
	if err != nil {
		return err
	}
	p, err := pipeline.New(cfg, s)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /ingest", func(w http.ResponseWriter, r *http.Request) {
		if *verbose {
			log.Printf("ingest from %s", r.RemoteAddr)
		}
		sc := bufio.NewScanner(r.Body)
		sc.Buffer(make([]byte, 64<<10), cfg.MaxRecordBytes+1)
		n := 0
		for sc.Scan() {
			p.Submit(append([]byte(nil), sc.Bytes()...))
			n++
		}
		fmt.Fprintln(w, n)
	})
	if cfg.Stats.Enabled {
		mux.HandleFunc("GET /stats", func(w http.ResponseWriter, r *http.Request) {
			json.NewEncoder(w).Encode(p.Stats())
		})
	}
	l, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: mux}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	select {
	case err = <-errc:
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if serr := srv.Shutdown(sctx); err == nil || errors.Is(err, http.ErrServerClosed) {
		err = serr
	}
	if perr := p.Close(); err == nil {
		err = perr
	}
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	return err
}

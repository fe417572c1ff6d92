// Command kvstored serves a durable key-value store over HTTP.
//
//	kvstored -config kvstore.yaml [-listen addr] [-data dir]
//
// It stops cleanly, syncing its log, on SIGINT or SIGTERM.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/config"
	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/server"
	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/store"
)

var (
	configPath = flag.String("config", "", "YAML configuration `file`")
	listen     = flag.String("listen", "", "listen `address` (overrides server.listen)")
	dataDir    = flag.String("data", "", "data `directory` (overrides wal.dir)")
	maxProcs   = flag.Int("maxprocs", 0, "GOMAXPROCS, 0 for the default")
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "kvstored:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, k, err := config.Load(*configPath)
	if err != nil {
		return err
	}
	if *listen != "" {
		cfg.Server.Listen = *listen
	}
	if *dataDir != "" {
		cfg.WAL.Dir = *dataDir
	}
	if *maxProcs > 0 {
		runtime.GOMAXPROCS(*maxProcs)
	}
	level := slog.LevelInfo
	if k.String("log.level") == "debug" {
		level = slog.LevelDebug
	}
	var h slog.Handler = slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})
	if cfg.Log.Format == "json" {
		h = slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: level})
	}
	lg := slog.New(h)
	if k.Exists("debug.pprof_addr") {
		addr := k.String("debug.pprof_addr")
		go func() { lg.Error("pprof server", "err", http.ListenAndServe(addr, nil)) }()
	}

	st, err := store.Open(cfg, lg)
	if err != nil {
		return err
	}
	srv := server.New(cfg, st, lg)
	srv.Start()
	l, err := net.Listen("tcp", cfg.Server.Listen)
	if err != nil {
		st.Close()
		return err
	}
	lg.Info("serving", "addr", l.Addr().String(), "data", cfg.WAL.Dir)
	if path := os.Getenv("KVSTORE_ADDR_FILE"); path != "" {
		if err := os.WriteFile(path, []byte(l.Addr().String()), 0o644); err != nil {
			return err
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	select {
	case err = <-errc:
	case <-ctx.Done():
		lg.Info("shutting down")
	}
	sctx, cancel := context.WithTimeout(context.Background(), cfg.Server.ShutdownGrace)
	defer cancel()
	if serr := srv.Shutdown(sctx); err == nil {
		err = serr
	}
	if cerr := st.Close(); err == nil {
		err = cerr
	}
	return err
}

// Command tsdb serves a time-series store over HTTP:
//
//	POST /write   lines "series timestamp value"
//	GET  /query?series=&from=&to=
//
// Settings come from TSDB_* environment variables (see package settings)
// and the flags below. It flushes and stops cleanly on SIGINT or SIGTERM.
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
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/confhunt/confhunt/benchmarks/tsdb/internal/engine"
	"github.com/confhunt/confhunt/benchmarks/tsdb/internal/settings"
)

func main() {
	listen := flag.String("listen", "", "listen `address` (overrides TSDB_LISTEN)")
	data := flag.String("data", "", "data `directory` (overrides TSDB_DATA_DIR)")
	debug := flag.Bool("debug", false, "log every request")
	flag.Parse()
	if err := run(*listen, *data, *debug); err != nil {
		fmt.Fprintln(os.Stderr, "tsdb:", err)
		os.Exit(1)
	}
}

func run(listen, data string, debug bool) error {
	ecfg, scfg := settings.DefaultEngine(), settings.DefaultServer()
	if err := settings.FromEnv(&ecfg); err != nil {
		return err
	}
	if err := settings.FromEnv(&scfg); err != nil {
		return err
	}
	if listen != "" {
		scfg.Listen = listen
	}
	if data != "" {
		ecfg.DataDir = data
	}
	if scfg.LogLevel == "debug" {
		log.Printf("%s: engine %+v", scfg.NodeName, ecfg)
	}
	e, err := engine.Open(ecfg)
	if err != nil {
		return err
	}
	log.Printf("%s (cluster %s): serving metrics as %s.*", scfg.NodeName, scfg.Cluster, scfg.MetricsPrefix)
	seen := make(map[string]bool)
	var seenMu sync.Mutex
	mux := http.NewServeMux()
	mux.HandleFunc("POST /write", func(w http.ResponseWriter, r *http.Request) {
		if debug {
			log.Printf("write from %s", r.RemoteAddr)
		}
		if scfg.ReadOnly {
			http.Error(w, "read-only node", http.StatusForbidden)
			return
		}
		sc := bufio.NewScanner(r.Body)
		sc.Buffer(make([]byte, 4096), scfg.MaxLineSize)
		n := 0
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) != 3 {
				http.Error(w, "bad line", http.StatusBadRequest)
				return
			}
			ts, err1 := strconv.ParseInt(f[1], 10, 64)
			val, err2 := strconv.ParseFloat(f[2], 64)
			if err1 != nil || err2 != nil {
				http.Error(w, "bad line", http.StatusBadRequest)
				return
			}
			seenMu.Lock()
			if !seen[f[0]] && len(seen) >= scfg.MaxSeries {
				seenMu.Unlock()
				http.Error(w, "too many series", http.StatusTooManyRequests)
				return
			}
			seen[f[0]] = true
			seenMu.Unlock()
			if err := e.Write(f[0], ts, val); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			n++
			if n > scfg.MaxWriteLines {
				http.Error(w, "too many lines", http.StatusRequestEntityTooLarge)
				return
			}
		}
		fmt.Fprintln(w, n)
	})
	mux.HandleFunc("GET /query", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if scfg.QueryLog {
			log.Printf("query %s", r.URL.RawQuery)
		}
		from, _ := strconv.ParseInt(q.Get("from"), 10, 64)
		to, err := strconv.ParseInt(q.Get("to"), 10, 64)
		if err != nil {
			to = 1<<63 - 1
		}
		ctx, cancel := context.WithTimeout(r.Context(), scfg.QueryTimeout)
		defer cancel()
		pts, err := e.Query(q.Get("series"), from, to)
		if ctx.Err() != nil {
			http.Error(w, "query timed out", http.StatusGatewayTimeout)
			return
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if len(pts) > scfg.QueryLimit {
			pts = pts[:scfg.QueryLimit]
		}
		json.NewEncoder(w).Encode(pts)
	})
	l, err := net.Listen("tcp", scfg.Listen)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: mux, IdleTimeout: scfg.IdleTimeout}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	select {
	case err = <-errc:
	case <-ctx.Done():
	}
	if serr := srv.Shutdown(context.Background()); err == nil || errors.Is(err, http.ErrServerClosed) {
		err = serr
	}
	if ferr := e.Flush(); err == nil {
		err = ferr
	}
	return err
}

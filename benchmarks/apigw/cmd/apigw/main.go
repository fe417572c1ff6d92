// Command apigw serves the catalogue API. Settings come from flags, with
// a few from the environment (APIGW_TOKENS, APIGW_REGION, APIGW_ENV).
// It stops cleanly on SIGINT or SIGTERM.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/confhunt/confhunt/benchmarks/apigw/internal/gateway"
)

func main() {
	cfg := gateway.DefaultConfig()
	flag.StringVar(&cfg.Listen, "listen", cfg.Listen, "listen address")
	flag.DurationVar(&cfg.ReadTimeout, "read-timeout", cfg.ReadTimeout, "HTTP read timeout")
	flag.DurationVar(&cfg.WriteTimeout, "write-timeout", cfg.WriteTimeout, "HTTP write timeout")
	flag.DurationVar(&cfg.IdleTimeout, "idle-timeout", cfg.IdleTimeout, "HTTP idle timeout")
	flag.StringVar(&cfg.Name, "name", cfg.Name, "instance name, for logs")
	flag.StringVar(&cfg.CORSOrigin, "cors-origin", cfg.CORSOrigin, "Access-Control-Allow-Origin")
	flag.StringVar(&cfg.RequestHeader, "request-id-header", cfg.RequestHeader, "request id header echoed back")
	flag.StringVar(&cfg.ServerHeader, "server-header", cfg.ServerHeader, "Server header of responses")
	flag.StringVar(&cfg.HealthPath, "health-path", cfg.HealthPath, "path of the health check")
	flag.IntVar(&cfg.MaxHeaderKB, "max-header-kb", cfg.MaxHeaderKB, "largest request header, in KiB")
	flag.DurationVar(&cfg.ShutdownGrace, "shutdown-grace", cfg.ShutdownGrace, "time to finish requests on shutdown")
	flag.IntVar(&cfg.CatalogSize, "catalog-size", cfg.CatalogSize, "items in the catalogue")
	flag.IntVar(&cfg.CacheSize, "cache-size", cfg.CacheSize, "responses cached (0 disables)")
	flag.DurationVar(&cfg.CacheTTL, "cache-ttl", cfg.CacheTTL, "time a cached response lives")
	flag.BoolVar(&cfg.Pretty, "pretty", cfg.Pretty, "indent JSON responses")
	flag.IntVar(&cfg.GzipLevel, "gzip-level", cfg.GzipLevel, "gzip level of responses (0 disables)")
	flag.Float64Var(&cfg.RateLimit, "rate-limit", cfg.RateLimit, "requests per second per client (0 disables)")
	flag.IntVar(&cfg.Burst, "burst", cfg.Burst, "rate limit burst")
	flag.BoolVar(&cfg.LimiterGlobal, "limiter-global-lock", cfg.LimiterGlobal, "one lock for all rate limit buckets")
	flag.IntVar(&cfg.AuthRounds, "auth-rounds", cfg.AuthRounds, "hash rounds per token check")
	flag.StringVar(&cfg.AccessLog, "access-log", cfg.AccessLog, "access log file (empty disables)")
	flag.BoolVar(&cfg.AccessLogSync, "access-log-sync", cfg.AccessLogSync, "fsync the access log after every request")
	flag.IntVar(&cfg.BackendRetries, "backend-retries", cfg.BackendRetries, "retries of a failed backend call")
	flag.DurationVar(&cfg.RetryBackoff, "retry-backoff", cfg.RetryBackoff, "first backoff between retries")
	flag.Float64Var(&cfg.BackendErrorRate, "backend-error-rate", cfg.BackendErrorRate, "simulated backend failure rate")
	flag.IntVar(&cfg.DefaultPageSize, "page-size", cfg.DefaultPageSize, "default page size")
	flag.IntVar(&cfg.MaxPageSize, "max-page-size", cfg.MaxPageSize, "largest page size")
	version := flag.Bool("version", false, "print the version and exit")
	flag.Parse()
	if *version {
		fmt.Println("apigw 1.0")
		return
	}
	if t := os.Getenv("APIGW_TOKENS"); t != "" {
		cfg.Tokens = strings.Split(t, ",")
	}
	log.Printf("%s starting in %s/%s", cfg.Name, os.Getenv("APIGW_REGION"), os.Getenv("APIGW_ENV"))
	if err := run(&cfg); err != nil {
		fmt.Fprintln(os.Stderr, "apigw:", err)
		os.Exit(1)
	}
}

func run(cfg *gateway.GatewayConfig) error {
	g, err := gateway.New(cfg)
	if err != nil {
		return err
	}
	l, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: g.Handler(), ReadTimeout: cfg.ReadTimeout, WriteTimeout: cfg.WriteTimeout,
		IdleTimeout: cfg.IdleTimeout, MaxHeaderBytes: cfg.MaxHeaderKB << 10}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	select {
	case err = <-errc:
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownGrace)
	defer cancel()
	if serr := srv.Shutdown(sctx); err == nil || errors.Is(err, http.ErrServerClosed) {
		err = serr
	}
	if cerr := g.Close(); err == nil {
		err = cerr
	}
	return err
}

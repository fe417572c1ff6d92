// Package gateway is an HTTP API in front of a product catalogue, with a
// response cache, per-client rate limits, token authentication, retries
// of the backend, gzip responses and an access log.
//
//	GET /search?q=&page=&size=   items whose name contains q
//	GET /item/{id}               one item
//	GET /healthz
package gateway

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Gateway serves the API.
type Gateway struct {
	cfg     *GatewayConfig
	catalog *Catalog
	cache   *responseCache
	limiter *limiter
	tokens  map[string]bool // hashes of the accepted tokens

	logMu sync.Mutex
	logF  *os.File
	logW  *bufio.Writer
}

// New returns a gateway over a fresh catalogue.
func New(cfg *GatewayConfig) (*Gateway, error) {
	g := &Gateway{
		cfg:     cfg,
		catalog: NewCatalog(cfg.CatalogSize, cfg.BackendErrorRate),
		cache:   newResponseCache(cfg.CacheSize, cfg.CacheTTL),
		limiter: newLimiter(cfg.RateLimit, cfg.Burst, cfg.LimiterGlobal),
		tokens:  make(map[string]bool),
	}
	for _, t := range cfg.Tokens {
		g.tokens[hashToken(t, cfg.AuthRounds)] = true
	}
	if cfg.AccessLog != "" {
		f, err := os.OpenFile(cfg.AccessLog, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, err
		}
		g.logF, g.logW = f, bufio.NewWriter(f)
	}
	return g, nil
}

// Close flushes and closes the access log.
func (g *Gateway) Close() error {
	if g.logF == nil {
		return nil
	}
	g.logMu.Lock()
	defer g.logMu.Unlock()
	if err := g.logW.Flush(); err != nil {
		return err
	}
	return g.logF.Close()
}

// Handler returns the API's handler.
func (g *Gateway) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /search", g.search)
	mux.HandleFunc("GET /item/{id}", g.item)
	mux.HandleFunc("GET "+g.cfg.HealthPath, func(w http.ResponseWriter, r *http.Request) { fmt.Fprintln(w, "ok") })
	return g.wrap(mux)
}

// hashToken hashes a token rounds times, as a password hash's cost does.
func hashToken(token string, rounds int) string {
	sum := sha256.Sum256([]byte(token))
	for i := 1; i < rounds; i++ {
		sum = sha256.Sum256(sum[:])
	}
	return hex.EncodeToString(sum[:])
}

// wrap authenticates, rate-limits, sets CORS and logs every request.
func (g *Gateway) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		w.Header().Set("Server", g.cfg.ServerHeader)
		if g.cfg.CORSOrigin != "" {
			w.Header().Set("Access-Control-Allow-Origin", g.cfg.CORSOrigin)
		}
		if id := r.Header.Get(g.cfg.RequestHeader); id != "" {
			w.Header().Set(g.cfg.RequestHeader, id)
		}
		token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		if r.URL.Path != g.cfg.HealthPath && !g.tokens[hashToken(token, g.cfg.AuthRounds)] {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		client, _, _ := strings.Cut(r.RemoteAddr, ":")
		if !g.limiter.allow(client, start) {
			http.Error(w, "rate limited", http.StatusTooManyRequests)
			return
		}
		h.ServeHTTP(w, r)
		if g.logW != nil {
			g.logAccess(r, time.Since(start))
		}
	})
}

func (g *Gateway) logAccess(r *http.Request, took time.Duration) {
	g.logMu.Lock()
	defer g.logMu.Unlock()
	fmt.Fprintf(g.logW, "%s %s %s %v\n", time.Now().Format(time.RFC3339), r.Method, r.URL, took)
	if g.cfg.AccessLogSync {
		if err := g.logW.Flush(); err == nil {
			g.logF.Sync()
		}
	}
}

func (g *Gateway) search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	page, _ := strconv.Atoi(q.Get("page"))
	size, err := strconv.Atoi(q.Get("size"))
	if err != nil || size <= 0 {
		size = g.cfg.DefaultPageSize
	}
	size = min(size, g.cfg.MaxPageSize)
	key := fmt.Sprintf("search|%s|%d|%d", q.Get("q"), page, size)
	if body, ok := g.cache.get(key); ok {
		g.send(w, r, body)
		return
	}
	var items []Item
	var total int
	err = g.retry(func() error {
		var err error
		items, total, err = g.catalog.Search(q.Get("q"), page, size)
		return err
	})
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	body, err := g.encode(map[string]any{"total": total, "page": page, "items": items})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	g.cache.put(key, body)
	g.send(w, r, body)
}

func (g *Gateway) item(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil || id < 0 || id >= len(g.catalog.items) {
		http.Error(w, "no such item", http.StatusNotFound)
		return
	}
	body, err := g.encode(g.catalog.items[id])
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	g.send(w, r, body)
}

// retry calls f up to backend_retries more times, sleeping retry_backoff,
// doubled each time, between tries.
func (g *Gateway) retry(f func() error) error {
	backoff := g.cfg.RetryBackoff
	var err error
	for attempt := 0; attempt <= g.cfg.BackendRetries; attempt++ {
		if err = f(); err == nil || !errors.Is(err, errBackend) {
			return err
		}
		time.Sleep(backoff)
		backoff *= 2
	}
	return err
}

func (g *Gateway) encode(v any) ([]byte, error) {
	if g.cfg.Pretty {
		return json.MarshalIndent(v, "", "  ")
	}
	return json.Marshal(v)
}

// send writes body, gzip-compressed when the client accepts it and a level is set.
func (g *Gateway) send(w http.ResponseWriter, r *http.Request, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	if g.cfg.GzipLevel == 0 || !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		w.Write(body)
		return
	}
	w.Header().Set("Content-Encoding", "gzip")
	zw, err := gzip.NewWriterLevel(w, g.cfg.GzipLevel)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	zw.Write(body)
	zw.Close()
}

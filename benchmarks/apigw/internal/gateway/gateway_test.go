package gateway

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func get(t testing.TB, h http.Handler, url, token string, gz bool) (int, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, url, nil)
	req.RemoteAddr = "10.0.0.1:1234"
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if gz {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	body := rec.Body.String()
	if rec.Header().Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(zr)
		body = string(b)
	}
	return rec.Code, body
}

func TestSearch(t *testing.T) {
	cfg := DefaultConfig()
	cfg.CatalogSize = 100
	cfg.AccessLog = filepath.Join(t.TempDir(), "access.log")
	cfg.AccessLogSync = true
	g, err := New(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	h := g.Handler()
	if code, _ := get(t, h, "/search?q=red", "wrong", false); code != http.StatusUnauthorized {
		t.Errorf("bad token: %d", code)
	}
	for _, gz := range []bool{false, true} {
		code, body := get(t, h, "/search?q=red&size=5", "secret", gz)
		var resp struct {
			Total int    `json:"total"`
			Items []Item `json:"items"`
		}
		if code != 200 || json.Unmarshal([]byte(body), &resp) != nil || resp.Total != 22 || len(resp.Items) != 5 {
			t.Errorf("gzip=%v: %d %q", gz, code, body)
		}
	}
	var item Item
	if code, body := get(t, h, "/item/7", "secret", false); code != 200 || json.Unmarshal([]byte(body), &item) != nil || item.ID != 7 {
		t.Errorf("item: %d %s", code, body)
	}
	g.Close()
	if log, _ := os.ReadFile(cfg.AccessLog); strings.Count(string(log), "\n") != 3 {
		t.Errorf("access log:\n%s", log)
	}
}

func TestCache(t *testing.T) {
	c := newResponseCache(2, time.Minute)
	c.put("a", []byte("1"))
	c.put("b", []byte("2"))
	c.get("a")
	c.put("c", []byte("3"))
	if _, ok := c.get("b"); ok {
		t.Errorf("b survived eviction")
	}
	if v, ok := c.get("a"); !ok || string(v) != "1" {
		t.Errorf("a lost")
	}
	off := newResponseCache(0, time.Minute)
	off.put("a", []byte("1"))
	if _, ok := off.get("a"); ok {
		t.Errorf("a disabled cache returned a value")
	}
}

func TestLimiter(t *testing.T) {
	for _, global := range []bool{false, true} {
		l := newLimiter(1, 2, global)
		now := time.Unix(0, 0)
		if !l.allow("x", now) || !l.allow("x", now) || l.allow("x", now) {
			t.Errorf("global=%v: burst of 2 not enforced", global)
		}
		if !l.allow("x", now.Add(time.Second)) {
			t.Errorf("global=%v: no refill after a second", global)
		}
		if !l.allow("y", now) {
			t.Errorf("global=%v: clients share a bucket", global)
		}
	}
}

func TestRetry(t *testing.T) {
	cfg := DefaultConfig()
	cfg.RetryBackoff = time.Microsecond
	g, _ := New(&cfg)
	calls := 0
	err := g.retry(func() error { calls++; return errBackend })
	if err != errBackend || calls != 3 {
		t.Errorf("retry: %v after %d calls, want 3", err, calls)
	}
}

func BenchmarkSearch(b *testing.B) {
	cfg := DefaultConfig()
	g, err := New(&cfg)
	if err != nil {
		b.Fatal(err)
	}
	h := g.Handler()
	qs := []string{"/search?q=red&page=1", "/search?q=steel&page=2", "/search?q=item%201&size=50", "/item/42"}
	i := 0
	for b.Loop() {
		get(b, h, qs[i%len(qs)], "secret", true)
		i++
	}
}

func BenchmarkSearchUncached(b *testing.B) {
	cfg := DefaultConfig()
	g, _ := New(&cfg)
	h := g.Handler()
	i := 0
	for b.Loop() {
		get(b, h, "/search?q=item&page="+string(rune('0'+i%10)), "secret", false)
		i++
	}
}

// The benchmarks below each run one workload truth.yaml names, with the
// defaults otherwise: a benchmark suite that never runs a workload cannot
// notice what slows it (confhunt mutate reports such sites unreached).

// handler returns the handler of a gateway made with cfg, closed when
// the benchmark ends.
func handler(b *testing.B, cfg GatewayConfig) http.Handler {
	g, err := New(&cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { g.Close() })
	return g.Handler()
}

// BenchmarkAccessLog serves requests with the access log on.
func BenchmarkAccessLog(b *testing.B) {
	cfg := DefaultConfig()
	cfg.AccessLog = filepath.Join(b.TempDir(), "access.log")
	h := handler(b, cfg)
	for b.Loop() {
		get(b, h, "/item/42", "secret", false)
	}
}

// BenchmarkLimiter takes tokens for many clients from parallel goroutines,
// with a rate limit too high to refuse any.
func BenchmarkLimiter(b *testing.B) {
	cfg := DefaultConfig()
	cfg.RateLimit = 1e12
	g, err := New(&cfg)
	if err != nil {
		b.Fatal(err)
	}
	var next atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		id := next.Add(1)
		clients := make([]string, 64)
		for i := range clients {
			clients[i] = fmt.Sprintf("10.%d.0.%d", id, i)
		}
		now := time.Now()
		i := 0
		for pb.Next() {
			g.limiter.allow(clients[i%len(clients)], now)
			i++
		}
	})
}

// BenchmarkFlakyBackend searches a backend that fails one call in twenty,
// uncached, so failures are retried after the backoff.
func BenchmarkFlakyBackend(b *testing.B) {
	cfg := DefaultConfig()
	cfg.CacheSize = 0
	cfg.BackendErrorRate = 0.05
	h := handler(b, cfg)
	for b.Loop() {
		get(b, h, "/search?q=item%201&page=1", "secret", false)
	}
}

// BenchmarkLargePages asks for pages larger than the largest allowed.
func BenchmarkLargePages(b *testing.B) {
	cfg := DefaultConfig()
	cfg.CacheSize = 0
	h := handler(b, cfg)
	for b.Loop() {
		get(b, h, "/search?q=item&size=100000", "secret", false)
	}
}

// BenchmarkAuth runs the middleware alone on one request, over a
// handler that does nothing: the token check is most of its work.
func BenchmarkAuth(b *testing.B) {
	g, err := New(ptr(DefaultConfig()))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { g.Close() })
	h := g.wrap(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	req := httptest.NewRequest(http.MethodGet, "/item/42", nil)
	req.RemoteAddr = "10.0.0.1:1234"
	req.Header.Set("Authorization", "Bearer secret")
	w := discard{make(http.Header)}
	for b.Loop() {
		h.ServeHTTP(w, req)
	}
}

// BenchmarkGzipPages serves full pages, uncached, to a client that
// accepts gzip and reads nothing back: the compression of large
// responses.
func BenchmarkGzipPages(b *testing.B) {
	cfg := DefaultConfig()
	cfg.CacheSize = 0
	h := handler(b, cfg)
	req := httptest.NewRequest(http.MethodGet, "/search?q=item&size=100000", nil)
	req.RemoteAddr = "10.0.0.1:1234"
	req.Header.Set("Authorization", "Bearer secret")
	req.Header.Set("Accept-Encoding", "gzip")
	for b.Loop() {
		h.ServeHTTP(discard{make(http.Header)}, req)
	}
}

// discard is a response writer that keeps nothing but the headers.
type discard struct{ h http.Header }

func (d discard) Header() http.Header       { return d.h }
func (discard) Write(p []byte) (int, error) { return len(p), nil }
func (discard) WriteHeader(int)             {}

func ptr[T any](v T) *T { return &v }

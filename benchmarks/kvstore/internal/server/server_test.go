package server

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/config"
	"github.com/confhunt/confhunt/benchmarks/kvstore/internal/store"
)

func TestAPI(t *testing.T) {
	cfg := config.Default()
	cfg.WAL.Dir = t.TempDir()
	cfg.Compaction.Interval = 0
	cfg.Workers.ChunkSize = 2
	lg := slog.New(slog.NewTextHandler(io.Discard, nil))
	st, err := store.Open(&cfg, lg)
	if err != nil {
		t.Fatal(err)
	}
	srv := New(&cfg, st, lg)
	srv.Start()
	ts := httptest.NewServer(srv.Handler())
	defer func() {
		ts.Close()
		srv.Shutdown(context.Background())
		st.Close()
	}()

	do := func(method, path, body string) (int, string) {
		req, _ := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, _ := do("PUT", "/kv/a", "hello"); code != http.StatusNoContent {
		t.Fatalf("put: %d", code)
	}
	if code, body := do("GET", "/kv/a", ""); code != 200 || body != "hello" {
		t.Errorf("get: %d %q", code, body)
	}
	if code, body := do("POST", "/batch", "PUT b 1\nPUT c 2\nPUT d 3\nDEL a\n"); code != 200 || body != "4\n" {
		t.Errorf("batch: %d %q", code, body)
	}
	if code, _ := do("GET", "/kv/a", ""); code != http.StatusNotFound {
		t.Errorf("deleted in batch: %d", code)
	}
	if _, body := do("GET", "/scan?prefix=&limit=2", ""); body != "b\nc\n" {
		t.Errorf("scan: %q", body)
	}
	if code, _ := do("POST", "/batch", "FROB x\n"); code != http.StatusBadRequest {
		t.Errorf("bad verb: %d", code)
	}
	if code, body := do("GET", "/stats", ""); code != 200 || !strings.Contains(body, `"Keys":3`) {
		t.Errorf("stats: %d %s", code, body)
	}
}

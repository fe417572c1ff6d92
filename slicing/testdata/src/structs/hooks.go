package structs

import (
	"io"
	"time"
)

// RequestConfig is what a hook returns for each request: an argument
// that travels with the request, asked anew each time, not settings; its
// MaxBody, read where the server's own MaxBody is, is that setting given
// for one request.
type RequestConfig struct {
	MaxBody int
}

// ReloadConfig is also returned by a hook, but the server keeps it:
// settings reloaded at run time.
type ReloadConfig struct {
	Window int
}

type HookServer struct {
	MaxBody   int
	PerReq    func(path string) RequestConfig
	Reload    func() ReloadConfig
	reloaded  ReloadConfig
	buffered  []byte
	requested int
}

func (s *HookServer) Serve(path string, r io.Reader) error {
	limit := s.MaxBody // want option:"HookServer.MaxBody"
	if s.PerReq != nil {
		if rc := s.PerReq(path); rc.MaxBody > 0 { // want option:"HookServer.MaxBody" alias:"RequestConfig.MaxBody"
			limit = rc.MaxBody // want option:"HookServer.MaxBody"
		}
	}
	if s.Reload != nil {
		s.reloaded = s.Reload()
	}
	s.buffered = make([]byte, limit+s.reloaded.Window) // want option:"ReloadConfig.Window"
	_, err := io.ReadFull(r, s.buffered)
	s.requested++
	return err
}

// BackoffConfig holds a policy, asked how long to wait before each retry:
// an option; a callback told of each retry and a provider of a password,
// asked nothing, are not.
type BackoffConfig struct {
	Attempts int
	Backoff  func(attempt int) time.Duration
	OnRetry  func(attempt int)
	Password func() string
}

func retryWait(p *BackoffConfig) time.Duration {
	var total time.Duration
	for i := range p.Attempts { // want option:"BackoffConfig.Attempts"
		total += p.Backoff(i) // want option:"BackoffConfig.Backoff"
		p.OnRetry(i)
	}
	if p.Password() == "" {
		return 0
	}
	return total
}

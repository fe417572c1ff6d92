package structs

import "io"

// RequestConfig is what a hook returns for each request: an argument
// that travels with the request, asked anew each time, not settings.
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
		if rc := s.PerReq(path); rc.MaxBody > 0 {
			limit = rc.MaxBody
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

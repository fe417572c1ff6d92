package state

import "os"

// ShrinkConfig has a threshold compared inside a callback that sets a
// variable the callback shares with its caller, which acts on it after
// the callback returns (a database's view or update taking a function).
type ShrinkConfig struct {
	Percent int `yaml:"percent"`
}

type logFile struct {
	f         *os.File
	size      int
	lastSize  int
	onePass   func(func() error) error
	shrinkCfg ShrinkConfig
}

func (l *logFile) background() {
	var shrink bool
	l.onePass(func() error {
		shrink = l.size > l.lastSize+l.lastSize*l.shrinkCfg.Percent/100
		return nil
	})
	if shrink { // want sliced:"ShrinkConfig.Percent"
		l.f.Truncate(0)
	}
}

// HandlerConfig turns off a list of encodings the handler built under a
// branch on it, which the handler's closure reads on every request.
type HandlerConfig struct {
	DisableCompression bool `yaml:"disable_compression"`
	Quiet              bool `yaml:"quiet"`
}

func negotiate(offers []string, w []byte) []byte {
	if len(offers) == 0 { // want sliced:"HandlerConfig.DisableCompression"
		return w
	}
	return append(w, offers[0]...) // want sliced:"HandlerConfig.DisableCompression"
}

func handler(cfg HandlerConfig) func([]byte) []byte {
	var encodings []string
	if !cfg.DisableCompression {
		encodings = append(encodings, "gzip")
	}
	prefix := "> "
	if cfg.Quiet {
		prefix = ""
	}
	return func(b []byte) []byte {
		out := negotiate(encodings, b)
		prefix = prefix + "" // want !sliced:"HandlerConfig.DisableCompression"
		return out
	}
}

// ListConfig decides whether a list is empty where no closure captures
// it: the callee's test of its length is the option's branch.
type ListConfig struct {
	NoCodecs bool `yaml:"no_codecs"`
}

func pick(codecs []string) string {
	if len(codecs) > 0 { // want sliced:"ListConfig.NoCodecs"
		return codecs[0]
	}
	return ""
}

func codecFor(cfg ListConfig) string {
	var codecs []string
	if !cfg.NoCodecs {
		codecs = append(codecs, "zstd")
	}
	return pick(codecs)
}

// HeaderConfig adds a header line to those a handler writes: an element
// of data, not the handler's work.
type HeaderConfig struct {
	Trace bool `yaml:"trace"`
}

func headers(cfg HeaderConfig) func(*[]byte) {
	lines := []string{"Server: x"}
	if cfg.Trace {
		lines = append(lines, "Trace: on")
	}
	return func(b *[]byte) {
		for _, l := range lines { // want !sliced:"HeaderConfig.Trace"
			*b = append(*b, l...)
		}
	}
}

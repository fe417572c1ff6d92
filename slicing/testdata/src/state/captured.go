package state

import (
	"os"
	"strings"
)

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

// CellConfig sets variables closures capture: a count, a list read only
// before the branch, a list set again past the branch, a list whose
// address goes to a helper, and one read by a closure made past a guard.
type CellConfig struct {
	Rounds int  `yaml:"rounds"`
	Codecs bool `yaml:"codecs"`
	Fresh  bool `yaml:"fresh"`
	Reset  bool `yaml:"reset"`
	Level  int  `yaml:"level"`
}

func rounds(cfg CellConfig) func() int {
	n := 1
	if cfg.Rounds > 0 {
		n = 100
	}
	return func() int {
		s := 0
		for i := 0; i < n; i++ { // want sliced:"CellConfig.Rounds"
			s += i
		}
		return s
	}
}

func codecsBefore(cfg CellConfig, w *strings.Builder) func() {
	var codecs []string
	for _, c := range codecs { // want !sliced:"CellConfig.Codecs"
		w.WriteString(c)
	}
	if cfg.Codecs {
		codecs = []string{"a", "b"}
	}
	return func() { w.WriteString(strings.Join(codecs, ",")) }
}

func setAgain(cfg CellConfig, w *strings.Builder) func() {
	var ws []*strings.Builder
	if cfg.Fresh {
		ws = []*strings.Builder{w}
	}
	ws = []*strings.Builder{w, w}
	return func() {
		for _, x := range ws { // want !sliced:"CellConfig.Fresh"
			x.WriteString("x")
		}
	}
}

func clearList(p *[]*strings.Builder) { *p = nil }

func handedOn(cfg CellConfig, w *strings.Builder) func() {
	var ws []*strings.Builder
	if cfg.Reset {
		ws = []*strings.Builder{w}
	}
	clearList(&ws)
	return func() {
		for _, x := range ws { // want !sliced:"CellConfig.Reset"
			x.WriteString("x")
		}
	}
}

func pastGuard(cfg CellConfig, w *strings.Builder) func() {
	var enc []*strings.Builder
	if cfg.Level > 0 {
		enc = []*strings.Builder{w}
	}
	if cfg.Level > 10 {
		return nil
	}
	return func() {
		for _, e := range enc { // want sliced:"CellConfig.Level"
			e.WriteString("x")
		}
	}
}

// GatherConfig filters what a callback gathers, element by element, as
// a loop's branch would.
type GatherConfig struct {
	Since int64 `yaml:"since"`
}

type item struct {
	t    int64
	name string
}

func eachItem(all []item, f func(item)) {
	for _, it := range all {
		f(it)
	}
}

func gatherNames(cfg GatherConfig, all []item, w *strings.Builder) {
	names := []string{"header"}
	eachItem(all, func(it item) {
		if it.t >= cfg.Since {
			names = append(names, it.name)
		}
	})
	for _, n := range names { // want !sliced:"GatherConfig.Since"
		w.WriteString(n)
	}
}

// ParamsConfig makes an empty map of parameters: as long as none, so the
// handler's test of its length is not the option's.
type ParamsConfig struct {
	Params bool `yaml:"params"`
}

func withParams(cfg ParamsConfig, w *strings.Builder) func() {
	var params map[string]string
	if cfg.Params {
		params = make(map[string]string)
	}
	return func() {
		p := params
		if len(p) == 0 { // want !sliced:"ParamsConfig.Params"
			return
		}
		w.WriteString("params")
	}
}

// LoopConfig sets captured variables reset on each turn of a loop before
// the branch, or cleared after their use: neither is set again whatever
// the option says.
type LoopConfig struct {
	Each  bool `yaml:"each"`
	Clear bool `yaml:"clear"`
}

func perItem(cfg LoopConfig, items []int, w *strings.Builder) []func() {
	var fs []func()
	for range items {
		ws := []*strings.Builder{}
		if cfg.Each {
			ws = []*strings.Builder{w}
		}
		fs = append(fs, func() {
			for _, x := range ws { // want sliced:"LoopConfig.Each"
				x.WriteString("x")
			}
		})
	}
	return fs
}

func clearedAfter(cfg LoopConfig, w *strings.Builder) {
	var ws []*strings.Builder
	if cfg.Clear {
		ws = []*strings.Builder{w}
	}
	use := func() {
		for _, x := range ws { // want sliced:"LoopConfig.Clear"
			x.WriteString("x")
		}
	}
	use()
	ws = nil
}

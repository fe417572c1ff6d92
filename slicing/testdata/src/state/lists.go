package state

import (
	"bytes"
	"strconv"
	"strings"
)

// HelloConfig adds a command to those a connection sends when it opens:
// one element of data, not the work of sending the list.
type HelloConfig struct {
	Select int `yaml:"select"`
}

func sendAll(cmds [][]string, w *strings.Builder) {
	for _, c := range cmds { // want !sliced:"HelloConfig.Select"
		for _, a := range c {
			w.WriteString(a)
		}
	}
}

func open(cfg HelloConfig, w *strings.Builder) {
	cmds := make([][]string, 0, 4)
	cmds = append(cmds, []string{"HELLO", "3"})
	if cfg.Select != 0 {
		cmds = append(cmds, []string{"SELECT", strconv.Itoa(cfg.Select)}) // want sliced:"HelloConfig.Select"
	}
	sendAll(cmds, w)
}

// StageConfig adds a stage to a pipeline: the stage's work is the
// option's wherever the list is run.
type StageConfig struct {
	Compress bool `yaml:"compress"`
}

func runStages(stages []func([]byte) []byte, b []byte) []byte {
	for _, s := range stages { // want sliced:"StageConfig.Compress"
		b = s(b)
	}
	return b
}

func pipeline(cfg StageConfig, b []byte) []byte {
	stages := []func([]byte) []byte{bytes.ToUpper}
	if cfg.Compress {
		stages = append(stages, bytes.ToLower)
	}
	return runStages(stages, b)
}

// DialConfig adds a functional option to a client's defaults: one more
// setter in the list, whose field is an option of its own, not the work
// of applying the list.
type DialConfig struct {
	Trace bool `yaml:"trace"`
}

type dialOpts struct {
	trace   bool
	retries int
}

type dialOption func(*dialOpts)

func withRetries(n int) dialOption { return func(o *dialOpts) { o.retries = n } }

func withTrace() dialOption { return func(o *dialOpts) { o.trace = true } }

func applyAll(opts []dialOption) *dialOpts {
	var o dialOpts
	for _, f := range opts { // want !sliced:"DialConfig.Trace"
		f(&o)
	}
	return &o
}

func dialWith(cfg DialConfig) *dialOpts {
	opts := []dialOption{withRetries(3)}
	if cfg.Trace {
		opts = append(opts, withTrace()) // want sliced:"DialConfig.Trace"
	}
	return applyAll(opts)
}

// HookConfig adds a hook to those run on each request: a function named
// as a value, whose work the option decides wherever the list is run.
type HookConfig struct {
	Sign bool `yaml:"sign"`
}

type request struct{ sum uint64 }

func signRequest(r *request) {
	for i := range 64 {
		r.sum = r.sum*31 + uint64(i)
	}
}

func runHooks(hooks []func(*request), r *request) {
	for _, h := range hooks { // want sliced:"HookConfig.Sign"
		h(r)
	}
}

func serve(cfg HookConfig, r *request) {
	hooks := []func(*request){func(*request) {}}
	if cfg.Sign {
		hooks = append(hooks, signRequest)
	}
	runHooks(hooks, r)
}

// FindConfig filters which record a callback keeps: the option decides
// whether one is found, and the list it is added to holds it whatever
// the option says.
type FindConfig struct {
	Since int64 `yaml:"since"`
}

type snap struct{ t int64 }

func eachSnap(all []*snap, f func(*snap)) {
	for _, s := range all {
		f(s)
	}
}

func newest(cfg FindConfig, all []*snap) *snap {
	var best *snap
	eachSnap(all, func(s *snap) {
		if s.t < cfg.Since {
			return
		}
		best = s
	})
	return best
}

func gather(cfg FindConfig, all []*snap) int64 {
	found := []*snap{all[0]}
	found = append(found, newest(cfg, all))
	var n int64
	for _, f := range found { // want !sliced:"FindConfig.Since"
		n += f.t
	}
	return n
}

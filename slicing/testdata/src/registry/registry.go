// Package registry keeps its settings in a map by name, filled from the
// environment, and reads each through an accessor that looks up its
// constant key: each key is an option, read wherever the code looks it
// up. A map of headers looked up by constant keys in two accessors is
// data, not a registry.
package registry

import (
	"strconv"
	"strings"
)

type value struct {
	str string
	num int
	on  bool
}

type Settings struct {
	values map[string]*value
}

var opts = &Settings{values: map[string]*value{
	"WORKERS":   {num: 4},
	"LOG_LEVEL": {str: "info"},
	"CACHE":     {on: true},
	"DEBUG":     {},
}}

// Load parses the environment into the registry: its lookups are by
// the names it is given, not reads of one setting.
func Load(environ []string) {
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		if x, ok := opts.values[k]; ok {
			x.str = v
			x.num, _ = strconv.Atoi(v)
			x.on = v == "1"
		}
	}
}

func (s *Settings) Workers() int { return s.values["WORKERS"].num } // want option:"WORKERS" style:"registry" type:"int" alias:"Settings.Workers"

func (s *Settings) LogLevel() string { return s.values["LOG_LEVEL"].str } // want option:"LOG_LEVEL" type:"string"

func (s *Settings) Cache() bool { return s.values["CACHE"].on } // want option:"CACHE" type:"bool"

// debug looks a key up where it is used.
func debug() bool {
	v, ok := opts.values["DEBUG"]
	return ok && v.on // want option:"DEBUG"
}

type request struct {
	headers map[string]string
}

func (r *request) contentType() string { return r.headers["Content-Type"] }

func (r *request) accept() string { return r.headers["Accept"] }

func Run(r *request) int {
	n := 0
	for range opts.Workers() {
		n++
	}
	if debug() && opts.Cache() && r.contentType() == r.accept() {
		n += len(opts.LogLevel())
	}
	return n
}

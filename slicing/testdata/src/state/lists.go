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

// Package logrus is a stub of github.com/sirupsen/logrus for tests.
package logrus

import (
	"fmt"
	"io"
)

// Logger writes log lines to Out.
type Logger struct {
	Out          io.Writer
	ReportCaller bool
}

// New returns a logger writing nowhere yet.
func New() *Logger { return &Logger{} }

// SetOutput sets where the logger's lines go.
func (l *Logger) SetOutput(w io.Writer) { l.Out = w }

// Info writes a line.
func (l *Logger) Info(args ...any) { fmt.Fprintln(l.Out, args...) }

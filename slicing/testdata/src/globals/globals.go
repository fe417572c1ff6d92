// Package globals holds the package variables a library's user sets
// before using it (sarama.MaxRequestSize), beside variables that are
// state, flags and defaults.
package globals

import (
	"flag"
	"runtime"
	"time"
)

// MaxFrame is a knob: its user sets it, the package only reads it.
var MaxFrame = 1 << 20

// Linger is one too, of a named basic type.
var Linger = 5 * time.Millisecond

// Debug is state: the package sets it itself.
var Debug = false

// Started is state: set at run time, not to a constant.
var Started = time.Now().Unix()

// Verbose is bound to a flag: the flag's option, not a global's.
var Verbose bool

// DefaultWindow is the default of Options.Window: the same knob.
var DefaultWindow = 64

// Options are the settings of one reader.
type Options struct {
	Window int
}

func init() {
	flag.BoolVar(&Verbose, "verbose", false, "log more")
}

// SetDebug turns debugging on.
func SetDebug() { Debug = true }

func (o *Options) window() int {
	if o == nil || o.Window == 0 { // want option:"Options.Window"
		return DefaultWindow // want option:"Options.Window" alias:"globals.DefaultWindow"
	}
	return o.Window // want option:"Options.Window"
}

// Read counts what it reads.
func Read(b []byte, o *Options) int {
	n := 0
	for i := 0; i < MaxFrame && i < len(b); i++ { // want option:"globals.MaxFrame" style:"global"
		n++
	}
	if Debug || Started > 0 || Verbose { // want option:"verbose"
		n++
	}
	for i := 0; i < o.window(); i++ {
		n++
	}
	time.Sleep(Linger) // want option:"globals.Linger"
	return n
}

// Codes of a wire format, declared as variables: matched against the
// bytes read, they are not settings.
var (
	TagNil  byte = 0xc0
	TagMask byte = 0x1f
)

func DecodeTag(c byte) int {
	if c == TagNil {
		return -1
	}
	return int(c & TagMask)
}

// cacheSize sizes the cache; its user sets it with SetCacheSize.
var cacheSize = 128

// SetCacheSize is the package's setter of cacheSize: an option.
func SetCacheSize(size int) { // want option:"globals.SetCacheSize(size)" style:"setter"
	cacheSize = size
}

// retries is set through SetRetries, which hands it on.
var retries = 3

// SetRetries hands its argument to the function that stores it: an
// option too.
func SetRetries(n int) { // want option:"globals.SetRetries(n)"
	setRetries(n)
}

func setRetries(n int) { retries = n }

// workers defaults to one per processor.
var workers = runtime.NumCPU()

// SetWorkers sets it: an option.
func SetWorkers(n int) { workers = n } // want option:"globals.SetWorkers(n)"

// served is a count: state.
var served int

// AddServed steps the count: no setter.
func AddServed(n int) { served += n } // want !option:"globals.AddServed(n)"

// ResetServed stores its argument as given, into a variable the
// package also steps: state, no setting.
func ResetServed(n int) { served = n } // want !option:"globals.ResetServed(n)"

// frames is set by the package itself, from what it computes.
var frames int

// SetFrames is the package's plumbing: its own code calls it with
// computed values.
func SetFrames(n int) { frames = n } // want !option:"globals.SetFrames(n)"

// Cache makes the cache, tries and records what it served.
func Cache(b []byte) []int {
	SetFrames(len(b) / MaxFrame) // want option:"globals.MaxFrame"
	for i := 0; i < retries; i++ {
		AddServed(1)
	}
	for i := 0; i < workers; i++ {
		go AddServed(i)
	}
	return make([]int, 0, cacheSize+served+frames)
}

// SyncPolicy says when a log syncs. Its values are declared as
// variables, as some enumerations are: what a setting is compared with,
// not settings.
type SyncPolicy int

var (
	SyncNever  = SyncPolicy(0)
	SyncAlways = SyncPolicy(1)
)

// Wait is of the package's own type too, but alone of it and used as a
// number: a knob.
type Wait int

var SegmentWait = Wait(10)

// LogOptions are a log's settings.
type LogOptions struct {
	Sync SyncPolicy
}

// Syncs says whether a log syncs after n writes.
func Syncs(o LogOptions, n int) bool {
	if o.Sync == SyncAlways { // want option:"LogOptions.Sync" !option:"globals.SyncAlways"
		return true
	}
	return o.Sync != SyncNever && n > int(SegmentWait) // want option:"LogOptions.Sync" !option:"globals.SyncNever" option:"globals.SegmentWait"
}

// Compression is a codec's kind; its user sets the package's default,
// which the package tests against a constant: a setting, though its
// type has another variable beside it.
type Compression int

const (
	CompressNone Compression = iota
	CompressFast
)

var (
	DefaultCompression = CompressFast
	ArchiveCompression = CompressNone
)

// Compressed says whether a block of n bytes is compressed.
func Compressed(n int) bool {
	if DefaultCompression == CompressFast { // want option:"globals.DefaultCompression"
		return n > 64
	}
	return ArchiveCompression != CompressNone // want option:"globals.ArchiveCompression"
}

// ErrNo is an error code; its exported values are errors the package
// returns, not settings, even when code reads their numbers.
type ErrNo int

func (e ErrNo) Error() string { return "errno" }

var ErrBusy = ErrNo(5)

// Retryable says whether an operation that failed with e is tried again.
func Retryable(e ErrNo, tries int) bool {
	for i := 0; i < int(ErrBusy) && i < tries; i++ { // want !option:"globals.ErrBusy"
		if e == ErrBusy {
			return true
		}
	}
	return false
}

// Package sensitivity has options whose score depends on what their
// value changes, not on how much code they reach: a flag choosing
// between two equal encoders, a flag choosing between an index lookup
// and a scan, a verbose flag that logs once at open through a logger the
// write path calls per element, a number of rounds passed to a checksum
// the write path calls with its own, a count of workers started in a loop
// that share one queue, a probe started in the background, a check whose
// closure a walk calls three calls down, and a timeout that bounds a
// lookup whose result is not computed from it.
package sensitivity

import (
	"context"
	"time"

	"example.com/resolve"
)

type Config struct {
	Fast    bool          `yaml:"fast"`
	Index   bool          `yaml:"index"`
	Verbose bool          `yaml:"verbose"`
	Workers int           `yaml:"workers"`
	Probe   bool          `yaml:"probe"`
	Check   bool          `yaml:"check"`
	Rounds  int           `yaml:"rounds"`
	Timeout time.Duration `yaml:"timeout"`
	Lazy    bool          `yaml:"lazy"`
	Sync    bool          `yaml:"sync"`
	Strict  bool          `yaml:"strict"`
	Limit   int           `yaml:"limit"`
}

type DB struct {
	cfg  Config
	data []int
	jobs chan int
	sum  int
}

var sink int

// Open runs once.
func Open(cfg Config) *DB {
	db := &DB{cfg: cfg, data: make([]int, 64), jobs: make(chan int)}
	if cfg.Verbose {
		logf("open") // want sliced:"Config.Verbose"
	}
	for i := 0; i < cfg.Workers; i++ {
		go db.work() // want sliced:"Config.Workers" effect:"Config.Workers:conc"
	}
	if cfg.Probe {
		go db.probe() // want sliced:"Config.Probe" effect:"Config.Probe:conc"
	}
	db.sum = checksum(db.data, cfg.Rounds) // want sliced:"Config.Rounds"
	if cfg.Check {
		walk(db.data, func(v int) { sink += scan(db.data, v) }) // want sliced:"Config.Check"
	}
	return db
}

// probe does work of its own: started or not, it costs.
func (db *DB) probe() {
	for i := range db.data {
		sink += scan(db.data, i)
	}
}

func walk(p []int, fn func(int)) { walkAll(p, fn) }

func walkAll(p []int, fn func(int)) {
	for _, v := range p {
		each(v, fn)
	}
}

func each(v int, fn func(int)) { fn(v) }

// Encode does the same work whichever encoder Fast picks.
func (db *DB) Encode(p []int) {
	if db.cfg.Fast { // want sliced:"Config.Fast" effect:"Config.Fast:path"
		encodeXor(p)
	} else {
		encodeOr(p)
	}
}

func encodeXor(p []int) {
	for i := range p {
		for j := range p {
			sink += p[i] ^ p[j]
		}
	}
}

func encodeOr(p []int) {
	for i := range p {
		for j := range p {
			sink += p[i] | p[j]
		}
	}
}

// Get looks one entry up with the index and scans without it.
func (db *DB) Get(k int) int {
	if db.cfg.Index { // want sliced:"Config.Index" effect:"Config.Index:path"
		return db.data[k%len(db.data)]
	}
	return scan(db.data, k)
}

func scan(p []int, k int) int {
	n := 0
	for i := range p {
		for j := range p {
			if p[i]^p[j] == k {
				n++
			}
		}
	}
	return n
}

// Put logs each element: the logger runs often, but not because of
// Verbose.
func (db *DB) Put(p []int) {
	for _, v := range p {
		logf("put")
		sink += checksum(p, 1)
		db.data = append(db.data, v)
	}
}

// checksum runs once with Rounds, at Open, and per element of each Put
// with one round: Rounds costs what one call of it does.
func checksum(p []int, rounds int) int {
	n := 0
	for r := 0; r < rounds; r++ {
		for _, v := range p {
			n ^= v + r
		}
	}
	return n
}

func logf(msg string) {
	for i := range msg {
		sink += int(msg[i])
	}
}

// work takes its jobs from the queue all workers share: how many run
// does not change how much work there is.
func (db *DB) work() {
	for j := range db.jobs {
		sink += scan(db.data, j)
	}
}

// Lookup resolves host within the timeout: the addresses it gets are not
// computed from the timeout, so neither is the loop over them.
func (db *DB) Lookup(host string) int {
	ctx := context.Background()
	if db.cfg.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, db.cfg.Timeout)
		defer cancel()
	}
	n := 0
	for _, a := range resolve.Lookup(ctx, host) {
		n += scan(db.data, a.Port) // want !sliced:"Config.Timeout"
	}
	return n
}

// Flush waits and rescans when Lazy is on and the batch is large: the
// work under the inner test runs only as Lazy says. Sync's inner test
// only fails: what follows the branch runs either way.
func (db *DB) Flush(p []int) error {
	if db.cfg.Lazy && len(p) > 8 {
		time.Sleep(time.Millisecond)  // want sliced:"Config.Lazy" effect:"Config.Lazy:time"
		sink += scan(db.data, len(p)) // want sliced:"Config.Lazy"
	}
	if db.cfg.Sync {
		if err := db.flushed(); err != nil {
			return err
		}
	}
	sink += scan(p, 1) // want !sliced:"Config.Sync"
	return nil
}

func (db *DB) flushed() error {
	if len(db.data) == 0 {
		return context.Canceled
	}
	return nil
}

// Poll reads until told to stop. Strict says whether an error ends it:
// giving up on an error decides nothing of the reads that follow. Limit
// says whether an error is reported: both its sides leave the attempt
// counter as it is, so the backoff that counts attempts is not Limit's.
func (db *DB) Poll(next func() ([]int, error), report func(error)) {
	for attempt := 0; ; attempt++ {
		if attempt > 0 {
			time.Sleep(time.Duration(attempt) * time.Millisecond) // want !sliced:"Config.Limit"
		}
		p, err := next()
		if err != nil {
			if db.cfg.Strict {
				report(err) // want sliced:"Config.Strict"
				return
			}
			if attempt >= db.cfg.Limit {
				report(err) // want sliced:"Config.Limit"
			} else {
				sink++
			}
			continue
		}
		sink += scan(p, 1) // want !sliced:"Config.Strict" !sliced:"Config.Limit"
		attempt = -1       // a read resets the count
	}
}

// Close reports a failed flush one way or another before failing: the
// if/else on that path leads nowhere either, so what follows Strict's
// branch runs either way.
func (db *DB) Close(p []int) error {
	if db.cfg.Strict {
		if err := db.flushed(); err != nil {
			if len(p) > 0 {
				println("flush failed with data")
			} else {
				println("flush failed")
			}
			return err
		}
	}
	sink += scan(p, 2) // want !sliced:"Config.Strict"
	return nil
}

// Shutdown keeps the first error: its last return is a normal exit (the
// else edge of err == nil goes straight to it, which the nil side reaches
// too), so Verbose's test decides only its own line.
func (db *DB) Shutdown(p []int) error {
	if len(p) == 0 {
		return nil
	}
	if db.cfg.Verbose {
		println("shutting down")
	}
	sink += scan(p, 3) // want !sliced:"Config.Verbose"
	err := db.flushed()
	if cerr := db.flushed(); err == nil {
		err = cerr
	}
	return err
}

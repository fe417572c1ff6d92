// Package cfg holds control-flow shapes for post-dominators, loops and
// frequency estimates.
package cfg

import (
	"errors"
	"fmt"
	"time"
)

func diamond(x bool) int {
	y := 1
	if x {
		y = 2
	} else {
		y = 3
	}
	return y
}

func nested(n, m int) int {
	s := 0
	for i := 0; i < n; i++ {
		for j := 0; j < m; j++ {
			s++
		}
	}
	return s
}

func forever(c chan int, d chan int) {
	for {
		select {
		case v := <-c:
			d <- v
		case <-d:
		}
	}
}

func check(f func() error) int {
	if err := f(); err != nil {
		return 0
	}
	return 1
}

var errX = errors.New("x")

// retry leaves its loop as soon as f succeeds.
func retry(f func() error) error {
	for i := 0; i < 5; i++ {
		if err := f(); err == nil {
			return nil
		}
	}
	return errX
}

// server's loops run in goroutines that start starts.
type server struct {
	reqs chan int
	done chan struct{}
	quit chan bool // only ever closed: a done signal
	wake chan bool // sent on, through a parameter: data
	n    int
}

func start(s *server) {
	go s.serve()
	go func() { s.flush() }()
	go s.batch()
	runner{}.Go(s.tick)
	go s.tickQuit(time.NewTicker(time.Second))
	go s.tickWake(time.NewTicker(time.Second))
	q := make(chan *request)
	go s.tickReply(time.NewTicker(time.Second), q)
	go answer(q)
	for i := 0; i < 3; i++ { // not a goroutine's loop
		s.n += i
	}
}

// serve waits on a channel for each request: a service loop.
func (s *server) serve() {
	for r := range s.reqs {
		s.n += r
	}
}

// flush loops until told to stop: a service loop, left only from its body.
func (s *server) flush() {
	for {
		select {
		case <-s.done:
			return
		default:
		}
		s.n++
	}
}

// tick waits for a ticker's ticks or the end, never for a request: a
// periodic loop, which runs as often as the ticker fires, not a service
// loop. start runs it through a method value: a goroutine too.
func (s *server) tick() {
	t := time.NewTicker(time.Second)
	for {
		select {
		case <-t.C:
			s.n++
		case <-s.done:
			return
		}
	}
}

// tickQuit is tick with a done channel of another type than struct{}:
// nothing sends on it (stop closes it), so it carries no request.
func (s *server) tickQuit(t *time.Ticker) {
	for {
		select {
		case <-t.C:
			s.n++
		case <-s.quit:
			return
		}
	}
}

// tickWake also wakes when notify sends on wake: work arrives on it, as
// on a request channel.
func (s *server) tickWake(t *time.Ticker) {
	for {
		select {
		case <-t.C:
			s.n++
		case <-s.wake:
			s.n--
		}
	}
}

func (s *server) stop() {
	close(s.quit)
	notify(s.wake)
}

func notify(c chan<- bool) { c <- true }

// runner starts the functions it is given as goroutines.
type runner struct{}

func (runner) Go(f func()) { go func() { f() }() }

type request struct{ done chan error }

// tickReply also wakes for the reply to the request it queued: answer
// sends it through the request's field, so it is data too.
func (s *server) tickReply(t *time.Ticker, q chan<- *request) {
	reply := make(chan error, 1)
	q <- &request{done: reply}
	for {
		select {
		case <-t.C:
			s.n++
		case <-reply:
			s.n--
		}
	}
}

func answer(q <-chan *request) {
	for r := range q {
		r.done <- nil
	}
}

// batch waits for a first request, then for more to batch with it: two
// service loops, one inside the other, serving the same requests.
func (s *server) batch() {
	for r := range s.reqs {
		n := r
		for len(s.reqs) > 0 {
			n += <-s.reqs
		}
		s.n += n
	}
}

// drain ranges over a channel but no goroutine runs it.
func drain(c chan int) int {
	n := 0
	for v := range c {
		n += v
	}
	return n
}

// shape has three implementations; areas calls one of them per iteration.
type shape interface{ area() int }

type square struct{}
type triangle struct{}
type circle struct{}

func (square) area() int   { return 4 }
func (triangle) area() int { return 3 }
func (circle) area() int   { return 3 }

func areas(s shape) int {
	t := 0
	for i := 0; i < 10; i++ {
		t += s.area()
	}
	return t
}

func sum() int { return areas(square{}) + areas(triangle{}) + areas(circle{}) }

// tracing is off in this build: the code under it never runs.
const tracing = false

func traced(xs []int) int {
	n := 0
	if tracing {
		for _, x := range xs {
			n += x
		}
	}
	return n + len(xs)
}

// reportFail tells every waiter of a failure before it gives up (a
// function with no error result: a test found the error): the loop over
// them is on the failing path, so what follows the check post-dominates
// the branch around it, which decides nothing after it.
func reportFail(opt bool, waiters []chan error, f func() error) int {
	n := 0
	if opt {
		if err := f(); err != nil {
			for _, w := range waiters {
				w <- err
			}
			return 0
		}
	}
	n++
	return n
}

// drainAll serves each channel until it closes before it fails: the
// range over the channels holds a loop over a channel, which may serve
// the whole run, so it is not a failing path and a branch in it decides
// only its side.
func drainAll(opt bool, chs []chan int) error {
	if len(chs) == 0 {
		return nil
	}
	n := 0
	for _, ch := range chs {
		for v := range ch {
			if opt {
				n++
			}
			n += v
		}
	}
	return errors.New("closed")
}

// errProtocol is what a connection reports when a frame is not its
// version.
var errProtocol = errors.New("invalid protocol")

// serveFrames gives up on a frame of another version after handing the
// error it made to its reporter, returning nothing: that return fails,
// so the rest of the loop post-dominates the version test, which
// decides only the report. A return that reports nothing (the frames
// ran out) is a normal exit.
func serveFrames(version byte, frames chan byte, report func(error), handle func(byte)) {
	for {
		v, ok := <-frames
		if !ok {
			return
		}
		if v != version {
			report(errProtocol)
			return
		}
		handle(v)
	}
}

// errReadOnly is what a read-only server answers a write with.
var errReadOnly = errors.New("read-only")

// serveRequests answers a write with an error when readOnly is set and
// goes on to the next request: that iteration gives up, as a failing
// return does, so handling the requests post-dominates the test on
// readOnly, which decides only the answer. Skipping an empty request
// reports nothing: the test on it decides what follows in its iteration.
func serveRequests(readOnly bool, reqs []int, reply func(int, error), handle func(int)) {
	for _, r := range reqs {
		if readOnly && r < 0 {
			reply(r, errReadOnly)
			continue
		}
		if r == 0 {
			continue
		}
		handle(r)
	}
}

// abort ends with reporting an error either way: with no normal exit
// besides, its returns end it as returns do (no fake edge), and the
// test on opt decides both sides.
func abort(opt bool, code int, logf func(int), cancel func(error)) {
	if opt {
		logf(code)
		cancel(errProtocol)
		return
	}
	cancel(errReadOnly)
}

// retryable tests an error against a sentinel: errors.Is reports
// nothing, so its return is a normal exit.
func retryable(opt bool, err error) bool {
	if !opt {
		return false
	}
	return errors.Is(err, errProtocol)
}

// serveIndexed gives up on an item as serveRequests does, in a
// three-clause loop, whose continue goes through the post statement;
// the loop goes on too from the test of what handling an item answers.
func serveIndexed(readOnly bool, n int, reply func(int, error), handle func(int) error) {
	for i := 0; i < n; i++ {
		if readOnly && i%2 == 0 {
			reply(i, errReadOnly)
			continue
		}
		if handle(i) != nil {
			return
		}
	}
}

// redial reports each failed attempt and tries again: the report is the
// loop's only way on, so it gives nothing up.
func redial(connect func() error, onRetry func(error)) {
	for {
		if connect() == nil {
			break
		}
		onRetry(errProtocol)
	}
}

// The shapes below tell reports from what is not one (see
// TestPostDominators): a join after a guarded log, a print, a test of an
// error, a goroutine, the end of a loop and a retry's reports are not;
// a receive loop's report, an answer under a test of || and one in a
// range over an integer are.

func closeLogged(opt bool, code int, logf func(int), closeWith func(error)) {
	if opt {
		logf(code)
	}
	closeWith(errProtocol)
}

func printed(opt bool, work func()) {
	if opt {
		fmt.Println(errProtocol)
		return
	}
	work()
}

func temporary(opt bool, isTemp func(error) bool, work func()) bool {
	if opt {
		return isTemp(errProtocol)
	}
	work()
	return false
}

func spawned(opt bool, notify func(error), work func()) {
	if opt {
		go notify(errProtocol)
		return
	}
	work()
}

func drained(stop bool, n int, work func(int), notify func(error)) {
	if stop {
		return
	}
	for i := 0; i < n; i++ {
		work(i)
	}
	notify(errProtocol)
}

func redialTemp(connect func() error, temp func(error) bool, onRetry func(error)) {
	for {
		err := connect()
		if err == nil {
			break
		}
		if temp(err) {
			onRetry(errReadOnly)
			continue
		}
		onRetry(errProtocol)
	}
}

func recvLoop(version byte, read func() (byte, error), notifyRead func(error), report func(error), handle func(byte)) {
	for {
		v, err := read()
		if err != nil {
			notifyRead(err)
			return
		}
		if v != version {
			report(errProtocol)
			return
		}
		handle(v)
	}
}

func serveOr(readOnly bool, reqs []int, reply func(int, error), handle func(int)) {
	for _, r := range reqs {
		if readOnly || r < 0 {
			reply(r, errReadOnly)
			continue
		}
		handle(r)
	}
}

func serveInt(readOnly bool, n int, reply func(int, error), handle func(int)) {
	for i := range n {
		if readOnly && i%2 == 0 {
			reply(i, errReadOnly)
			continue
		}
		handle(i)
	}
}

// stopInLoop reports after a join: no test alone decides the report, so
// it is no way of giving up.
func stopInLoop(opt bool, reqs chan int, logf func(int), report func(error), handle func(int)) {
	for r := range reqs {
		if r >= 0 {
			handle(r)
			continue
		}
		if opt {
			logf(r)
		}
		report(errProtocol)
		return
	}
}

// retryStrict goes on to its next turn only through reports: neither
// gives up its turn.
func retryStrict(strict bool, n int, try func() error, onRetry func(error)) {
	for i := 0; i < n; i++ {
		if try() == nil {
			return
		}
		if strict {
			onRetry(errProtocol)
			continue
		}
		onRetry(errReadOnly)
	}
}

// stop ends by reporting, after its other exits: how a Stop ends, not a
// loop giving up, so graceful decides the drain too.
func stop(stopped, graceful bool, drain func(), cancel func(error)) {
	if stopped {
		return
	}
	if graceful {
		drain()
		return
	}
	cancel(errProtocol)
}

// joinInLoop reports after a join, one of whose ways in is a test of the
// loop: no test alone decides the report.
func joinInLoop(opt bool, reqs chan int, logf func(int), report func(error), handle func(int)) {
	for r := range reqs {
		if r == 0 {
			handle(r)
			continue
		}
		if opt {
			logf(r)
		} else if r > 0 {
			handle(r)
			continue
		}
		report(errProtocol)
		return
	}
}

// checkLoop tests an error as a loop's answer, and spawnLoop hands one to
// a goroutine: neither is a report.
func checkLoop(reqs chan int, isTemp func(error) bool, handle func(int)) bool {
	for r := range reqs {
		if r < 0 {
			return isTemp(errProtocol)
		}
		handle(r)
	}
	return false
}

func spawnLoop(reqs chan int, notify func(error), handle func(int)) {
	for r := range reqs {
		if r < 0 {
			go notify(errProtocol)
			return
		}
		handle(r)
	}
}

// closeConns gives up on a test of a setting alone, in a loop over its
// connections: that ends the Close, and graceful decides the drain too.
func closeConns(graceful bool, conns []int, cancel func(error), drain func(int)) {
	for _, c := range conns {
		if !graceful {
			cancel(errProtocol)
			return
		}
		drain(c)
	}
}

// rejectAll turns every item down alike when opt is set: opt decides
// whether any is handled.
func rejectAll(opt bool, items []int, reply func(int, error), handle func(int)) {
	for _, it := range items {
		if opt {
			reply(it, errReadOnly)
			continue
		}
		handle(it)
	}
}

// readLoop tests its frame in the first block of a loop with no
// condition, which go/ssa makes the loop's header: the test is still
// one of the item, not the loop's own.
func readLoop(version byte, read func() byte, report func(error), handle func(byte)) {
	for {
		v := read()
		if v != version {
			report(errProtocol)
			return
		}
		handle(v)
	}
}

// Tests of a setting that look like tests of the item: through a getter,
// a builtin, a merge of settings, or after an unrelated test of the
// item. None gives up.

type closeConf struct{ graceful bool }

func (c *closeConf) Graceful() bool { return c.graceful }

func closeGetter(cfg *closeConf, conns []int, cancel func(error), drain func(int)) {
	for _, c := range conns {
		if !cfg.Graceful() {
			cancel(errProtocol)
			return
		}
		drain(c)
	}
}

func rejectEmpty(allowed []int, items []int, reply func(int, error), handle func(int)) {
	for _, it := range items {
		if len(allowed) == 0 {
			reply(it, errReadOnly)
			continue
		}
		handle(it)
	}
}

func rejectMerged(opt, strict bool, items []int, reply func(int, error), handle func(int)) {
	for _, it := range items {
		deny := opt && strict
		if deny {
			reply(it, errReadOnly)
			continue
		}
		handle(it)
	}
}

func closeCounted(graceful bool, conns []int, count func(int), cancel func(error), drain func(int)) {
	for _, c := range conns {
		if c > 0 {
			count(c)
		}
		if !graceful {
			cancel(errProtocol)
			return
		}
		drain(c)
	}
}

// readInit reads and tests its frame in a loop with an init statement
// and no condition, which go/ssa heads with a block holding that test.
func readInit(version byte, read func() byte, report func(error), handle func(byte)) {
	for n := 0; ; n++ {
		v := read()
		if v != version {
			report(errProtocol)
			return
		}
		handle(v)
	}
}

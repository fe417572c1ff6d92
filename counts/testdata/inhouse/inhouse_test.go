package inhouse

import (
	"os"
	"testing"
	"time"
)

// TestCounts runs each function a known number of times; the confhunt
// test checks the measured counts against these numbers.
func TestCounts(t *testing.T) {
	Loop(10) // 2 calls, 30 iterations: 15 per entry
	Loop(20)
	for x := range 8 { // Branch: 8 calls, 4 even
		Branch(x)
	}
	for x := range 10 { // Switch: zero 1, small 2, big 7
		Switch(x)
	}
	a, b := make(chan int, 3), make(chan int, 3)
	a <- 1
	a <- 2
	a <- 3
	for range 3 { // Select: three from a
		Select(a, b)
	}
	b <- 4
	Select(a, b) // one from b
	Nested(3, 4) // inner body 12 times, outer 3
	RangeFunc(5) // five iterations
}

// TestSleep sleeps when asked, so that a run can be interrupted.
func TestSleep(t *testing.T) {
	if os.Getenv("INHOUSE_SLEEP") == "" {
		t.Skip("INHOUSE_SLEEP not set")
	}
	time.Sleep(time.Minute)
}

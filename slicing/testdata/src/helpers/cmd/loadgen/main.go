// Command loadgen drives the library in tests: it imports the module's
// test helper, so it is test support too.
package main

import (
	"flag"

	"example.com/t/helpers/internal/testutil"
)

func main() {
	rate := flag.Int("rate", 100, "requests per second")
	flag.Parse()
	for range *rate {
		testutil.Tick()
	}
}

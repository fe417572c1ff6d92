// Command basic is an example of the library's use.
package main

import (
	"flag"

	"example.com/t/helpers"
)

func main() {
	workers := flag.Int("workers", 4, "workers")
	flag.Parse()
	helpers.Run(helpers.Config{Workers: *workers})
}

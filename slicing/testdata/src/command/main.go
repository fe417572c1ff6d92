// Command command has flags that decide whether it runs at all
// (-version prints and returns, a missing -config ends the process) and
// one that decides how much work it does (-verify reads every file back).
package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"log"
	"os"
)

func main() {
	version := flag.Bool("version", false, "print the version and exit")
	config := flag.String("config", "", "settings file (required)")
	verify := flag.Bool("verify", false, "read every file back and hash it")
	flag.Parse()
	if *version {
		fmt.Println("command v1")
		return
	}
	if *config == "" {
		log.Fatal("-config is required")
	}
	for _, name := range flag.Args() {
		b, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		sum := sha256.Sum256(b)
		os.WriteFile(name+".sum", sum[:], 0o644)
		if *verify {
			again, _ := os.ReadFile(name)
			fmt.Println(sha256.Sum256(again) == sum)
		}
	}
}

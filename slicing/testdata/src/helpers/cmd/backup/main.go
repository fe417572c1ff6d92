// Command backup is the program: it imports store, whose testing.go
// alone uses the test helper.
package main

import (
	"flag"
	"fmt"

	"example.com/t/helpers/store"
)

func main() {
	packs := flag.Int("packs", 4, "packs to write")
	flag.Parse()
	s := store.New(store.StoreOptions{PackSize: 1 << 20})
	for range *packs {
		fmt.Println(len(s.Pack()))
	}
}

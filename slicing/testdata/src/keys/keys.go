// Package keys reads options through koanf and viper key getters.
package keys

import (
	"fmt"

	"github.com/knadh/koanf/v2"
	"github.com/spf13/viper"
)

const prefix = "ingest."

var k = koanf.New(".")

var tableKey = "store.table" // assigned once: resolvable

func Run(name string) {
	batch := k.Int("ingest.batch_size")  // want option:"ingest.batch_size" style:"koanf" type:"int"
	workers := k.Int(prefix + "workers") // want option:"ingest.workers"
	if k.Exists("ingest.compress") {     // want option:"ingest.compress"
		fmt.Println(k.Get("ingest.compress")) // want option:"ingest.compress"
	}
	fmt.Println(k.String(tableKey))  // want option:"store.table"
	fmt.Println(k.Int(name))         // want dynamic:"Int@keys/keys.go:24"
	fmt.Println("ingest.batch_size") // a string that only looks like a key
	m := map[string]int{"ingest.workers": 1}
	fmt.Println(m["ingest.workers"], batch, workers)

	fmt.Println(viper.GetInt("http.port")) // want option:"http.port" style:"viper"
	v := viper.New()
	fmt.Println(v.GetString("http.host")) // want option:"http.host" style:"viper" type:"string"
}

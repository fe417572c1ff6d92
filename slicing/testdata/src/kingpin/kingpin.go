// Package kingpin reads options defined with kingpin's builder chains.
package kingpin

import (
	"fmt"
	"time"

	"github.com/alecthomas/kingpin/v2"
)

type config struct {
	retention time.Duration
}

var workers = kingpin.Flag("workers", "worker goroutines").Default("4").Int()

func Main() {
	app := kingpin.New("svc", "a service")
	var cfg config
	app.Flag("storage.retention", "how long to keep data").Default("15d").DurationVar(&cfg.retention)
	compact := app.Flag("storage.compact", "compact blocks").Bool()
	if _, err := app.Parse(nil); err != nil {
		return
	}
	for i := 0; i < *workers; i++ { // want option:"workers" style:"kingpin" type:"int"
		fmt.Println(i)
	}
	if *compact { // want option:"storage.compact" type:"bool"
		time.Sleep(cfg.retention) // want option:"storage.retention"
	}
}

package flags

import (
	"flag"
	"fmt"
	"reflect"
	"time"
)

// QueueOptions is bound to a flag set by its flag tags, the way a flag
// resolver does it (go-options' Resolve): each flag is defined with the
// field's default, its own result is never read, and after parsing the
// resolver copies each flag's value into the field whose flag tag names
// it, by reflection. The flag and the field are one setting.
type QueueOptions struct {
	QueueSize int           `flag:"queue-size"`
	Flush     time.Duration `flag:"flush-interval"`
}

func queueFlags(opts *QueueOptions) *flag.FlagSet {
	fs := flag.NewFlagSet("queue", flag.ExitOnError)
	fs.Int("queue-size", opts.QueueSize, "messages kept in memory")         // want option:"QueueOptions.QueueSize" alias:"queue-size"
	fs.Duration("flush-interval", opts.Flush, "how often to flush a batch") // want option:"QueueOptions.Flush" alias:"flush-interval"
	fs.Int("workers", 4, "a flag no field is tagged with")
	return fs
}

// resolve copies the flags' values into the fields tagged with their names.
func resolve(opts any, fs *flag.FlagSet) {
	v := reflect.ValueOf(opts).Elem()
	for i := range v.NumField() {
		if f := fs.Lookup(v.Type().Field(i).Tag.Get("flag")); f != nil { // want dynamic:"Lookup@flags/tagged.go:32"
			g := f.Value.(flag.Getter)
			v.Field(i).Set(reflect.ValueOf(g.Get()))
		}
	}
}

func RunQueue() {
	opts := &QueueOptions{QueueSize: 100, Flush: time.Second}
	fs := queueFlags(opts)
	resolve(opts, fs)
	buf := make([]int, 0, opts.QueueSize) // want option:"QueueOptions.QueueSize"
	fmt.Println(len(buf), opts.Flush)     // want option:"QueueOptions.Flush"
}

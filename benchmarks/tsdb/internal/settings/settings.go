// Package settings reads tsdb's settings from TSDB_* environment
// variables, named by the env tags of EngineSettings.
package settings

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
	"time"
)

// EngineSettings configure the storage engine.
type EngineSettings struct {
	DataDir           string        `env:"TSDB_DATA_DIR"`
	MemtablePoints    int           `env:"TSDB_MEMTABLE_POINTS"`
	Shards            int           `env:"TSDB_SHARDS"`
	IndexInterval     int           `env:"TSDB_INDEX_INTERVAL"`
	BloomBitsPerKey   int           `env:"TSDB_BLOOM_BITS"`
	DeltaEncoding     bool          `env:"TSDB_DELTA_ENCODING"`
	SyncOnFlush       bool          `env:"TSDB_SYNC_ON_FLUSH"`
	CompactionTrigger int           `env:"TSDB_COMPACTION_TRIGGER"`
	CompactionMode    string        `env:"TSDB_COMPACTION_MODE"` // "tiered" or "full"
	Retention         time.Duration `env:"TSDB_RETENTION"`
	CacheBlocks       int           `env:"TSDB_CACHE_BLOCKS"`
	FreelistType      string        `env:"TSDB_FREELIST"` // "hashmap" or "array"
	WriteBufferBytes  int           `env:"TSDB_WRITE_BUFFER"`
}

// ServerSettings configure the HTTP front end.
type ServerSettings struct {
	Listen        string        `env:"TSDB_LISTEN"`
	NodeName      string        `env:"TSDB_NODE"`
	LogLevel      string        `env:"TSDB_LOG_LEVEL"`
	MaxLineSize   int           `env:"TSDB_MAX_LINE"`
	QueryLimit    int           `env:"TSDB_QUERY_LIMIT"`
	IdleTimeout   time.Duration `env:"TSDB_IDLE_TIMEOUT"`
	QueryTimeout  time.Duration `env:"TSDB_QUERY_TIMEOUT"`
	MetricsPrefix string        `env:"TSDB_METRICS_PREFIX"`
	MaxSeries     int           `env:"TSDB_MAX_SERIES"`
	ReadOnly      bool          `env:"TSDB_READ_ONLY"`
	Cluster       string        `env:"TSDB_CLUSTER"`
	MaxWriteLines int           `env:"TSDB_MAX_WRITE_LINES"`
	QueryLog      bool          `env:"TSDB_QUERY_LOG"`
}

// DefaultEngine returns the engine's defaults.
func DefaultEngine() EngineSettings {
	return EngineSettings{
		DataDir: "tsdata", MemtablePoints: 50000, Shards: 16, IndexInterval: 64, BloomBitsPerKey: 10,
		DeltaEncoding: true, CompactionTrigger: 8, CompactionMode: "tiered", Retention: 0,
		CacheBlocks: 256, FreelistType: "hashmap", WriteBufferBytes: 64 << 10,
	}
}

// DefaultServer returns the server's defaults.
func DefaultServer() ServerSettings {
	return ServerSettings{Listen: "127.0.0.1:7580", NodeName: "tsdb-0", LogLevel: "info", MaxLineSize: 4096, QueryLimit: 100000,
		IdleTimeout: time.Minute, QueryTimeout: 10 * time.Second, MetricsPrefix: "tsdb", MaxSeries: 1000000,
		Cluster: "local", MaxWriteLines: 100000}
}

// FromEnv overrides the fields of the struct v points to with the
// variables its env tags name.
func FromEnv(v any) error {
	rv := reflect.ValueOf(v).Elem()
	rt := rv.Type()
	for i := range rt.NumField() {
		name := rt.Field(i).Tag.Get("env")
		s, ok := os.LookupEnv(name)
		if name == "" || !ok {
			continue
		}
		f := rv.Field(i)
		switch {
		case f.Type() == reflect.TypeFor[time.Duration]():
			d, err := time.ParseDuration(s)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			f.SetInt(int64(d))
		case f.Kind() == reflect.Int:
			n, err := strconv.Atoi(s)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			f.SetInt(int64(n))
		case f.Kind() == reflect.Bool:
			b, err := strconv.ParseBool(s)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			f.SetBool(b)
		case f.Kind() == reflect.String:
			f.SetString(s)
		}
	}
	return nil
}

// Package config holds kvstored's settings: defaults, a YAML file and
// KVSTORE_* environment variables, merged with koanf.
package config

import (
	"fmt"
	"strings"
	"time"

	"github.com/knadh/koanf/parsers/yaml"
	"github.com/knadh/koanf/providers/env/v2"
	"github.com/knadh/koanf/providers/file"
	"github.com/knadh/koanf/providers/structs"
	"github.com/knadh/koanf/v2"
)

// Config is the whole of kvstored's configuration.
type Config struct {
	Server     ServerConfig     `koanf:"server"`
	WAL        WALConfig        `koanf:"wal"`
	Cache      CacheConfig      `koanf:"cache"`
	Compaction CompactionConfig `koanf:"compaction"`
	Workers    WorkerConfig     `koanf:"workers"`
	Log        LogConfig        `koanf:"log"`
	Metrics    MetricsConfig    `koanf:"metrics"`
}

// ServerConfig configures the HTTP front end.
type ServerConfig struct {
	Listen        string        `koanf:"listen"`
	ReadTimeout   time.Duration `koanf:"read_timeout"`
	WriteTimeout  time.Duration `koanf:"write_timeout"`
	IdleTimeout   time.Duration `koanf:"idle_timeout"`
	MaxBodyBytes  int64         `koanf:"max_body_bytes"`
	MaxBatchItems int           `koanf:"max_batch_items"`
	ShutdownGrace time.Duration `koanf:"shutdown_grace"`
	RequestLog    bool          `koanf:"request_log"`
}

// WALConfig configures the write-ahead log.
type WALConfig struct {
	Dir              string        `koanf:"dir"`
	SegmentSize      int64         `koanf:"segment_size"`
	SyncWrites       bool          `koanf:"sync_writes"`
	SyncInterval     time.Duration `koanf:"sync_interval"`
	BufferSize       int           `koanf:"buffer_size"`
	Compression      string        `koanf:"compression"`
	CompressionLevel int           `koanf:"compression_level"`
	VerifyChecksums  bool          `koanf:"verify_checksums"`
	Preallocate      bool          `koanf:"preallocate"`
}

// CacheConfig configures the read cache.
type CacheConfig struct {
	Capacity  int           `koanf:"capacity"`
	Shards    int           `koanf:"shards"`
	TTL       time.Duration `koanf:"ttl"`
	Policy    string        `koanf:"policy"`
	Admission bool          `koanf:"admission"`
}

// CompactionConfig configures merging of old log segments.
type CompactionConfig struct {
	Interval     time.Duration `koanf:"interval"`
	MinSegments  int           `koanf:"min_segments"`
	GarbageRatio float64       `koanf:"garbage_ratio"`
	Throttle     time.Duration `koanf:"throttle"`
}

// WorkerConfig configures the pool that applies batches.
type WorkerConfig struct {
	Count     int `koanf:"count"`
	QueueSize int `koanf:"queue_size"`
	ChunkSize int `koanf:"chunk_size"`
}

// LogConfig configures logging.
type LogConfig struct {
	Level  string `koanf:"level"`
	Format string `koanf:"format"`
}

// MetricsConfig configures the statistics endpoint.
type MetricsConfig struct {
	Enabled    bool          `koanf:"enabled"`
	Path       string        `koanf:"path"`
	SampleRate time.Duration `koanf:"sample_rate"`
}

// Default returns the configuration used when nothing is set.
func Default() Config {
	return Config{
		Server: ServerConfig{
			Listen:        "127.0.0.1:7070",
			ReadTimeout:   5 * time.Second,
			WriteTimeout:  5 * time.Second,
			IdleTimeout:   60 * time.Second,
			MaxBodyBytes:  4 << 20,
			MaxBatchItems: 1000,
			ShutdownGrace: 5 * time.Second,
		},
		WAL: WALConfig{
			Dir:              "data",
			SegmentSize:      16 << 20,
			SyncInterval:     100 * time.Millisecond,
			BufferSize:       64 << 10,
			Compression:      "none",
			CompressionLevel: 1,
			VerifyChecksums:  true,
		},
		Cache: CacheConfig{
			Capacity: 10000,
			Shards:   16,
			TTL:      10 * time.Minute,
			Policy:   "lru",
		},
		Compaction: CompactionConfig{
			Interval:     30 * time.Second,
			MinSegments:  4,
			GarbageRatio: 0.5,
		},
		Workers: WorkerConfig{Count: 4, QueueSize: 64, ChunkSize: 100},
		Log:     LogConfig{Level: "info", Format: "text"},
		Metrics: MetricsConfig{Enabled: true, Path: "/stats", SampleRate: time.Second},
	}
}

// Load reads the defaults, then path (when not empty), then KVSTORE_*
// variables such as KVSTORE_WAL__SYNC_WRITES=true.
func Load(path string) (*Config, *koanf.Koanf, error) {
	k := koanf.New(".")
	if err := k.Load(structs.Provider(Default(), "koanf"), nil); err != nil {
		return nil, nil, err
	}
	if path != "" {
		if err := k.Load(file.Provider(path), yaml.Parser()); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	err := k.Load(env.Provider(".", env.Opt{
		Prefix: "KVSTORE_",
		TransformFunc: func(name, v string) (string, any) {
			name = strings.TrimPrefix(name, "KVSTORE_")
			return strings.ToLower(strings.ReplaceAll(name, "__", ".")), v
		},
	}), nil)
	if err != nil {
		return nil, nil, err
	}
	var c Config
	if err := k.Unmarshal("", &c); err != nil {
		return nil, nil, err
	}
	return &c, k, c.Validate()
}

// Validate rejects settings that cannot work.
func (c *Config) Validate() error {
	switch {
	case c.WAL.SegmentSize < 4096:
		return fmt.Errorf("wal.segment_size %d is below 4096", c.WAL.SegmentSize)
	case c.WAL.CompressionLevel < -2 || c.WAL.CompressionLevel > 9:
		return fmt.Errorf("wal.compression_level %d is not in [-2, 9]", c.WAL.CompressionLevel)
	case c.WAL.Compression != "none" && c.WAL.Compression != "flate":
		return fmt.Errorf("wal.compression %q is neither none nor flate", c.WAL.Compression)
	case c.Cache.Shards <= 0:
		return fmt.Errorf("cache.shards must be positive")
	case c.Workers.Count <= 0 || c.Workers.QueueSize < 0 || c.Workers.ChunkSize <= 0:
		return fmt.Errorf("workers: count and chunk_size must be positive")
	}
	return nil
}

// Segment returns the size at which a log segment is rotated.
func (c *WALConfig) Segment() int64 { return c.SegmentSize }

// Level returns the compression level.
func (c *WALConfig) Level() int { return c.CompressionLevel }

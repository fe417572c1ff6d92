// Package config holds streamproc's settings: a JSON file, then
// STREAMPROC_* environment variables, then flags (cmd/streamproc).
package config

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"time"
)

// ProcessorConfig is the whole configuration.
type ProcessorConfig struct {
	Listen          string        `json:"listen"`
	MaxRecordBytes  int           `json:"max_record_bytes"`
	ShutdownTimeout time.Duration `json:"shutdown_timeout"`
	LogLevel        string        `json:"log_level"`
	Name            string        `json:"name"`

	Workers   int `json:"workers"`
	QueueSize int `json:"queue_size"`

	Filter FilterOptions `json:"filter"`
	Dedup  DedupOptions  `json:"dedup"`
	Batch  BatchOptions  `json:"batch"`
	Output OutputOptions `json:"output"`
	Stats  StatsOptions  `json:"stats"`
}

// FilterOptions drop records whose message matches a pattern.
type FilterOptions struct {
	Pattern    string   `json:"pattern"`
	CacheRegex bool     `json:"cache_regex"`
	IgnoreCase bool     `json:"ignore_case"`
	Fields     []string `json:"fields"`
}

// DedupOptions drop records whose id was seen within a window.
type DedupOptions struct {
	Enabled    bool `json:"enabled"`
	WindowSize int  `json:"window_size"`
}

// BatchOptions group records before they are written.
type BatchOptions struct {
	Size          int           `json:"size"`
	FlushInterval time.Duration `json:"flush_interval"`
	SortByKey     bool          `json:"sort_by_key"`
}

// OutputOptions say where and how batches are written.
type OutputOptions struct {
	Dir              string `json:"dir"`
	Compress         bool   `json:"compress"`
	CompressionLevel int    `json:"compression_level"`
	SyncEveryBatch   bool   `json:"sync_every_batch"`
	RotateBytes      int64  `json:"rotate_bytes"`
	BufferSize       int    `json:"buffer_size"`
	CheckpointEvery  int    `json:"checkpoint_every"`
	FilePrefix       string `json:"file_prefix"`
	FileMode         uint32 `json:"file_mode"`
}

// StatsOptions configure the counters kept per record.
type StatsOptions struct {
	Enabled      bool          `json:"enabled"`
	SharedLock   bool          `json:"shared_lock"`
	ReportPeriod time.Duration `json:"report_period"`
	Prefix       string        `json:"prefix"`
}

// Default returns the settings used when nothing is set.
func Default() ProcessorConfig {
	return ProcessorConfig{
		Listen:          "127.0.0.1:7380",
		MaxRecordBytes:  64 << 10,
		ShutdownTimeout: 5 * time.Second,
		LogLevel:        "info",
		Name:            "streamproc",
		Workers:         4,
		QueueSize:       1024,
		Filter:          FilterOptions{Pattern: "^debug:", CacheRegex: true},
		Dedup:           DedupOptions{Enabled: true, WindowSize: 10000},
		Batch:           BatchOptions{Size: 500, FlushInterval: 200 * time.Millisecond},
		Output: OutputOptions{Dir: "out", Compress: true, CompressionLevel: 1, RotateBytes: 64 << 20, BufferSize: 64 << 10, CheckpointEvery: 10000,
			FilePrefix: "batch", FileMode: 0o644},
		Stats: StatsOptions{Enabled: true, ReportPeriod: 10 * time.Second, Prefix: "streamproc"},
	}
}

// Load reads path (when not empty) over the defaults, then the
// environment: STREAMPROC_WORKERS, STREAMPROC_BATCH_SIZE,
// STREAMPROC_OUTPUT_DIR.
func Load(path string) (*ProcessorConfig, error) {
	c := Default()
	if path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	if v := os.Getenv("STREAMPROC_WORKERS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("STREAMPROC_WORKERS: %w", err)
		}
		c.Workers = n
	}
	if v := os.Getenv("STREAMPROC_BATCH_SIZE"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("STREAMPROC_BATCH_SIZE: %w", err)
		}
		c.Batch.Size = n
	}
	if v, ok := os.LookupEnv("STREAMPROC_OUTPUT_DIR"); ok {
		c.Output.Dir = v
	}
	return &c, c.Validate()
}

// Validate rejects settings that cannot work.
func (c *ProcessorConfig) Validate() error {
	switch {
	case c.Workers <= 0:
		return fmt.Errorf("workers must be positive")
	case c.Batch.Size <= 0:
		return fmt.Errorf("batch.size must be positive")
	case c.Output.CompressionLevel < -2 || c.Output.CompressionLevel > 9:
		return fmt.Errorf("output.compression_level %d is not in [-2, 9]", c.Output.CompressionLevel)
	}
	return nil
}

package gateway

import "time"

// GatewayConfig holds the gateway's settings; cmd/apigw fills it from
// flags and the environment.
type GatewayConfig struct {
	Listen        string
	ReadTimeout   time.Duration
	WriteTimeout  time.Duration
	IdleTimeout   time.Duration
	Name          string
	CORSOrigin    string
	RequestHeader string
	ServerHeader  string
	HealthPath    string
	MaxHeaderKB   int
	ShutdownGrace time.Duration

	CatalogSize int // items in the backend catalogue
	CacheSize   int // responses kept; 0 disables the cache
	CacheTTL    time.Duration

	Pretty    bool // indent JSON responses
	GzipLevel int  // 0 disables compression of responses

	RateLimit     float64 // requests per second per client; 0 disables
	Burst         int
	LimiterGlobal bool // one lock for every client's bucket

	AuthRounds int // hash rounds per token check
	Tokens     []string

	AccessLog     string // file; empty disables
	AccessLogSync bool   // fsync after every line

	BackendRetries   int
	RetryBackoff     time.Duration
	BackendErrorRate float64

	DefaultPageSize int
	MaxPageSize     int
}

// DefaultConfig returns the gateway's defaults.
func DefaultConfig() GatewayConfig {
	return GatewayConfig{
		Listen: "127.0.0.1:7480", ReadTimeout: 5 * time.Second, WriteTimeout: 5 * time.Second,
		IdleTimeout: time.Minute, Name: "apigw", RequestHeader: "X-Request-Id", ServerHeader: "apigw",
		HealthPath: "/healthz", MaxHeaderKB: 64, ShutdownGrace: 5 * time.Second,
		CatalogSize: 5000, CacheSize: 1024, CacheTTL: 30 * time.Second,
		GzipLevel: 1, RateLimit: 0, Burst: 100, AuthRounds: 1, Tokens: []string{"secret"},
		BackendRetries: 2, RetryBackoff: 10 * time.Millisecond,
		DefaultPageSize: 20, MaxPageSize: 100,
	}
}

package structs

import "encoding/json"

// Repository keeps the settings of a repository the API returned.
type Repository struct {
	settings *RepositorySettings
}

func NewRepository(rs *RepositorySettings) *Repository { return &Repository{settings: rs} }

func (r *Repository) Chunk() []byte { return make([]byte, r.settings.ChunkSize) }

// LoadRoute decodes the route settings whole.
func LoadRoute(b []byte) (*RouteSettings, error) {
	var rs RouteSettings
	if err := json.Unmarshal(b, &rs); err != nil {
		return nil, err
	}
	return &rs, nil
}

// Router keeps the route settings.
type Router struct {
	routes *RouteSettings
}

func NewRouter(b []byte) (*Router, error) {
	rs, err := LoadRoute(b)
	return &Router{routes: rs}, err
}

func (r *Router) Cache() map[string]int {
	return make(map[string]int, r.routes.CacheSize) // want option:"RouteSettings.CacheSize"
}

// APIClient keeps its call options.
type APIClient struct {
	opts *ClientCallOptions
}

func NewAPIClient(o *ClientCallOptions) *APIClient { return &APIClient{opts: o} }

func (c *APIClient) Call(f func() error) error {
	var err error
	for i := 0; i <= c.opts.Retries; i++ { // want option:"ClientCallOptions.Retries"
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

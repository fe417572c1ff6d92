package containers

// GenericConfig sizes a generic cache: its values go through calls to
// generic functions and methods of a generic type, whose instances the
// analysis enters as their generic bodies.
type GenericConfig struct {
	Rows  int `yaml:"rows"`
	Slots int `yaml:"slots"`
}

type grid[V any] struct{ rows [][]V }

func newGrid[V any](n int) *grid[V] {
	t := &grid[V]{}
	for i := 0; i < n; i++ { // want sliced:"GenericConfig.Rows" effect:"GenericConfig.Rows:trip"
		t.rows = append(t.rows, make([]V, n)) // want sliced:"GenericConfig.Rows" effect:"GenericConfig.Rows:size"
	}
	return t
}

func (t *grid[V]) grow(n int) {
	for i := 0; i < n; i++ { // want sliced:"GenericConfig.Slots" effect:"GenericConfig.Slots:trip"
		t.rows = append(t.rows, nil)
	}
}

// NewGenericGrid is called with a concrete type: it calls the instances
// newGrid[string] and (*grid[string]).grow.
func NewGenericGrid(c *GenericConfig) *grid[string] {
	t := newGrid[string](c.Rows)
	t.grow(c.Slots)
	return t
}

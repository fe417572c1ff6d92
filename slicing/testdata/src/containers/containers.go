// Package containers: a value put in a container of interface{} values
// is not followed to every other such container's reads, while a
// container of structs carries it on.
package containers

type Config struct {
	Port  int `yaml:"port"`
	Depth int `yaml:"depth"`
}

type limits struct{ depth int }

var table = map[string]limits{}

func logFields(c *Config) map[string]any {
	return map[string]any{"port": c.Port} // want sliced:"Config.Port"
}

func remember(c *Config) {
	table["d"] = limits{depth: c.Depth} // want sliced:"Config.Depth"
}

// decode reads some other map of interface{} values.
func decode(m map[string]any) []byte {
	n, _ := m["n"].(int)   // want !sliced:"Config.Port"
	return make([]byte, n) // want !sliced:"Config.Port"
}

func alloc() []byte {
	return make([]byte, table["d"].depth) // want sliced:"Config.Depth" effect:"Config.Depth:size"
}

package structs

import (
	"fmt"
	"strings"
)

// DriverParams are a storage driver's settings, which FromParameters
// fills from the map of parameters its user hands in, looked up by name.
type DriverParams struct {
	Bucket    string
	ChunkSize int
	Encrypt   bool
	Workers   int
}

// FromParameters builds a driver's settings from its parameters.
func FromParameters(parameters map[string]any) (*DriverParams, error) {
	bucket, _ := parameters["bucket"].(string)
	chunk, err := intParam(parameters, "chunksize", 5<<20)
	if err != nil {
		return nil, err
	}
	encrypt := parameters["encrypt"] == true
	workers, err := intParam(parameters, "workers", 4)
	if err != nil {
		return nil, err
	}
	return &DriverParams{Bucket: bucket, ChunkSize: chunk, Encrypt: encrypt, Workers: workers}, nil
}

func intParam(parameters map[string]any, name string, def int) (int, error) {
	v := def
	if p := parameters[name]; p != nil {
		if _, err := fmt.Sscanf(fmt.Sprint(p), "%d", &v); err != nil {
			return 0, fmt.Errorf("%s: %v", name, err)
		}
	}
	return v, nil
}

// Upload writes data in chunks of the driver's size.
func (p *DriverParams) Upload(data []byte) int {
	n := 0
	for len(data) > 0 {
		k := min(p.ChunkSize, len(data)) // want option:"DriverParams.ChunkSize" alias:"chunksize"
		data = data[k:]
		n++
	}
	return n
}

// column describes a model's column, filled from its struct tag: the
// map is the module's own parse, not settings its user hands in.
type column struct {
	Name    string
	Size    int
	NotNull bool
}

func parseColumn(tag string) column {
	settings := make(map[string]string)
	for _, kv := range strings.Split(tag, ";") {
		k, v, _ := strings.Cut(kv, ":")
		settings[strings.ToUpper(k)] = v
	}
	var size int
	fmt.Sscanf(settings["SIZE"], "%d", &size)
	return column{Name: settings["COLUMN"], Size: size, NotNull: settings["NOT NULL"] != ""}
}

// Columns sizes the columns its tags describe.
func Columns(tags []string) int {
	n := 0
	for _, t := range tags {
		c := parseColumn(t)
		n += c.Size // want !option:"column.Size"
	}
	return n
}

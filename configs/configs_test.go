package configs

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestDefaults(t *testing.T) {
	s, err := Load("", "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Top != 10 {
		t.Errorf("top = %v, want 10", s.Top)
	}
	var names []string
	for _, g := range s.Sources.Getters {
		names = append(names, g.Names()...)
	}
	for _, want := range []string{"github.com/knadh/koanf/v2.(*Koanf).Int", "os.Getenv", "github.com/spf13/viper.GetInt"} {
		if !slices.Contains(names, want) {
			t.Errorf("default getters lack %s", want)
		}
	}
	// The catalogue covers the calls storage engines and compression
	// users make beside the standard library's, and database/sql's
	// round trips.
	cat := s.Catalogue()
	for name, io := range map[string]bool{"syscall.Fdatasync": true, "golang.org/x/sys/unix.Fsync": true, "golang.org/x/sys/unix.Mmap": true,
		"github.com/klauspost/compress/zstd.(*Encoder).EncodeAll": false, "github.com/klauspost/compress/zlib.(*Writer).Close": false, "github.com/golang/snappy.Encode": false, "github.com/pierrec/lz4/v4.(*Writer).Write": false,
		"database/sql.(*Tx).Commit": true, "database/sql.(*DB).QueryContext": true, "database/sql.(*Stmt).Exec": true} {
		r, ok := cat[name]
		if !ok || io && r.IO == 0 || !io && r.CPU == 0 {
			t.Errorf("catalogue entry of %s: %+v, %v; want its io or cpu cost", name, r, ok)
		}
	}
	// Metrics updates observe: text, and the cost of an update.
	for _, name := range []string{"github.com/hashicorp/go-metrics.SetGaugeWithLabels", "github.com/armon/go-metrics.(*Metrics).MeasureSince",
		"github.com/rcrowley/go-metrics.Histogram.Update", "github.com/prometheus/client_golang/prometheus.(*CounterVec).WithLabelValues",
		"go.opentelemetry.io/otel/metric.Int64Counter.Add", "expvar.(*Int).Add"} {
		r, ok := cat[name]
		if !ok || !r.Text || r.CPU == 0 || r.CPU > 50 || r.IO != 0 {
			t.Errorf("catalogue entry of %s: %+v, %v; want a text entry costing an update", name, r, ok)
		}
	}
	if s.Weights["cpu"]["binop.QUO"] != 10 {
		t.Errorf("cpu weight of binop.QUO = %v, want 10", s.Weights["cpu"]["binop.QUO"])
	}
	if len(s.Resources) == 0 || s.Estimates.LoopTrips <= 0 {
		t.Errorf("resources or estimates missing: %d resources, %+v", len(s.Resources), s.Estimates)
	}
}

func write(t *testing.T, content string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestUserFile(t *testing.T) {
	dir := write(t, `
sources:
  types: ["example.com/storage.Tuning"]
  funcs:
    - func: "example.com/svc/conf.(*Store).Lookup"
      key: 0
  exclude: ["example.com/svc/internal/testutil/..."]
weights:
  cpu: {binop.QUO: 25}
top: 20
`)
	s, err := Load(dir, "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Sources.Types, []string{"example.com/storage.Tuning"}) {
		t.Errorf("types = %v", s.Sources.Types)
	}
	if len(s.Sources.Funcs) != 1 || s.Sources.Funcs[0].Func != "example.com/svc/conf.(*Store).Lookup" {
		t.Errorf("funcs = %+v", s.Sources.Funcs)
	}
	if s.Weights["cpu"]["binop.QUO"] != 25 || s.Weights["cpu"]["binop.MUL"] != 3 {
		t.Errorf("weights merged wrongly: %v", s.Weights["cpu"])
	}
	if s.Top != 20 {
		t.Errorf("top = %v, want 20", s.Top)
	}
	if len(s.Sources.Getters) == 0 {
		t.Errorf("the user's file dropped the default getters")
	}
}

func TestLayers(t *testing.T) {
	dir := write(t, "top: 20\n")
	env := []string{"CONFHUNT_TOP=30", "CONFHUNT_SOURCES__EXCLUDE=a/..., b", "HOME=/x"}
	s, err := Load(dir, "", env, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Top != 30 {
		t.Errorf("environment did not override the file: top = %v", s.Top)
	}
	if !slices.Equal(s.Sources.Exclude, []string{"a/...", "b"}) {
		t.Errorf("exclude from environment = %q", s.Sources.Exclude)
	}
	s, err = Load(dir, "", env, map[string]any{"top": 40.0})
	if err != nil {
		t.Fatal(err)
	}
	if s.Top != 40 {
		t.Errorf("flags did not override the environment: top = %v", s.Top)
	}
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		env        []string
		want       string
	}{
		{"unknown key", "sources:\n  tipes: [a]\n", nil, `.confhunt.yaml:2: unknown setting "sources.tipes"`},
		{"unknown top key", "top: 5\nbogus: 1\n", nil, `.confhunt.yaml:2: unknown setting "bogus"`},
		{"syntax", "top: 5\n  bad: 3\n", nil, ".confhunt.yaml:2: mapping values are not allowed"},
		{"tab", "top: 5\nweights:\n\tcpu: 3\n", nil, ".confhunt.yaml:3: found character that cannot start any token"},
		{"wrong type", "top: lots\n", nil, `.confhunt.yaml:1: top: want a number, got "lots"`},
		{"wrong kind", "sources:\n  types: a\n", nil, `.confhunt.yaml:2: sources.types: want a list, got "a"`},
		{"unknown weight", "weights:\n  cpu:\n    mapp: 3\n", nil, `.confhunt.yaml:3: unknown setting "weights.cpu.mapp"`},
		{"unknown operator", "weights:\n  cpu: {binop.POW: 3}\n", nil, `.confhunt.yaml:2: unknown setting "weights.cpu.binop.POW"`},
		{"unknown resource", "weights:\n  gpu: {}\n", nil, `.confhunt.yaml:2: unknown setting "weights.gpu"`},
		{"bad env", "", []string{"CONFHUNT_TOPP=3"}, "CONFHUNT_TOPP names no setting"},
		{"env wrong type", "", []string{"CONFHUNT_TOP=many"}, `environment: CONFHUNT_TOP="many": want a number`},
		{"env not a bool", "", []string{"CONFHUNT_TEST=maybe"}, `environment: CONFHUNT_TEST="maybe": want true or false`},
		{"env not an integer", "", []string{"CONFHUNT_TOP=5", "CONFHUNT_SOURCES__FUNCS=a"}, `environment: CONFHUNT_SOURCES__FUNCS names a list of groups of settings, which the environment cannot set`},
		{"top out of range", "top: 150\n", nil, "top: 150 is not a percentage"},
		{"top NaN", "top: .nan\n", nil, ".confhunt.yaml:1: top: NaN is not a finite number"},
		{"top Inf", "top: .inf\n", nil, ".confhunt.yaml:1: top: +Inf is not a finite number"},
		{"negative weight", "weights:\n  cpu: {call: -5}\n", nil, ".confhunt.yaml:2: weights.cpu.call: -5 is negative"},
		{"NaN estimate", "estimates:\n  loop_trips: .nan\n", nil, ".confhunt.yaml:2: estimates.loop_trips: NaN is not a finite number"},
		{"negative estimate", "estimates:\n  operations: -1\n", nil, ".confhunt.yaml:2: estimates.operations: -1 is negative"},
		{"probability over 1", "estimates:\n  branch: 2\n", nil, ".confhunt.yaml:2: estimates.branch: 2 is not a probability in [0, 1]"},
		{"negative resource cost", "resources:\n  - func: a.B\n    cpu: -3\n", nil, ".confhunt.yaml:3: resources.cpu: -3 is negative"},
		{"unknown scales", "resources:\n  - func: a.B\n    scales: gpu\n", nil, `.confhunt.yaml:3: resources.scales: "gpu" is not one of cpu, mem, io`},
		{"unknown influence", "resources:\n  - func: a.B\n    influence: speed\n", nil, `.confhunt.yaml:3: resources.influence: "speed" is not one of size, trip, path, conc, time, io, bound`},
		{"negative var", "sources:\n  flag_vars:\n    - func: a.B\n      var: -1\n", nil, ".confhunt.yaml:4: sources.flag_vars.var: -1 is negative"},
		{"negative key", "sources:\n  funcs:\n    - func: a.B\n      key: -1\n", nil, ".confhunt.yaml:4: sources.funcs.key: -1 is negative"},
		{"no weights", "weights:\n", nil, ".confhunt.yaml:1: weights: no value"},
		{"no estimate", "estimates:\n  loop_trips:\n", nil, ".confhunt.yaml:2: estimates.loop_trips: no value"},
		{"no list", "sources:\n  getters: ~\n", nil, ".confhunt.yaml:2: sources.getters: no value (write [] for an empty list)"},
		{"second document", "top: 5\n---\ntop: 50\n", nil, ".confhunt.yaml:3: a second YAML document"},
		{"env top NaN", "", []string{"CONFHUNT_TOP=NaN"}, "CONFHUNT_TOP: NaN is not a finite number"},
		{"env top Inf", "", []string{"CONFHUNT_TOP=-Inf"}, "CONFHUNT_TOP: -Inf is not a finite number"},
		{"env negative weight", "", []string{"CONFHUNT_WEIGHTS__CPU__CALL=-1"}, "CONFHUNT_WEIGHTS__CPU__CALL: -1 is negative"},
		{"env unknown weight", "", []string{"CONFHUNT_WEIGHTS__GPU__CALL=1"}, "CONFHUNT_WEIGHTS__GPU__CALL names no setting"},
		{"env weights not a map", "", []string{"CONFHUNT_WEIGHTS=1"}, "environment: CONFHUNT_WEIGHTS names a group of settings, not one"},
		{"negative limit", "limits:\n  max_hops: -1\n", nil, ".confhunt.yaml:2: limits.max_hops: -1 is negative"},
		{"fractional limit", "limits: {max_context: 2.5}\n", nil, `.confhunt.yaml:1: limits.max_context: want an integer, got "2.5"`},
		{"zero call frequency", "limits:\n  max_call_frequency: 0\n", nil, ".confhunt.yaml:2: limits.max_call_frequency: 0 is not positive"},
		{"negative probe cost", "limits:\n  probe_cost: -50\n", nil, ".confhunt.yaml:2: limits.probe_cost: -50 is negative"},
		{"unknown limit", "limits:\n  max_hopz: 1\n", nil, `.confhunt.yaml:2: unknown setting "limits.max_hopz"`},
		{"env negative limit", "", []string{"CONFHUNT_LIMITS__MAX_WHOLE=-2"}, "CONFHUNT_LIMITS__MAX_WHOLE: -2 is negative"},
		{"env unknown weight kind", "", []string{"CONFHUNT_WEIGHTS__CPU__MAPP=1"}, "CONFHUNT_WEIGHTS__CPU__MAPP names no setting"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := write(t, tc.file)
			_, err := Load(dir, "", tc.env, nil)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not contain %q", err, tc.want)
			}
			if strings.Contains(tc.want, FileName) && !strings.Contains(err.Error(), filepath.Join(dir, FileName)) {
				t.Errorf("error %q does not name the file", err)
			}
		})
	}
}

// TestBadFlagValues: a flag's value is checked as the same setting in a
// file is, naming the flag.
func TestBadFlagValues(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{math.NaN(), "flag -top: NaN is not a finite number"},
		{math.Inf(1), "flag -top: +Inf is not a finite number"},
		{-5, "flag -top: -5 is not a percentage in (0, 100]"},
	} {
		_, err := Load("", "", nil, map[string]any{"top": tc.v})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("top %v: err = %v, want %q", tc.v, err, tc.want)
		}
	}
}

// TestBounds: the edges of each range, and -1 as the key of an unmarshal
// entry (no key), are accepted.
func TestBounds(t *testing.T) {
	dir := write(t, `
top: 100
estimates: {branch: 1, error_branch: 0, loop_trips: 0}
weights:
  cpu: {call: 0}
resources:
  - {func: a.B, cpu: 0, scales: mem, influence: bound}
sources:
  unmarshal:
    - {func: a.C, key: -1, into: 0}
limits: {max_whole: 0, max_context: 0, max_func_contexts: 0, max_hops: 0, max_call_frequency: 0.5, probe_cost: 0, max_library_bytes: 0}
`)
	s, err := Load(dir, "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Top != 100 || s.Estimates.Branch != 1 || len(s.Sources.Unmarshal) != 1 || s.Sources.Unmarshal[0].Key != -1 {
		t.Errorf("settings at the edges of their ranges read wrongly: top %v, estimates %+v, unmarshal %+v", s.Top, s.Estimates, s.Sources.Unmarshal)
	}
	if s.Limits != (Limits{MaxCallFrequency: 0.5}) {
		t.Errorf("limits at the edges of their ranges read as %+v", s.Limits)
	}
}

func TestMissingConfig(t *testing.T) {
	_, err := Load(t.TempDir(), "/nonexistent/confhunt.yaml", nil, nil)
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/confhunt.yaml does not exist") {
		t.Errorf("err = %v", err)
	}
}

func TestExpand(t *testing.T) {
	got := expand("flag.(*FlagSet).{Int, String}")
	want := []string{"flag.(*FlagSet).Int", "flag.(*FlagSet).String"}
	if !slices.Equal(got, want) {
		t.Errorf("expand = %q, want %q", got, want)
	}
	if got := expand("os.Getenv"); !slices.Equal(got, []string{"os.Getenv"}) {
		t.Errorf("expand without braces = %q", got)
	}
	got = expand("example.com/c/{gzip,zlib}.(*Writer).{Write,Close}")
	want = []string{"example.com/c/gzip.(*Writer).Write", "example.com/c/gzip.(*Writer).Close", "example.com/c/zlib.(*Writer).Write", "example.com/c/zlib.(*Writer).Close"}
	if !slices.Equal(got, want) {
		t.Errorf("expand with two groups = %q, want %q", got, want)
	}
}

// TestSettingsFileSize: a settings file larger than 1 MiB is refused,
// naming it.
func TestSettingsFileSize(t *testing.T) {
	name := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(name, []byte("top: 5\n"+strings.Repeat("# padding\n", 110_000)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load("", name, nil, nil)
	if err == nil || !strings.Contains(err.Error(), name+": larger than 1 MiB") {
		t.Errorf("err = %v", err)
	}
}

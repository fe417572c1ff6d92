package configs

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/go-viper/mapstructure/v2"
	"github.com/knadh/koanf/parsers/yaml"
	"github.com/knadh/koanf/providers/confmap"
	"github.com/knadh/koanf/providers/env/v2"
	"github.com/knadh/koanf/providers/rawbytes"
	"github.com/knadh/koanf/v2"

	"github.com/confhunt/confhunt/internal/limited"
)

//go:embed sources.yaml
var sourcesYAML []byte

//go:embed weights.yaml
var weightsYAML []byte

//go:embed resources.yaml
var resourcesYAML []byte

//go:embed estimates.yaml
var estimatesYAML []byte

//go:embed limits.yaml
var limitsYAML []byte

// FileName is the name of a user's settings file in the analysed module's root.
const FileName = ".confhunt.yaml"

// MaxFileSize bounds a settings file.
const MaxFileSize = 1 << 20

// EnvPrefix starts the environment variables that override settings. A
// double underscore separates nested keys: CONFHUNT_SOURCES__EXCLUDE.
const EnvPrefix = "CONFHUNT_"

// Settings is everything confhunt can be told, after all layers are merged.
type Settings struct {
	Sources   Sources    `koanf:"sources"`
	Weights   Weights    `koanf:"weights"`
	Resources []Resource `koanf:"resources"`
	Estimates Estimates  `koanf:"estimates"`
	Limits    Limits     `koanf:"limits"`
	Top       float64    `koanf:"top"`
	Tags      []string   `koanf:"tags"`
	Test      bool       `koanf:"test"`
	Helpers   bool       `koanf:"helpers"`
}

// Sources says how options are read: the catalogue of read functions and
// struct patterns, and the user's own declarations.
type Sources struct {
	Tags         []string `koanf:"tags"`
	WeakTags     []string `koanf:"weak_tags"`
	TypeSuffixes []string `koanf:"type_suffixes"`
	// ParamSuffixes name configuration structs only when a function
	// (not a method) takes one: a client's ClientOption, where an option
	// type's struct (MaxRecvMsgSizeCallOption) is not.
	ParamSuffixes []string `koanf:"param_suffixes"`
	// PerCallMethods is how many methods taking a struct no field or
	// global keeps make it an API's per-call argument (the options of
	// one request, passed with dozens of calls), whatever plain
	// functions take it too; 0 turns the count off.
	PerCallMethods int    `koanf:"per_call_methods"`
	Getters        []Func `koanf:"getters"`
	Flags          []Func `koanf:"flags"`
	FlagVars       []Func `koanf:"flag_vars"`
	Unmarshal      []Func `koanf:"unmarshal"`
	// Decoders decode data in wire formats into argument Into: what they
	// decode into a type that is not configuration is data (see
	// FileReads).
	Decoders []Func `koanf:"decoders"`
	// Encoders encode argument Into in a wire format: what they encode,
	// when its type is not configuration, is data the program sends.
	Encoders []Func `koanf:"encoders"`
	// FileReads are the functions whose result is a file's content: what
	// a decoder decodes from it may be a configuration file.
	FileReads []string `koanf:"file_reads"`
	// Untyped are the getter methods whose result does not have the
	// option's type (Exists, Get, Sub), by method name.
	Untyped []string `koanf:"untyped"`
	// Parsers turn a setting's text into its value (strconv.Atoi): what
	// they return is still the setting.
	Parsers []string `koanf:"parsers"`
	// RunningTypes are the synchronisation types ("sync.Mutex") whose
	// presence marks a struct as a running object (a server, a
	// connection) rather than settings.
	RunningTypes []string `koanf:"running_types"`
	// FlatTags are the tags whose keys are whole names, not nested under
	// the keys of the enclosing structs (environment variables).
	FlatTags []string `koanf:"flat_tags"`
	// NameTags are the tags of the decoders that match untagged fields by
	// name, ignoring case: a struct decoded whole that carries none of
	// them gets its fields' names as keys, nested as the first nests.
	NameTags []string `koanf:"name_tags"`
	// Messages are the methods, by name, that render their receiver as
	// text for people (Error, String): what they return is not work.
	Messages []string `koanf:"messages"`
	// FlagStructs are the flag types, "pkg.Type", that a program declares
	// as struct literals naming the flag in their Name field and binding
	// it to the variable their Destination field points at.
	FlagStructs []string `koanf:"flag_structs"`

	Types   []string `koanf:"types"`
	Funcs   []Func   `koanf:"funcs"`
	Exclude []string `koanf:"exclude"`
}

// Func names one or more functions and which of their arguments matter.
// Func is in go/ssa's String form with optional {A,B} alternatives:
// "pkg.Name", "pkg.(*T).Name", "pkg.T.Name". Argument indexes do not count
// the receiver.
type Func struct {
	Style string `koanf:"style"`
	Func  string `koanf:"func"`
	Key   int    `koanf:"key"`
	Var   int    `koanf:"var"`
	Into  int    `koanf:"into"`
	// Chain, for a builder's terminal call (kingpin's
	// app.Flag("n", "").Default("1").Int()), names the functions that
	// start the chain; Key then indexes their arguments. The chain is
	// followed back through the receivers of methods and embedded fields.
	Chain string `koanf:"chain"`
}

// Names expands the alternatives of f.Func into full function names.
func (f Func) Names() []string { return expand(f.Func) }

// ChainNames expands the alternatives of f.Chain, if any.
func (f Func) ChainNames() []string {
	if f.Chain == "" {
		return nil
	}
	return expand(f.Chain)
}

// Weights maps a resource ("cpu", "mem", "io") to instruction weights.
type Weights map[string]map[string]float64

// Resource is the cost of calls to library functions the analysis does
// not enter, and the influence an option has by reaching them (time,
// size; io is implied by an IO cost).
type Resource struct {
	Func string  `koanf:"func"`
	CPU  float64 `koanf:"cpu"`
	MEM  float64 `koanf:"mem"`
	IO   float64 `koanf:"io"`
	// LAT is the wait a call makes its caller sit through (a sleep, a
	// timer or ticker period), as opposed to a deadline that only bounds
	// a failure.
	LAT float64 `koanf:"lat"`
	// SYNC is a lock taken: what other goroutines wanting it wait for.
	SYNC float64 `koanf:"sync"`
	// RET is memory kept: what a library's field bounds or sizes (see
	// scoring.FieldSummaries); the catalogue's calls keep none.
	RET       float64 `koanf:"ret"`
	Influence string  `koanf:"influence"`
	// Text marks functions that format messages: their results do not
	// carry an option's value on (a log line is not work).
	Text bool `koanf:"text"`
	// Sink marks functions that set where log lines go (log.SetOutput,
	// slog.NewJSONHandler): a writer handed to one is a log output, and
	// the settings of that writer (a rotating file's size, backups,
	// compression) are logging, not work an option controls.
	Sink bool `koanf:"sink"`
	// Scales names the resource ("cpu", "mem" or "io") whose cost grows
	// with the call's arguments, such as a compression level: an option
	// reaching them weighs the call LoopTrips times.
	Scales string `koanf:"scales"`
	// Max is the largest value the scaled argument accepts (a
	// compression level's best): a config-value mutant sets an option
	// that reaches it to this legal slow value, not to ten times its
	// own, which the library would refuse. 0 when no bound is known.
	Max float64 `koanf:"max"`
}

// Catalogue indexes the resources by function name; a later entry for
// the same function replaces an earlier one.
func (s *Settings) Catalogue() map[string]Resource {
	out := make(map[string]Resource)
	for _, r := range s.Resources {
		for _, name := range r.Names() {
			out[name] = r
		}
	}
	return out
}

// Names expands the alternatives of r.Func into full function names.
func (r Resource) Names() []string { return expand(r.Func) }

// Estimates are the static stand-ins for execution counts where no
// in-house run measured a block.
type Estimates struct {
	LoopTrips   float64 `koanf:"loop_trips"`
	Branch      float64 `koanf:"branch"`
	ErrorBranch float64 `koanf:"error_branch"`
	// Operations is how often an exported method of an exported type,
	// or an exported function making nothing long-lived, runs per run
	// of the program beyond the calls the analysed code makes: the
	// operations a library's user calls (Put, Write, Get, Marshal).
	Operations float64 `koanf:"operations"`
	// Ticks is how often a goroutine's periodic loop turns per start:
	// one that waits for nothing but timers and done signals runs as
	// often as its timer fires, few times against the operations served.
	Ticks float64 `koanf:"ticks"`
}

// Limits bound the analysis: how far a slice follows calls, call strings
// and shared locations, the cap on estimated call frequencies, and the
// cost from which hunt times a library call. limits.yaml explains each.
type Limits struct {
	MaxWhole         int     `koanf:"max_whole"`
	MaxContext       int     `koanf:"max_context"`
	MaxFuncContexts  int     `koanf:"max_func_contexts"`
	MaxHops          int     `koanf:"max_hops"`
	MaxCallFrequency float64 `koanf:"max_call_frequency"`
	ProbeCost        float64 `koanf:"probe_cost"`
	MaxLibraryBytes  int     `koanf:"max_library_bytes"`
}

// NameSet expands the {A,B} alternatives of each of names into a set of
// full names.
func NameSet(names []string) map[string]bool {
	out := make(map[string]bool)
	for _, n := range names {
		for _, e := range expand(n) {
			out[e] = true
		}
	}
	return out
}

// expand turns "a.{B,C}" into ["a.B", "a.C"], every brace group in turn.
func expand(s string) []string {
	i := strings.LastIndexByte(s, '{')
	j := strings.LastIndexByte(s, '}')
	if i < 0 || j < i {
		return []string{s}
	}
	var out []string
	for _, head := range expand(s[:i]) {
		for _, alt := range strings.Split(s[i+1:j], ",") {
			out = append(out, head+strings.TrimSpace(alt)+s[j+1:])
		}
	}
	return out
}

// Load merges, in order, the embedded defaults, the settings file, the
// CONFHUNT_* variables of environ and overrides (flag values keyed by their
// dotted setting path). With file empty, root/.confhunt.yaml is used when it
// exists; a file named explicitly must exist.
func Load(root, file string, environ []string, overrides map[string]any) (*Settings, error) {
	if file == "" && root != "" {
		if _, err := os.Stat(filepath.Join(root, FileName)); err == nil {
			file = filepath.Join(root, FileName)
		}
	}
	var data []byte
	if file != "" {
		var err error
		if data, err = limited.ReadFile(file, MaxFileSize); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("settings file %s does not exist", file)
			}
			return nil, fmt.Errorf("reading settings: %w", err)
		}
	}
	return load(file, data, environ, overrides)
}

// load is Load with the settings file read: data is the content of file,
// if any.
func load(file string, data []byte, environ []string, overrides map[string]any) (*Settings, error) {
	k := koanf.New(".")
	for _, def := range [][]byte{sourcesYAML, weightsYAML, resourcesYAML, estimatesYAML, limitsYAML} {
		if err := k.Load(rawbytes.Provider(def), yaml.Parser()); err != nil {
			return nil, fmt.Errorf("embedded defaults: %w", err)
		}
	}
	var defaults Settings
	if err := unmarshal(k, &defaults); err != nil {
		return nil, fmt.Errorf("embedded defaults: %w", err)
	}
	if file != "" {
		if err := check(file, data, &defaults); err != nil {
			return nil, err
		}
		if len(bytes.TrimSpace(data)) > 0 {
			if err := k.Load(rawbytes.Provider(data), yaml.Parser()); err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
		}
	}

	envKeys, err := envSettings(environ, &defaults)
	if err != nil {
		return nil, err
	}
	if len(envKeys) > 0 {
		p := env.Provider(".", env.Opt{
			Prefix:      EnvPrefix,
			EnvironFunc: func() []string { return environ },
			TransformFunc: func(name, v string) (string, any) {
				key, ok := envKeys[name]
				if !ok {
					return "", nil
				}
				if isList(key) {
					return key, splitList(v)
				}
				return key, v
			},
		})
		if err := k.Load(p, nil); err != nil {
			return nil, fmt.Errorf("environment: %w", err)
		}
	}
	if len(overrides) > 0 {
		if err := k.Load(confmap.Provider(overrides, "."), nil); err != nil {
			return nil, fmt.Errorf("flags: %w", err)
		}
	}

	var s Settings
	if err := unmarshal(k, &s); err != nil {
		where := "environment or flags"
		if file != "" {
			where = file + ", environment or flags"
		}
		return nil, fmt.Errorf("settings from %s: %w", where, err)
	}
	if path, problem := validate(&s); problem != "" {
		// The file was checked line by line: the value came from the
		// environment or a flag.
		for name, p := range envKeys {
			if p == path {
				_, problem, _ = strings.Cut(problem, ": ")
				return nil, fmt.Errorf("%s: %s", name, problem)
			}
		}
		if _, ok := overrides[path]; ok {
			return nil, fmt.Errorf("flag -%s", problem)
		}
		return nil, errors.New(problem)
	}
	return &s, nil
}

func unmarshal(k *koanf.Koanf, s *Settings) error {
	return k.UnmarshalWithConf("", s, koanf.UnmarshalConf{
		Tag: "koanf",
		DecoderConfig: &mapstructure.DecoderConfig{
			ErrorUnused:      true,
			WeaklyTypedInput: true,
			Result:           s,
			TagName:          "koanf",
		},
	})
}

// notSettings are CONFHUNT_* variables of confhunt itself, not settings:
// the cache directory (internal/cache) and the mark of the processes a
// run started (internal/runner).
var notSettings = map[string]bool{"CONFHUNT_CACHE": true, "CONFHUNT_RUN": true}

// envSettings maps CONFHUNT_* variable names to setting paths and rejects
// names that match no setting, as the checker rejects the keys of a file.
func envSettings(environ []string, defaults *Settings) (map[string]string, error) {
	keys := make(map[string]string)
	var bad []string
	var wrong []string // values that are not of their setting's type
	for _, kv := range environ {
		name, v, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, EnvPrefix) || notSettings[name] {
			continue
		}
		path := strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(name, EnvPrefix), "__", "."))
		t, ok := settingType(path)
		if !ok || !knownMapKey(defaults, path) {
			bad = append(bad, name)
			continue
		}
		if problem := envValue(name, v, t); problem != "" {
			wrong = append(wrong, problem)
			continue
		}
		keys[name] = path
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		return nil, fmt.Errorf("environment: %s names no setting (nested keys are joined by __, as in CONFHUNT_SOURCES__EXCLUDE)", strings.Join(bad, ", "))
	}
	if len(wrong) > 0 {
		sort.Strings(wrong)
		return nil, fmt.Errorf("environment: %s", wrong[0])
	}
	return keys, nil
}

// envValue says what is wrong with the variable name=v as a setting of
// type t, or returns "".
func envValue(name, v string, t reflect.Type) string {
	want := ""
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return name + " names a group of settings, not one"
	case reflect.Slice:
		if k := t.Elem().Kind(); k == reflect.Struct || k == reflect.Map {
			return name + " names a list of groups of settings, which the environment cannot set"
		}
	case reflect.Float64:
		if _, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil {
			want = "a number"
		}
	case reflect.Int:
		if _, err := strconv.Atoi(strings.TrimSpace(v)); err != nil {
			want = "an integer"
		}
	case reflect.Bool:
		if _, err := strconv.ParseBool(strings.TrimSpace(v)); err != nil {
			want = "true or false"
		}
	}
	if want == "" {
		return ""
	}
	return fmt.Sprintf("%s=%q: want %s", name, v, want)
}

// settingType returns the Go type of the setting at a dotted path.
func settingType(path string) (reflect.Type, bool) {
	t := reflect.TypeFor[Settings]()
	for _, part := range strings.Split(path, ".") {
		switch t.Kind() {
		case reflect.Struct:
			f, ok := fieldByTag(t, part)
			if !ok {
				return nil, false
			}
			t = f.Type
		case reflect.Map:
			t = t.Elem()
		default:
			return nil, false
		}
	}
	return t, true
}

func isList(path string) bool {
	t, _ := settingType(path)
	return t != nil && t.Kind() == reflect.Slice
}

func splitList(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func fieldByTag(t reflect.Type, tag string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		if f := t.Field(i); f.Tag.Get("koanf") == tag {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

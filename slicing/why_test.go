package slicing_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/slicing"
)

// TestWhy checks that sources -why names the rule behind each decision of
// discovery: structs taken by their tags, their names or as a running
// object's settings; left out as a running object or for want of any
// reason; a field left out as an object's state; an observer dropped as a
// sink; an option found by an alias it was merged under; an option itself.
func TestWhy(t *testing.T) {
	type program struct {
		prog *slicing.Program
		src  configs.Sources
	}
	loaded := make(map[string]program) // each package loaded once
	for _, tc := range []struct {
		pkg, name string
		want      []string // starts of lines
	}{
		{"structs", "Config", []string{"example.com/t/structs.Config: configuration: its fields carry configuration tags"}},
		{"structs", "structs.Server", []string{"example.com/t/structs.Server: not configuration: no configuration tag, no name like one"}},
		{"structs", "Response", []string{"example.com/t/structs.Response: not configuration: no configuration tag"}},
		{"structs", "ServerOptions", []string{"example.com/t/structs.ServerOptions: configuration: named like it"}},
		{"structs", "GetOptions.Prefix", []string{"GetOptions.Prefix: not an option: a per-call argument's field that is not a number or bool its user alone sets"}},
		{"structs", "GetOptions.Attempts", []string{"GetOptions.Attempts: not an option: a per-call argument's field that is not a number or bool its user alone sets"}},
		{"structs", "GetOptions.Verify", []string{"GetOptions.Verify: the option StoreSettings.Verify given for one call"}},
		{"structs", "GetOptions.Limit", []string{"GetOptions.Limit: an option (struct, int)"}},
		{"structs", "GetOptions", []string{"example.com/t/structs.GetOptions: named like configuration, but an argument struct passed anew to each call, not kept: only its numbers and bools"}},
		{"funcopts", "TopicConfig", []string{"example.com/t/funcopts.TopicConfig: named like configuration, but an argument struct passed anew to each call, not kept: not settings"}},
		{"structs", "portConfig", []string{"example.com/t/structs.portConfig: named like configuration, but a record of data (decoded as *[]service at structs/decoded.go:34:"}},
		{"structs", "Packet", []string{"example.com/t/structs.Packet: not configuration: data the program fills: its field Host is a container (its methods append to it)"}},
		{"structs", "CacheSettings", []string{"example.com/t/structs.CacheSettings: configuration: named like it"}},
		{"structs", "ServerOptions.tickTime", []string{"ServerOptions.tickTime: an option (struct, int)"}},
		{"structs", "ServerConfig.Log", []string{"ServerConfig.Log: not an option: an observer (structs.Logger)"}},
		{"structs", "PacketServer.Listener", []string{"PacketServer.Listener: not an option: state of a running object, which its own code sets"}},
		{"structs", "UploadAttrs", []string{"example.com/t/structs.UploadAttrs: not configuration: embedded in a running object (example.com/t/structs.UploadWriter), and the module fills its fields from data"}},
		{"structs", "UploadWriter.unimplementedUploader", []string{"UploadWriter.unimplementedUploader: not an option: embedded in a running object, its state or its data"}},
		{"structs", "APP_LISTEN", []string{"Config.Listen: an option (struct, string), read at "}},
		{"structs", "Config.Storage.SyncWrites", []string{"Config.Storage.SyncWrites: an option (struct, bool), read at 1 site, first at structs/structs.go:"}},
		{"structs", "LogConfig.Sampling", []string{"LogConfig.Sampling: an option (struct, *structs.SamplingConfig), read at 1 site"}},
		{"structs", "LogConfig.Dial", []string{"LogConfig.Dial: not an option: a group of options (*structs.DialConfig holds configuration structs"}},
		{"structs", "nosuch", nil},
		{"structs", "Response.Count", []string{"Response.Count: not an option: its struct is not configuration (example.com/t/structs.Response: not configuration: no configuration tag"}},
		{"structs", "Response.Nosuch", nil},
		// A bare field name: each struct of the packages that has it.
		{"structs", "Count", []string{"example.com/t/structs.Response.Count: not an option: its struct is not configuration (example.com/t/structs.Response: not configuration: no configuration tag"}},
		{"structs", "Kind", []string{"example.com/t/structs.Entry.Kind: not an option: its struct is not configuration (example.com/t/structs.Entry: not configuration: no configuration tag"}},
		{"ctors", "NewPoint(x)", []string{"ctors.NewPoint(x): not an option: its function returns no running object"}},
		{"ctors", "ctors.NewReader(size)", []string{"ctors.NewReader(size): not an option: its function also takes data"}},
		{"ctors", "factor", []string{"ctors.Scale(factor): not an option: the func its function returns does not keep it"}},
		{"ctors", "Scale(factor)", []string{"ctors.Scale(factor): not an option: the func its function returns does not keep it"}},
		{"ctors", "NewIndex(capacity)", []string{"ctors.NewIndex(capacity): not an option: the module's own code calls its function with values it computes"}},
		{"ctors", "NewCacheAt(size)", []string{"ctors.NewCache(size): an option (argument, int), read at 1 site"}},
		{"ctors", "Grow", []string{"Sharded.Grow(n): not an option: it does not store its argument as given"}},
		{"globals", "ResetServed", []string{"globals.ResetServed(n): not an option: the package variable it stores its argument into is state"}},
		{"structs", "Handle", []string{"example.com/t/structs.Handle: not configuration: an object with an API of its own (more exported methods than exported fields)"}},
		{"structs", "DriverParams", []string{"example.com/t/structs.DriverParams: configuration: filled from a map of settings looked up by name in FromParameters"}},
		{"ctors", "TurboOn", []string{"Journal.TurboOn(): an option: a mode a running object's methods switch on and off (TurboOn and TurboOff), kept in turbo"}},
		{"funcopts", "PoolConfig", []string{"example.com/t/funcopts.PoolConfig: named like configuration, but a running object"}},
		{"funcopts", "Session", []string{"example.com/t/funcopts.Session: not configuration: a running object"}},
		{"funcopts", "Writer", []string{"example.com/t/funcopts.Writer: configuration: a running object whose exported fields its user sets"}},
		{"funcopts", "Writer.pending", []string{"Writer.pending: not an option: unexported state of a running object"}},
		// A key another field is parsed under too is no alias, and is
		// named as such, not as no key at all.
		{"parsed", "Pool.maxAge", []string{`Pool.maxAge: an option: a parser of the program stores what it parses of the keys ["ttl"] into it (other fields are parsed under ["ttl"] too, so it is no alias of them)`}},
		{"parsed", "Pool.size", []string{`Pool.size: an option: a parser of the program stores what it parses of the keys ["pool_size"] into it`}},
	} {
		t.Run(tc.pkg+"/"+tc.name, func(t *testing.T) {
			l, ok := loaded[tc.pkg]
			if !ok {
				l.prog, _ = load(t, tc.pkg)
				s, err := configs.Load(filepath.Join("testdata", "src", tc.pkg), "", nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				l.src = s.Sources
				loaded[tc.pkg] = l
			}
			got, err := slicing.Why(context.Background(), l.prog, l.src, tc.name)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				found := false
				for _, l := range got {
					found = found || strings.HasPrefix(l, w)
				}
				if !found {
					t.Errorf("no line starting %q in:\n%s", w, strings.Join(got, "\n"))
				}
			}
			if tc.want == nil && len(got) > 0 {
				t.Errorf("%q, want nothing", got)
			}
			// A struct refused though nested in configuration is not also
			// said to be held by none.
			nested := slices.ContainsFunc(got, func(l string) bool { return strings.Contains(l, "though nested in") })
			if held := slices.ContainsFunc(got, func(l string) bool { return strings.Contains(l, "no configuration struct holds it") }); nested && held {
				t.Errorf("contradicting lines:\n%s", strings.Join(got, "\n"))
			}
		})
	}
}

// TestDeclaredYield checks that a declared type none of whose fields is
// an option, and a declared accessor never called with a key, are warned
// of by name, while the ones that yield options are not.
func TestDeclaredYield(t *testing.T) {
	prog, _ := load(t, "declared")
	s, err := configs.Load(filepath.Join("testdata", "src", "declared"), "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Warnings) != 0 {
		t.Errorf("declared types and funcs that yield options: warnings %q", prog.Warnings)
	}
	file := filepath.Join(t.TempDir(), configs.FileName)
	settings := `sources:
  types: ["example.com/t/declared.Tuning", "example.com/t/declared.Store"]
  funcs:
    - func: "example.com/t/declared.(*Store).Lookup"
      key: 0
    - func: "example.com/t/declared.Run"
      key: 0
`
	if err := os.WriteFile(file, []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err = configs.Load("", file, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := slicing.Discover(context.Background(), prog, s.Sources); err != nil {
		t.Fatal(err)
	}
	warnings := prog.Warnings
	want := []string{
		"sources.types: example.com/t/declared.Store yields no option",
		"sources.funcs: example.com/t/declared.Run yields no option",
	}
	if len(warnings) != len(want) {
		t.Fatalf("warnings %q, want %d", warnings, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(warnings[i], w) {
			t.Errorf("warning %d: %q, want it to start %q", i, warnings[i], w)
		}
	}
}

// TestWhyOneVerdict checks that a struct named like configuration but
// passed anew to each call gets that one verdict, not a second saying it
// has no configuration name.
func TestWhyOneVerdict(t *testing.T) {
	prog, _ := load(t, "structs")
	s, err := configs.Load(filepath.Join("testdata", "src", "structs"), "", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := slicing.Why(context.Background(), prog, s.Sources, "GetOptions")
	if err != nil {
		t.Fatal(err)
	}
	want := "example.com/t/structs.GetOptions: named like configuration, but an argument struct passed anew to each call"
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Errorf("got %q, want one line starting %q", got, want)
	}
}

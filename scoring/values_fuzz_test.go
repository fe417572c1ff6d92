package scoring_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/scoring"
)

// FuzzReadValues: a values file of any kind and content is read or
// refused with one error naming it, never a panic or a run that does
// not end; what is read is read the same way again.
func FuzzReadValues(f *testing.F) {
	for _, seed := range []struct{ name, text string }{
		{"a.yaml", "cache: false\nstore:\n  level: 7\n  dirs: [a, b]\n"},
		{"a.yaml", "a: &x\n  b: *x\n"},
		{"a.yaml", "base: &b {level: 7}\nprod: *b\n"},
		{"a.json", "{\"mode\": \"scan\", \"store\": {\"level\": 3}}"},
		{"a.toml", "sync = true\n[store]\nlevel = 2\n"},
		{"a.env", "export APP_LEVEL=7\nAPP_MODE=\"scan\"\n"},
		{"cmdline", "./server -level=7 --mode 'scan' -cache -- -rounds 3\n"},
		{"cmdline", "-mode 'scan\n"},
	} {
		f.Add(seed.name, []byte(seed.text))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		kinds := []string{"v.yaml", "v.json", "v.toml", "v.env", "v.args"}
		file := filepath.Join(dir, kinds[len(name)%len(kinds)])
		if err := os.WriteFile(file, data, 0o666); err != nil {
			t.Fatal(err)
		}
		v, err := scoring.ReadValues(file)
		if err != nil {
			if !strings.HasPrefix(err.Error(), file) {
				t.Fatalf("error does not start with the file's name: %v", err)
			}
			return
		}
		again, err := scoring.ReadValues(file)
		if err != nil || !reflect.DeepEqual(v, again) {
			t.Fatalf("read %+v, then %+v (%v)", v, again, err)
		}
	})
}

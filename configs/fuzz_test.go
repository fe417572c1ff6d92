package configs

import (
	"strings"
	"testing"
)

// FuzzLoad: any settings file is loaded or refused with an error naming
// it, never a panic; what loads is valid and keeps the defaults it does
// not override.
func FuzzLoad(f *testing.F) {
	for _, seed := range []string{
		"",
		"top: 20\n",
		"sources:\n  types: [\"example.com/storage.Tuning\"]\n  funcs:\n    - func: \"example.com/svc/conf.(*Store).Lookup\"\n      key: 0\n",
		"weights:\n  cpu: {binop.QUO: 25}\n",
		"resources:\n  - {func: a.B, cpu: 2, scales: cpu, influence: time}\n",
		"estimates: {branch: 0.3, loop_trips: 5}\n",
		"top: .nan\n",
		"top: 5\n---\ntop: 6\n",
		"a: &x {b: 1}\nc: *x\n",
		"sources:\n  tipes: [a]\n",
		"top: 5\n  bad: 3\n",
		"weights:\n  cpu:\n    mapp: 3\n",
		"resources: {}\n",
		"[1, 2]\n",
	} {
		f.Add([]byte(seed))
	}
	const name = "/m/.confhunt.yaml"
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := load(name, data, nil, nil)
		if err != nil {
			if msg := err.Error(); !strings.Contains(msg, name) {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if path, problem := validate(s); problem != "" {
			t.Fatalf("loaded settings are invalid at %s: %s", path, problem)
		}
		if len(s.Weights["cpu"]) == 0 {
			t.Fatalf("the cpu weights are gone: %v", s.Weights)
		}
	})
}

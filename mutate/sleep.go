package mutate

import (
	"fmt"
	"time"

	"github.com/confhunt/confhunt/slicing"
)

// sleep makes the sleep-injection mutant at an injection point: an
// off-CPU delay of d.
func (g *generator) sleep(sl *slicing.Slice, ff funcFile, p point, d time.Duration) {
	text := fmt.Sprintf("confhuntMutantSleep(%d);", d.Nanoseconds())
	if m := g.add(ff.f, ff.fs.Func, Sleep, sl.Option.Name, p.pos, p.pos, text, fmt.Sprintf("sleep of %v at %s", d, p.what)); m != nil {
		m.helper, m.Cost, m.block = ff.f.pkg, float64(d.Nanoseconds()), p.block
	}
}

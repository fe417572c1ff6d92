package hunt_test

import (
	"testing"

	"github.com/confhunt/confhunt/hunt"
)

// TestBottleneckRanks checks that the sites that ran are ranked 1, 2, …
// without gaps, whatever the probes that never ran, and that those get
// rank 0 and come last.
func TestBottleneckRanks(t *testing.T) {
	ms := []hunt.Measurement{
		{Probe: &hunt.Probe{Kind: hunt.AllocProbe, Pos: 10}, Calls: 0},
		{Probe: &hunt.Probe{Kind: hunt.AllocProbe, Pos: 20}, Calls: 5, Bytes: 100},
		{Probe: &hunt.Probe{Kind: hunt.AllocProbe, Pos: 30}, Calls: 0},
		{Probe: &hunt.Probe{Kind: hunt.AllocProbe, Pos: 40}, Calls: 2, Bytes: 50},
	}
	bs := hunt.Bottlenecks(nil, ms, hunt.ByScore)
	want := []struct {
		pos  int
		rank int
	}{{20, 1}, {40, 2}, {10, 0}, {30, 0}}
	for i, w := range want {
		if int(bs[i].Probe.Pos) != w.pos || bs[i].Rank != w.rank {
			t.Errorf("bottleneck %d: site %d rank %d, want site %d rank %d", i, bs[i].Probe.Pos, bs[i].Rank, w.pos, w.rank)
		}
	}
}

package scoring_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/confhunt/confhunt/configs"
	"github.com/confhunt/confhunt/scoring"
	"github.com/confhunt/confhunt/slicing"
)

// BenchmarkRank measures the whole of rank after loading: discovery, the
// call graph, slicing and scoring. It analyses the example service, or the
// module in $CONFHUNT_BENCH_DIR with the patterns in $CONFHUNT_BENCH_PATTERNS
// (space-separated), for example a scratch module requiring nats-server.
func BenchmarkRank(b *testing.B) {
	dir := os.Getenv("CONFHUNT_BENCH_DIR")
	patterns := strings.Fields(os.Getenv("CONFHUNT_BENCH_PATTERNS"))
	if dir == "" {
		dir = filepath.Join("..", "benchmarks", "kvstore")
		patterns = []string{"./cmd/kvstored", "./internal/..."}
	}
	ctx := context.Background()
	s, err := configs.Load(dir, "", nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	prog, err := slicing.Load(ctx, slicing.Config{Dir: dir, Patterns: patterns})
	if err != nil {
		b.Fatal(err)
	}
	sz := prog.Measure()
	b.ReportMetric(float64(sz.Instructions), "ssa-instrs")
	b.ReportMetric(float64(sz.AnalysedInstructions), "analysed-instrs")
	b.ResetTimer()
	for b.Loop() {
		opts, err := slicing.Discover(ctx, prog, s.Sources)
		if err != nil {
			b.Fatal(err)
		}
		a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s)
		scores, err := scoring.Rank(ctx, a, prog, slicing.Forward(ctx, a, opts), s, nil)
		if err != nil || len(scores) == 0 {
			b.Fatalf("rank: %d scores, %v", len(scores), err)
		}
	}
}

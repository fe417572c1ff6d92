package scoring_test

import (
	"context"
	"fmt"
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

// BenchmarkPassedFuncs measures call frequencies where one helper's
// func parameter is called and 2,000 functions each pass it a closure of
// their own (withRetry(func() error {...})): each call site's shares are
// worked out once, not once per callee.
func BenchmarkPassedFuncs(b *testing.B) {
	dir := b.TempDir()
	var src strings.Builder
	src.WriteString("package passed\n\nfunc run(op func() int) int { return op() }\n\n")
	for i := range 2000 {
		fmt.Fprintf(&src, "func F%d() int { return run(func() int { return %d }) }\n", i, i)
	}
	for name, text := range map[string]string{"go.mod": "module example.com/passed\n\ngo 1.22\n", "passed.go": src.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	ctx := context.Background()
	s, err := configs.Load("", "", nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	prog, err := slicing.Load(ctx, slicing.Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		b.Fatal(err)
	}
	a := slicing.NewAnalysis(prog, slicing.CallGraph(prog), s)
	b.ResetTimer()
	for b.Loop() {
		if len(scoring.CallFrequencies(a, s.Estimates)) < 2000 {
			b.Fatal("frequencies missing")
		}
	}
}

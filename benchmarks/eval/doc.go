// Command eval judges confhunt on target programs whose configuration
// bottlenecks are known. Each target is a directory of benchmarks/ with a
// truth.yaml naming its culprit options, the function each one makes
// heavy, and a benchmark workload. For each target eval runs confhunt rank
// and reports the culprits' recall in the top 10% and in the top k (k the
// number of culprits), their median rank, and rank's time and peak
// memory; it ranks again with counts taken from the benchmarks; it runs
// confhunt hunt on the workload and gives the rank of each
// culprit's function there next to its flat rank in go tool pprof -top
// for the same benchmarks, and hunt -overhead's slowdowns of the selective
// and all-functions plans. With -large it also ranks a large real module
// (gRPC v1.85.0, copied out of the module cache); with -scale it ranks
// minio and gRPC whole, cold, cached and after a one-file change. With
// -compare FILE (benchmarks/real/commits.yaml) it runs confhunt compare on
// real commits whose message states a measured change, each against its
// parent with the project's own benchmarks, and reports the measured
// change and verdict of the stated benchmark, the benchmarks selected of
// the total, and the wall time.
//
// Usage (make eval builds bin/confhunt first):
//
//	go run ./benchmarks/eval [-confhunt bin/confhunt] [-o benchmarks/EVAL.md] [-large]
package main

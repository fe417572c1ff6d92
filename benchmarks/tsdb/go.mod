module github.com/confhunt/confhunt/benchmarks/tsdb

go 1.26.0

module github.com/confhunt/confhunt/benchmarks/streamproc

go 1.26.0

module github.com/confhunt/confhunt/benchmarks/apigw

go 1.26.0

module github.com/alecthomas/kingpin/v2

go 1.26.0

module github.com/knadh/koanf/v2

go 1.26.0

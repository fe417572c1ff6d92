module example.com/resolve

go 1.26.0

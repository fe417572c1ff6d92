module example.com/colour

go 1.26.0

module example.com/inhouse

go 1.26.0

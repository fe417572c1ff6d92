module example.com/app

go 1.26.0

module example.com/diskq

go 1.26.0

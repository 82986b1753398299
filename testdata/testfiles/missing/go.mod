module example.com/missing

go 1.26.0

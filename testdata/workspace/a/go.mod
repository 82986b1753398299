module example.com/a

go 1.26.0

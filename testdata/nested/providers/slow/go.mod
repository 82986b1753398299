module example.com/slowprov

go 1.26.0

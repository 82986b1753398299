module example.com/parity

go 1.26.0

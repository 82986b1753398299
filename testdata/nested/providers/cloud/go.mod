module example.com/cloudprov

go 1.26.0

module example.com/op

go 1.26.0

require (
	example.com/cloudprov v0.0.0
	example.com/slowprov v0.0.0
)

replace (
	example.com/cloudprov => ./providers/cloud
	example.com/slowprov => ./providers/slow
)

package main

import (
	"example.com/generic/controllers"
	"example.com/generic/kinds"
)

// One instantiation per kind: the Bucket one waits in its logic, the
// Queue one in its hooks.
func main() {
	_ = controllers.New[*kinds.Bucket](kinds.BucketLogic{}, kinds.FastHooks[*kinds.Bucket]{})
	_ = controllers.New[*kinds.Queue](kinds.QueueLogic{}, kinds.SlowHooks[*kinds.Queue]{})
}

// Package workqueue is a stub of client-go's, for analyzer tests.
package workqueue

type TypedInterface[T comparable] interface {
	Add(item T)
	Get() (item T, shutdown bool)
	Done(item T)
	ShutDown()
}

type TypedRateLimitingInterface[T comparable] interface {
	TypedInterface[T]
	AddRateLimited(item T)
	Forget(item T)
}

type RateLimitingInterface = TypedRateLimitingInterface[any]

// Package kinds holds the per-kind logic and hooks that main instantiates
// the generic reconciler with.
package kinds

import (
	"context"
	"time"
)

type Bucket struct{}

// BucketLogic waits for the bucket: the Bucket instantiation blocks.
type BucketLogic struct{}

func (BucketLogic) Sync(ctx context.Context, b *Bucket) error {
	time.Sleep(time.Minute) // want `time.Sleep blocks the reconcile worker through the value bound to controllers.Controller.logic at cmd/main.go:11 \(waits up to 1m0s\): \(\*controllers.Controller\).Reconcile \(controllers/controllers.go:34\) -> \(kinds.BucketLogic\).Sync \(kinds/kinds.go:16\) -> time.Sleep`
	return nil
}

type Queue struct{}

// QueueLogic does not wait: the silent twin.
type QueueLogic struct{}

func (QueueLogic) Sync(ctx context.Context, q *Queue) error { return nil }

// SlowHooks wait after any kind's logic; FastHooks do not.
type SlowHooks[T any] struct{}

func (SlowHooks[T]) Finish(ctx context.Context, obj T) error {
	time.Sleep(2 * time.Minute) // want `time.Sleep blocks the reconcile worker through the value bound to controllers.Controller.hooks at cmd/main.go:12 \(waits up to 2m0s\): \(\*controllers.Controller\).Reconcile \(controllers/controllers.go:37\) -> \(kinds.SlowHooks\).Finish \(kinds/kinds.go:31\) -> time.Sleep`
	return nil
}

type FastHooks[T any] struct{}

func (FastHooks[T]) Finish(ctx context.Context, obj T) error { return nil }

// UnusedLogic waits, but no instantiation uses it: silent.
type UnusedLogic struct{}

func (UnusedLogic) Sync(ctx context.Context, q *Queue) error {
	time.Sleep(time.Hour)
	return nil
}

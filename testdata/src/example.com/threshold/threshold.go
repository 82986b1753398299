// Package threshold is checked with -sleeploop.min-duration=1m.
package threshold

import (
	"context"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	time.Sleep(30 * time.Second)
	time.Sleep(2 * time.Minute) // want `time.Sleep blocks the reconcile worker \(waits up to 2m0s\)`
	// A loop with a constant trip count is weighed by its total: 3s is
	// under the threshold, 90s is not.
	for i := 0; i < 3; i++ {
		time.Sleep(time.Second)
	}
	for i := 0; i < 90; i++ {
		time.Sleep(time.Second) // want `waits up to 1m30s`
	}
	for range 61 {
		time.Sleep(time.Second) // want `waits up to 1m1s`
	}
	// A loop that waits for a condition repeats the wait with no bound.
	for !ready() {
		time.Sleep(time.Second) // want `waits up to 1s, in a loop that repeats it`
	}
	return reconcile.Result{}, nil
}

var _ = reconcile.Func(Reconcile)

func ready() bool { return true }

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
	for i := 0; i < 3; i++ {
		time.Sleep(time.Second) // want `waits up to 1s, in a loop that repeats it`
	}
	return reconcile.Result{}, nil
}

var _ = reconcile.Func(Reconcile)

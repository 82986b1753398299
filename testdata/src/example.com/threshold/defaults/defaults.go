// Package defaults shows what the default threshold, 5s, keeps: short
// bounded waits are silent, loops and retries weighed by their totals.
package defaults

import (
	"context"
	"time"

	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	time.Sleep(3 * time.Second)
	time.Sleep(6 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 6s\)`
	for i := 0; i < 2; i++ {
		time.Sleep(3 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 6s\)`
	}
	// A conflict retry waits at most tens of milliseconds.
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error { return nil })
	_ = retry.RetryOnConflict(retry.DefaultBackoff, func() error { return nil })
	return reconcile.Result{}, nil
}

var _ = reconcile.Func(Reconcile)

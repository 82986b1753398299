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

// A ticker whose period is a parameter, in a loop of 60 rounds: the total
// (60 × the period the caller passes) is what the threshold weighs.
func pollEvery(period time.Duration, ready func() bool) bool {
	ticker := time.NewTicker(period)
	defer ticker.Stop()
	for i := 0; i < 60; i++ {
		<-ticker.C // want `<-ticker.C blocks the reconcile worker \(.*2m0s.*\)`
		if ready() {
			return true
		}
	}
	return false
}

func ReconcileTicker(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	pollEvery(2*time.Second, func() bool { return false })
	return reconcile.Result{}, nil
}

var _ = reconcile.Func(ReconcileTicker)

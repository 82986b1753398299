// Package defaults shows what the default threshold, 10s, keeps: short
// bounded waits are silent, loops and retries weighed by their totals.
package defaults

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	time.Sleep(3 * time.Second)
	time.Sleep(6 * time.Second)
	time.Sleep(12 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 12s\)`
	for i := 0; i < 2; i++ {
		time.Sleep(3 * time.Second)
	}
	for i := 0; i < 4; i++ {
		time.Sleep(3 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 12s\)`
	}
	// A conflict retry waits at most tens of milliseconds.
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error { return nil })
	_ = retry.RetryOnConflict(retry.DefaultBackoff, func() error { return nil })
	// Five retries of an exponential backoff capped at 2s: at most 9.1s,
	// after failed attempts only. Ten retries: 24.1s.
	bo := backoff.NewExponentialBackOff()
	bo.MaxInterval = 2 * time.Second
	_ = backoff.Retry(func() error { return nil }, backoff.WithMaxRetries(bo, 5))
	_ = backoff.Retry(func() error { return nil }, backoff.WithMaxRetries(bo, 10)) // want `backoff.Retry blocks the reconcile worker \(waits up to 24.09375s\)`
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

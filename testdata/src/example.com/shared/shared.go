// Package shared has two reconcilers that reach the same wait through one
// helper: one finding at the wait, naming the other reconciler's chain.
package shared

import (
	"context"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type BucketReconciler struct{}

func (r *BucketReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	waitForCloud()
	return reconcile.Result{}, nil
}

type QueueReconciler struct{}

func (r *QueueReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	prepare()
	return reconcile.Result{}, nil
}

func prepare() { waitForCloud() }

func waitForCloud() {
	time.Sleep(30 * time.Second) // want `time.Sleep blocks the reconcile worker \(waits up to 30s\): \(\*shared.BucketReconciler\).Reconcile \(shared/shared.go:15\) -> shared.waitForCloud \(shared/shared.go:29\) -> time.Sleep; return .* \(also reached from 1 other entry point\)$`
}

// Package strict sleeps for a length read from a map: the engine cannot
// compute it, so the sleep proves nothing and only -strict reports it,
// marked as unproven.
package strict

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct {
	delays map[string]time.Duration
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	time.Sleep(r.delays[req.Name]) // want `possibly \(-strict\): time.Sleep blocks the reconcile worker \(waits for a time not known statically\): \(\*strict.Reconciler\).Reconcile \(strict/strict.go:18\) -> time.Sleep`
	return ctrl.Result{}, nil
}

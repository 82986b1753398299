// Package cr021 requires controller-runtime v0.21.0, which deprecated
// Requeue: true.
package cr021

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct{ delay time.Duration }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"requeues"
	if req.Name == "" {
		return ctrl.Result{Requeue: true}, nil // want `Requeue: true is deprecated since controller-runtime v0.21: \(\*cr021.R\).Reconcile \(cr021/requeue.go:16\); say when with RequeueAfter`
	}
	if req.Namespace == "" {
		// The delay may be 0, when Requeue is what requeues: no fix drops it.
		return ctrl.Result{Requeue: true, RequeueAfter: r.delay}, nil // want `Requeue: true is deprecated since controller-runtime v0.21: .*; RequeueAfter may be 0 here, when Requeue: true is what requeues: give the delay a floor`
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// Package cr020 requires controller-runtime v0.20.4, where Requeue: true is
// the documented way to requeue with backoff: nothing to say about it.
package cr020

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct{}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"requeues"
	if req.Name == "" {
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

// Package fix has a Requeue: true that the suggested fix removes.
package fix

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct{}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:"requeues"
	return ctrl.Result{Requeue: true, RequeueAfter: 10 * time.Second}, nil // want `Requeue: true is deprecated since controller-runtime v0.21: .*; remove Requeue: true, the Result already sets RequeueAfter`
}

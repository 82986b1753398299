// Package ctrl reaches a sink two packages away, and through an interface.
package ctrl

import (
	"context"
	"time"

	"example.com/cross/sdk"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	Cloud    *sdk.Client
	Deleters []sdk.Deleter
}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	if err := r.Cloud.Delete(req.Name); err != nil {
		return reconcile.Result{}, err
	}
	for _, d := range r.Deleters {
		_ = d.Delete(req.Name)
	}
	return reconcile.Result{}, nil
}

// bucketDeleter implements sdk.Deleter.
type bucketDeleter struct{}

func (*bucketDeleter) Delete(id string) error {
	time.Sleep(20 * time.Second) // want `\(\*ctrl.Reconciler\).Reconcile \(ctrl/ctrl.go:22\) -> \(\*ctrl.bucketDeleter\).Delete \(ctrl/ctrl.go:31\) -> time.Sleep`
	return nil
}

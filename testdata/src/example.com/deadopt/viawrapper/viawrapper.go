// Package viawrapper dials through a helper that sets WithBlock in another
// package: the option is set in the program, so the wait is reported.
package viawrapper

import (
	"context"

	"example.com/deadopt/wrapper"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	if _, err := wrapper.Dial(ctx, req.Name); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

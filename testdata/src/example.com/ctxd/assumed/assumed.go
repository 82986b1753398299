// Package assumed is checked with -assume-reconciliation-timeout.
package assumed

import (
	"context"

	"example.com/ctxd/sdk"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := sdk.RunCommand(ctx); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, sdk.RunCommand(context.Background()) // want `context.Background\(\) \(assumed/assumed.go:17\)`
}

// Package withtimeout sets ReconciliationTimeout where it builds its
// controller: the reconcile ctx has a deadline.
package withtimeout

import (
	"context"
	"time"

	"example.com/ctxd/sdk"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, sdk.RunCommand(ctx)
}

func Options() controller.Options {
	return controller.Options{MaxConcurrentReconciles: 2, ReconciliationTimeout: time.Minute}
}

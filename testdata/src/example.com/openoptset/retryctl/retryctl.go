// Package retryctl reads a monitor with the client config builds, which
// sets EnableRetry: the retry wait runs.
package retryctl

import (
	"context"

	"example.com/openoptset/config"
	ctrl "sigs.k8s.io/controller-runtime"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, config.NewClient(req.Namespace).GetMonitor(ctx, req.Name) // want `<-time.After blocks the reconcile worker`
}

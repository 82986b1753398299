// Package boom is analyzed with a test hook that panics on one function.
package boom

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

func boom() { // want `reconcilelint internal error while analyzing boom.boom: test panic; please report this bug`
	time.Sleep(time.Hour)
}

type Reconciler struct{}

// The rest of the package is still analyzed.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`blocks\(time.Sleep via \(\*boom.Reconciler\).Reconcile \(boom/boom.go:19\) -> time.Sleep\)`
	time.Sleep(2 * time.Second)
	return ctrl.Result{}, nil
}

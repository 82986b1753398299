// Package quiet dials without WithBlock: the dial's wait is dead code in
// this program, and nothing is reported.
package quiet

import (
	"context"
	"time"

	"example.com/dialsdk"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct{}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	if _, err := dialsdk.Dial(ctx, req.Name, dialsdk.WithTimeout(5*time.Second)); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}
